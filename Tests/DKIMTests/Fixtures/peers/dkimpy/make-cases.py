#!/usr/bin/python3
"""Turns dkimpy's own tests (test_dkim.py, test_dkim_ed25519.py, copied here) into data.

Each verifying test of those files either reads a stored message (data/*.message, *.msg) or
signs one with dkimpy first and then asserts dkim.verify() is True or False. This script
replays every such test with Debian's python3-dkim (1.1.4) and writes, per verified message,
cases/<test>[-<variant>].eml, and one line of cases.tsv:

    name <TAB> keys file (in keys/) <TAB> expected (pass|fail, the test's assertion)
         <TAB> dkimpy's own verdict now (pass|fail) <TAB> the test's comment

The DNS answers each test's dnsfunc gives go to keys/<dnsfunc>.keys in our keys-file format.
dkimpy's verify() judges the first DKIM-Signature only, so the driver compares our first
result. Run from this directory: /usr/bin/python3 make-cases.py (dkimpy signs with the
current time: t= changes, the verdicts do not).
"""
import os
import sys

import dkim

HERE = os.path.dirname(os.path.abspath(__file__))


def data(name):
    with open(os.path.join(HERE, "data", name), "rb") as f:
        return f.read()


RSA512 = ("k=rsa; s=email;p=MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBANmBe10IgY+u7h3enWTukkqtUD5PR52T"
          "b/mPfjC0QJTocVBq6Za/PlzfV+Py92VaCak19F4WrbVTK5Gg5tW220MCAwEAAQ==")
GMAIL = ("p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA1Kd87/UeJjenpabgbFwh"
         "+eBCsSTrqmwIYYvywlbhbqoo2DymndFkbjOVIPIldNs/m40KF+yzMn1skyoxcTUGCQ"
         "s8g3FgD2Ap3ZB5DekAo5wMmk4wimDO+U8QzI3SD07y2+07wlNWwIt8svnxgdxGkVbb"
         "hzY8i+RQ9DpSVpPbF7ykQxtKXkv/ahW3KjViiAH+ghvvIhkx4xYSIc9oSwVmAl5Oct"
         "MEeWUwg8Istjqz8BZeTWbf41fbNhte7Y+YqZOwq1Sd0DbvYAD9NOZK9vlfuac0598H"
         "Y+vtSBczUiKERHv1yRbcaQtZFh5wtiRrN04BLUTD21MycBX5jYchHjPY/wIDAQAB")
RFC8463_ED = "v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo="
ED_TEST = "v=DKIM1; k=ed25519; p=yi50DjK5O9pqbFpNHklsv9lqaS0ArSYu02qp1S0DW1Y="

# The dnsfunc tables of the two test files, name -> TXT text.
DNS = {
    "rsa-dnsfunc": {
        "example._domainkey.canonical.com": RSA512,
        "test._domainkey.example.com": data("test.txt").decode().strip(),
        "20120113._domainkey.gmail.com": "k=rsa; " + GMAIL,
    },
    "rsa-dnsfunc2": {"test._domainkey.example.com": data("test2.txt").decode().strip()},
    "rsa-dnsfunc3": {"test._domainkey.example.com": data("badversion.txt").decode().strip()},
    "rsa-dnsfunc4": {"test._domainkey.example.com": data("badk.txt").decode().strip()},
    "rsa-dnsfunc5": {
        "test._domainkey.football.example.com": data("test.txt").decode().strip(),
        "brisbane._domainkey.football.example.com": RFC8463_ED,
    },
    "rsa-dnsfunc6": {
        "test._domainkey.football.example.com":
            "k=rsa; p=MFwwDQYJKoZIhvNAQEBBQADSwAwSAJBANmBe10IgY+u7h3enWTukkqtUD5PR52T"
            "b/mPfjC0QJTocVBq6Za/PlzfV+Py92VaCak19F4WrbVTK5Gg5tW220MCAwEAAQ==",
        "brisbane._domainkey.football.example.com": RFC8463_ED,
    },
    "rsa-dnsfunc7": {"test._domainkey.legitimate.com(.attacker.com": data("test.txt").decode().strip()},
    "ed-dnsfunc": {
        "example._domainkey.canonical.com": "k=ed25519; p=yi50DjK5O9pqbFpNHklsv9lqaS0ArSYu02qp1S0DW1Y=",
        "test._domainkey.example.net": ED_TEST,
        "sed._domainkey.test.ex": data("eximtest.dns").decode().strip(),
        "brisbane._domainkey.football.example.com": RFC8463_ED,
    },
}


