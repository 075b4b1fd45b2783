#!/usr/bin/python3
"""Extracts go-msgauth's dkim test vectors (src/*.go, copied unchanged) into data files.

Go constants built from string literals (raw `...` and interpreted "..." with + and other
constants) are evaluated; verify_test.go's mail strings are written with "\n" turned into
"\r\n", as its newMailStringReader does. Writes messages/<const>.eml, keys.keys (the
records of query_test.go's queryTest, in eventsuggest's keys-file format) and
canonical.json (the tables of canonical_test.go). Run from this directory.
"""
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
consts = {}


def source(name):
    with open(os.path.join(HERE, "src", name)) as f:
        return f.read()


def tokens(expr):
    i = 0
    while i < len(expr):
        c = expr[i]
        if c in " \t\r\n+()":
            i += 1
        elif c == "`":
            j = expr.index("`", i + 1)
            yield ("str", expr[i + 1:j])
            i = j + 1
        elif c == '"':
            j = i + 1
            out = []
            while expr[j] != '"':
                if expr[j] == "\\":
                    out.append({"r": "\r", "n": "\n", "t": "\t", '"': '"', "\\": "\\"}[expr[j + 1]])
                    j += 2
                else:
                    out.append(expr[j])
                    j += 1
            yield ("str", "".join(out))
            i = j + 1
        else:
            m = re.match(r"[A-Za-z_][A-Za-z0-9_]*", expr[i:])
            yield ("ref", m.group(0))
            i += len(m.group(0))


def evaluate(expr):
    return "".join(value if kind == "str" else consts[value] for kind, value in tokens(expr))


def read_consts(text):
    # const NAME = operand { + operand }, an operand being a string literal or a constant name.
    for m in re.finditer(r"^const (\w+) = ", text, re.M):
        i = m.end()
        end = i
        while True:
            while text[i] in " \t\r\n":
                i += 1
            if text[i] == "`":
                i = text.index("`", i + 1) + 1
            elif text[i] == '"':
                i += 1
                while text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
                i += 1
            else:
                i += re.match(r"\w+", text[i:]).end()
            end = i
            j = i
            while text[j] in " \t":
                j += 1
            if text[j] != "+":
                break
            i = j + 1
        consts[m.group(1)] = evaluate(text[m.end():end])


for name in ["query_test.go", "sign_test.go", "sign_ed25519_test.go", "verify_test.go"]:
    read_consts(source(name))

os.makedirs(os.path.join(HERE, "messages"), exist_ok=True)
for name in ["unsignedMailString", "verifiedMailString", "verifiedRawRSAMailString", "verifiedEd25519MailString",
             "tooManySignaturesMailString"]:
    with open(os.path.join(HERE, "messages", name + ".eml"), "wb") as f:
        # verify_test.go reads every one through newMailStringReader (LF -> CRLF) except
        # tooManySignaturesMailString, which it reads as written (LF).
        text = consts[name] if name == "tooManySignaturesMailString" else consts[name].replace("\n", "\r\n")
        f.write(text.encode())
for name in ["signedMailString", "signedEd25519MailString"]:
    with open(os.path.join(HERE, "messages", name + ".eml"), "wb") as f:
        f.write(consts[name].encode())

records = {
    "brisbane._domainkey.example.com": consts["dnsPublicKey"],
    "brisbane._domainkey.example.org": consts["dnsPublicKey"],
    "test._domainkey.football.example.com": consts["dnsPublicKey"],
    "newengland._domainkey.example.com": consts["dnsRawRSAPublicKey"],
    "brisbane._domainkey.football.example.com": consts["dnsEd25519PublicKey"],
}
with open(os.path.join(HERE, "keys.keys"), "w") as f:
    f.write("# query_test.go's queryTest records\n")
    for name, text in records.items():
        f.write(f"{name} {text}\n")

# canonical_test.go: var <name> = []struct{...}{ {original, canonical}, ... }
canon = source("canonical_test.go")
tables = {}
for m in re.finditer(r"^var (\w+) = \[\]struct \{.*?\n\}\{\n(.*?)^\}\n", canon, re.S | re.M):
    rows = []
    for entry in re.finditer(r"^\t\{\n(.*?)^\t\},", m.group(2), re.S | re.M):
        body = entry.group(1)
        parts = [p.strip().rstrip(",") for p in body.strip().split("\n")]
        original, canonical = parts[0], parts[-1]
        if original.startswith("[]string{"):
            chunks = [value for kind, value in tokens(original[len("[]string{"):-1].replace(",", " "))]
        else:
            chunks = [evaluate(original)]
        rows.append({"chunks": chunks, "canonical": evaluate(canonical)})
    tables[m.group(1)] = rows
with open(os.path.join(HERE, "canonical.json"), "w") as f:
    json.dump(tables, f, indent=1)
print({k: len(v) for k, v in tables.items()}, sorted(consts))
