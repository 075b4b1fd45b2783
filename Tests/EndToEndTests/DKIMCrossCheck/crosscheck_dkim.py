#!/usr/bin/python3
"""Cross-checks `eventsuggest verify` and `eventsuggest sign` against dkimpy and OpenDKIM (issue 3).

    /usr/bin/python3 -B crosscheck_dkim.py --binary PATH/TO/eventsuggest [--keep DIR] [--timeout S]

Builds the corpus (build_corpus.py) in a temporary directory, then
(a) for every message and every DKIM-Signature (top first): dkimpy's verdict (DKIM.verify(idx),
    keys from the corpus keys file, its clock fixed at --now) against `eventsuggest verify --keys
    FILE --json --now`: dkimpy True <=> "pass". Where dkimpy says False, eventsuggest must not say
    pass; its word is tallied. The corpus states what dkimpy should say (intent), so a corpus
    that stops testing what it claims also fails. Documented differences (manifest "expected":
    RFC 8301 rsa-sha1, key h= and t=s that dkimpy ignores) must give exactly the documented word.
(b) every untampered, unexpired signature made by `eventsuggest sign` must verify with dkimpy AND
    with OpenDKIM (libopendkim through ctypes, keys from the same file by DKIM_QUERY_FILE, clock
    fixed by DKIM_OPTS_FIXEDTIME; see opendkim_lib.py), and `sign --print-record` must print the
    record the corpus publishes.
OpenDKIM's verdict on every other signature is shown in each report line, for information.

Prints one line per disagreement and ends with "N passed, M failed" (one check per signature,
plus the record checks); exits 1 on any failure. Needs /usr/bin/python3 (python3-dkim, pynacl)
and libopendkim11 (opendkim-tools).
"""

import argparse
import collections
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import dkim
    import dkim.util
    import nacl  # noqa: F401  (dkimpy's Ed25519)
except ImportError as error:
    print("FAIL %s: dkimpy needs /usr/bin/python3 with python3-dkim and python3-nacl (make deps)" % error)
    print("0 passed, 1 failed")
    sys.exit(1)

import build_corpus  # noqa: E402
import opendkim_lib  # noqa: E402


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages = []

    def emit(self, record):
        if record.levelno >= logging.ERROR:
            self.messages.append(record.getMessage())


def dkimpy_verdicts(message, records, now):
    """[(bool, why)] per DKIM-Signature, top first."""
    def dnsfunc(name, timeout=5):
        record = records.get(name.decode("ascii", "replace").rstrip(".").lower())
        return record.encode() if record is not None else None

    count = sum(1 for name, _ in dkim.DKIM(message).headers if name.lower() == b"dkim-signature")
    verdicts = []
    for index in range(count):
        logger = logging.getLogger("crosscheck.dkimpy.%d" % index)
        logger.propagate = False
        logger.handlers = [_Collect()]
        logger.setLevel(logging.ERROR)
        with build_corpus.dkimpy_clock(now):
            try:
                ok = bool(dkim.DKIM(message, logger=logger, minkey=1024).verify(idx=index, dnsfunc=dnsfunc))
                why = "" if ok else "; ".join(logger.handlers[0].messages) or "signature did not verify"
            except dkim.DKIMException as error:
                ok, why = False, "%s: %s" % (type(error).__name__, error)
        verdicts.append((ok, why))
    return verdicts


def signature_b_values(message):
    values = []
    for name, value in dkim.DKIM(message).headers:
        if name.lower() == b"dkim-signature":
            try:
                values.append(b"".join(dkim.util.parse_tag_value(value).get(b"b", b"").split()))
            except Exception:
                values.append(None)
    return values


def opendkim_verdicts(library, message):
    """[word] per DKIM-Signature, top first: "pass", "fail (...)" or "n/a" when OpenDKIM skipped it."""
    results = library.verify(message)
    by_b = {b: why for passed, why, b in results}
    return [by_b.get(b, "n/a") if b else "n/a" for b in signature_b_values(message)]


