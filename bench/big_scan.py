#!/usr/bin/python3
"""Peak RSS of `scan` on a mailbox of ~1,000,000 messages (issue 21: flat in the number of
messages, <= 64 MB).

The mbox is the corpus mbox streamed `copies` times (ceil(messages / corpus messages)) into
a fresh folder in WORKDIR (no 10x copy of the 2 GB mbox is made first), scanned as a file, and
deleted after; when the disk has no room for it (plus 5 GB) the row is skipped with a note.
(Standard input is not used, so the row measures the same file reader as the 2 GB row;
`cat corpus.mbox | scan -` counts all 2,000 messages at 43ad132 and after: the "one message"
reported in round 3 does not reproduce.) The calendar is a fresh folder, removed after.

    /usr/bin/python3 bench/big_scan.py --binary .build/release/eventsuggest --mbox CORPUS.mbox \
        --corpus-messages 10000 --keys KEYS --registered REGISTERED --now 2025-06-01T00:00:00Z \
        [--messages 1000000] [--jobs 2] [--workdir DIR]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

GNU_TIME = "/usr/bin/time"


def summary_count(summary, label):
    for line in summary.splitlines():
        if line.strip().startswith(label):
            return int(line.split()[-1])
    return -1


def stream(source, copies, out):
    with open(source, "rb") as handle:
        for _ in range(copies):
            handle.seek(0)
            shutil.copyfileobj(handle, out, 8 << 20)


def measure(binary, mbox, corpus_messages, keys, registered, now, jobs, workdir, notes, messages=1_000_000):
    copies = -(-messages // corpus_messages)
    size = os.path.getsize(mbox) * copies
    workdir = workdir or tempfile.gettempdir()
    free = shutil.disk_usage(workdir).free
    if free < size + 5 * 1024 ** 3:
        notes.append("%d-message scan skipped: %.1f GB mbox, %.1f GB free in %s"
                     % (copies * corpus_messages, size / 1e9, free / 1e9, workdir))
        return None
    # A folder of its own: two runs in one BENCH_DIR never delete each other's files.
    scratch = tempfile.mkdtemp(prefix="big-scan-", dir=workdir)
    big = os.path.join(scratch, "million.mbox")
    calendar = os.path.join(scratch, "calendar")
    rss_file = os.path.join(scratch, "rss.txt")
    out_path = os.path.join(scratch, "summary.txt")
    try:
        print("writing a %.1f GB mbox (%d copies of the corpus mbox)" % (size / 1e9, copies), file=sys.stderr)
        with open(big, "wb") as out:
            stream(mbox, copies, out)
        argv = [GNU_TIME, "-f", "%M %U %S", "-o", rss_file, binary, "scan", "--calendar", calendar, "--keys", keys,
                "--registered", registered, "--now", now, "--jobs", str(jobs), big]
        start = time.perf_counter()
        with open(out_path, "wb") as out:
            status = subprocess.call(argv, stdin=subprocess.DEVNULL, stdout=out)
        seconds = time.perf_counter() - start
        with open(rss_file) as handle:
            rss, user, system = handle.read().split()[-3:]
        with open(out_path) as handle:
            summary = handle.read()
        n = copies * corpus_messages
        if status != 0 or summary_count(summary, "messages") != n:
            sys.exit("%d-message scan: exit %d, want %d messages:\n%s" % (n, status, n, summary))
        return {"bytes": size, "messages": n, "copies": copies, "seconds": seconds, "rssKiB": int(rss),
                "cpuSeconds": float(user) + float(system)}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--mbox", required=True)
    parser.add_argument("--corpus-messages", type=int, required=True)
    parser.add_argument("--keys", required=True)
    parser.add_argument("--registered", required=True)
    parser.add_argument("--now", required=True)
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--workdir")
    o = parser.parse_args()
    notes = []
    result = measure(os.path.abspath(o.binary), o.mbox, o.corpus_messages, o.keys, o.registered, o.now, o.jobs,
                     o.workdir, notes, o.messages)
    for note in notes:
        print("note: " + note)
    if not result:
        return
    print("%d messages (%.2f GB, %d copies): %.0f s, %.0f msg/s, peak RSS %.1f MB, CPU %.0f s"
          % (result["messages"], result["bytes"] / 1e9, result["copies"],
             result["seconds"], result["messages"] / result["seconds"], result["rssKiB"] / 1024, result["cpuSeconds"]))


if __name__ == "__main__":
    main()
