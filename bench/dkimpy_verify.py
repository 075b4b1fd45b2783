#!/usr/bin/python3
"""dkimpy-verify: the dkimpy peer of `eventsuggest verify` in `make bench`.

    /usr/bin/python3 bench/dkimpy_verify.py --keys FILE [--jobs N] PATH...

PATH is a Maildir (cur/ and new/) or an mboxrd file. Keys come from a file in the
`eventsuggest --keys` format through dkimpy's dnsfunc (no DNS). Each message is checked
with dkim.verify (Debian python3-dkim, only visible to /usr/bin/python3); with --jobs N > 1
by N worker processes (multiprocessing, fork). Prints one line per message without a
passing signature, then "messages N pass P"; exit 1 unless all pass.
"""

import argparse
import multiprocessing
import os
import sys

import dkim

KEYS = {}


def load_keys(path):
    keys = {}
    with open(path) as handle:
        for line in handle:
            line = line.strip()
            if line and not line.startswith("#") and " " in line:
                name, text = line.split(None, 1)
                keys[name.rstrip(".").lower()] = text.strip().encode()
    return keys


def dnsfunc(name, timeout=5):
    return KEYS.get(name.decode("ascii", "replace").rstrip(".").lower())


def maildir(path):
    names = []
    for sub in ("cur", "new"):
        folder = os.path.join(path, sub)
        if os.path.isdir(folder):
            names += [os.path.join(folder, n) for n in os.listdir(folder) if not n.startswith(".")]
    for name in sorted(names):
        yield name, None


def mbox(path):
    """Streams an mboxrd file (the same rules as msgauth-verify)."""
    current, count, previous_empty = None, 0, True
    with open(path, "rb") as handle:
        for line in handle:
            if previous_empty and line.startswith(b"From "):
                if current is not None:
                    count += 1
                    yield "%s#%d" % (path, count), b"".join(current)[:-1]
                current = []
            elif current is not None:
                stripped = line.lstrip(b">")
                if len(stripped) < len(line) and stripped.startswith(b"From "):
                    line = line[1:]
                current.append(line)
            previous_empty = line.rstrip(b"\r\n") == b""
    if current is not None:
        count += 1
        yield "%s#%d" % (path, count), b"".join(current)[:-1]


def check(item):
    name, data = item
    if data is None:
        with open(name, "rb") as handle:
            data = handle.read()
    try:
        return name, bool(dkim.verify(data, dnsfunc=dnsfunc, minkey=1024))
    except dkim.DKIMException as error:
        return name, False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", required=True)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("paths", nargs="+")
    options = parser.parse_args()
    KEYS.update(load_keys(options.keys))

    def items():
        for path in options.paths:
            yield from (maildir(path) if os.path.isdir(path) else mbox(path))

    messages = passed = 0
    if options.jobs > 1:
        pool = multiprocessing.get_context("fork").Pool(options.jobs)
        results = pool.imap(check, items(), chunksize=32)
    else:
        pool, results = None, map(check, items())
    for name, ok in results:
        messages += 1
        if ok:
            passed += 1
        else:
            print(name, "fail")
    if pool:
        pool.close()
        pool.join()
    print("messages %d pass %d" % (messages, passed))
    return 0 if messages == passed else 1


if __name__ == "__main__":
    sys.exit(main())
