#!/usr/bin/python3
"""Builds the DKIM cross-check corpus (issue 3): keys, a keys file, and signed messages.

    /usr/bin/python3 build_corpus.py OUTDIR [--binary PATH/TO/eventsuggest] [--no-eventsuggest]

Writes OUTDIR/keys.txt (the `eventsuggest --keys` format, also read by the dkimpy dnsfunc
and by libopendkim's DKIM_QUERY_FILE), OUTDIR/keys/*.pem, OUTDIR/messages/NNN-name.eml and
OUTDIR/manifest.json. Deterministic: the keys are the committed test keys in
Tests/DKIMTests/Fixtures, every clock is fixed (dkimpy has no clock parameter, so its
module-level `time` is replaced while it signs and verifies), and RSA PKCS#1 v1.5 and
Ed25519 signatures are deterministic.

Signers:
- dkimpy (Debian python3-dkim, only visible to /usr/bin/python3): `dkim.sign` for almost
  everything; x= (which dkim.sign cannot add) by inserting the tag into the field list
  dkimpy's own gen_header signs.
- `eventsuggest sign` (when a binary is given): both algorithms, all four
  canonicalizations, --body-length, --expire, --identity, --headers.
- libopendkim (through opendkim_lib.py): a few, so our verifier also meets a third signer.
- RFC 8463 Appendix A.3 (Tests/DKIMTests/Fixtures/rfc8463.eml) as published.

Tampering is always done AFTER signing, on the bytes. LF-only storage = the signed
message with every CRLF turned into LF.

Each manifest entry: file, signer, description, `intent` (what dkimpy is expected to say per
signature, top first: the corpus checks itself), `everywhere` (indices of eventsuggest
signatures that must verify with dkimpy and OpenDKIM: untampered and unexpired), and
`expected` ({index: {"eventsuggest": word, "why": ...}}) for the documented cases where
eventsuggest deliberately differs from dkimpy.

Deliberately left out (each would only test a difference in clocks, not in DKIM):
- x= within 10 hours before --now: dkimpy allows 10 h of clock skew on x= (RFC 6376 §3.5
  permits skew), eventsuggest none; expired signatures here are days old.
- t= in the future: dkimpy rejects t= more than 10 h ahead; RFC 6376 does not require it.
"""

import argparse
import base64
import contextlib
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import dkim  # noqa: E402  (python3-dkim; run with /usr/bin/python3)

REPO = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FIXTURES = os.path.join(REPO, "Tests", "DKIMTests", "Fixtures")

# The clock. --now for both verifiers; signatures are made an hour earlier.
NOW = 1748779200                      # 2025-06-01T12:00:00Z
NOW_ISO = "2025-06-01T12:00:00Z"
T_SIGN = NOW - 3600
DAY = 86400

CRLF = b"\r\n"
DOMAIN = "example.com"
ES_DOMAIN = "es.example.org"


def iso(seconds):
    import datetime
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class _FixedClock:
    def __init__(self, now):
        self.now = now

    def time(self):
        return float(self.now)


@contextlib.contextmanager
def dkimpy_clock(now):
    """dkimpy reads time.time() for t= when signing and for the t=/x= checks when verifying."""
    saved = dkim.time
    dkim.time = _FixedClock(now)
    try:
        yield
    finally:
        dkim.time = saved


# ---------------------------------------------------------------------------------------
# Keys


def _der_items(data):
    """The (tag, value) items of a DER SEQUENCE's contents."""
    items, i = [], 0
    while i < len(data):
        tag, length = data[i], data[i + 1]
        i += 2
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[i:i + count], "big")
            i += count
        items.append((tag, data[i:i + length]))
        i += length
    return items


def _pkcs8_private_key(pem_path):
    """The privateKey OCTET STRING of a PKCS#8 PEM (PKCS#1 RSAPrivateKey, or the Ed25519 seed wrapper)."""
    text = open(pem_path, "rb").read()
    body = b"".join(line for line in text.splitlines() if line and not line.startswith(b"-----"))
    (tag, info), = _der_items(base64.b64decode(body))
    assert tag == 0x30
    items = _der_items(info)
    assert items[2][0] == 0x04, pem_path
    return items[2][1]


class Key:
    def __init__(self, name, algorithm, record):
        self.name = name
        self.pem = os.path.join(FIXTURES, name + ".pem")
        self.algorithm = algorithm
        self.record = record
        private = _pkcs8_private_key(self.pem)
        if algorithm == "ed25519-sha256":
            (tag, seed), = _der_items(private)       # CurvePrivateKey ::= OCTET STRING
            assert tag == 0x04 and len(seed) == 32
            self.dkimpy_private = base64.b64encode(seed)
        else:
            self.dkimpy_private = (b"-----BEGIN RSA PRIVATE KEY-----\n"
                                   + base64.encodebytes(private)
                                   + b"-----END RSA PRIVATE KEY-----\n")


def _fixture_text(name):
    return open(os.path.join(FIXTURES, name)).read().strip()


def make_keys():
    rsa = lambda name: Key(name, "rsa-sha256", "v=DKIM1; k=rsa; p=" + _fixture_text(name + ".spki.b64"))
    keys = {name: rsa(name) for name in ("rsa2048", "rsa1024", "rsa512")}
    keys["ed25519"] = Key("ed25519", "ed25519-sha256",
                          "v=DKIM1; k=ed25519; p=" + _fixture_text("ed25519.raw.b64"))
    return keys