def eventsuggest_verdicts(binary, keys_file, now_iso, paths, timeout):
    arguments = [binary, "verify", "--keys", keys_file, "--json", "--now", now_iso] + paths
    run = subprocess.run(arguments, capture_output=True, timeout=timeout)
    if run.returncode not in (0, 1):
        raise RuntimeError("eventsuggest verify exited %d: %s" % (run.returncode, run.stderr.decode(errors="replace")))
    verdicts = {}
    for line in run.stdout.decode().splitlines():
        if line.strip():
            item = json.loads(line)
            verdicts[os.path.basename(item["file"])] = item["signatures"]
    return verdicts, run.stderr.decode(errors="replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the eventsuggest binary")
    parser.add_argument("--keep", help="build the corpus in this directory and keep it")
    parser.add_argument("--timeout", type=float, default=55, help="seconds for the whole run (default 55)")
    parser.add_argument("--verbose", action="store_true", help="one line per signature, not only failures")
    arguments = parser.parse_args()
    started = time.monotonic()
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        print("not executable: %s" % binary)
        return 2

    workdir = arguments.keep or tempfile.mkdtemp(prefix="dkim-crosscheck-")
    if arguments.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    passed = failed = 0
    lines = []

    def fail(text):
        nonlocal failed
        failed += 1
        lines.append("FAIL " + text)

    try:
        manifest = build_corpus.build(workdir, binary)
        now, now_iso = manifest["now"], manifest["now_iso"]
        keys_file = os.path.join(workdir, manifest["keys_file"])
        records = {name.lower(): record for name, record in manifest["records"].items()}
        entries = manifest["messages"]
        paths = [os.path.join(workdir, "messages", entry["file"]) for entry in entries]
        ours, stderr = eventsuggest_verdicts(binary, keys_file, now_iso, paths, arguments.timeout)
        if stderr.strip():
            lines.append("note: eventsuggest verify wrote to stderr:\n" + stderr.rstrip())
        library = opendkim_lib.OpenDKIM(now=now, keys_file=keys_file)

        false_words = collections.Counter()
        differences = 0
        signatures = 0
        for entry, path in zip(entries, paths):
            if time.monotonic() - started > arguments.timeout:
                fail("timeout: more than %.0f s" % arguments.timeout)
                break
            message = open(path, "rb").read()
            name = entry["file"]
            reference = dkimpy_verdicts(message, records, now)
            opendkim = opendkim_verdicts(library, message)
            mine = ours.get(name)
            if mine is None or len(mine) != len(reference):
                fail("%s: eventsuggest reports %s signatures, dkimpy %d  [%s]" % (
                    name, "no" if mine is None else len(mine), len(reference), entry["description"]))
                continue
            for index, ((dk, dk_why), sig) in enumerate(zip(reference, mine)):
                signatures += 1
                word = sig["result"]
                od = opendkim[index] if index < len(opendkim) else "n/a"
                row = "%s sig %d: dkimpy=%s eventsuggest=%s opendkim=%s  [%s]" % (
                    name, index, dk, word, od, entry["description"])
                detail = "\n      eventsuggest: %s\n      dkimpy: %s" % (sig.get("reason"), dk_why or "pass")
                problems = []
                if dk != entry["intent"][index]:
                    problems.append("corpus intended dkimpy=%s" % entry["intent"][index])
                documented = entry["expected"].get(str(index))
                if documented:
                    differences += 1
                    if word != documented["eventsuggest"]:
                        problems.append("documented difference expects eventsuggest=%s (%s)" % (
                            documented["eventsuggest"], documented["why"]))
                elif dk != (word == "pass"):
                    problems.append("dkimpy and eventsuggest disagree")
                if not dk:
                    false_words[word] += 1
                if index in entry["everywhere"]:
                    if not dk:
                        problems.append("dkimpy does not verify an eventsuggest signature")
                    if od != "pass":
                        problems.append("OpenDKIM does not verify an eventsuggest signature")
                if (od == "pass") != dk and not documented:
                    lines.append("note: OpenDKIM differs from dkimpy: " + row)
                if problems:
                    fail(row + " -- " + "; ".join(problems) + detail)
                else:
                    passed += 1
                    if arguments.verbose or documented:
                        lines.append("%s %s" % ("expected difference:" if documented else "ok", row)
                                     + ("\n      why: " + documented["why"] if documented else ""))
        library.close()

        for check in manifest["record_checks"]:
            if check["status"] == 0 and check["printed"].split(None, 1) == check["expected"].split(None, 1):
                passed += 1
            else:
                fail("sign --print-record for %s printed %r (exit %d), expected %r" % (
                    check["key"], check["printed"], check["status"], check["expected"]))
        signers = collections.Counter(entry["signer"] for entry in entries)
        lines.append("%d messages (%s), %d signatures, %d documented differences; where dkimpy says False, "
                     "eventsuggest says: %s" % (
                         len(entries), ", ".join("%s %d" % item for item in sorted(signers.items())), signatures,
                         differences, ", ".join("%s %d" % item for item in sorted(false_words.items()))))
        if len(entries) < 60:
            fail("only %d messages; issue 3 asks for at least 60" % len(entries))
    except Exception as error:  # a broken tool or corpus is a failure, not a crash without summary
        fail("%s: %s" % (type(error).__name__, error))
    finally:
        if not arguments.keep:
            shutil.rmtree(workdir, ignore_errors=True)

    for line in lines:
        print(line)
    print("%d passed, %d failed (%.1f s)" % (passed, failed, time.monotonic() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
