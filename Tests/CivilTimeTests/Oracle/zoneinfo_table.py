#!/usr/bin/python3
"""Expected zone behaviour from Python's zoneinfo (the independent oracle for ZoneRules).

Usage: zoneinfo_table.py ZONE1970_TAB FIRST_YEAR END_YEAR
For every zone named in zone1970.tab, finds each change of UTC offset in
[FIRST_YEAR-01-01, END_YEAR-01-01) UTC (a daily scan, then bisection to the second) and prints
tab-separated rows:
  T zone instant offset_before offset_after      a transition
  O zone instant offset                          the offset at an instant (1 s before and at each transition)
  W zone wall_seconds instant kind               a wall time (seconds since 1970 as if UTC) and the
                                                 instant zoneinfo gives it with fold=0; kind is
                                                 fold (occurs twice), gap (never occurs) or plain
A zone without transitions in the range gets an O and a plain W row at the range start.
"""
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

EPOCH = datetime(1970, 1, 1)


def offset(zone, instant):
    return int(datetime.fromtimestamp(instant, zone).utcoffset().total_seconds())


def wall_instant(zone, wall):
    return int((EPOCH + timedelta(seconds=wall)).replace(tzinfo=zone, fold=0).timestamp())


def main():
    tab, first, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    start = int(datetime(first, 1, 1, tzinfo=timezone.utc).timestamp())
    stop = int(datetime(end, 1, 1, tzinfo=timezone.utc).timestamp())
    names = []
    with open(tab, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or not line.strip():
                continue
            names.append(line.split("\t")[2].strip())
    out = []
    for name in names:
        zone = ZoneInfo(name)
        found = 0
        day = start
        current = offset(zone, day)
        while day < stop:
            following = min(day + 86400, stop)
            after = offset(zone, following)
            if after != current:
                low, high = day, following  # offset(low) == current, offset(high) != current
                while high - low > 1:
                    middle = (low + high) // 2
                    if offset(zone, middle) == current:
                        low = middle
                    else:
                        high = middle
                instant, before, now = high, current, offset(zone, high)
                if instant < stop:
                    found += 1
                    out.append(f"T\t{name}\t{instant}\t{before}\t{now}")
                    out.append(f"O\t{name}\t{instant - 1}\t{offset(zone, instant - 1)}")
                    out.append(f"O\t{name}\t{instant}\t{offset(zone, instant)}")
                    if now < before:  # clocks go back: [instant+now, instant+before) occurs twice
                        wall = instant + now + (before - now) // 2
                        out.append(f"W\t{name}\t{wall}\t{wall_instant(zone, wall)}\tfold")
                    else:  # clocks go forward: [instant+before, instant+now) never occurs
                        wall = instant + before + (now - before) // 2
                        out.append(f"W\t{name}\t{wall}\t{wall_instant(zone, wall)}\tgap")
                    plain = instant + now + 7 * 86400
                    out.append(f"W\t{name}\t{plain}\t{wall_instant(zone, plain)}\tplain")
                current = now
                day = high
                continue
            day = following
        if found == 0:
            out.append(f"O\t{name}\t{start}\t{offset(zone, start)}")
            wall = start + 12 * 3600
            out.append(f"W\t{name}\t{wall}\t{wall_instant(zone, wall)}\tplain")
    print("\n".join(out))


main()
