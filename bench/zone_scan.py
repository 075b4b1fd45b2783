#!/usr/bin/python3
"""The zone-resolution row of `make bench` (issue 17: "scan throughput with zone resolution
within 5% of today's").

The corpus writes every reservation time with an explicit `+00:00`, so `scan` never needs a
zone. This row copies the scanned messages into a second Maildir with those offsets stripped
from the markup ("floating" times: every one now takes its zone from the airport or the
country, and every event is written with TZID and a VTIMEZONE), re-signs each changed message
with `eventsuggest sign` exactly as generate_corpus.py signs (same key, domain, selector and
`--now` as the signature it replaces, so both copies pass DKIM and do the same RSA work), and
times `scan --jobs 1` on the offset copy and on the floating copy alternately. The goal:
floating CPU ≤ 1.05 × offset CPU.

Runnable alone (it makes or reuses the corpus through bench.py's `corpus()`):

    /usr/bin/python3 bench/zone_scan.py --binary .build/release/eventsuggest [--messages 2000] [--runs 3] [--corpus DIR]
        [--workdir DIR] [--tmpfs]

bench.py calls `measure()` after its other rounds, on its scan batch (BENCH_SCAN_MESSAGES).
"""

import argparse
import datetime
import email
import email.policy
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

# `+00:00` right after a time's seconds, in the quoted-printable body: a soft line break
# (`=` at a line's end) may fall anywhere inside it.
_SOFT = rb"(?:=\r?\n)?"
OFFSET = re.compile(rb"(?<=[0-9])" + _SOFT + rb"\+" + _SOFT + rb"0" + _SOFT + rb"0" + _SOFT + rb":" + _SOFT
                    + rb"0" + _SOFT + rb"0")
TIME_WITH_OFFSET = re.compile(r"T\d\d:\d\d(?::\d\d)?\+00:00")
TAG = re.compile(rb"\b([dst])=([^;\s]+)")


def _split_signature(message):
    """(the DKIM-Signature field, the rest) of a message that begins with its signature."""
    require(message.startswith(b"DKIM-Signature:"), "a corpus message does not begin with its DKIM-Signature")
    end = 0
    while True:
        end = message.index(b"\n", end) + 1
        if message[end:end + 1] not in (b" ", b"\t"):
            return message[:end], message[end:]


def require(condition, text):
    if not condition:
        sys.exit("bench: zone row: check failed: " + text)


def _html_texts(message):
    parsed = email.message_from_bytes(message, policy=email.policy.default)
    return [part.get_content() for part in parsed.walk() if part.get_content_type() == "text/html"]


