#!/usr/bin/python3
"""`filter` with N events already in the calendar (issue 21): one process per message, the
same message each time (its event is written by the first run, then found unchanged), in a
calendar folder filled with N event files. Before issue 21 every write listed the whole
folder (the stale-temp-file sweep): 20 ms at 10,000 events, 62 ms at 100,000.

    /usr/bin/python3 bench/filter_calendar.py --binary .build/release/eventsuggest \
        --message MSG --keys KEYS --registered REGISTERED --now 2027-01-15T00:00:00Z \
        --events 0,10000,100000 --runs 20 [--json OUT]

Prints one line per calendar size: the median wall time per filter process (ms), the spread
(min-max), and the median CPU (user+sys) of the filter process. The sizes are measured
alternately, round by round, so load from other work on the machine falls on all alike.
The calendars are made in a temporary folder and removed after.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

EVENT = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//eventsuggest bench//EN\r\nBEGIN:VEVENT\r\n"
         "UID:%s@bench.example\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270310T180000Z\r\n"
         "DTEND:20270310T200000Z\r\nSUMMARY:Bench filler %d\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def fill(folder, count):
    """A calendar folder with `count` event files named like the store's (32 hex digits)."""
    os.makedirs(folder)
    for index in range(count):
        name = "%032x" % (0xB0000000000000000000000000000000 + index)
        with open(os.path.join(folder, name + ".ics"), "w", newline="") as handle:
            handle.write(EVENT % (name, index))


def one_filter(argv, message):
    """Wall seconds and child CPU seconds of one filter process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(message, "rb") as stdin:
        status = subprocess.call(argv, stdin=stdin, stdout=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if status != 0:
        sys.exit("filter exited %d: %s" % (status, " ".join(argv)))
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(binary, message, keys, registered, now, sizes, runs, workdir=None):
    root = tempfile.mkdtemp(prefix="filter-calendar-", dir=workdir)
    try:
        calendars = {}
        for size in sizes:
            calendars[size] = os.path.join(root, "calendar-%d" % size)
            fill(calendars[size], size)
        argv = lambda size: [binary, "filter", "--calendar", calendars[size], "--keys", keys,
                             "--registered", registered, "--now", now]
        for size in sizes:   # the first write of the event, untimed
            one_filter(argv(size), message)
            events = len([n for n in os.listdir(calendars[size]) if n.endswith(".ics")])
            if events != size + 1:
                sys.exit("filter wrote no event into the calendar of %d (%d files)" % (size, events))
        samples = {size: [] for size in sizes}
        for _ in range(runs):
            for size in sizes:
                samples[size].append(one_filter(argv(size), message))
        return [{"events": size, "runs": runs,
                 "medianMs": statistics.median(s for s, _ in samples[size]) * 1000,
                 "minMs": min(s for s, _ in samples[size]) * 1000,
                 "maxMs": max(s for s, _ in samples[size]) * 1000,
                 "cpuMs": statistics.median(c for _, c in samples[size]) * 1000} for size in sizes]
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--message", required=True)
    parser.add_argument("--keys", required=True)
    parser.add_argument("--registered", required=True)
    parser.add_argument("--now", required=True)
    parser.add_argument("--events", default="0,10000,100000")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--workdir")
    parser.add_argument("--json")
    o = parser.parse_args()
    rows = measure(os.path.abspath(o.binary), o.message, o.keys, o.registered, o.now,
                   [int(n) for n in o.events.split(",")], o.runs, o.workdir)
    for row in rows:
        print("%7d events: %.1f ms median (%.1f-%.1f), CPU %.1f ms, %d runs"
              % (row["events"], row["medianMs"], row["minMs"], row["maxMs"], row["cpuMs"], row["runs"]))
    if o.json:
        with open(o.json, "w") as handle:
            json.dump(rows, handle, indent=1)


if __name__ == "__main__":
    main()