def dnsfunc_for(table):
    def lookup(name, timeout=5):
        try:
            name = name.decode("ascii")
        except UnicodeDecodeError:
            return None
        return DNS[table].get(name.rstrip("."))
    return lookup


cases = []


def case(name, message, table, expected, comment, minkey=None):
    kwargs = {"dnsfunc": dnsfunc_for(table)}
    if minkey:
        kwargs["minkey"] = minkey
    ours = "pass" if dkim.verify(message, **kwargs) else "fail"
    with open(os.path.join(HERE, "cases", name + ".eml"), "wb") as f:
        f.write(message)
    cases.append((name, table + ".keys", expected, ours, comment))


CANON = [(h, b) for h in (b"simple", b"relaxed") for b in (b"simple", b"relaxed")]


def variant(h, b):
    return h.decode()[0] + b.decode()[0]  # ss, sr, rs, rr


def rsa_tests():
    message = data("test.message")
    key = data("test.private")
    for h, b in CANON:
        sig = dkim.sign(message, b"test", b"example.com", key, canonicalize=(h, b))
        case("verifies-" + variant(h, b), sig + message, "rsa-dnsfunc", "pass", "test_verifies")
        lf = dkim.sign(message, b"test", b"example.com", key, canonicalize=(h, b), linesep=b"\n")
        case("verifies-lflinesep-" + variant(h, b), lf + message, "rsa-dnsfunc", "pass", "test_verifies_lflinesep")
        case("implicit-k-" + variant(h, b), sig + message, "rsa-dnsfunc2", "pass", "test_implicit_k")
        case("bad-version-" + variant(h, b), sig + message, "rsa-dnsfunc3", "fail", "test_bad_version (key v=DKIM1:)")
        case("unknown-k-" + variant(h, b), sig + message, "rsa-dnsfunc4", "fail", "test_unknown_k (k=ed25519-sha256)")
        should = dkim.sign(message, b"test", b"example.com", key, canonicalize=(h, b),
                           include_headers=(b"from",) + dkim.DKIM.SHOULD)
        case("simple-signature-" + variant(h, b), should + message, "rsa-dnsfunc", "pass", "test_simple_signature")
        only_from = dkim.sign(message, b"test", b"example.com", key, canonicalize=(h, b), include_headers=("from",))
        case("string-include-" + variant(h, b), only_from + message, "rsa-dnsfunc", "pass", "test_string_include")
        altered = dkim.sign(message, b"test", b"example.com", key)
        case("altered-body-" + variant(h, b), altered + message + b"foo", "rsa-dnsfunc", "fail",
             "test_altered_body_fails")
    try:
        bad = dkim.sign(message, b"test", b"legitimate.com(.attacker.com", key)
        case("invalid-domain-sign", bad + message, "rsa-dnsfunc7", "fail", "test_invalid_domain_sign")
    except dkim.DKIMException:
        pass
    case("invalid-domain-verify", data("test.message.baddomain"), "rsa-dnsfunc7", "fail", "test_invalid_domain_verify")
    length = dkim.sign(message, b"test", b"example.com", key, length=True)
    case("add-body-length", length + message, "rsa-dnsfunc", "pass", "test_add_body_length")
    grown = message
    for h, b in CANON:
        sig = dkim.sign(grown, b"test", b"example.com", key, canonicalize=(h, b), length=True)
        grown += b"added more text\n"
        case("l-verify-" + variant(h, b), sig + grown, "rsa-dnsfunc", "pass", "test_l_verify (text after l=)")
    try:
        bad = dkim.sign(message, b"test", b"example.com\xe9", key)
        case("badly-encoded-domain", bad + message, "rsa-dnsfunc", "fail", "test_badly_encoded_domain_fails")
    except Exception:
        pass
    rfc = data("rfc6376.msg")
    for h, b in CANON:
        sig = dkim.sign(rfc, b"test", b"football.example.com", key, canonicalize=(h, b),
                        signature_algorithm=b"rsa-sha256")
        case("double-verifies-" + variant(h, b), sig + rfc, "rsa-dnsfunc5", "pass", "test_double_verifies")
    case("double-previous-verifies", data("rfc6376.signed.msg"), "rsa-dnsfunc5", "pass",
         "test_double_previous_verifies")
    case("catch-bad-key", data("rfc6376.signed.rsa.msg"), "rsa-dnsfunc6", "fail", "test_catch_bad_key")
    case("degenerate-folding", data("test2.message"), "rsa-dnsfunc", "pass", "test_degenerate_folding")
    mbox = data("message.mbox")
    for h, b in CANON:
        d = dkim.DKIM(mbox)
        d.should_not_sign.remove(b"received")
        sig = d.sign(b"test", b"example.com", key, include_headers=d.all_sign_headers(), canonicalize=(h, b))
        case("extra-headers-" + variant(h, b), sig + mbox, "rsa-dnsfunc", "pass", "test_extra_headers")
    hfrom = b'From: "Resident Evil" <sales@spammer.com>\r\n'
    head, body = message.split(b"\n\n", 1)
    for h, b in CANON:
        sig = dkim.sign(message, b"test", b"example.com", key)
        case("multiple-from-unknown-header-" + variant(h, b), sig + b"\n\n".join((head + b"\r\nX-Foo: bar", body)),
             "rsa-dnsfunc", "pass", "test_multiple_from_fails: an added unknown header still verifies")
        case("multiple-from-after-" + variant(h, b), sig + b"\n\n".join((head + b"\r\n" + hfrom.strip(), body)),
             "rsa-dnsfunc", "fail", "test_multiple_from_fails: an added From at the end")
        case("multiple-from-before-" + variant(h, b), sig + b"\n\n".join((hfrom + head, body)),
             "rsa-dnsfunc", "fail", "test_multiple_from_fails: an added From in front")
    canonical_tests("rsa", RSA_CANONICAL_KEY, b"scottk@example.com", "rsa-dnsfunc", b"rsa-sha256", 512)


