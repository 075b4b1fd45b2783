#!/usr/bin/python3
"""`scan --jobs 1` CPU per message, two builds side by side (issue 21).

    /usr/bin/python3 bench/scan_cpu.py --binary NEW --compare OLD --corpus CORPUS_DIR [--runs 5]

Each run scans the corpus's whole Maildir into a fresh calendar folder (removed after), one
job, with the corpus's keys and registered domains and bench.py's fixed --now; the two builds
alternate run by run, and CPU (user+sys, the children's rusage) is the number compared: on a
machine others load, compare the ratio of the medians, not one absolute number with another.
Both builds must exit 0 and write the same number of events in every run.
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


def scan_once(binary, corpus):
    calendar = tempfile.mkdtemp(prefix="eventsuggest-scan-cpu-")
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        process = subprocess.run([binary, "scan", "--calendar", calendar, "--keys", os.path.join(corpus, "keys.txt"),
                                  "--registered", os.path.join(corpus, "registered.txt"), "--now", NOW, "--jobs", "1",
                                  os.path.join(corpus, "Maildir")], capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if process.returncode != 0:
            sys.exit("%s scan failed (%d): %s" % (binary, process.returncode, process.stderr.decode(errors="replace")[-2000:]))
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return cpu, len(os.listdir(calendar))
    finally:
        shutil.rmtree(calendar)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--compare", required=True, help="the build to compare with, run in the same rounds")
    parser.add_argument("--corpus", required=True, help="a bench corpus folder (bench/generate_corpus.py)")
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    maildir = os.path.join(options.corpus, "Maildir")
    messages = sum(len(os.listdir(os.path.join(maildir, sub))) for sub in ("cur", "new") if os.path.isdir(os.path.join(maildir, sub)))
    builds = [("this build", options.binary), ("compared", options.compare)]
    samples = {name: [] for name, _ in builds}
    events = {}
    for _ in range(options.runs):
        for name, binary in builds:
            cpu, written = scan_once(binary, options.corpus)
            if events.setdefault(name, written) != written:
                sys.exit("%s wrote %d events, earlier %d" % (name, written, events[name]))
            samples[name].append(cpu)
    print("| scan --jobs 1, %d messages, fresh calendar | CPU s, median of %d | ms per message | runs |" % (messages, options.runs))
    print("|---|---:|---:|---|")
    for name, _ in builds:
        median = statistics.median(samples[name])
        print("| %s | %.3f | %.3f | %s |" % (name, median, 1000 * median / messages, " ".join("%.3f" % s for s in samples[name])))
    ratio = statistics.median(samples["this build"]) / statistics.median(samples["compared"])
    print("\nThis build / compared: CPU %.3f. Events written: %s." % (ratio, ", ".join("%s %d" % kv for kv in events.items())))


if __name__ == "__main__":
    main()
