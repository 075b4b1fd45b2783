#!/usr/bin/python3
"""`scan --jobs 1` CPU per message, two builds side by side (issue 21).

    /usr/bin/python3 bench/scan_cpu.py --binary NEW --compare OLD --corpus CORPUS_DIR [--runs 5] [--tmpfs]

Each run scans the corpus's whole Maildir into a fresh calendar folder (removed after), one
job, with the corpus's keys and registered domains and bench.py's fixed --now; the two builds
alternate run by run, and CPU (user+sys, the children's rusage) is the number compared: on a
machine others load, compare the ratio of the medians, not one absolute number with another.
Both builds must exit 0 and write the same number of events in every run.

User and system CPU are printed apart as well. On disk, system CPU is mostly the kernel
creating each event's inode and fsyncing it, and on this VM's ext4 (no journal) it grows with
the inodes the earlier runs deleted (the allocator skips recently deleted ones: `perf` put
38 % of a scan's samples in ext4's find_inode_bit/recently_deleted), so it moves by ±30 %
from run to run whatever the build. `--tmpfs` writes the calendar under /dev/shm: the code's
own cost, with the same system calls.
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

NOW = "2025-06-01T00:00:00Z"   # bench.py's


def scan_once(binary, corpus, tmpfs):
    calendar = tempfile.mkdtemp(prefix="eventsuggest-scan-cpu-", dir="/dev/shm" if tmpfs else None)
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        process = subprocess.run([binary, "scan", "--calendar", calendar, "--keys", os.path.join(corpus, "keys.txt"),
                                  "--registered", os.path.join(corpus, "registered.txt"), "--now", NOW, "--jobs", "1",
                                  os.path.join(corpus, "Maildir")], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if process.returncode != 0:
            sys.exit("%s scan failed (%d): %s" % (binary, process.returncode, process.stderr.decode(errors="replace")[-2000:]))
        user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
        return (user + system, user, system), len(os.listdir(calendar))
    finally:
        shutil.rmtree(calendar)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--compare", required=True, help="the build to compare with, run in the same rounds")
    parser.add_argument("--corpus", required=True, help="a bench corpus folder (bench/generate_corpus.py)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tmpfs", action="store_true", help="write the calendars under /dev/shm instead of the temporary folder")
    options = parser.parse_args()
    maildir = os.path.join(options.corpus, "Maildir")
    messages = sum(len(os.listdir(os.path.join(maildir, sub))) for sub in ("cur", "new") if os.path.isdir(os.path.join(maildir, sub)))
    builds = [("this build", options.binary), ("compared", options.compare)]
    samples = {name: [] for name, _ in builds}
    events = {}
    for round_index in range(options.runs):
        # Each build goes first every other round: the one that runs first may pay for the other's caches.
        for name, binary in (builds if round_index % 2 == 0 else builds[::-1]):
            cpu, written = scan_once(binary, options.corpus, options.tmpfs)
            if events.setdefault(name, written) != written:
                sys.exit("%s wrote %d events, earlier %d" % (name, written, events[name]))
            samples[name].append(cpu)
    def median(name, part):
        return statistics.median(sample[part] for sample in samples[name])

    print("| scan --jobs 1, %d messages, fresh calendar %s | CPU s, median of %d | ms per message | user s | system s | runs (CPU s) |"
          % (messages, "on tmpfs" if options.tmpfs else "on disk", options.runs))
    print("|---|---:|---:|---:|---:|---|")
    for name, _ in builds:
        print("| %s | %.3f | %.3f | %.3f | %.3f | %s |" % (
            name, median(name, 0), 1000 * median(name, 0) / messages, median(name, 1), median(name, 2),
            " ".join("%.3f" % sample[0] for sample in samples[name])))
    ratios = [median("this build", part) / median("compared", part) for part in range(3)]
    print("\nThis build / compared: CPU %.3f (user %.3f, system %.3f). Events written: %s."
          % (*ratios, ", ".join("%s %d" % kv for kv in events.items())))


if __name__ == "__main__":
    main()
