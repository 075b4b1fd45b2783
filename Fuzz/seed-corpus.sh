#!/usr/bin/env bash
# Seeds Fuzz/corpus/<target>/ from the test fixtures and the bundled samples.
# Idempotent: seed files are named by content hash, so rerunning adds nothing twice,
# and whatever libFuzzer added to the corpus is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${FUZZ_CORPUS:-Fuzz/corpus}" <<'PY'
import glob, hashlib, os, re, sys

root = sys.argv[1]
def seed(target, data):
    if isinstance(data, str): data = data.encode()
    if not data or len(data) > 64 << 10: return
    os.makedirs(f"{root}/{target}", exist_ok=True)
    path = f"{root}/{target}/seed-{hashlib.sha1(data).hexdigest()[:16]}"
    if not os.path.exists(path):
        with open(path, "wb") as f: f.write(data)

def read(path):
    with open(path, "rb") as f: return f.read()

def literals(path):
    """Swift string literals of a test file, escapes resolved the simple way."""
    text = read(path).decode("utf-8", "replace")
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
        s = match.group(1)
        s = s.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"').replace("\\\\", "\\")
        yield s

emails = sorted(glob.glob("Maildir-samples/*/*") + glob.glob("Tests/**/*.eml", recursive=True))
emails = [p for p in emails if os.path.isfile(p)]
messages = [read(p) for p in emails]
htmls = sorted(glob.glob("Tests/SchemaMarkupTests/Fixtures/**/*.html", recursive=True))

for m in messages:
    header, _, body = m.replace(b"\r\n", b"\n").partition(b"\n\n")
    seed("mime", m)
    seed("header", header + b"\n\n")
    seed("canon", body)
    seed("canon", body.replace(b"\n", b"\r\n"))
    for word in re.findall(rb"=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=", m): seed("encodedword", word)
    for field in re.findall(rb"(?im)^DKIM-Signature:(.*\n(?:[ \t].*\n)*)", m.replace(b"\r\n", b"\n")):
        seed("dkimsig", field.rstrip(b"\n"))
for path in glob.glob("Tests/MailMessageTests/*.swift"):
    for s in literals(path):
        if "=?" in s: seed("encodedword", s)
        if "@" in s or ":" in s: seed("header", s)
for path in glob.glob("Tests/DKIMTests/*.swift"):
    for s in literals(path):
        if re.search(r"\bv=1\b|\bbh=", s): seed("dkimsig", s)
        if "v=DKIM1" in s or "p=" in s: seed("dkimkey", s)
        if "\n" in s: seed("canon", s)

# Key records: the samples' keys file, the RFC 8463 keys, and each fixture key as a record.
for path in ["Maildir-samples/keys", "Tests/DKIMTests/Fixtures/rfc8463.keys"]:
    if os.path.exists(path):
        for line in read(path).decode().splitlines():
            if line and not line.startswith("#") and ("v=DKIM1" in line or "p=" in line):
                seed("dkimkey", line.split(None, 1)[-1])
for path in glob.glob("Tests/DKIMTests/Fixtures/*.b64"):
    key = read(path).decode().strip()
    kind = "ed25519" if "ed25519" in path else "rsa"
    seed("dkimkey", f"v=DKIM1; k={kind}; p={key}")
    seed("dkimkey", f"v=DKIM1; k={kind}; h=sha256; t=y:s; p={key}")

# mbox: the samples, a few per file, with an envelope line each and one quoted From line.
for i in range(0, len(messages), 3):
    box = b""
    for m in messages[i:i + 3]:
        box += b"From sender@example.org Mon Jan  1 00:00:00 2024\n" + m.replace(b"\nFrom ", b"\n>From ") + b"\n"
    seed("mbox", box)
    seed("mbox", box.replace(b"\n", b"\r\n"))
for s in literals("Tests/MailboxTests/MboxReaderTests.swift"):
    if "From " in s: seed("mbox", s)

for path in htmls:
    html = read(path)
    seed("markup", html)
    seed("leanparse", html)
    for script in re.findall(rb"(?is)<script[^>]*ld\+json[^>]*>(.*?)</script>", html): seed("json", script.strip())
# The tag soup HTMLTreeParityTests builds its lean-parse attack from, each piece a seed.
for s in literals("Tests/HTMLDocumentTests/HTMLTreeParityTests.swift"):
    if "<" in s or "&" in s: seed("leanparse", s)
