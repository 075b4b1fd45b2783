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
