#!/usr/bin/python3
"""Generates domain names and prints, for each, what Python's two IDNA codecs make of it:
the `idna` package (IDNA 2008 with UTS #46 mapping, Debian's python3-idna) and the standard
library's `encodings.idna` (IDNA 2003). One JSON object per line:
{"name", "idna2008": A-labels or null, "unicode2008": its U-label form or null, "error2008": message or
null, "idna2003": A-labels or null}.

Names: every rule of the Public Suffix List given as argv[1] (U-labels as listed, their A-labels,
with a label in front, upper-cased), every name of the PSL test file argv[2], and a fixed-seed
random mix of labels from many scripts, the IDNA special cases (deviations, joiners, CONTEXTO
characters, full-width and upper-case forms, symbols, default-ignorables), ASCII names valid and
not, and A-labels, valid, upper-cased and broken. Deterministic: the same names every run."""
import json
import random
import re
import sys
import unicodedata

import idna


def idna2008(name):
    try:
        return idna.encode(name, uts46=True, transitional=False).decode("ascii").rstrip("."), None
    except (idna.IDNAError, UnicodeError, ValueError) as error:
        return None, str(error) or type(error).__name__


def idna2003(name):
    try:
        return name.encode("idna").decode("ascii").lower().rstrip("."), None
    except (UnicodeError, ValueError):
        return None, None


rng = random.Random(20261201)
names = []

psl_rules = []
with open(sys.argv[1], encoding="utf-8") as psl:
    for line in psl:
        word = line.strip().split(" ")[0] if line.strip() else ""
        if not word or word.startswith("//"):
            continue
        word = word.lstrip("!")
        if word.startswith("*."):
            word = word[2:]
        psl_rules.append(word)
idn_rules = [rule for rule in psl_rules if not rule.isascii()]
for rule in idn_rules:
    names.append(rule)
    names.append("shop." + rule)
    names.append("Shop." + rule.upper())
    encoded, _ = idna2008(rule)
    if encoded:
        names.append("victim." + encoded)
        names.append("WWW." + encoded.upper())
for rule in rng.sample([rule for rule in psl_rules if rule.isascii()], 300):
    names.append("mail.example." + rule)

with open(sys.argv[2], encoding="utf-8") as tests:
    for match in re.finditer(r"checkPublicSuffix\('([^']*)'", tests.read()):
        names.append(match.group(1))

scripts = {
    "latin": "abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿāăąćčďđēęěğīıłńňőœřśşšťūůűźżžǎǐǒǔ",
    "latin-upper": "ÀÁÂÄÅÆÇÈÉÊËÑÖØÜÝĀĂĄĆČĎĐĒĘĚŁŃŇŐŒŘŚŞŠŤŪŮŰŹŻŽ",
    "greek": "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰ",
    "greek-upper": "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏ",
    "cyrillic": "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґў",
    "cyrillic-upper": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "hebrew": "אבגדהוזחטיכלמנסעפצקרשת",
    "devanagari": "कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह",
    "thai": "กขคงจฉชซญดตถทนบปผพฟภมยรลวศษสหอฮ",
    "cjk": "中国公司网络食狮北京上海东京大阪",
    "hiragana": "あいうえおかきくけこさしすせそ",
    "katakana": "アイウエオカキクケコサシスセソ",
    "hangul": "한국인터넷정보센터가나다라마바사",
    "armenian": "աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ",
    "georgian": "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
    "digits": "0123456789",
}
specials = [
    "ß", "ẞ", "ς", "Σ", "\u200d", "\u200c", "·", "l·l", "\u0375", "\u05f3", "\u30fb", "٠١٢", "۰۱۲",
    "ｅｘａｍｐｌｅ", "Ａ", "İ", "ǅ", "ﬀ", "ſ", "\u00ad", "\ufe0f", "\u200b", "♥", "☃", "①", "⑴", "ℌ",
    "\u0301", "e\u0301", "\u094d", "क\u094d\u200d", "क\u094d\u200c", "ب\u200cب", "\u0640", "〮", "ꭰ", "Ꭰ",
    "ᾈ", "ᾀ", "-", "--", "_", "1", "\u3002", "\uff0e", "\u2028", "\ud7b0", "ᄀ", "\U0001d400",
]
script_names = sorted(scripts)


def random_label():
    kind = rng.random()
    if kind < 0.55:
        alphabet = scripts[rng.choice(script_names)]
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 10)))
    if kind < 0.8:
        first, second = rng.sample(script_names, 2)
        return "".join(rng.choice(scripts[rng.choice([first, second])]) for _ in range(rng.randint(2, 10)))
    parts = [rng.choice(scripts[rng.choice(script_names)]) for _ in range(rng.randint(0, 4))]
    parts.insert(rng.randint(0, len(parts)), rng.choice(specials))
    return "".join(parts)


tlds = ["com", "de", "cn", "jp", "рф", "中国", "公司.cn", "xn--55qx5d.cn", "co.uk", "gr", "ελ", "ישראל", "مصر", "भारत", "example"]
for _ in range(3000):
    labels = [random_label() for _ in range(rng.randint(1, 2))]
    name = ".".join(labels + [rng.choice(tlds)])
    names.append(name)
    if rng.random() < 0.3:
        names.append(name.upper())
    if rng.random() < 0.3:
        encoded, _ = idna2008(name)
        if encoded:
            names.append(encoded)
            names.append(encoded.upper())

ascii_names = ["example.com", "EXAMPLE.COM", "a_b.example", "-lead.example", "trail-.example", "ab--cd.example",
               "xn--.example", "xn--zz.example", "xn--abc-.example", "xn--a.example", "xn--ls8h.example",
               "xn--55qx5d.cn", "XN--55QX5D.CN", "xn--strae-oqa.de", "xn--zca.de", "xn--bcher-kva.example",
               "xn--Bcher-kva.example", "xn--bcher-kva-.example", "a..b", ".example.com", "example.com.",
               "example.com..", "a" * 63 + ".com", "a" * 64 + ".com", ".".join(["a" * 49] * 5), ".".join(["a" * 50] * 5),
               "xn--n3h.example", "xn--ss-e0g.example", "xn--nxasmq6b.example"]
names.extend(ascii_names)
for _ in range(300):
    label = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789-") for _ in range(rng.randint(1, 12)))
    names.append(label + "." + rng.choice(["com", "org", "example"]))

seen = set()
for name in names:
    if name in seen:
        continue
    seen.add(name)
    result, error = idna2008(name)
    old, _ = idna2003(name)
    unicode = idna.decode(result) if result else None
    print(json.dumps({"name": name, "idna2008": result, "unicode2008": unicode, "error2008": error, "idna2003": old},
                     ensure_ascii=False))