def keys_file_lines(keys):
    """(name, record) pairs. Every message's selector is one of these, or deliberately absent."""
    lines = []
    for domain in (DOMAIN, ES_DOMAIN):
        for key in keys.values():
            lines.append(("%s._domainkey.%s" % (key.name, domain), key.record))
    lines += [
        # Revoked: an empty p= (RFC 6376 §3.6.1). Messages signed with rsa2048 name it.
        ("revoked._domainkey." + DOMAIN, "v=DKIM1; k=rsa; p="),
        ("revoked-ed._domainkey." + DOMAIN, "v=DKIM1; k=ed25519; p="),
        # The wrong key: rsa1024's public half under a selector rsa2048 signs for.
        ("wrongkey._domainkey." + DOMAIN, keys["rsa1024"].record),
        # h=sha1 only, for an rsa-sha256 signature (RFC 6376 §3.6.1 h=, §6.1.2).
        ("sha1only._domainkey." + DOMAIN, keys["rsa2048"].record.replace("k=rsa;", "k=rsa; h=sha1;")),
        # t=s (strict): i= must be in d= itself, not a subdomain (RFC 6376 §3.6.1 t=).
        ("strict._domainkey." + DOMAIN, keys["rsa2048"].record + "; t=s"),
        # A record with unknown tags and odd spacing, still a good key (§3.6.1: unknown tags are ignored).
        ("spaced._domainkey." + DOMAIN, " v=DKIM1 ;  k=rsa ; n=notes;  xnew=1 ;p="
         + _fixture_text("rsa2048.spki.b64") + " ;"),
        # A tag name with a hyphen: not an RFC 6376 §3.2 tag-name, but dkimpy and OpenDKIM accept it
        # and so does eventsuggest (a QUIRK in TagList): an unknown tag is ignored either way.
        ("hyphen._domainkey." + DOMAIN, "v=DKIM1; k=rsa; x-new=1; p=" + _fixture_text("rsa2048.spki.b64")),
    ]
    # RFC 8463 Appendix A.2: the keys of Appendix A.3 (rfc8463.eml).
    for line in open(os.path.join(FIXTURES, "rfc8463.keys")):
        if line.strip() and not line.startswith("#"):
            name, text = line.split(None, 1)
            text = "".join(part for part in text.strip().split('"') if part.strip())
            lines.append((name, text.replace(";  p=", "; p=")))
    return lines


# ---------------------------------------------------------------------------------------
# Messages (CRLF). They start with Received:, never "From ", so no mbox sniffing.


def crlf(*lines):
    return CRLF.join(line.encode("utf-8") if isinstance(line, str) else line for line in lines)


HEAD = [
    "Received: from mx.example.net (mx.example.net [192.0.2.1])",
    "\tby mail.example.org with ESMTPS id 4AbC; Sun, 1 Jun 2025 10:59:58 +0000",
]

TEMPLATES = {
    "plain": crlf(
        *HEAD,
        "From: Bistro Reservations <reservations@example.com>",
        "To: Alice Example <alice@example.org>",
        "Subject: Your table for two is confirmed",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <plain-1@example.com>",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=us-ascii",
        "",
        "Hello Alice,",
        "",
        "Your table for two on Friday 6 June 2025 at 19:30 is confirmed.",
        "Reservation number: R-1001",
        "",
        "-- ",
        "Bistro Example",
        ""),
    "folded": crlf(
        *HEAD,
        "From: \"Example Airlines, Bookings\"",
        "  <bookings@example.com>",
        "To: alice@example.org,",
        "\tbob@example.org,   carol@example.org",
        "Subject: Flight EX 123 Paris -> Rome,",
        "\t  departure Friday 6 June 2025   at 07:05",
        "Date:   Sun, 1 Jun 2025 10:59:50 +0000  ",
        "Message-ID: <folded-1@example.com>",
        "X-Long-Header: a\tb  c",
        "  d",
        "MIME-Version: 1.0",
        "Content-Type: text/plain;",
        "\tcharset=us-ascii",
        "",
        "Flight EX 123, seat 12A.",
        "Booking reference: ABC123",
        ""),
    "8bit": crlf(
        *HEAD,
        "From: Hôtel Exemple <reservations@example.com>",
        "To: Zoë <zoe@example.org>",
        "Subject: Réservation confirmée — chambre 12",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <8bit-1@example.com>",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: 8bit",
        "",
        "Bonjour Zoë,",
        "",
        "Votre réservation à l'Hôtel Exemple est confirmée : 2 nuits, arrivée le 6 juin.",
        "Prix : 240 €. Grüße, ありがとう, Привет.",
        ""),
    "whitespace": crlf(
        *HEAD,
        "From: Theatre <tickets@example.com>",
        "To: alice@example.org",
        "Subject: Tickets",
        "Cc:",
        "Reply-To:<box-office@example.com>",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <ws-1@example.com>",
        "",
        "Line with trailing spaces   ",
        "Line with\ttabs \t and   runs of spaces",
        "\t  indented line",
        "",
        "",
        "Last line before trailing blank lines",
        "",
        "",
        "",
        ""),
    "html": crlf(
        *HEAD,
        "From: Example Trains <noreply@example.com>",
        "To: alice@example.org",
        "Subject: Train ticket",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <html-1@example.com>",
        "MIME-Version: 1.0",
        "Content-Type: multipart/alternative; boundary=\"b1\"",
        "",
        "--b1",
        "Content-Type: text/plain; charset=us-ascii",
        "",
        "Train 9512, 6 June 2025.",
        "--b1",
        "Content-Type: text/html; charset=us-ascii",
        "",
        "<html><head><script type=\"application/ld+json\">",
        "{\"@context\": \"http://schema.org\", \"@type\": \"TrainReservation\",",
        " \"reservationNumber\": \"T9512\", \"reservationStatus\": \"http://schema.org/ReservationConfirmed\"}",
        "</script></head><body><p>Train 9512</p></body></html>",
        "--b1--",
        ""),
    "empty": crlf(
        *HEAD,
        "From: Nobody <nobody@example.com>",
        "To: alice@example.org",
        "Subject: (no body)",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <empty-1@example.com>",
        "",
        ""),
    "blank": crlf(
        *HEAD,
        "From: Spa <spa@example.com>",
        "To: alice@example.org",
        "Subject: Only white space in the body",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <blank-1@example.com>",
        "",
        " \t",
        "",
        "  ",
        ""),
    "nofinalcrlf": crlf(
        *HEAD,
        "From: Concierge <concierge@example.com>",
        "To: alice@example.org",
        "Subject: No final line break",
        "Date: Sun, 1 Jun 2025 10:59:50 +0000",
        "Message-ID: <nofinal-1@example.com>",
        "",
        "First line",
        "Last line without a line break"),
}
TEMPLATE_ORDER = list(TEMPLATES)
CANONS = ["simple/simple", "simple/relaxed", "relaxed/simple", "relaxed/relaxed"]


