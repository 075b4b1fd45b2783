#!/usr/bin/python3
"""KItinerary's peer run for `eventsuggest scan` in `make bench`.

    /usr/bin/python3 bench/kitinerary_batch.py --list FILES.txt [--jobs N] [--context-date ISO]

kitinerary-extractor (Debian libkpimitinerary-bin) takes one input per process (given
several it extracts nothing), so the batch is one process per file, N at a time. Counts
the files in which it found at least one schema.org reservation and prints
"files N with-reservations R" last.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess

KITINERARY = "/usr/lib/x86_64-linux-gnu/libexec/kf5/kitinerary-extractor"
RESERVATION = re.compile(rb'"@type": "[A-Za-z]*Reservation"')


def extract(path, context_date):
    result = subprocess.run([KITINERARY, "--context-date", context_date, path],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return result.returncode == 0 and bool(RESERVATION.search(result.stdout))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--list", required=True)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--context-date", default="2025-06-01T00:00:00Z")
    options = parser.parse_args()
    with open(options.list) as handle:
        files = [line.rstrip("\n") for line in handle if line.strip()]
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        found = sum(pool.map(lambda path: extract(path, options.context_date), files))
    print("files %d with-reservations %d" % (len(files), found))


if __name__ == "__main__":
    main()