RSA_CANONICAL_KEY = b"""-----BEGIN RSA PRIVATE KEY-----
MIIBOwIBAAJBANmBe10IgY+u7h3enWTukkqtUD5PR52Tb/mPfjC0QJTocVBq6Za/
PlzfV+Py92VaCak19F4WrbVTK5Gg5tW220MCAwEAAQJAYFUKsD+uMlcFu1D3YNaR
EGYGXjJ6w32jYGJ/P072M3yWOq2S1dvDthI3nRT8MFjZ1wHDAYHrSpfDNJ3v2fvZ
cQIhAPgRPmVYn+TGd59asiqG1SZqh+p+CRYHW7B8BsicG5t3AiEA4HYNOohlgWan
8tKgqLJgUdPFbaHZO1nDyBgvV8hvWZUCIQDDdCq6hYKuKeYUy8w3j7cgJq3ih922
2qNWwdJCfCWQbwIgTY0cBvQnNe0067WQIpj2pG7pkHZR6qqZ9SE+AjNTHX0CIQCI
Mgq55Y9MCq5wqzy141rnxrJxTwK9ABo3IAFMWEov3g==
-----END RSA PRIVATE KEY-----
"""


def canonical_tests(prefix, key, to, table, algorithm, minkey):
    sample = (b"From: mbp@canonical.com\nTo: " + to + b"\nSubject: this is my\n    test message\n").replace(b"\n", b"\r\n")
    for mode in (dkim.Relaxed, dkim.Simple):
        header = dkim.sign(sample, b"example", b"canonical.com", key, canonicalize=(mode, dkim.Relaxed),
                           signature_algorithm=algorithm)
        name = prefix + "-signature-canonicalization-" + mode.decode()
        case(name + "-refolded", dkim.fold(header) + sample, table, "pass",
             "test_dkim_signature_canonicalization (b= refolded)", minkey)
        folded = dkim.fold(header)
        pos = folded.rindex(b"\r\n ")
        folded = folded[:pos] + b"\r\n\t" + folded[pos + 3:]
        case(name + "-tab", folded + sample, table, "pass",
             "test_dkim_signature_canonicalization (tab in the last fold)", minkey)


