#!/usr/bin/env python3
"""`eventsuggest inspect --json` against Python's `email` package on a folder of messages
that are not ours — CPython's own test_email corpus (Tests/MailMessageTests/Fixtures/cpython).

    cpython_email_check.py --binary PATH --corpus DIR [--python PATH] [--timeout SECONDS]

Every `msg_*.txt` in DIR is read by the oracle (python_inspect.py: email.message_from_bytes
with policy.default, as CPython's tests read them) and by `PATH inspect --json`, and compared
field by field with crosscheck.compare: from.name/address/domain, subject, date, messageId,
the parts' paths, types, charsets, filenames, decoded sizes and text hashes.

Prints one JSON object: {"messages": N, "agree": K, "python": "3.11.2",
"disagreements": [{"file", "field", "python", "eventsuggest"}]}, the values JSON-encoded as
strings. Whether a disagreement is documented is decided by the Swift test's table, not here.
Exit status: 0 when the comparison ran (with or without disagreements), 2 when it could not.
Standard library only.
"""

import argparse
import json
import os
import platform
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import crosscheck  # noqa: E402  (the shared comparison and the bounded tool runner)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--timeout", type=float, default=60)
    options = parser.parse_args(argv)
    if not os.access(options.binary, os.X_OK):
        print(f"cpython_email_check: {options.binary}: not an executable file", file=sys.stderr)
        return 2
    files = sorted(os.path.join(os.path.abspath(options.corpus), name)
                   for name in os.listdir(options.corpus)
                   if name.startswith("msg_") and name.endswith(".txt"))
    if not files:
        print(f"cpython_email_check: no msg_*.txt in {options.corpus}", file=sys.stderr)
        return 2
    budget = crosscheck.Budget(options.timeout)
    oracle = [options.python, "-B", os.path.join(HERE, "python_inspect.py")]
    expected, oracle_notes = crosscheck.run_tool(oracle, files, budget)
    actual, our_notes = crosscheck.run_tool([options.binary, "inspect", "--json"], files, budget)

    disagreements = []
    agree = 0
    for path in files:
        name = os.path.basename(path)
        python_result, our_result = expected.get(name), actual.get(name)
        if python_result is None or "error" in python_result:
            note = oracle_notes.get(name) or (python_result or {}).get("error") or "no output"
            problems = [("output", f"oracle failed: {note}", "")]
        elif not isinstance(our_result, dict):
            problems = [("output", "ok", our_notes.get(name) or our_notes.get("*") or "no output")]
        else:
            problems = crosscheck.compare(python_result, our_result)
        if not problems:
            agree += 1
        for field, python_value, our_value in problems:
            disagreements.append({"file": name, "field": field,
                                  "python": json.dumps(python_value, ensure_ascii=False),
                                  "eventsuggest": json.dumps(our_value, ensure_ascii=False)})
    print(json.dumps({"messages": len(files), "agree": agree,
                      "python": platform.python_version(), "disagreements": disagreements},
                     ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