# ---------------------------------------------------------------------------------------
# Tampering (always after signing)


def replace_once(message, old, new):
    assert message.count(old) >= 1, (old, message[:200])
    return message.replace(old, new, 1)


def header_end(message):
    return message.index(CRLF + CRLF) + 2


def insert_header(message, field, at="top"):
    """Adds `field` (bytes, no line ending) at the top of the header or at its bottom."""
    if at == "top":
        return field + CRLF + message
    end = header_end(message)
    return message[:end] + field + CRLF + message[end:]


def to_lf(message):
    return message.replace(CRLF, b"\n")


# ---------------------------------------------------------------------------------------
# Signers


class _DKIMWithExpiry(dkim.DKIM):
    """dkimpy's DKIM, with an x= tag slipped into the tag list its gen_header signs."""
    expire_at = None

    def gen_header(self, fields, *args, **kwargs):
        if self.expire_at is not None:
            at = next(i for i, (tag, _) in enumerate(fields) if tag == b"h")
            fields = fields[:at] + [(b"x", str(self.expire_at).encode())] + fields[at:]
        return super().gen_header(fields, *args, **kwargs)


def dkimpy_sign(message, key, selector=None, domain=DOMAIN, canon="relaxed/simple", length=False,
                include=None, expire=None, at=T_SIGN, algorithm=None, identity=None):
    """The message with a dkimpy DKIM-Signature prepended."""
    algorithm = (algorithm or key.algorithm).encode()
    with dkimpy_clock(at):
        signer = _DKIMWithExpiry(message, signature_algorithm=algorithm, linesep=CRLF)
        signer.expire_at = expire
        field = signer.sign((selector or key.name).encode(), domain.encode(), key.dkimpy_private,
                            canonicalize=tuple(part.encode() for part in canon.split("/")),
                            include_headers=[h.encode() for h in include] if include else None,
                            length=length, identity=identity.encode() if identity else None)
    return field + message


class EventsuggestSigner:
    def __init__(self, binary):
        self.binary = binary

    def sign(self, message, key, selector=None, domain=ES_DOMAIN, canon="relaxed/relaxed",
             extra=(), at=T_SIGN):
        arguments = [self.binary, "sign", "--key", key.pem, "--domain", domain,
                     "--selector", selector or key.name, "--canonicalization", canon,
                     "--now", iso(at)] + list(extra)
        run = subprocess.run(arguments, input=message, capture_output=True, timeout=30)
        if run.returncode != 0:
            raise RuntimeError("%s failed (%d): %s" % (" ".join(arguments), run.returncode,
                                                       run.stderr.decode(errors="replace")))
        return run.stdout

    def print_record(self, key, domain=ES_DOMAIN):
        run = subprocess.run([self.binary, "sign", "--key", key.pem, "--domain", domain, "--selector",
                              key.name, "--print-record"], capture_output=True, timeout=30)
        return run.returncode, run.stdout.decode(errors="replace").strip()


# ---------------------------------------------------------------------------------------
# The corpus


class Corpus:
    def __init__(self):
        self.entries = []

    def add(self, name, message, signer, intent, description, everywhere=(), expected=None):
        self.entries.append(dict(
            name=name, message=message, signer=signer, intent=list(intent),
            description=description, everywhere=list(everywhere), expected=expected or {}))


