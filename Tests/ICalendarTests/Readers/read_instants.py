#!/usr/bin/python3
"""Reads the DTSTART and DTEND of the first VEVENT of each .ics file as instants (seconds
since 1970 UTC) the way independent readers do, and prints one JSON line per file:
{"path", "zoneinfo", "icalendar", "icalendar_vtimezone", "libical"}, each {"dtstart", "dtend"}
or {"error"}.

- zoneinfo: the wall time and TZID read by hand, put on the time line with Python's zoneinfo
  (fold=0: the first of a repeated wall time; a skipped one with the offset before the gap,
  RFC 5545 §3.3.5); a UTC value as written. The expected answer, independent of the writer.
- icalendar: Python icalendar's own reading (it looks the TZID up in its tz database).
- icalendar_vtimezone: Python icalendar with the file's VTIMEZONE turned into a tzinfo
  (Timezone.to_tz), so the VTIMEZONE the writer built is what is checked.
- libical: libical (via GObject introspection) with the file's VTIMEZONE.

Used by Tests/ICalendarTests (ZonedReaderTests).
"""
import datetime
import json
import sys
from zoneinfo import ZoneInfo

import icalendar
import gi

gi.require_version("ICalGLib", "3.0")
from gi.repository import ICalGLib  # noqa: E402

UTC = datetime.timezone.utc


def unfolded(text):
    return text.replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")


def by_hand(text):
    result = {}
    in_event = False
    for line in unfolded(text):
        if line == "BEGIN:VEVENT":
            in_event = True
        elif line == "END:VEVENT":
            break
        elif in_event and (line.startswith("DTSTART") or line.startswith("DTEND")):
            head, value = line.split(":", 1)
            parts = head.split(";")
            params = dict(p.split("=", 1) for p in parts[1:])
            wall = datetime.datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
            if value.endswith("Z"):
                moment = wall.replace(tzinfo=UTC)
            elif "TZID" in params:
                moment = wall.replace(tzinfo=ZoneInfo(params["TZID"]), fold=0)
            else:
                return {"error": "floating " + line}
            result[parts[0].lower()] = int(moment.timestamp())
    return result


def with_icalendar(data, own_zones):
    try:
        calendar = icalendar.Calendar.from_ical(data)
        zones = {}
        if own_zones:
            for component in calendar.walk("VTIMEZONE"):
                zones[str(component["TZID"])] = component.to_tz()
        event = calendar.walk("VEVENT")[0]
        result = {}
        for name in ("DTSTART", "DTEND"):
            prop = event.get(name)
            if prop is None:
                continue
            value = prop.dt
            tzid = prop.params.get("TZID")
            if own_zones and tzid is not None:
                value = zones[tzid].localize(value.replace(tzinfo=None))
            if value.tzinfo is None:
                return {"error": "floating " + name}
            result[name.lower()] = int(value.timestamp())
        return result
    except Exception as error:  # any failure to read is the finding
        return {"error": "%s: %s" % (type(error).__name__, error)}


def with_libical(data):
    calendar = ICalGLib.Component.new_from_string(data.decode("utf-8"))
    if calendar is None:
        return {"error": "libical returned no component"}
    event = calendar.get_first_component(ICalGLib.ComponentKind.VEVENT_COMPONENT)
    result = {}
    for name, kind in (("dtstart", ICalGLib.PropertyKind.DTSTART_PROPERTY), ("dtend", ICalGLib.PropertyKind.DTEND_PROPERTY)):
        prop = event.get_first_property(kind)
        if prop is None:
            continue
        value = prop.get_dtstart() if name == "dtstart" else prop.get_dtend()
        parameter = prop.get_first_parameter(ICalGLib.ParameterKind.TZID_PARAMETER)
        if value.is_utc():
            zone = ICalGLib.Timezone.get_utc_timezone()
        elif parameter is not None:
            zone = calendar.get_timezone(parameter.get_tzid())
            if zone is None:
                return {"error": "no VTIMEZONE for " + parameter.get_tzid()}
        else:
            return {"error": "floating " + name}
        result[name] = value.as_timet_with_zone(zone)
    return result


def main(paths):
    for path in paths:
        with open(path, "rb") as handle:
            data = handle.read()
        print(json.dumps({
            "path": path,
            "zoneinfo": by_hand(data.decode("utf-8")),
            "icalendar": with_icalendar(data, own_zones=False),
            "icalendar_vtimezone": with_icalendar(data, own_zones=True),
            "libical": with_libical(data),
        }))


if __name__ == "__main__":
    main(sys.argv[1:])
