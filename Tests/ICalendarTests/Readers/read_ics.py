#!/usr/bin/python3
"""Reads .ics files with two independent implementations and prints, per file, one JSON
line: {"path", "icalendar": {...}, "libical": {...}}. Each reader's view has the VEVENT
count, the reader's own error list, and UID, SUMMARY, DTSTART, DTEND (as iCalendar value
text: "20270310" for a date, "20270310T190000Z" for UTC, "20270310T190000" floating),
STATUS, SEQUENCE, LOCATION, DESCRIPTION, URL of the first VEVENT.

Used by Tests/ICalendarTests (RealReaderTests): agreement with these readers is worth more
than agreement with our own ICSReader.
"""
import datetime
import json
import sys

import icalendar
import gi

gi.require_version("ICalGLib", "3.0")
from gi.repository import ICalGLib  # noqa: E402


def value_text(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            utc = value.astimezone(datetime.timezone.utc)
            return utc.strftime("%Y%m%dT%H%M%SZ")
        return value.strftime("%Y%m%dT%H%M%S")
    if isinstance(value, datetime.date):
        return value.strftime("%Y%m%d")
    return None


def with_icalendar(data):
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except Exception as error:  # any failure to read is the finding
        return {"error": "%s: %s" % (type(error).__name__, error)}
    events = calendar.walk("VEVENT")
    view = {"vevents": len(events), "errors": [str(e) for c in calendar.walk() for e in c.errors]}
    if not events:
        return view
    event = events[0]

    def text(name):
        return str(event[name]) if name in event else None

    def when(name):
        if name not in event or event[name] is None:
            return None
        return value_text(event[name].dt)

    try:
        sequence = int(event["SEQUENCE"]) if event.get("SEQUENCE") is not None else None
    except (TypeError, ValueError):
        sequence = None
    view.update({
        "uid": text("UID"),
        "summary": text("SUMMARY"),
        "dtstart": when("DTSTART"),
        "dtend": when("DTEND"),
        "status": text("STATUS"),
        "sequence": sequence,
        "location": text("LOCATION"),
        "description": text("DESCRIPTION"),
        "url": text("URL"),
    })
    return view


def time_text(value):
    if value is None or value.is_null_time():
        return None
    return value.as_ical_string()


def with_libical(data):
    text = data.decode("utf-8")
    component = ICalGLib.Component.new_from_string(text)
    if component is None:
        return {"error": "libical returned no component"}
    if component.isa() != ICalGLib.ComponentKind.VCALENDAR_COMPONENT:
        return {"error": "libical read a %s, not a VCALENDAR" % component.isa().value_nick}
    errors = []
    # X-LIC-ERROR properties are how libical reports what it could not parse.
    stack = [component]
    while stack:
        current = stack.pop()
        prop = current.get_first_property(ICalGLib.PropertyKind.XLICERROR_PROPERTY)
        while prop is not None:
            errors.append(prop.get_xlicerror())
            prop = current.get_next_property(ICalGLib.PropertyKind.XLICERROR_PROPERTY)
        child = current.get_first_component(ICalGLib.ComponentKind.ANY_COMPONENT)
        while child is not None:
            stack.append(child)
            child = current.get_next_component(ICalGLib.ComponentKind.ANY_COMPONENT)
    count = component.count_components(ICalGLib.ComponentKind.VEVENT_COMPONENT)
    view = {"vevents": count, "errors": errors}
    event = component.get_first_component(ICalGLib.ComponentKind.VEVENT_COMPONENT)
    if event is None:
        return view

    def prop_text(kind):
        prop = event.get_first_property(kind)
        return prop.get_value_as_string() if prop is not None else None

    status = event.get_first_property(ICalGLib.PropertyKind.STATUS_PROPERTY)
    sequence = event.get_first_property(ICalGLib.PropertyKind.SEQUENCE_PROPERTY)
    location = event.get_first_property(ICalGLib.PropertyKind.LOCATION_PROPERTY)
    description = event.get_first_property(ICalGLib.PropertyKind.DESCRIPTION_PROPERTY)
    url = event.get_first_property(ICalGLib.PropertyKind.URL_PROPERTY)
    dtend = event.get_first_property(ICalGLib.PropertyKind.DTEND_PROPERTY)
    view.update({
        "uid": event.get_uid(),
        "summary": event.get_summary(),
        "dtstart": time_text(event.get_dtstart()),
        "dtend": time_text(dtend.get_dtend()) if dtend is not None else None,
        "status": ICalGLib.Property.status_to_string(status.get_status()) if status is not None else None,
        "sequence": sequence.get_sequence() if sequence is not None else None,
        "location": location.get_location() if location is not None else None,
        "description": description.get_description() if description is not None else None,
        "url": url.get_url() if url is not None else None,
    })
    return view


def main(paths):
    for path in paths:
        with open(path, "rb") as handle:
            data = handle.read()
        print(json.dumps({"path": path, "icalendar": with_icalendar(data), "libical": with_libical(data)},
                         ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