def dkimpy_messages(corpus, keys):
    K = keys
    rsa, ed, small = K["rsa2048"], K["ed25519"], K["rsa1024"]
    T = TEMPLATES

    # Every canonicalization with every algorithm and key size, rotating through the templates,
    # each also stored LF-only.
    n = 0
    for canon in CANONS:
        for key in (rsa, ed, small):
            template = TEMPLATE_ORDER[n % len(TEMPLATE_ORDER)]
            n += 1
            signed = dkimpy_sign(T[template], key, canon=canon)
            tag = "%s-%s-%s" % (key.name, canon.replace("/", "-"), template)
            corpus.add("dkimpy-" + tag, signed, "dkimpy", [True], "%s %s on %s" % (key.name, canon, template))
            if n % 2 == 0:
                corpus.add("dkimpy-lf-" + tag, to_lf(signed), "dkimpy", [True],
                           "LF-only storage of %s %s on %s" % (key.name, canon, template))
    # The templates not reached above with the other header canonicalization, and ed25519 on each.
    for template in TEMPLATE_ORDER:
        corpus.add("dkimpy-ed25519-relaxed-relaxed-" + template + "-b",
                   dkimpy_sign(T[template], ed, canon="relaxed/relaxed"), "dkimpy", [True],
                   "ed25519 relaxed/relaxed on " + template)
    corpus.add("dkimpy-lf-8bit-simple", to_lf(dkimpy_sign(T["8bit"], rsa, canon="simple/simple")), "dkimpy",
               [True], "8-bit UTF-8 header and body, simple/simple, LF-only storage")
    corpus.add("dkimpy-lf-folded-simple", to_lf(dkimpy_sign(T["folded"], ed, canon="simple/simple")),
               "dkimpy", [True], "folded headers, simple/simple, ed25519, LF-only storage")

    # l= (body length).
    for canon in CANONS:
        for key in (rsa, ed):
            base = T["plain"] if key is rsa else T["whitespace"]
            signed = dkimpy_sign(base, key, canon=canon, length=True)
            tag = "%s-%s" % (key.name, canon.replace("/", "-"))
            corpus.add("dkimpy-l-appended-" + tag, signed + b"--\r\nAppended by a mailing list\r\n",
                       "dkimpy", [True], "l= and content appended after signing (%s %s)" % (key.name, canon))
    signed = dkimpy_sign(T["plain"], rsa, canon="relaxed/relaxed", length=True)
    corpus.add("dkimpy-l-untouched", signed, "dkimpy", [True], "l= covering the whole body")
    corpus.add("dkimpy-l-cut", replace_once(signed, b"-- \r\nBistro Example\r\n", b""), "dkimpy", [False],
               "l= longer than the body: the body was cut after signing")
    corpus.add("dkimpy-l-edited-signed-part", replace_once(signed + b"appended\r\n", b"R-1001", b"R-1002"),
               "dkimpy", [False], "l=, content appended, and the signed part edited")
    corpus.add("dkimpy-l-empty-body", dkimpy_sign(T["empty"], ed, canon="relaxed/relaxed", length=True)
               + b"appended to an empty body\r\n", "dkimpy", [True], "l=0 on an empty body, content appended")
    corpus.add("dkimpy-lf-l-appended", to_lf(signed + b"appended\r\n"), "dkimpy", [True],
               "l=, appended content, LF-only storage")

    # Body tampering.
    for canon in ("simple/simple", "relaxed/relaxed"):
        tag = canon.replace("/", "-")
        for key in (rsa, ed):
            signed = dkimpy_sign(T["whitespace"], key, canon=canon)
            k = key.name
            corpus.add("dkimpy-body-edited-%s-%s" % (k, tag), replace_once(signed, b"Last line", b"Past line"),
                       "dkimpy", [False], "one body character changed")
            corpus.add("dkimpy-body-trailing-blank-lines-%s-%s" % (k, tag), signed + b"\r\n\r\n", "dkimpy",
                       [True], "empty lines added at the end of the body (ignored by both body canonicalizations)")
            corpus.add("dkimpy-body-wsp-runs-%s-%s" % (k, tag),
                       replace_once(signed, b"tabs \t and   runs", b"tabs and runs"), "dkimpy",
                       [canon.endswith("relaxed")], "runs of white space collapsed in the body")
            corpus.add("dkimpy-body-trailing-wsp-%s-%s" % (k, tag),
                       replace_once(signed, b"Last line before trailing blank lines\r\n",
                                    b"Last line before trailing blank lines \t \r\n"),
                       "dkimpy", [canon.endswith("relaxed")], "white space added at the end of a body line")
    signed = dkimpy_sign(T["8bit"], rsa, canon="relaxed/relaxed")
    corpus.add("dkimpy-8bit-body-edited", replace_once(signed, "240 €".encode(), "249 €".encode()), "dkimpy",
               [False], "8-bit body: one character changed")
    corpus.add("dkimpy-8bit-body-reencoded", replace_once(signed, "Zoë,".encode(), "Zoë,".encode("latin-1")),
               "dkimpy", [False], "8-bit body: one character re-encoded from UTF-8 to Latin-1")
    for canon in CANONS:
        corpus.add("dkimpy-blank-l-" + canon.replace("/", "-"),
                   dkimpy_sign(T["blank"], rsa, canon=canon, length=True) + b"appended\r\n", "dkimpy", [True],
                   "body of white space only, l=, content appended (%s)" % canon)
    bare_lf = replace_once(T["plain"], b"Hello Alice,\r\n", b"Hello Alice,\nsecond line\r\n")
    corpus.add("dkimpy-bare-lf-in-crlf-body", dkimpy_sign(bare_lf, rsa, canon="simple/simple"), "dkimpy", [True],
               "a bare LF inside an otherwise CRLF body (simple/simple)")
    signed = dkimpy_sign(T["nofinalcrlf"], ed, canon="simple/simple")
    corpus.add("dkimpy-nofinalcrlf-crlf-added", signed + CRLF, "dkimpy", [True],
               "no final CRLF when signed, CRLF added later (simple adds it anyway)")

    # Header tampering.
    for canon in ("simple/simple", "relaxed/simple"):
        tag = canon.replace("/", "-")
        signed = dkimpy_sign(T["plain"], rsa, canon=canon)
        relaxed = canon.startswith("relaxed")
        corpus.add("dkimpy-hdr-subject-changed-" + tag,
                   replace_once(signed, b"Subject: Your table", b"Subject: Our table"), "dkimpy", [False],
                   "Subject edited")
        corpus.add("dkimpy-hdr-from-changed-" + tag,
                   replace_once(signed, b"reservations@example.com", b"reservations@example.net"), "dkimpy",
                   [False], "From address edited")
        corpus.add("dkimpy-hdr-from-added-top-" + tag,
                   insert_header(signed, b"From: Mallory <mallory@example.net>"), "dkimpy", [False],
                   "second From added above (From is oversigned)")
        corpus.add("dkimpy-hdr-refolded-subject-" + tag,
                   replace_once(signed, b"Subject: Your table for two", b"Subject: Your table\r\n for two"),
                   "dkimpy", [relaxed], "Subject refolded")
        corpus.add("dkimpy-hdr-name-case-" + tag, replace_once(signed, b"Subject:", b"SUBJECT:"), "dkimpy",
                   [relaxed], "Subject field name upper-cased")
        corpus.add("dkimpy-hdr-space-after-colon-" + tag, replace_once(signed, b"Subject: ", b"Subject:   "),
                   "dkimpy", [relaxed], "white space after a field's colon changed")
        corpus.add("dkimpy-hdr-reordered-" + tag,
                   replace_once(replace_once(signed, b"To: Alice Example <alice@example.org>\r\n", b""),
                                b"MIME-Version: 1.0\r\n", b"MIME-Version: 1.0\r\nTo: Alice Example <alice@example.org>\r\n"),
                   "dkimpy", [True], "two signed fields of different names swapped")
        corpus.add("dkimpy-hdr-unsigned-added-" + tag,
                   insert_header(signed, b"X-Spam-Status: No, score=-0.1", at="bottom"), "dkimpy", [True],
                   "an unsigned field added")
        corpus.add("dkimpy-hdr-date-removed-" + tag,
                   replace_once(signed, b"Date: Sun, 1 Jun 2025 10:59:50 +0000\r\n", b""), "dkimpy", [False],
                   "a signed field (Date) removed")
        corpus.add("dkimpy-hdr-sig-tag-edited-" + tag,
                   replace_once(signed, b"t=%d" % T_SIGN, b"t=%d" % (T_SIGN + 1)), "dkimpy", [False],
                   "t= of the DKIM-Signature itself edited")
    # Not oversigned: h= names From once. A second From below the signed one is what dkimpy
    # and h= pick up (RFC 6376 §5.4.2, bottom-up); one above is not covered by h= at all.
    include = ["from", "to", "subject", "date", "message-id"]
    signed = dkimpy_sign(T["plain"], rsa, canon="relaxed/relaxed", include=include)
    corpus.add("dkimpy-hdr-from-added-top-not-oversigned", insert_header(signed, b"From: <mallory@example.net>"),
               "dkimpy", [False], "second From added above, From signed once (dkimpy checks all From fields)")
    corpus.add("dkimpy-hdr-subject-added-top", insert_header(signed, b"Subject: Fake subject"), "dkimpy", [True],
               "second Subject added above the signed one (h= picks instances bottom-up)")
    corpus.add("dkimpy-hdr-subject-added-bottom", insert_header(signed, b"Subject: Fake subject", at="bottom"),
               "dkimpy", [False], "second Subject added below the signed one (h= picks the new one)")
    signed = dkimpy_sign(T["folded"], rsa, canon="relaxed/relaxed")
    corpus.add("dkimpy-hdr-folded-refolded", replace_once(signed, b"Subject: Flight EX 123 Paris -> Rome,\r\n\t  ",
                                                          b"Subject: Flight EX 123 Paris -> Rome, "),
               "dkimpy", [True], "folded Subject unfolded (relaxed/relaxed)")
    signed_simple = dkimpy_sign(T["folded"], rsa, canon="simple/relaxed")
    corpus.add("dkimpy-hdr-folded-refolded-simple",
               replace_once(signed_simple, b"Subject: Flight EX 123 Paris -> Rome,\r\n\t  ",
                            b"Subject: Flight EX 123 Paris -> Rome, "),
               "dkimpy", [False], "folded Subject unfolded (simple/relaxed)")
    # The DKIM-Signature field itself refolded.
    for canon in ("relaxed/simple", "simple/simple"):
        signed = dkimpy_sign(T["plain"], ed, canon=canon)
        corpus.add("dkimpy-sig-refolded-" + canon.replace("/", "-"),
                   replace_once(signed, b"; h=", b";\r\n\th="), "dkimpy", [canon.startswith("relaxed")],
                   "the DKIM-Signature field itself refolded (%s)" % canon)
    signed = dkimpy_sign(T["8bit"], ed, canon="relaxed/relaxed")
    corpus.add("dkimpy-8bit-subject-edited", replace_once(signed, "chambre 12".encode(), "chambre 13".encode()),
               "dkimpy", [False], "8-bit Subject edited")

    # Expiry (x=), relative to NOW.
    for key in (rsa, ed):
        corpus.add("dkimpy-expired-" + key.name,
                   dkimpy_sign(T["plain"], key, at=NOW - 5 * DAY, expire=NOW - 2 * DAY), "dkimpy", [False],
                   "x= two days before --now")
        corpus.add("dkimpy-not-expired-" + key.name,
                   dkimpy_sign(T["plain"], key, canon="relaxed/relaxed", expire=NOW + DAY), "dkimpy", [True],
                   "x= a day after --now")

    # Keys: revoked, absent, wrong, restricted.
    corpus.add("dkimpy-revoked-rsa", dkimpy_sign(T["plain"], rsa, selector="revoked"), "dkimpy", [False],
               "selector with p= empty (revoked)")
    corpus.add("dkimpy-revoked-ed25519", dkimpy_sign(T["8bit"], ed, selector="revoked-ed"), "dkimpy", [False],
               "ed25519 selector with p= empty (revoked)")
    corpus.add("dkimpy-no-key", dkimpy_sign(T["plain"], rsa, selector="absent"), "dkimpy", [False],
               "selector with no record (NXDOMAIN)")
    corpus.add("dkimpy-wrong-key", dkimpy_sign(T["plain"], rsa, selector="wrongkey"), "dkimpy", [False],
               "the record holds another key")
    corpus.add("dkimpy-ed25519-sig-rsa-key", dkimpy_sign(T["plain"], ed, selector="rsa2048"), "dkimpy", [False],
               "ed25519-sha256 signature, k=rsa record")
    corpus.add("dkimpy-spaced-record", dkimpy_sign(T["plain"], rsa, selector="spaced"), "dkimpy", [True],
               "key record with unknown tags and extra white space")
    corpus.add("dkimpy-key-tag-name-hyphen", dkimpy_sign(T["plain"], rsa, selector="hyphen"), "dkimpy", [True],
               "key record with a tag name containing '-' (accepted by all three verifiers)")
    corpus.add("dkimpy-key-h-sha1-only", dkimpy_sign(T["plain"], rsa, selector="sha1only"), "dkimpy", [True],
               "rsa-sha256 signature, key record h=sha1", expected={
                   0: {"eventsuggest": "permerror",
                       "why": "RFC 6376 §3.6.1 (h=) and §6.1.2: a key whose h= does not list the signature's "
                              "hash MUST be ignored (PERMFAIL inappropriate hash algorithm); dkimpy 1.1.4 does "
                              "not read the key's h= tag"}})
    corpus.add("dkimpy-key-strict-subdomain-i",
               dkimpy_sign(T["plain"], rsa, selector="strict", identity="@mail." + DOMAIN), "dkimpy", [True],
               "key t=s, i= in a subdomain of d=", expected={
                   0: {"eventsuggest": "permerror",
                       "why": "RFC 6376 §3.6.1 (t=s): the i= domain MUST NOT be a subdomain of d=; dkimpy 1.1.4 "
                              "does not read the key's t= flags"}})
    corpus.add("dkimpy-identity", dkimpy_sign(T["plain"], ed, identity="reservations@" + DOMAIN), "dkimpy",
               [True], "i= an address in d=")

    # RFC 8301.
    corpus.add("dkimpy-rsa-sha1", dkimpy_sign(T["plain"], rsa, algorithm="rsa-sha1"), "dkimpy", [True],
               "rsa-sha1 (valid)", expected={
                   0: {"eventsuggest": "policy",
                       "why": "RFC 8301 §3.1: verifiers MUST NOT consider rsa-sha1 signatures valid; dkimpy "
                              "still accepts them"}})
    corpus.add("dkimpy-rsa512", dkimpy_sign(T["plain"], K["rsa512"]), "dkimpy", [False],
               "512-bit RSA key (dkimpy minkey=1024 rejects it)")

    # Several signatures (the last applied is index 0, the top one).
    both = dkimpy_sign(dkimpy_sign(T["plain"], rsa, canon="relaxed/relaxed"), ed, canon="relaxed/relaxed")
    corpus.add("dkimpy-multi-rsa-ed25519", both, "dkimpy", [True, True], "ed25519 over rsa-sha256 (RFC 8463 §3)")
    corpus.add("dkimpy-lf-multi-rsa-ed25519", to_lf(both), "dkimpy", [True, True],
               "ed25519 over rsa-sha256, LF-only storage")
    corpus.add("dkimpy-multi-body-edited", replace_once(both, b"R-1001", b"R-1009"), "dkimpy", [False, False],
               "two signatures, body edited")
    corpus.add("dkimpy-multi-revoked-and-good",
               dkimpy_sign(dkimpy_sign(T["html"], rsa), rsa, selector="revoked", canon="simple/simple"),
               "dkimpy", [False, True], "revoked key on top, good signature below")
    corpus.add("dkimpy-multi-expired-and-good",
               dkimpy_sign(dkimpy_sign(T["html"], ed, at=NOW - 5 * DAY, expire=NOW - 3 * DAY), rsa),
               "dkimpy", [True, False], "good signature on top, expired one below")
    mixed = dkimpy_sign(dkimpy_sign(T["plain"], rsa, canon="simple/simple"), ed, canon="relaxed/relaxed",
                        length=True)
    corpus.add("dkimpy-multi-l-appended", mixed + b"footer\r\n", "dkimpy", [True, False],
               "content appended: the l= signature survives, the other does not")
    resigned = dkimpy_sign(
        insert_header(dkimpy_sign(T["plain"], rsa), b"List-Id: Diners <diners.example.com>", at="bottom"),
        small, domain=DOMAIN, include=["from", "list-id", "subject"], canon="relaxed/relaxed")
    corpus.add("dkimpy-multi-list-resigned", resigned, "dkimpy", [True, True],
               "a list adds List-Id (unsigned by the author) and signs again")
    corpus.add("dkimpy-multi-three-one-bad",
               dkimpy_sign(dkimpy_sign(dkimpy_sign(T["folded"], rsa, canon="simple/simple"), ed,
                                       selector="absent"), small, canon="relaxed/relaxed"),
               "dkimpy", [True, False, True], "three signatures, the middle one without a key")


