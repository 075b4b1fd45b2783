#!/usr/bin/env python3
"""The oracle: `eventsuggest inspect --json`, computed with Python's standard `email` package.

Usage: python_inspect.py [--with-text] FILE...

Prints one JSON object per file, one per line, shaped as DESIGN.md ("inspect --json") says:
  {"file", "from": {"name", "address", "domain"}, "subject", "date", "messageId",
   "parts": [{"path", "type", "charset", "filename", "bytes", "textSHA256"}]}
Each message is read with email.message_from_bytes(data, policy=email.policy.default).

- from: the first address of the first From header (group members included); "name" is the
  display name or null, "domain" is lowercased, "address" is Python's addr_spec with the
  domain lowercased. null when there is no From header or no address in it.
- subject: the decoded, unfolded Subject (str of the header object), or null.
- date: the raw Date value, unfolded and trimmed (Python's own str() reformats dates), or null.
- messageId: the raw Message-ID value, unfolded and trimmed, without angle brackets, or null.
- parts: leaf parts depth-first, numbered like IMAP body parts ("1" for a single-part
  message); a message/rfc822 part is a leaf and is not descended into. "type" and
  "charset" lowercase ("charset" null when not declared); "filename" from get_filename();
  "bytes" = len(get_payload(decode=True)), null for message/* leaves (Python keeps those
  parsed, not as octets, so crosscheck.py does not compare them); "textSHA256", for text/*
  only, the SHA-256 of get_content() encoded as UTF-8 with CRLF turned into LF.

With --with-text each text part also carries "_text", the decoded text, for debugging.
A file Python cannot read yields {"file", "error"}.
"""

import email
import email.headerregistry
import email.policy
import hashlib
import json
import sys


def unsurrogate(value):
    """Python keeps raw 8-bit header bytes as surrogate escapes in parsed address parts
    (str() of a header object sanitizes them, the parsed parts do not). Read them as
    UTF-8 (RFC 6532), the way email.utils._sanitize does for the header string."""
    if value is None:
        return None
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def raw_value(message, name):
    """The first raw value of header `name`, unfolded (CR and LF removed) and trimmed."""
    for key, value in message.raw_items():
        if key.lower() == name.lower():
            value = value.replace("\r", "").replace("\n", "").strip()
            return unsurrogate(value)
    return None


def from_field(message):
    header = message.get("From")
    if header is None:
        return None
    addresses = header.addresses
    if not addresses:
        return None
    first = addresses[0]
    domain = unsurrogate(first.domain).lower()
    local = unsurrogate(first.username)
    address = email.headerregistry.Address(username=local, domain=domain).addr_spec
    return {"name": unsurrogate(first.display_name) or None, "address": address, "domain": domain}


def leaves(part, path):
    """(path, part) for each leaf part, depth-first."""
    if part.get_content_maintype() == "multipart" and part.is_multipart():
        for index, child in enumerate(part.get_payload(), start=1):
            yield from leaves(child, path + [index])
    else:
        yield path or [1], part


def describe(path, part, with_text):
    maintype = part.get_content_maintype()
    entry = {
        "path": ".".join(str(number) for number in path),
        "type": part.get_content_type().lower(),
        "charset": part.get_content_charset(),
        "filename": unsurrogate(part.get_filename()),
        "bytes": None,
        "textSHA256": None,
    }
    if not part.is_multipart():
        payload = part.get_payload(decode=True)
        entry["bytes"] = len(payload) if payload is not None else None
    if maintype == "text":
        text = part.get_content().replace("\r\n", "\n")
        entry["textSHA256"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        if with_text:
            entry["_text"] = text
    return entry


def inspect(path, with_text=False):
    with open(path, "rb") as file:
        data = file.read()
    try:
        message = email.message_from_bytes(data, policy=email.policy.default)
        subject = message.get("Subject")
        message_id = raw_value(message, "Message-ID")
        if message_id is not None:
            if message_id.startswith("<"):
                message_id = message_id[1:]
            if message_id.endswith(">"):
                message_id = message_id[:-1]
        return {
            "file": path,
            "from": from_field(message),
            "subject": str(subject) if subject is not None else None,
            "date": raw_value(message, "Date"),
            "messageId": message_id,
            "parts": [describe(leaf_path, part, with_text) for leaf_path, part in leaves(message, [])],
        }
    except Exception as error:  # the oracle itself failed: report, do not hide
        return {"file": path, "error": f"{type(error).__name__}: {error}"}


def main(argv):
    with_text = "--with-text" in argv
    files = [argument for argument in argv[1:] if argument != "--with-text"]
    if not files:
        print("usage: python_inspect.py [--with-text] FILE...", file=sys.stderr)
        return 2
    for path in files:
        print(json.dumps(inspect(path, with_text), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