# Hand-written seeds near LeanSource's rules (none diverges): quotes and ">" in values, entity
# references, doctypes with literals, end tags with quotes, script and style ends, comments,
# names at libxml2's 100-byte buffer, CR, form feed, odd bytes, text near its 1,000-byte buffer.
for s in [
    '<p a="x>y" b=\'"\' c=d"e>text here</p><i f="g">', '<p a="&#x22;>" b="&quot;" c="&#">x</p><i d=\'&#39;>\'>',
    '<p a=&quot;x>y<i c="d">z w', '<p a = "b" c = \'d\' e = f g>x y</p><p a=>x</p><p a="b"/>x<br a="b">',
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n<html><p a="b">hello world</p>',
    "<!DOCTYPE x SYSTEM \"a'b\" 'c>d'><p a=\"c\">x y", '<!DOCTYPE x PUBLIC "a" "b"><!DOCTYPE y> <i a="b">x y',
    '<!--x-->\n<!DOCTYPE html>\n<!--y--><p a="b">x y', '<b><!DOCTYPE x> </p a="x>y"><u c="d">x y',
    '</p a="x>"><i a="b">x y', '</p/><i a="b">x y</p\x0c><u b="c">z', '</3><p a="b">x', '</ p><p a="b">x',
    '<script>a</script\r>b<i a="b">x y', '<script>a</SCRIPT >b<i a="b">x y', '<script>a</scrip></script><i a="b">x y',
    '<script a="</script>">x</script><i a="b">x y', '<script/><i a="b">x y</script>', '<script a=b/>x</script><i a="b">',
    '<script>\n<!--</script>--><i a="b">x y', '<script> <p a="b"></script><i a="b">x y', '<script><3</script><i a="b">x',
    '<script type="application/ld+json">{"@type": "Event", "name": "a \\"b\\" c"}</script><p class="x">hello</p>',
    '<style>p{a:"b"}</style/>b<i a="b">x y', '<o:script a="b">text here</o:script><i a="b">x y', '<x:script a="b"/>t <i a="b">x',
    '<p\ra="b\r\n">x\ry</p><i a="b">', '<p a=\x0c"b">x y<i c="d">', '\x0c\x01 \x02 x<p a="b">y z', '\ufeffabc<p a="b">\U0001F600 x</p>',
    '<template><p a="b">x y</p></template><i a="c">z w', '<textarea a="</textarea>">x y</textarea><i a="c">z w',
    '<title>a "b</title><noscript><p a="b">x</noscript><xmp><i a="b"></xmp><iframe a="b"><p c="d"></iframe>x y',
    '<![CDATA[<p a="b">]]><i c="d">x y', '<!---><p a="b">x y-->', '<!--><p a="b">x y-->', '<!-- -- ><p a="b">x y-->',
    '<!----><p a="b">x y', '<!-- a -- b --><p a="b">x y', '<!--a--!-->x<p a="b">', '<p>a < b c<i a="b">x <! y <é z',
    '<' + 't' * 99 + ' a="x>y">text<i>', '<p ' + 'n' * 99 + '="x>y">text<i>', '<p>a</' + 't' * 101 + ' b="x>"><i c="d">text',
    'x' * 998 + '\n<i a="b">', '<html>' + 'y' * 993 + '\n\n<i a="b">', '<html> ' + 'é' * 499 + '\n\n<i a="b">',
]:
    seed("leanparse", s)
for path in glob.glob("Tests/JSONTests/*.swift"):
    for s in literals(path):
        if s[:1] in "[{\"" or s[:1].isdigit(): seed("json", s)

for path in glob.glob("Tests/SchemaMarkupTests/Time/*.swift") + glob.glob("Tests/SchemaMarkupTests/*.swift"):
    for s in literals(path):
        if re.match(r"^[+-]?\d{4}", s) and len(s) < 64: seed("iso8601", s)

for path in glob.glob("Tests/ICalendarTests/Golden/*.ics"):
    text = re.sub(r"\r?\n[ \t]", "", read(path).decode())
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name.split(";")[0] in ("SUMMARY", "DESCRIPTION", "LOCATION"):
            seed("ics", value.replace("\\n", "\n").replace("\\,", ",").replace("\\;", ";").replace("\\\\", "\\"))
seed("ics", "é" * 80)
seed("ics", "a\r\nb\rc\nd\\n;,\"quoted\":x\t\x01")

for target in sorted(os.listdir(root)):
    print(f"{target}: {len(os.listdir(f'{root}/{target}'))} files", file=sys.stderr)
PY