def eventsuggest_messages(corpus, keys, signer):
    rsa, ed, small = keys["rsa2048"], keys["ed25519"], keys["rsa1024"]
    T = TEMPLATES
    n = 0
    for canon in CANONS:
        for key in (rsa, ed):
            template = TEMPLATE_ORDER[n % len(TEMPLATE_ORDER)]
            n += 1
            corpus.add("es-%s-%s-%s" % (key.name, canon.replace("/", "-"), template),
                       signer.sign(T[template], key, canon=canon), "eventsuggest", [True],
                       "eventsuggest sign %s %s on %s" % (key.name, canon, template), everywhere=[0])
    for template in ("8bit", "folded", "whitespace", "nofinalcrlf"):
        corpus.add("es-ed25519-relaxed-relaxed-" + template + "-b", signer.sign(T[template], ed), "eventsuggest",
                   [True], "eventsuggest sign ed25519 relaxed/relaxed on " + template, everywhere=[0])
    corpus.add("es-rsa1024", signer.sign(T["plain"], small, canon="relaxed/simple"), "eventsuggest", [True],
               "eventsuggest sign with a 1024-bit key", everywhere=[0])
    corpus.add("es-lf-input-rsa", signer.sign(to_lf(T["folded"]), rsa, canon="simple/simple"), "eventsuggest",
               [True], "eventsuggest sign on an LF-only message, simple/simple", everywhere=[0])
    corpus.add("es-lf-input-ed25519", signer.sign(to_lf(T["8bit"]), ed, canon="relaxed/relaxed"),
               "eventsuggest", [True], "eventsuggest sign on an LF-only 8-bit message", everywhere=[0])
    for key, canon in ((rsa, "relaxed/simple"), (ed, "simple/simple"), (rsa, "relaxed/relaxed")):
        signed = signer.sign(T["plain"], key, canon=canon, extra=["--body-length"])
        tag = "%s-%s" % (key.name, canon.replace("/", "-"))
        corpus.add("es-l-" + tag, signed, "eventsuggest", [True], "eventsuggest sign --body-length " + canon,
                   everywhere=[0])
        corpus.add("es-l-appended-" + tag, signed + b"Appended footer\r\n", "eventsuggest", [True],
                   "eventsuggest sign --body-length, content appended")
    for key in (rsa, ed):
        corpus.add("es-expire-valid-" + key.name, signer.sign(T["plain"], key, extra=["--expire", str(DAY)]),
                   "eventsuggest", [True], "eventsuggest sign --expire: x= a day after t=", everywhere=[0])
        corpus.add("es-expired-" + key.name,
                   signer.sign(T["plain"], key, at=NOW - 4 * DAY, extra=["--expire", "3600"]), "eventsuggest",
                   [False], "eventsuggest sign --expire 3600 four days before --now")
    corpus.add("es-identity", signer.sign(T["plain"], rsa, extra=["--identity", "bookings@" + ES_DOMAIN]),
               "eventsuggest", [True], "eventsuggest sign --identity", everywhere=[0])
    corpus.add("es-headers", signer.sign(T["folded"], ed, extra=["--headers", "From:To:Subject:X-Long-Header:Cc"]),
               "eventsuggest", [True], "eventsuggest sign --headers with a folded and an absent field",
               everywhere=[0])
    twice = signer.sign(signer.sign(T["html"], rsa, canon="simple/simple"), ed, canon="relaxed/relaxed")
    corpus.add("es-twice", twice, "eventsuggest", [True, True], "eventsuggest signs twice (ed25519 over rsa)",
               everywhere=[0, 1])
    corpus.add("es-over-dkimpy", signer.sign(dkimpy_sign(T["plain"], small), ed), "eventsuggest", [True, True],
               "eventsuggest signs over a dkimpy signature", everywhere=[0])
    signed = signer.sign(T["8bit"], rsa, canon="relaxed/relaxed")
    corpus.add("es-tampered-body", replace_once(signed, "240 €".encode(), "24 €".encode()), "eventsuggest",
               [False], "eventsuggest signature, body edited")
    corpus.add("es-tampered-subject", replace_once(signed, "chambre 12".encode(), "chambre 21".encode()),
               "eventsuggest", [False], "eventsuggest signature, Subject edited")
    corpus.add("es-from-added", insert_header(signed, b"From: <mallory@example.net>"), "eventsuggest", [False],
               "eventsuggest signature, second From added (oversigned)")
    corpus.add("es-lf-stored", to_lf(signer.sign(T["whitespace"], ed, canon="simple/simple")), "eventsuggest",
               [True], "eventsuggest signature, then stored LF-only")