def floating_copy(binary, corpus_folder, files, markup_files, out):
    """Copies `files` into `out`/Maildir (same names, same sub-folders) with the markup's
    `+00:00` stripped and the changed messages re-signed; returns the copies' paths in order."""
    if os.path.exists(out):
        shutil.rmtree(out)
    for sub in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(out, "Maildir", sub))
    copies = []
    stripped = 0
    for path in files:
        with open(path, "rb") as handle:
            message = handle.read()
        target = os.path.join(out, "Maildir", os.path.basename(os.path.dirname(path)), os.path.basename(path))
        if path in markup_files:
            signature, rest = _split_signature(message)
            floating, count = OFFSET.subn(b"", rest)
            require(count > 0, "no +00:00 found in %s" % path)
            require(not any(TIME_WITH_OFFSET.search(html) for html in _html_texts(floating)),
                    "a +00:00 is left in %s" % path)
            tags = {k.decode(): v.decode() for k, v in TAG.findall(signature)}
            now = datetime.datetime.fromtimestamp(int(tags["t"]), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            message = subprocess.run(
                [binary, "sign", "--key", os.path.join(corpus_folder, "keys", tags["d"] + ".pem"), "--domain", tags["d"],
                 "--selector", tags["s"], "--now", now], input=floating, stdout=subprocess.PIPE, check=True).stdout
            stripped += count
        with open(target, "wb") as handle:
            handle.write(message)
        copies.append(target)
    return copies, stripped


def measure(binary, corpus_folder, files, markup_files, workdir, runs, now, timed, last_cpu, summary_count, tmpfs=False):
    """Times `scan --jobs 1` on `files` and on their floating copies, alternately, `runs` times
    each; returns the samples, medians and the ratio. `timed`, `last_cpu` and `summary_count`
    are bench.py's (one way of timing for every row). The calendar is written under `workdir`
    (on disk: what users see), or with `tmpfs` in a fresh folder under /dev/shm. Every run
    writes a calendar folder of its own, and all of them are deleted only after the last run:
    on ext4, creating inodes just freed costs the kernel about as much CPU as the scan itself
    (`recently_deleted`), and its share moved from run to run by ±25 %, which no user whose
    calendar grows pays and which drowned the ratio of the code's own work."""
    floating_dir = os.path.join(workdir, "zones-floating")
    copies, stripped = floating_copy(binary, corpus_folder, files, markup_files, floating_dir)
    marked = sum(1 for f in files if f in markup_files)
    calendar_parent = tempfile.mkdtemp(prefix="eventsuggest-zones-", dir="/dev/shm") if tmpfs else workdir
    calendars = tempfile.mkdtemp(prefix="zones-calendars-", dir=calendar_parent)
    out = os.path.join(workdir, "zones-scan-output.txt")
    samples = {"offset": [], "floating": []}
    zoned = {}

    def scan(kind, paths):
        calendar = tempfile.mkdtemp(prefix=kind + "-", dir=calendars)
        argv = [binary, "scan", "--calendar", calendar, "--keys", os.path.join(corpus_folder, "keys.txt"),
                "--registered", os.path.join(corpus_folder, "registered.txt"), "--now", now, "--jobs", "1"] + paths
        seconds, rss, status = timed(argv, stdout_path=out)
        with open(out) as handle:
            summary = handle.read()
        require(status == 0 and summary_count(summary, "verified (dkim=pass)") == len(paths),
                "%s scan: exit %d, want %d verified in:\n%s" % (kind, status, len(paths), summary))
        created = int(summary.split("created", 1)[1].split()[0]) if "created" in summary else -1
        require(created == marked, "%s scan created %d events, want %d" % (kind, created, marked))
        with_zone = 0
        for name in os.listdir(calendar):
            if name.endswith(".ics"):
                with open(os.path.join(calendar, name), "rb") as handle:
                    with_zone += b"BEGIN:VTIMEZONE" in handle.read()
        # The offset batch is all UTC; in the floating one every event whose place gives a zone
        # (airport, country) carries it: not the trains (stations by name only) and not the
        # times written in UTC because they fall in a DST gap or fold. The same count every run.
        if kind == "offset":
            require(with_zone == 0, "offset scan: %d events carry a VTIMEZONE" % with_zone)
        else:
            require(with_zone > marked // 2 and zoned.setdefault("events", with_zone) == with_zone,
                    "floating scan: %d of %d events carry a VTIMEZONE" % (with_zone, marked))
        samples[kind].append({"seconds": seconds, "cpuSeconds": last_cpu[0], "userSeconds": last_cpu[1], "rssKiB": rss})

    scan("offset", files)      # untimed warm-up of both (page cache), checked like the rest
    scan("floating", copies)
    samples = {"offset": [], "floating": []}
    for _ in range(runs):
        scan("offset", files)
        scan("floating", copies)
    medians = {kind: statistics.median(s["cpuSeconds"] for s in runs_) for kind, runs_ in samples.items()}
    user = {kind: statistics.median(s["userSeconds"] for s in runs_) for kind, runs_ in samples.items()}
    shutil.rmtree(floating_dir, ignore_errors=True)
    shutil.rmtree(calendars, ignore_errors=True)
    if tmpfs:
        shutil.rmtree(calendar_parent, ignore_errors=True)
    return {"tmpfs": tmpfs, "messages": len(files), "withMarkup": marked, "zonedEvents": zoned["events"], "offsetsStripped": stripped, "runs": runs,
            "samples": samples, "medianCPU": medians, "ratio": medians["floating"] / medians["offset"],
            "medianUser": user, "userRatio": user["floating"] / user["offset"]}


def row(result):
    """The pipeline table's line for the result of `measure()`: the floating batch against the
    same batch as generated; the ratio is of CPU seconds (user+sys), floating / offset."""
    def cell(kind):
        runs = result["samples"][kind]
        wall = statistics.median(s["seconds"] for s in runs)
        cpu = [s["cpuSeconds"] for s in runs]
        return "%.0f (CPU %.2f s, %.2f-%.2f)" % (result["messages"] / wall, statistics.median(cpu), min(cpu), max(cpu))
    return ("| zones: scan --jobs 1, %d files (%d with markup), every time's +00:00 stripped (%d) and re-signed, %d events "
            "zoned from airport or country, with VTIMEZONE; calendar %s; medians of %d, alternating | %s "
            "| the same files as generated (explicit offsets) | %s | CPU × %.3f (goal ≤ 1.05), user CPU × %.3f | |"
            % (result["messages"], result["withMarkup"], result["offsetsStripped"], result["zonedEvents"],
               "on tmpfs" if result.get("tmpfs") else "on disk", result["runs"], cell("floating"),
               cell("offset"), result["ratio"], result["userRatio"]))


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(bench.REPO, ".build", "release", "eventsuggest"))
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workdir", default=os.path.abspath(os.environ.get("BENCH_DIR") or "/tmp/eventsuggest-bench"))
    parser.add_argument("--corpus", help="a folder generate_corpus.py wrote (default: bench.py's, made or reused)")
    parser.add_argument("--tmpfs", action="store_true", help="write the calendar under /dev/shm instead of --workdir")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    os.makedirs(options.workdir, exist_ok=True)
    if options.corpus:
        folder = os.path.abspath(options.corpus)
        with open(os.path.join(folder, "manifest.json")) as handle:
            manifest = json.load(handle)
        files = sorted(os.path.join(folder, "Maildir", sub, name) for sub in ("cur", "new")
                       for name in os.listdir(os.path.join(folder, "Maildir", sub)))
    else:
        folder, manifest, files = bench.corpus(options.workdir, binary, bench.env_int("BENCH_MESSAGES", options.messages))
    files = files[:options.messages]
    markup = {os.path.join(folder, name) for name in manifest["markupFiles"]}
    result = measure(binary, folder, files, markup, options.workdir, max(3, options.runs), bench.NOW, bench.timed,
                     bench.LAST_CPU, bench.summary_count, tmpfs=options.tmpfs)
    print(row(result))


if __name__ == "__main__":
    main()