def ed25519_tests():
    message = data("ed25519test.msg")
    key = data("ed25519test.key")
    rfckey = data("rfc8032_7_1.key")
    rfc = data("rfc6376.msg")
    for h, b in CANON:
        v = variant(h, b)
        sig = dkim.sign(message, b"test", b"example.net", key, canonicalize=(h, b), signature_algorithm=b"ed25519-sha256")
        case("ed25519-verifies-" + v, sig + message, "ed-dnsfunc", "pass", "ed25519 test_verifies")
        sig = dkim.sign(rfc, b"brisbane", b"football.example.com", rfckey, canonicalize=(h, b),
                        signature_algorithm=b"ed25519-sha256")
        case("ed25519-rfc8032-verifies-" + v, sig + rfc, "ed-dnsfunc", "pass", "ed25519 test_rfc8032_verifies")
        sig = dkim.sign(message, b"test", b"example.net", key, canonicalize=(h, b),
                        include_headers=(b"from",) + dkim.DKIM.SHOULD, signature_algorithm=b"ed25519-sha256")
        case("ed25519-simple-signature-" + v, sig + message, "ed-dnsfunc", "pass", "ed25519 test_simple_signature")
        sig = dkim.sign(message, b"test", b"example.net", key, signature_algorithm=b"ed25519-sha256")
        case("ed25519-altered-body-" + v, sig + message + b"foo", "ed-dnsfunc", "fail", "ed25519 test_altered_body_fails")
    case("ed25519-rfc8032-previous-verifies", data("rfc6376.signed.msg"), "ed-dnsfunc", "pass",
         "ed25519 test_rfc8032_previous_verifies")
    case("ed25519-verify-third-party", data("ed25519test2.msg"), "ed-dnsfunc", "pass",
         "ed25519 test_verify_third_party (Exim's prototype)")
    sig = dkim.sign(message, b"test", b"example.net", key, length=True, signature_algorithm=b"ed25519-sha256")
    case("ed25519-add-body-length", sig + message, "ed-dnsfunc", "pass", "ed25519 test_add_body_length")
    canonical_tests("ed25519", b"fL+5V9EquCZAovKik3pA6Lk9zwCzoEtjIuIqK9ZXHHA=", b"scottk@example.net", "ed-dnsfunc",
                    b"ed25519-sha256", None)


def main():
    os.makedirs(os.path.join(HERE, "cases"), exist_ok=True)
    os.makedirs(os.path.join(HERE, "keys"), exist_ok=True)
    for table, records in DNS.items():
        with open(os.path.join(HERE, "keys", table + ".keys"), "w") as f:
            f.write("# dnsfunc answers of dkimpy's tests, in eventsuggest's keys-file format\n")
            for name, text in records.items():
                f.write(name + " " + text + "\n")
    rsa_tests()
    ed25519_tests()
    with open(os.path.join(HERE, "cases.tsv"), "w") as f:
        for row in cases:
            f.write("\t".join(row) + "\n")
    disagree = [row for row in cases if row[2] != row[3]]
    print(f"{len(cases)} cases, dkimpy disagrees with its own test on {len(disagree)}", file=sys.stderr)
    for row in disagree:
        print("  ", row, file=sys.stderr)


main()