def opendkim_messages(corpus, keys):
    import opendkim_lib
    library = opendkim_lib.OpenDKIM(now=T_SIGN)
    try:
        # Not ed25519 with simple header canonicalization: libopendkim 2.11.0~beta2 makes
        # signatures there that it cannot verify itself (nor can dkimpy or eventsuggest).
        for key, canon, template, length in ((keys["rsa2048"], "relaxed/relaxed", "8bit", -1),
                                             (keys["rsa2048"], "simple/simple", "folded", -1),
                                             (keys["rsa2048"], "simple/relaxed", "whitespace", -1),
                                             (keys["ed25519"], "relaxed/simple", "plain", -1),
                                             (keys["ed25519"], "relaxed/relaxed", "html", 40)):
            field = library.sign(TEMPLATES[template], open(key.pem, "rb").read(), key.name, DOMAIN, canon,
                                 key.algorithm, length)
            corpus.add("opendkim-%s-%s-%s%s" % (key.name, canon.replace("/", "-"), template,
                                                "-l" if length >= 0 else ""),
                       field + TEMPLATES[template], "opendkim", [True],
                       "libopendkim %s %s on %s" % (key.name, canon, template))
    finally:
        library.close()


def rfc8463_message(corpus):
    message = open(os.path.join(FIXTURES, "rfc8463.eml"), "rb").read()
    corpus.add("rfc8463-a3", message, "rfc8463", [True, True], "RFC 8463 Appendix A.3 as published")


