#!/usr/bin/env python3
"""Cross-checks `eventsuggest inspect --json` against Python's standard `email` package.

    crosscheck.py --binary PATH [--python-oracle PATH] [--python PATH]
                  [--corpus DIR | --keep DIR] [--timeout SECONDS] [--show-text]

Generates the corpus (generate_corpus.py) into a temporary folder, or takes the .eml files
of --corpus DIR; runs `PATH inspect --json FILE...` and the oracle (python_inspect.py);
compares each message field by field: from.name, from.address, from.domain, subject, date,
messageId, the number of parts, and per part path, type, charset, filename, bytes and
textSHA256. A null and an empty display name count as the same; "bytes" is not compared for
message/* leaves (Python does not keep them as octets). Extra keys are ignored.
--timeout bounds the whole check (default 50 s), so a hanging binary fails instead of stalling.

Prints one line per disagreement (file, field, both values as JSON), then a last line
"N passed, M failed". Exit status: 0 all passed, 1 some failed, 2 could not run.
Standard library only.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MESSAGE_FIELDS = ("subject", "date", "messageId")
PART_FIELDS = ("path", "type", "charset", "filename", "bytes", "textSHA256")
PER_FILE_SECONDS = 5  # for the one-file-at-a-time rerun after a failed run


def parse_json_stream(text):
    """All JSON values in `text` (JSON lines, pretty-printed objects one after another, or
    one array of objects), flattened into a list of values."""
    decoder = json.JSONDecoder()
    values = []
    index = 0
    while True:
        while index < len(text) and text[index] in " \t\r\n":
            index += 1
        if index >= len(text):
            break
        value, index = decoder.raw_decode(text, index)
        values.extend(value if isinstance(value, list) else [value])
    return values


class Budget:
    """The time allowed for the whole check, so a hanging tool cannot stall a test run."""

    def __init__(self, seconds):
        self.deadline = time.monotonic() + seconds

    def left(self, cap=None):
        remaining = max(0.0, self.deadline - time.monotonic())
        return remaining if cap is None else min(cap, remaining)


def run(command, timeout):
    """(exit status, stdout, stderr); status None when it timed out or could not start."""
    if timeout <= 0:
        return None, "", "not run: the time budget (--timeout) is used up"
    try:
        completed = subprocess.run(command, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"
    except OSError as error:
        return None, "", str(error)
    return (completed.returncode, completed.stdout.decode("utf-8", "replace"),
            completed.stderr.decode("utf-8", "replace"))


def match_outputs(files, values):
    """{basename: object}: by the basename of "file" when that names every file, else by order."""
    names = [os.path.basename(path) for path in files]
    by_name = {}
    for value in values:
        if isinstance(value, dict) and isinstance(value.get("file"), str):
            by_name.setdefault(os.path.basename(value["file"]), value)
    if all(name in by_name for name in names):
        return by_name
    if len(values) == len(files):
        return dict(zip(names, values))
    return {name: by_name[name] for name in names if name in by_name}


def run_tool(command, files, budget):
    """Runs `command + files` once; when that fails or misses files, runs once per file so
    one crash does not hide the other results. Returns ({basename: object}, {basename: note})."""
    notes = {}
    status, out, err = run(command + files, budget.left())
    results = {}
    if status == 0:
        try:
            results = match_outputs(files, parse_json_stream(out))
        except ValueError as error:
            notes["*"] = f"unparsable output: {error}"
    missing = [path for path in files if os.path.basename(path) not in results]
    if status != 0 or missing:
        for path in missing if status == 0 else files:
            name = os.path.basename(path)
            status1, out1, err1 = run(command + [path], budget.left(PER_FILE_SECONDS))
            if status1 != 0:
                notes[name] = (err1 if status1 is None
                               else f"exit status {status1}: {err1.strip()[:300]}")
                results.pop(name, None)
                continue
            try:
                values = parse_json_stream(out1)
            except ValueError as error:
                notes[name] = f"unparsable output: {error}: {out1[:200]!r}"
                continue
            if len(values) != 1:
                notes[name] = f"{len(values)} JSON values for one file"
                continue
            results[name] = values[0]
    return results, notes


def show(value):
    return json.dumps(value, ensure_ascii=False)


def compare(expected, actual, show_text=False):
    """[(field, python value, eventsuggest value)] where they disagree."""
    problems = []

    def differ(field, python_value, our_value):
        problems.append((field, python_value, our_value))

    empty_from = {"name": None, "address": None, "domain": None}
    python_from = expected.get("from") or empty_from
    our_from = actual.get("from") if isinstance(actual.get("from"), dict) else empty_from
    for key in ("name", "address", "domain"):
        python_value, our_value = python_from.get(key), our_from.get(key)
        if key == "name":  # no display name: null or "", the same thing
            python_value, our_value = python_value or None, our_value or None
        if python_value != our_value:
            differ(f"from.{key}", python_value, our_value)
    for key in MESSAGE_FIELDS:
        if expected.get(key) != actual.get(key):
            differ(key, expected.get(key), actual.get(key))

    python_parts = expected.get("parts") or []
    our_parts = actual.get("parts") if isinstance(actual.get("parts"), list) else []
    if len(python_parts) != len(our_parts):
        differ("parts (paths)", [p.get("path") for p in python_parts],
               [p.get("path") if isinstance(p, dict) else p for p in our_parts])
    for python_part, our_part in zip(python_parts, our_parts):
        if not isinstance(our_part, dict):
            differ(f"parts[{python_part.get('path')}]", python_part, our_part)
            continue
        label = python_part.get("path")
        for key in PART_FIELDS:
            python_value, our_value = python_part.get(key), our_part.get(key)
            if key == "bytes" and (python_value is None
                                   or str(python_part.get("type", "")).startswith("message/")):
                continue
            if key == "textSHA256" and isinstance(python_value, str) and isinstance(our_value, str):
                python_value, our_value = python_value.lower(), our_value.lower()
            if python_value != our_value:
                differ(f"parts[{label}].{key}", python_value, our_value)
                if key == "textSHA256" and show_text and "_text" in python_part:
                    differ(f"parts[{label}] python text", python_part["_text"][:400], "(hash only)")
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Compare `eventsuggest inspect --json` with Python's email package.")
    parser.add_argument("--binary", required=True, help="the eventsuggest executable")
    parser.add_argument("--python-oracle", default=os.path.join(HERE, "python_inspect.py"),
                        help="the oracle script (default: python_inspect.py beside this file)")
    parser.add_argument("--generator", default=os.path.join(HERE, "generate_corpus.py"),
                        help="the corpus generator (default: generate_corpus.py beside this file)")
    parser.add_argument("--python", default=sys.executable,
                        help="the Python 3 interpreter for the oracle and the generator")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--corpus", metavar="DIR",
                        help="check the .eml files in DIR instead of generating the corpus")
    source.add_argument("--keep", metavar="DIR", help="generate the corpus into DIR and keep it")
    parser.add_argument("--timeout", type=float, default=50,
                        help="seconds allowed for the whole check (default 50)")
    parser.add_argument("--show-text", action="store_true",
                        help="when a text hash differs, also print Python's decoded text")
    options = parser.parse_args(argv)

    if not os.access(options.binary, os.X_OK):
        print(f"crosscheck: {options.binary}: not an executable file", file=sys.stderr)
        return 2

    budget = Budget(options.timeout)
    with tempfile.TemporaryDirectory(prefix="eventsuggest-crosscheck-") as scratch:
        corpus = options.corpus or options.keep or os.path.join(scratch, "corpus")
        if not options.corpus:
            status, _, err = run([options.python, "-B", options.generator, corpus], budget.left())
            if status != 0:
                print(f"crosscheck: generating the corpus failed: {err.strip()}", file=sys.stderr)
                return 2
        files = sorted(os.path.join(os.path.abspath(corpus), name)
                       for name in os.listdir(corpus) if name.endswith(".eml"))
        if not files:
            print(f"crosscheck: no .eml files in {corpus}", file=sys.stderr)
            return 2

        oracle_command = [options.python, "-B", options.python_oracle]
        if options.show_text:
            oracle_command.append("--with-text")
        expected, oracle_notes = run_tool(oracle_command, files, budget)
        actual, our_notes = run_tool([options.binary, "inspect", "--json"], files, budget)

        passed = failed = 0
        for path in files:
            name = os.path.basename(path)
            problems = []
            python_result, our_result = expected.get(name), actual.get(name)
            python_failure = None
            if python_result is None or "error" in python_result:
                python_failure = (oracle_notes.get(name) or oracle_notes.get("*")
                                  or (python_result or {}).get("error") or "no output for this file")
            our_failure = None
            if not isinstance(our_result, dict):
                our_failure = our_notes.get(name) or our_notes.get("*") or "no output for this file"
            if python_failure or our_failure:
                problems.append(("output", python_failure or "ok", our_failure or "ok"))
            if not problems:
                problems = compare(python_result, our_result, options.show_text)
            if problems:
                failed += 1
                for field, python_value, our_value in problems:
                    print(f"FAIL {name}  {field}: python={show(python_value)}  "
                          f"eventsuggest={show(our_value)}")
            else:
                passed += 1
        if options.keep:
            print(f"corpus kept in {os.path.abspath(corpus)}")
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