def default_binary():
    if os.environ.get("EVENTSUGGEST_BINARY"):
        return os.environ["EVENTSUGGEST_BINARY"]
    candidate = os.path.join(REPO, ".build", "debug", "eventsuggest")
    return candidate if os.access(candidate, os.X_OK) else None


def build(outdir, binary=None, with_opendkim=True):
    """Writes the corpus to `outdir`; returns the manifest (also written as manifest.json)."""
    keys = make_keys()
    os.makedirs(os.path.join(outdir, "messages"), exist_ok=True)
    os.makedirs(os.path.join(outdir, "keys"), exist_ok=True)
    for key in keys.values():
        shutil.copyfile(key.pem, os.path.join(outdir, "keys", key.name + ".pem"))
    records = keys_file_lines(keys)
    keys_path = os.path.join(outdir, "keys.txt")
    with open(keys_path, "w") as out:
        out.write("# DKIM cross-check keys (build_corpus.py). Test-only keys.\n")
        for name, record in records:
            out.write("%s %s\n" % (name, record))

    corpus = Corpus()
    dkimpy_messages(corpus, keys)
    if with_opendkim:
        opendkim_messages(corpus, keys)
    rfc8463_message(corpus)
    record_checks = []
    if binary:
        signer = EventsuggestSigner(binary)
        eventsuggest_messages(corpus, keys, signer)
        for key in (keys["rsa2048"], keys["ed25519"]):
            status, printed = signer.print_record(key)
            record_checks.append(dict(key=key.name, status=status, printed=printed,
                                      expected="%s._domainkey.%s %s" % (key.name, ES_DOMAIN, key.record)))

    names = set()
    messages = []
    for number, entry in enumerate(corpus.entries, 1):
        assert entry["name"] not in names, entry["name"]
        names.add(entry["name"])
        file_name = "%03d-%s.eml" % (number, entry["name"])
        with open(os.path.join(outdir, "messages", file_name), "wb") as out:
            out.write(entry["message"])
        messages.append(dict(file=file_name, signer=entry["signer"], description=entry["description"],
                             intent=entry["intent"], everywhere=entry["everywhere"],
                             expected={str(k): v for k, v in entry["expected"].items()}))
    manifest = dict(now=NOW, now_iso=NOW_ISO, keys_file="keys.txt", binary=binary, messages=messages,
                    record_checks=record_checks,
                    records={name: record for name, record in records})
    with open(os.path.join(outdir, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1, ensure_ascii=False)
    return manifest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--binary", help="eventsuggest, for the messages it signs (default: "
                        "$EVENTSUGGEST_BINARY, else .build/debug/eventsuggest when built)")
    parser.add_argument("--no-eventsuggest", action="store_true", help="only dkimpy/OpenDKIM/RFC messages")
    arguments = parser.parse_args()
    binary = None if arguments.no_eventsuggest else (arguments.binary or default_binary())
    manifest = build(arguments.outdir, binary)
    print("%d messages in %s%s" % (len(manifest["messages"]), arguments.outdir,
                                   "" if binary else " (no eventsuggest binary: none signed by eventsuggest)"))


if __name__ == "__main__":
    main()
