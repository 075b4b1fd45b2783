#!/usr/bin/env python3
"""Rebuilds the sample mailbox: Maildir-samples/{cur,new,tmp}, keys, registered-domains, samples.mbox.

    python3 Maildir-samples/make-samples.py            # rebuild (uses .build/debug/eventsuggest to sign)
    python3 Maildir-samples/make-samples.py --check    # rebuild, scan, compare with EXPECTED below

Deterministic: fixed Message-IDs, Dates, boundaries, file names and signing times (t= is the
message Date), and RSA PKCS#1 v1.5 and Ed25519 signatures are deterministic, so a rebuild with
unchanged keys gives the same bytes. To change a sample, edit its function below and rerun.

Needs only the Python standard library and the eventsuggest binary (`sign`, `sign
--print-record`, and `scan` for --check). The private keys in signing-keys/ are kept; a key
that is missing (a new sender domain) is made with `openssl genpkey` — TEST-ONLY keys.
README.md, this script and signing-keys/ are left alone; everything else is rewritten.
"""

import argparse
import base64
import datetime as dt
import email.utils
import json
import os
import pathlib
import quopri
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
NOW = "2027-01-15T00:00:00Z"  # the demo's --now: everything is upcoming but the expired sample

# The sender domains: (selector, key file, key type for a new key). All under .example.
SENDERS = {
    "epicsteak.example": ("2020", "rsa"),
    "united.example": ("mail", "ed25519"),
    "hoteldulac.example": ("booking", "rsa"),
    "bellavista.example": ("mail2027", "rsa"),
    "nordbahn.example": ("nb1", "rsa"),
    "alpenbus.example": ("ed2027", "ed25519"),
    "lakeline.example": ("default", "rsa"),
    "philharmonie.example": ("tickets", "rsa"),
    "alpinecars.example": ("k1", "ed25519"),
    "tablebooker.example": ("dkim", "rsa"),  # signs correctly but is NOT registered
}
REGISTERED = [d for d in SENDERS if d != "tablebooker.example"]

TEST_ONLY = ("# TEST-ONLY KEY for eventsuggest's Maildir-samples. It is public in the repository:\n"
             "# never use it to sign real mail. Its public half is in ../keys.\n")


# ----------------------------------------------------------------------------- MIME helpers

def tz(hours, minutes=0):
    return dt.timezone(dt.timedelta(hours=hours, minutes=minutes))


def rfc5322_date(when):
    return email.utils.format_datetime(when)


def encoded_word(text):
    """RFC 2047 Q-encoding of a header text when it is not ASCII: words of at most 75
    characters, folded, never splitting a character; only phrase-safe characters literal."""
    try:
        text.encode("ascii")
        return text
    except UnicodeEncodeError:
        pass
    words, current = [], ""
    for char in text:
        if char == " ":
            piece = "_"
        elif char.isascii() and (char.isalnum() or char in "!*+-/"):
            piece = char
        else:
            piece = "".join("=%02X" % b for b in char.encode("utf-8"))
        if len("=?UTF-8?Q?" + current + piece + "?=") > 75:
            words.append(current)
            current = ""
        current += piece
    words.append(current)
    return "\n ".join("=?UTF-8?Q?" + w + "?=" for w in words)


def address(name, addr):
    if name is None:
        return addr
    try:
        name.encode("ascii")
        if any(c in name for c in '(),:;<>@[]".'):
            return '"%s" <%s>' % (name.replace('"', '\\"'), addr)
        return "%s <%s>" % (name, addr)
    except UnicodeEncodeError:
        return "%s <%s>" % (encoded_word(name), addr)


def qp(text, charset="utf-8"):
    data = text.encode(charset)
    return quopri.encodestring(data).decode("ascii")


def b64(text, charset="utf-8"):
    return base64.encodebytes(text.encode(charset)).decode("ascii")


def leaf(ctype, body, cte, extra=()):
    """A leaf part: its header lines and its (already encoded) body."""
    lines = ["Content-Type: " + ctype, "Content-Transfer-Encoding: " + cte, *extra]
    return "\n".join(lines) + "\n\n" + body.rstrip("\n") + "\n"


def text_part(text, charset="utf-8", cte="quoted-printable"):
    body = qp(text, charset) if cte == "quoted-printable" else b64(text, charset) if cte == "base64" else text
    return leaf("text/plain; charset=%s" % charset, body, cte)


def html_part(html, charset="utf-8", cte="quoted-printable", declare_charset=True):
    body = qp(html, charset) if cte == "quoted-printable" else b64(html, charset) if cte == "base64" else html
    ctype = "text/html; charset=%s" % charset if declare_charset else "text/html"
    return leaf(ctype, body, cte)


def multipart(subtype, boundary, parts, preamble=None):
    out = "Content-Type: multipart/%s; boundary=\"%s\"\n\n" % (subtype, boundary)
    if preamble:
        out += preamble + "\n"
    for part in parts:
        out += "--%s\n%s" % (boundary, part)
    out += "--%s--\n" % boundary
    return out


def message(*, sender, to, subject, date, message_id, body, extra_headers=()):
    """A whole message; `body` is a part (its own Content-Type lines first)."""
    headers = [
        "From: " + sender,
        "To: " + to,
        "Subject: " + encoded_word(subject),
        "Date: " + rfc5322_date(date),
        "Message-ID: <%s>" % message_id,
        *extra_headers,
        "MIME-Version: 1.0",
    ]
    return "\n".join(headers) + "\n" + body


def jsonld(obj):
    return '<script type="application/ld+json">\n' + json.dumps(obj, indent=2, ensure_ascii=False) + "\n</script>"


def page(*, title, brand, color, lead, rows, paragraphs=(), markup="", head_markup="", lang="en", charset="utf-8",
         footer=None):
    """A confirmation e-mail as senders write them: a table layout, inline styles."""
    row_html = "\n".join(
        '        <tr><td style="padding:4px 12px 4px 0;color:#666">%s</td><td style="padding:4px 0"><b>%s</b></td></tr>'
        % (k, v) for k, v in rows)
    para_html = "\n".join('      <p style="margin:12px 0">%s</p>' % p for p in paragraphs)
    footer = footer or "%s · This is an automated message; please do not reply." % brand
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="{charset}">
<meta name="viewport" content="width=device-width">
<title>{title}</title>
{head_markup}</head>
<body style="margin:0;background:#f3f3f3;font-family:Helvetica,Arial,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
  <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#fff">
    <tr><td style="background:{color};color:#fff;padding:18px 24px;font-size:20px">{brand}</td></tr>
    <tr><td style="padding:24px">
      <p style="margin:0 0 12px;font-size:17px">{lead}</p>
{markup}
      <table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0">
{row_html}
      </table>
{para_html}
    </td></tr>
    <tr><td style="padding:12px 24px;font-size:12px;color:#888">{footer}</td></tr>
  </table>
</td></tr></table>
</body>
</html>
"""


def plain(lead, rows, paragraphs=(), footer=""):
    width = max(len(k) for k, _ in rows) + 2 if rows else 0
    lines = [lead, ""] + ["  %s%s" % ((k + ":").ljust(width), v) for k, v in rows] + [""]
    for p in paragraphs:
        lines += [p, ""]
    if footer:
        lines += ["-- ", footer]
    return "\n".join(lines).rstrip("\n") + "\n"


def human(when, lang="en"):
    """'Saturday, 13 February 2027, 19:00' (the visible text; the markup carries the ISO form)."""
    if lang == "fr":
        days = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]
        months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
                  "octobre", "novembre", "décembre"]
        return "%s %d %s %d, %s" % (days[when.weekday()], when.day, months[when.month - 1], when.year,
                                    when.strftime("%Hh%M"))
    return when.strftime("%A, %-d %B %Y, %H:%M")


def md(folder, date, n):
    """A Maildir file name: delivery time (the Date), a unique part, and the seen flag in cur/."""
    name = "%d.M%dP100.samples" % (date.timestamp(), n)
    return folder + "/" + name + (":2,S" if folder == "cur" else "")


def iso(when):
    return when.isoformat()


def schema(name):
    return "https://schema.org/" + name


# ----------------------------------------------------------------------------- the samples
# Each returns dict(path, text, signer, charset, expected, [tamper]). `expected` is what a scan
# with --registered registered-domains --now 2027-01-15T00:00:00Z must report for it:
# policy code, event (action, code) pairs, diagnostics codes that must be present.

SAMPLES = []


def sample(fn):
    SAMPLES.append(fn)
    return fn


# --- EPIC Steak: Apple's WWDC 2020 sample, its two missing commas kept; then cancelled by id + status.

WWDC_JSON = """{
  "@context": "http://schema.org",
  "@type": "FoodEstablishmentReservation",
  "reservationStatus": "http://schema.org/ReservationConfirmed",
  "reservationId": "IWDSCA",
  "partySize": "2",
  "reservationFor": {
    "@type": "FoodEstablishment",
    "name": "EPIC Steak",
    "startDate": "2027-06-26T19:30:00-07:00",
    "telephone": "(415)369-9955"
    "address": {
      "@type": "http://schema.org/PostalAddress",
      "streetAddress": "369 The Embarcadero",
      "addressLocality": "San Francisco"
      "addressRegion": "CA",
      "postalCode": "95105",
      "addressCountry": "USA"
    }
  }
}"""


@sample
def wwdc_confirmation():
    date = dt.datetime(2027, 1, 4, 10, 0, tzinfo=tz(-8))
    start = dt.datetime(2027, 6, 26, 19, 30, tzinfo=tz(-7))
    rows = [("Date", human(start)), ("Guests", "2"), ("Confirmation", "IWDSCA"),
            ("Address", "369 The Embarcadero, San Francisco, CA"), ("Phone", "(415) 369-9955")]
    lead = "Your table at EPIC Steak is confirmed."
    paras = ["We look forward to seeing you! To change or cancel, call us or reply to this e-mail."]
    html = page(title="Your reservation at EPIC Steak", brand="EPIC Steak", color="#7a1f1f", lead=lead, rows=rows,
                paragraphs=paras, head_markup='<script type="application/ld+json">\n' + WWDC_JSON + "\n</script>\n")
    body = multipart("alternative", "=_epic_1", [text_part(plain(lead, rows, paras)), html_part(html)])
    return dict(
        path="cur/1593190800.M1P100.samples:2,S", signer="epicsteak.example", date=date,
        text=message(sender=address("EPIC Steak", "reservations@epicsteak.example"),
                     to=address("John Appleseed", "john@example.org"),
                     subject="Your table at EPIC Steak — Saturday, June 26", date=date,
                     message_id="res-IWDSCA-1@epicsteak.example", body=body),
        expected=dict(policy="trusted", events=[("created", None)], diagnostics=["json-recovered"]))


@sample
def wwdc_cancellation():
    date = dt.datetime(2027, 1, 11, 8, 0, tzinfo=tz(-8))
    markup = {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
              "reservationId": "IWDSCA", "reservationStatus": "http://schema.org/ReservationCancelled"}
    lead = "Your reservation IWDSCA has been cancelled."
    paras = ["We are sorry to see you go. We hope to welcome you another time."]
    html = page(title="Reservation cancelled", brand="EPIC Steak", color="#7a1f1f", lead=lead,
                rows=[("Confirmation", "IWDSCA")], paragraphs=paras, head_markup=jsonld(markup) + "\n")
    body = multipart("alternative", "=_epic_2",
                     [text_part(plain(lead, [("Confirmation", "IWDSCA")], paras), cte="7bit"), html_part(html)])
    return dict(
        path="new/1714000100.M4P100.samples", signer="epicsteak.example", date=date,
        text=message(sender=address("EPIC Steak", "reservations@epicsteak.example"),
                     to=address("John Appleseed", "john@example.org"),
                     subject="Your reservation IWDSCA has been cancelled", date=date,
                     message_id="res-IWDSCA-2@epicsteak.example", body=body),
        expected=dict(policy="trusted", events=[("cancelled", None)], diagnostics=[]))


# --- Trattoria Bellavista: confirmation, then a modification (later Date and modifiedTime); a pending request.

def bellavista(number, start, status, party, modified=None):
    obj = {
        "@context": "https://schema.org",
        "@type": "FoodEstablishmentReservation",
        "reservationNumber": number,
        "reservationStatus": schema(status),
        "underName": {"@type": "Person", "name": "Marc Dubois", "email": "marc@example.org"},
        "partySize": party,
        "startTime": iso(start),
        "url": "https://bellavista.example/r/" + number,
        "reservationFor": {
            "@type": "Restaurant",
            "name": "Trattoria Bellavista",
            "telephone": "+41 44 555 01 23",
            "address": {"@type": "PostalAddress", "streetAddress": "Limmatquai 42", "addressLocality": "Zürich",
                        "postalCode": "8001", "addressCountry": "CH"},
        },
    }
    if modified:
        obj["modifiedTime"] = iso(modified)
    return obj


def bellavista_mail(*, path, date, message_id, subject, lead, number, start, status, party, paras, modified=None,
                    expected):
    rows = [("When", human(start)), ("Guests", str(party)), ("Booking", number),
            ("Where", "Trattoria Bellavista, Limmatquai 42, 8001 Zürich")]
    html = page(title=subject, brand="Trattoria Bellavista", color="#2e6b3a", lead=lead, rows=rows, paragraphs=paras,
                markup=jsonld(bellavista(number, start, status, party, modified)))
    body = multipart("alternative", "bv-" + number + "-" + str(date.day),
                     [text_part(plain(lead, rows, paras, "Trattoria Bellavista · +41 44 555 01 23")), html_part(html)])
    return dict(path=path, signer="bellavista.example", date=date,
                text=message(sender=address("Trattoria Bellavista", "tavoli@bellavista.example"),
                             to=address("Marc Dubois", "marc@example.org"), subject=subject, date=date,
                             message_id=message_id, body=body),
                expected=expected)


@sample
def restaurant_confirmation():
    date = dt.datetime(2027, 1, 5, 18, 22, tzinfo=tz(1))
    return bellavista_mail(
        path=md("cur", date, 7), date=date, message_id="R-20417.1@bellavista.example",
        subject="Prenotazione confermata — Saturday 13 February, 19:00",
        lead="Grazie, Marc! Your table is booked.", number="R-20417",
        start=dt.datetime(2027, 2, 13, 19, 0, tzinfo=tz(1)), status="ReservationConfirmed", party=4,
        paras=["Tables are held for 15 minutes. Need to change something? Use the link in your booking."],
        expected=dict(policy="trusted", events=[("created", None)], diagnostics=[]))


@sample
def restaurant_modification():
    date = dt.datetime(2027, 1, 8, 9, 15, tzinfo=tz(1))
    return bellavista_mail(
        path=md("cur", date, 8), date=date, message_id="R-20417.2@bellavista.example",
        subject="Your booking R-20417 has changed: now 20:30",
        lead="Your booking has been changed as you asked.", number="R-20417",
        start=dt.datetime(2027, 2, 13, 20, 30, tzinfo=tz(1)), status="ReservationConfirmed", party=4,
        modified=dt.datetime(2027, 1, 8, 9, 14, tzinfo=tz(1)),
        paras=["New time: 20:30 (was 19:00). Everything else stays the same."],
        expected=dict(policy="trusted", events=[("updated", None)], diagnostics=[]))


@sample
def restaurant_pending():
    date = dt.datetime(2027, 1, 9, 11, 5, tzinfo=tz(1))
    return bellavista_mail(
        path=md("cur", date, 9), date=date, message_id="R-20433.1@bellavista.example",
        subject="We received your request for 8 — not confirmed yet",
        lead="Thank you for your request. It is not confirmed yet.", number="R-20433",
        start=dt.datetime(2027, 2, 14, 19, 30, tzinfo=tz(1)), status="ReservationPending", party=8,
        paras=["For groups of 8 or more we confirm by e-mail within 48 hours, once we have a table for you."],
        expected=dict(policy="trusted", events=[("skipped", "not-confirmed")], diagnostics=[]))


# --- United: a two-leg flight (Microdata, base64), a schedule change, and a template with the same leg twice.

def flight_leg_microdata(number, pnr, passenger, leg):
    code, num, dep, dep_name, dep_time, arr, arr_name, arr_time = leg
    return f"""<div itemscope itemtype="http://schema.org/FlightReservation" style="border:1px solid #ddd;padding:10px;margin:8px 0">
  <meta itemprop="reservationNumber" content="{pnr}">
  <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed">
  <div itemprop="underName" itemscope itemtype="http://schema.org/Person"><meta itemprop="name" content="{passenger}"></div>
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Flight">
    <b>Flight {number}: <span itemprop="airline" itemscope itemtype="http://schema.org/Airline"><meta itemprop="name" content="United"><span itemprop="iataCode">{code}</span></span> <span itemprop="flightNumber">{num}</span></b><br>
    Departs <span itemprop="departureAirport" itemscope itemtype="http://schema.org/Airport"><span itemprop="name">{dep_name}</span> (<span itemprop="iataCode">{dep}</span>)</span>
    <time itemprop="departureTime" datetime="{iso(dep_time)}">{human(dep_time)}</time><br>
    Arrives <span itemprop="arrivalAirport" itemscope itemtype="http://schema.org/Airport"><span itemprop="name">{arr_name}</span> (<span itemprop="iataCode">{arr}</span>)</span>
    <time itemprop="arrivalTime" datetime="{iso(arr_time)}">{human(arr_time)}</time>
  </div>
</div>"""


def united_legs(second_departure, second_arrival):
    return [
        ("UA", "123", "SFO", "San Francisco International", dt.datetime(2027, 3, 4, 8, 0, tzinfo=tz(-8)),
         "ORD", "Chicago O'Hare International", dt.datetime(2027, 3, 4, 14, 10, tzinfo=tz(-6))),
        ("UA", "456", "ORD", "Chicago O'Hare International", second_departure,
         "BOS", "Boston Logan International", second_arrival),
    ]


def united_mail(*, path, date, message_id, subject, lead, legs, paras, cte, expected):
    markup = "\n".join(flight_leg_microdata("UA " + leg[1], "RXJ34P", "Eva Green", leg) for leg in legs)
    rows = [("Confirmation", "RXJ34P"), ("Passenger", "Eva Green"), ("Trip", "San Francisco → Boston, via Chicago")]
    text_rows = rows + [("UA %s" % leg[1], "%s %s → %s %s" % (leg[2], human(leg[4]), leg[5], human(leg[7])))
                        for leg in legs]
    html = page(title=subject, brand="United", color="#0033a0", lead=lead, rows=rows, paragraphs=paras, markup=markup)
    body = multipart("alternative", "united-" + message_id.split("@")[0],
                     [text_part(plain(lead, text_rows, paras), cte="7bit"), html_part(html, cte=cte)])
    return dict(path=path, signer="united.example", date=date,
                text=message(sender=address("United Airlines", "notifications@united.example"),
                             to=address("Eva Green", "eva@example.org"), subject=subject, date=date,
                             message_id=message_id, body=body),
                expected=expected)


@sample
def flight_confirmation():
    date = dt.datetime(2027, 1, 2, 9, 12, tzinfo=tz(0))
    return united_mail(
        path="cur/1700000000.M2P100.samples:2,S", date=date, message_id="RXJ34P.conf@united.example",
        subject="Flight confirmation RXJ34P: SFO to BOS, Thu, Mar 04", lead="Thanks for choosing United, Eva.",
        legs=united_legs(dt.datetime(2027, 3, 4, 15, 30, tzinfo=tz(-6)), dt.datetime(2027, 3, 4, 18, 55, tzinfo=tz(-5))),
        paras=["Check in from 24 hours before departure in the United app."], cte="base64",
        expected=dict(policy="trusted", events=[("created", None), ("created", None)], diagnostics=[]))


@sample
def flight_schedule_change():
    date = dt.datetime(2027, 1, 13, 16, 40, tzinfo=tz(0))
    return united_mail(
        path=md("new", date, 10), date=date, message_id="RXJ34P.change1@united.example",
        subject="Schedule change for your trip RXJ34P", lead="Eva, the schedule of your trip has changed.",
        legs=united_legs(dt.datetime(2027, 3, 4, 16, 45, tzinfo=tz(-6)), dt.datetime(2027, 3, 4, 20, 10, tzinfo=tz(-5))),
        paras=["UA 456 from Chicago now leaves at 16:45 (was 15:30) and arrives at 20:10.",
               "Your connection time in Chicago is now 2 h 35 min. No action is needed."], cte="quoted-printable",
        expected=dict(policy="trusted", events=[("unchanged", None), ("updated", None)], diagnostics=[]))


@sample
def flight_duplicate_legs():
    date = dt.datetime(2027, 1, 7, 19, 3, tzinfo=tz(0))
    leg = {"@type": "Flight", "flightNumber": "789",
           "airline": {"@type": "Airline", "name": "United", "iataCode": "UA"},
           "departureAirport": {"@type": "Airport", "name": "San Francisco International", "iataCode": "SFO"},
           "departureTime": "2027-04-20T07:05:00-07:00",
           "arrivalAirport": {"@type": "Airport", "name": "Seattle-Tacoma International", "iataCode": "SEA"},
           "arrivalTime": "2027-04-20T09:15:00-07:00"}
    markup = {"@context": "http://schema.org", "@type": "FlightReservation", "reservationNumber": "K2M7TZ",
              "reservationStatus": "http://schema.org/ReservationConfirmed",
              "underName": {"@type": "Person", "name": "Eva Green"},
              # the template's bug: one flight number and day listed twice, with different times
              # (an identical repeat would be the same part, merged silently)
              "reservationFor": [leg, dict(leg, departureTime="2027-04-20T08:05:00-07:00",
                                           arrivalTime="2027-04-20T10:15:00-07:00")]}
    lead = "Thanks for choosing United, Eva."
    rows = [("Confirmation", "K2M7TZ"), ("Passenger", "Eva Green"),
            ("UA 789", "SFO Tuesday, 20 April 2027, 07:05 → SEA 09:15")]
    paras = ["Check in from 24 hours before departure in the United app."]
    html = page(title="Flight confirmation K2M7TZ", brand="United", color="#0033a0", lead=lead, rows=rows,
                paragraphs=paras, head_markup=jsonld(markup) + "\n")
    body = multipart("alternative", "united-K2M7TZ", [text_part(plain(lead, rows, paras), cte="7bit"), html_part(html)])
    return dict(path=md("cur", date, 11), signer="united.example", date=date,
                text=message(sender=address("United Airlines", "notifications@united.example"),
                             to=address("Eva Green", "eva@example.org"),
                             subject="Flight confirmation K2M7TZ: SFO to SEA, Tue, Apr 20", date=date,
                             message_id="K2M7TZ.conf@united.example", body=body),
                expected=dict(policy="trusted", events=[("created", None)], diagnostics=["duplicate-item-reference"]))


# --- Hôtel du Lac: ISO-8859-1 8-bit HTML without a charset parameter, a PDF; and the forgery of it.

HOTEL_CHECKIN = "2027-05-10T15:00:00+02:00"


def hotel_message(checkin):
    date = dt.datetime(2027, 1, 5, 14, 0, tzinfo=tz(1))
    checkin_dt = dt.datetime.fromisoformat(checkin)
    checkout = dt.datetime(2027, 5, 12, 11, 0, tzinfo=tz(2))
    markup = {"@context": "https://schema.org", "@type": "LodgingReservation",
              "reservationId": "H-88412", "reservationStatus": "https://schema.org/ReservationConfirmed",
              "underName": {"@type": "Person", "name": "Zoé Müller"},
              "reservationFor": {"@type": "Hotel", "name": "Hôtel du Lac",
                                 "address": {"@type": "PostalAddress", "streetAddress": "2 Quai du Mont-Blanc",
                                             "addressLocality": "Genève", "postalCode": "1201",
                                             "addressCountry": "CH"},
                                 "telephone": "+41 22 000 00 00"},
              "checkinTime": checkin, "checkoutTime": iso(checkout),
              "url": "https://hoteldulac.example/reservation/H-88412"}
    nights = (checkout.date() - checkin_dt.date()).days
    rows = [("Arrivée", human(checkin_dt, "fr")), ("Départ", human(checkout, "fr")),
            ("Chambre", "Double, vue sur le lac, %d nuits" % nights), ("Réservation", "H-88412")]
    lead = "Chère Zoé, votre séjour à l'Hôtel du Lac est confirmé."
    paras = ["Votre confirmation est jointe en PDF. Au plaisir de vous accueillir !"]
    html = page(title="Réservation confirmée", brand="Hôtel du Lac", color="#1c4f78", lead=lead, rows=rows,
                paragraphs=paras, markup=jsonld(markup), lang="fr", charset="iso-8859-1",
                footer="Hôtel du Lac · 2 Quai du Mont-Blanc · 1201 Genève")
    alternative = multipart("alternative", "hotel-alt", [
        text_part(plain(lead, rows, paras), charset="iso-8859-1"),
        html_part(html, charset="iso-8859-1", cte="8bit", declare_charset=False)])
    pdf = leaf("application/pdf", "JVBERi0xLjQKJcOkw7zDtsOfCg==", "base64",
               ["Content-Disposition: attachment; filename*=utf-8''R%C3%A9servation-H-88412.pdf"])
    body = multipart("mixed", "hotel", [alternative, pdf])
    text = message(sender=address("Hôtel du Lac", "booking@hoteldulac.example"), to="zoe@example.org",
                   subject="Réservation confirmée H-88412", date=date, message_id="H-88412@hoteldulac.example",
                   body=body)
    return date, text


@sample
def hotel_confirmation():
    date, text = hotel_message(HOTEL_CHECKIN)
    return dict(path="new/1714000000.M3P100.samples", signer="hoteldulac.example", date=date, text=text,
                charset="iso-8859-1",
                expected=dict(policy="trusted", events=[("created", None)], diagnostics=[]))


@sample
def hotel_forgery():
    """The hotel mail, signed, then its check-in moved a day earlier: the body hash no longer matches."""
    date, text = hotel_message(HOTEL_CHECKIN)

    def tamper(signed):
        forged = dt.datetime.fromisoformat("2027-05-09T15:00:00+02:00")
        original = dt.datetime.fromisoformat(HOTEL_CHECKIN)
        out = signed.replace(HOTEL_CHECKIN, iso(forged))
        # and the visible date, in the text part and in the 8-bit HTML part
        out = out.replace(human(original, "fr"), human(forged, "fr"))
        assert out != signed
        return out

    return dict(path="new/1714000300.M6P100.samples", signer="hoteldulac.example", date=date, text=text,
                charset="iso-8859-1", tamper=tamper,
                expected=dict(policy="not-verified", events=[], diagnostics=["sender-not-trusted"]))


@sample
def hotel_forwards_a_confirmation():
    """A registered sender forwards someone else's confirmation as message/rfc822: its markup must not count."""
    inner = tablebooker_mail(number="TB-660231", restaurant="Le Pavillon", street="Quai Wilson 47",
                             city="Genève", postcode="1201", guest="Zoé Müller", email="zoe@example.org",
                             start=dt.datetime(2027, 5, 10, 20, 0, tzinfo=tz(2)), party=2,
                             date=dt.datetime(2027, 1, 6, 10, 31, tzinfo=tz(1)),
                             message_id="TB-660231@tablebooker.example")
    inner_signed = sign(inner, "tablebooker.example")
    date = dt.datetime(2027, 1, 6, 10, 45, tzinfo=tz(1))
    lead = "Chère Zoé, nous vous avons réservé une table au Pavillon pour votre première soirée."
    paras = ["Vous trouverez ci-joint la confirmation du restaurant.", "La conciergerie de l'Hôtel du Lac"]
    html = page(title="Votre table au Pavillon", brand="Hôtel du Lac — Conciergerie", color="#1c4f78", lead=lead,
                rows=[("Restaurant", "Le Pavillon, Quai Wilson 47"),
                      ("Quand", human(dt.datetime(2027, 5, 10, 20, 0), "fr"))],
                paragraphs=paras, lang="fr")
    alternative = multipart("alternative", "fwd-alt", [text_part(plain(lead, [], paras)), html_part(html)])
    attached = ("Content-Type: message/rfc822\nContent-Disposition: attachment; filename=\"confirmation.eml\"\n\n"
                + inner_signed)
    body = multipart("mixed", "fwd-mixed", [alternative, attached])
    return dict(path=md("cur", date, 12), signer="hoteldulac.example", date=date,
                text=message(sender=address("Hôtel du Lac — Conciergerie", "concierge@hoteldulac.example"),
                             to="zoe@example.org", subject="Fwd: Votre réservation au Pavillon", date=date,
                             message_id="concierge-2027-0106-3@hoteldulac.example", body=body),
                expected=dict(policy="trusted", events=[], diagnostics=[], reservations=0))


# --- tablebooker.example: signs correctly, aligned with From, but not on the registered list.

def tablebooker_mail(*, number, restaurant, street, city, postcode, guest, email, start, party, date, message_id):
    markup = {"@context": "https://schema.org", "@type": "FoodEstablishmentReservation",
              "reservationNumber": number, "reservationStatus": "https://schema.org/ReservationConfirmed",
              "underName": {"@type": "Person", "name": guest}, "partySize": party, "startTime": iso(start),
              "broker": {"@type": "Organization", "name": "TableBooker"},
              "reservationFor": {"@type": "Restaurant", "name": restaurant,
                                 "address": {"@type": "PostalAddress", "streetAddress": street,
                                             "addressLocality": city, "postalCode": postcode}}}
    rows = [("Restaurant", restaurant), ("When", human(start)), ("Guests", str(party)), ("Booking", number)]
    lead = "Your table is booked."
    paras = ["Booked through TableBooker. Manage your booking in the app."]
    html = page(title="Booking " + number, brand="TableBooker", color="#e4572e", lead=lead, rows=rows,
                paragraphs=paras, markup=jsonld(markup))
    body = multipart("alternative", "tb-" + number, [text_part(plain(lead, rows, paras)), html_part(html)])
    return message(sender=address("TableBooker", "no-reply@tablebooker.example"), to=address(guest, email),
                   subject="Booking confirmed: %s, %s" % (restaurant, human(start)), date=date,
                   message_id=message_id, body=body)


@sample
def unregistered_sender():
    date = dt.datetime(2027, 1, 8, 17, 45, tzinfo=tz(1))
    text = tablebooker_mail(number="TB-659870", restaurant="Zur Alten Post", street="Bahnhofstrasse 3",
                            city="Zürich", postcode="8001", guest="Marc Dubois", email="marc@example.org",
                            start=dt.datetime(2027, 2, 20, 19, 30, tzinfo=tz(1)), party=2, date=date,
                            message_id="TB-659870@tablebooker.example")
    return dict(path=md("cur", date, 13), signer="tablebooker.example", date=date, text=text,
                expected=dict(policy="not-registered", events=[], diagnostics=["sender-not-trusted"]))


# --- Nordbahn: a train round trip, Microdata, one item per leg.

@sample
def train_round_trip():
    date = dt.datetime(2027, 1, 9, 20, 17, tzinfo=tz(1))
    legs = [("NB 1521", "Zürich HB", "Milano Centrale", dt.datetime(2027, 4, 16, 9, 33, tzinfo=tz(2)),
             dt.datetime(2027, 4, 16, 12, 50, tzinfo=tz(2)), "7", "64"),
            ("NB 1542", "Milano Centrale", "Zürich HB", dt.datetime(2027, 4, 19, 17, 10, tzinfo=tz(2)),
             dt.datetime(2027, 4, 19, 20, 27, tzinfo=tz(2)), "9", "31")]
    items = []
    for number, dep, arr, dep_time, arr_time, coach, seat in legs:
        items.append(f"""<div itemscope itemtype="http://schema.org/TrainReservation" style="border-top:1px solid #ccc;padding:8px 0">
  <meta itemprop="reservationNumber" content="NB-5K2P9">
  <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed">
  <div itemprop="underName" itemscope itemtype="http://schema.org/Person"><meta itemprop="name" content="Marc Dubois"></div>
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/TrainTrip">
    <div itemprop="trainCompany" itemscope itemtype="http://schema.org/Organization"><meta itemprop="name" content="Nordbahn"></div>
    <b itemprop="trainNumber">{number}</b>:
    <span itemprop="departureStation" itemscope itemtype="http://schema.org/TrainStation"><span itemprop="name">{dep}</span></span>
    <time itemprop="departureTime" datetime="{iso(dep_time)}">{dep_time:%a %d.%m. %H:%M}</time> →
    <span itemprop="arrivalStation" itemscope itemtype="http://schema.org/TrainStation"><span itemprop="name">{arr}</span></span>
    <time itemprop="arrivalTime" datetime="{iso(arr_time)}">{arr_time:%H:%M}</time>
  </div>
  <div itemprop="reservedTicket" itemscope itemtype="http://schema.org/Ticket">
    <div itemprop="ticketedSeat" itemscope itemtype="http://schema.org/Seat">Coach <span itemprop="seatSection">{coach}</span>, seat <span itemprop="seatNumber">{seat}</span></div>
  </div>
</div>""")
    lead = "Gute Reise, Marc! Your tickets for Zürich ⇄ Milano."
    rows = [("Booking", "NB-5K2P9"), ("Passenger", "Marc Dubois"), ("Fare", "Saver, 2nd class")]
    text_rows = rows + [(l[0], "%s %s → %s %s, coach %s seat %s" % (l[1], human(l[3]), l[2], l[4].strftime("%H:%M"),
                                                                   l[5], l[6])) for l in legs]
    paras = ["Show the QR code in the Nordbahn app on board. Seat reservations included."]
    html = page(title="Your tickets NB-5K2P9", brand="Nordbahn", color="#c8102e", lead=lead, rows=rows,
                paragraphs=paras, markup="\n".join(items))
    body = multipart("alternative", "nb-NB-5K2P9", [text_part(plain(lead, text_rows, paras)), html_part(html)])
    return dict(path=md("cur", date, 14), signer="nordbahn.example", date=date,
                text=message(sender=address("Nordbahn", "tickets@nordbahn.example"),
                             to=address("Marc Dubois", "marc@example.org"),
                             subject="Your tickets: Zürich HB ⇄ Milano Centrale (NB-5K2P9)", date=date,
                             message_id="NB-5K2P9.tickets@nordbahn.example", body=body),
                expected=dict(policy="trusted", events=[("created", None), ("created", None)], diagnostics=[]))


# --- AlpenBus: a bus ticket, JSON-LD, Ed25519.

@sample
def bus_ticket():
    date = dt.datetime(2027, 1, 10, 12, 2, tzinfo=tz(1))
    dep = dt.datetime(2027, 5, 12, 13, 0, tzinfo=tz(2))
    arr = dt.datetime(2027, 5, 12, 14, 20, tzinfo=tz(2))
    markup = {"@context": "https://schema.org", "@type": "BusReservation", "reservationNumber": "AB-58213",
              "reservationStatus": "https://schema.org/ReservationConfirmed",
              "underName": {"@type": "Person", "name": "Zoé Müller"},
              "reservedTicket": {"@type": "Ticket", "ticketNumber": "AB-58213-1",
                                 "ticketedSeat": {"@type": "Seat", "seatNumber": "12A"}},
              "reservationFor": {"@type": "BusTrip", "busCompany": {"@type": "Organization", "name": "AlpenBus"},
                                 "busName": "AlpenBus Express", "busNumber": "AB 41",
                                 "departureBusStop": {"@type": "BusStop", "name": "Genève, Gare routière"},
                                 "departureTime": iso(dep),
                                 "arrivalBusStop": {"@type": "BusStop", "name": "Chamonix Sud"},
                                 "arrivalTime": iso(arr)}}
    rows = [("Bus", "AB 41 AlpenBus Express"), ("From", "Genève, Gare routière — " + human(dep)),
            ("To", "Chamonix Sud — " + arr.strftime("%H:%M")), ("Seat", "12A"), ("Booking", "AB-58213")]
    lead = "Your AlpenBus ticket"
    paras = ["Please be at the stop 15 minutes before departure. One suitcase and one piece of hand luggage included."]
    html = page(title="Ticket AB-58213", brand="AlpenBus", color="#f2a900", lead=lead, rows=rows, paragraphs=paras,
                head_markup=jsonld(markup) + "\n")
    body = multipart("alternative", "alpenbus-58213", [text_part(plain(lead, rows, paras)), html_part(html)])
    return dict(path=md("new", date, 15), signer="alpenbus.example", date=date,
                text=message(sender=address("AlpenBus", "tickets@alpenbus.example"), to="zoe@example.org",
                             subject="Ticket AB-58213: Genève → Chamonix, 12 May", date=date,
                             message_id="AB-58213@alpenbus.example", body=body),
                expected=dict(policy="trusted", events=[("created", None)], diagnostics=[]))


# --- Lakeline: a boat crossing, Microdata.

@sample
def boat_crossing():
    date = dt.datetime(2027, 1, 11, 9, 30, tzinfo=tz(1))
    dep = dt.datetime(2027, 5, 11, 10, 0, tzinfo=tz(2))
    arr = dt.datetime(2027, 5, 11, 10, 35, tzinfo=tz(2))
    markup = f"""<div itemscope itemtype="http://schema.org/BoatReservation">
  <meta itemprop="reservationNumber" content="LL-0511-2207">
  <link itemprop="reservationStatus" href="http://schema.org/ReservationConfirmed">
  <div itemprop="underName" itemscope itemtype="http://schema.org/Person"><meta itemprop="name" content="Zoé Müller"></div>
  <meta itemprop="partySize" content="1">
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/BoatTrip">
    <div itemprop="provider" itemscope itemtype="http://schema.org/Organization"><meta itemprop="name" content="Lakeline"></div>
    <p>On board the <b itemprop="name">MS Savoie</b>:
    <span itemprop="departureBoatTerminal" itemscope itemtype="http://schema.org/BoatTerminal"><span itemprop="name">Lausanne-Ouchy</span></span>
    <time itemprop="departureTime" datetime="{iso(dep)}">{human(dep)}</time> →
    <span itemprop="arrivalBoatTerminal" itemscope itemtype="http://schema.org/BoatTerminal"><span itemprop="name">Évian-les-Bains</span></span>
    <time itemprop="arrivalTime" datetime="{iso(arr)}">{arr:%H:%M}</time></p>
  </div>
</div>"""
    rows = [("Crossing", "Lausanne-Ouchy → Évian-les-Bains"), ("Departure", human(dep)),
            ("Ship", "MS Savoie"), ("Booking", "LL-0511-2207")]
    lead = "Bon voyage! Your crossing is booked."
    paras = ["Boarding closes 5 minutes before departure. Bring an identity document: Évian is in France."]
    html = page(title="Booking LL-0511-2207", brand="Lakeline", color="#005f73", lead=lead, rows=rows,
                paragraphs=paras, markup=markup)
    body = multipart("alternative", "lakeline-2207", [text_part(plain(lead, rows, paras)), html_part(html)])
    return dict(path=md("new", date, 16), signer="lakeline.example", date=date,
                text=message(sender=address("Lakeline", "booking@lakeline.example"), to="zoe@example.org",
                             subject="Your crossing Lausanne → Évian on 11 May", date=date,
                             message_id="LL-0511-2207@lakeline.example", body=body),
                expected=dict(policy="trusted", events=[("created", None)], diagnostics=[]))


# --- Philharmonie: a concert ticket (From a subdomain; d= the parent), and one that has already taken place.

def concert_mail(*, folder, n, date, number, title, start, end, section, row, seat, message_id, expected):
    markup = {"@context": "https://schema.org", "@type": "EventReservation", "reservationNumber": number,
              "reservationStatus": "https://schema.org/ReservationConfirmed",
              "underName": {"@type": "Person", "name": "Léa Martin"},
              "reservationFor": {"@type": "MusicEvent", "name": title, "startDate": iso(start), "endDate": iso(end),
                                 "location": {"@type": "Place", "name": "Philharmonie, Grande salle",
                                              "address": {"@type": "PostalAddress", "streetAddress": "Tonhallestrasse 1",
                                                          "addressLocality": "Basel", "postalCode": "4051",
                                                          "addressCountry": "CH"}}},
              "reservedTicket": {"@type": "Ticket", "ticketNumber": number + "-01",
                                 "ticketedSeat": {"@type": "Seat", "seatSection": section, "seatRow": row,
                                                  "seatNumber": seat}}}
    rows = [("Concert", title), ("When", human(start)), ("Where", "Philharmonie, Grande salle, Basel"),
            ("Seat", "%s, row %s, seat %s" % (section, row, seat)), ("Order", number)]
    lead = "Thank you for your order, Léa. Here is your ticket."
    paras = ["Doors open 45 minutes before the concert. Your e-ticket is in the Philharmonie app."]
    html = page(title="Your ticket " + number, brand="Philharmonie Basel", color="#3d2b56", lead=lead, rows=rows,
                paragraphs=paras, head_markup=jsonld(markup) + "\n")
    body = multipart("alternative", "ph-" + number, [text_part(plain(lead, rows, paras)), html_part(html)])
    return dict(path=md(folder, date, n), signer="philharmonie.example", date=date,
                text=message(sender=address("Philharmonie Basel", "tickets@mail.philharmonie.example"),
                             to=address("Léa Martin", "lea@example.org"), subject="Your ticket: " + title, date=date,
                             message_id=message_id, body=body),
                expected=expected)


@sample
def concert_ticket():
    return concert_mail(
        folder="new", n=17, date=dt.datetime(2027, 1, 12, 9, 43, tzinfo=tz(1)),
        number="PH-771204", title="Mahler: Symphony No. 2 “Resurrection”",
        start=dt.datetime(2027, 3, 20, 19, 30, tzinfo=tz(1)), end=dt.datetime(2027, 3, 20, 21, 10, tzinfo=tz(1)),
        section="Parterre", row="K", seat="14", message_id="PH-771204@mail.philharmonie.example",
        expected=dict(policy="trusted", events=[("created", None)], diagnostics=[]))


@sample
def concert_expired():
    return concert_mail(
        folder="cur", n=18, date=dt.datetime(2027, 1, 3, 13, 0, tzinfo=tz(1)),
        number="PH-770588", title="New Year Concert: Strauss & Offenbach",
        start=dt.datetime(2027, 1, 9, 19, 30, tzinfo=tz(1)), end=dt.datetime(2027, 1, 9, 21, 30, tzinfo=tz(1)),
        section="Balcony", row="B", seat="3", message_id="PH-770588@mail.philharmonie.example",
        expected=dict(policy="trusted", events=[("skipped", "end-time-passed")], diagnostics=[]))


# --- Alpine Cars: a car rental, then its full cancellation (the whole markup, status cancelled).

def car_markup(status):
    return {"@context": "https://schema.org", "@type": "RentalCarReservation", "reservationNumber": "AC-3390-ZRH",
            "reservationStatus": schema(status), "underName": {"@type": "Person", "name": "Marc Dubois"},
            "reservationFor": {"@type": "Car", "brand": {"@type": "Brand", "name": "Škoda"},
                               "model": "Octavia Combi",
                               "rentalCompany": {"@type": "Organization", "name": "Alpine Cars"}},
            "pickupLocation": {"@type": "AutoRental", "name": "Alpine Cars Zürich Airport",
                               "address": {"@type": "PostalAddress", "streetAddress": "Airport Center, P3",
                                           "addressLocality": "Kloten", "postalCode": "8302", "addressCountry": "CH"}},
            "pickupTime": "2027-06-01T09:00:00+02:00",
            "dropoffLocation": {"@type": "AutoRental", "name": "Alpine Cars Zürich Airport",
                                "address": {"@type": "PostalAddress", "streetAddress": "Airport Center, P3",
                                            "addressLocality": "Kloten", "postalCode": "8302", "addressCountry": "CH"}},
            "dropoffTime": "2027-06-05T18:00:00+02:00",
            "url": "https://alpinecars.example/manage/AC-3390-ZRH"}


def car_mail(*, folder, n, date, status, subject, lead, paras, message_id, expected):
    rows = [("Car", "Škoda Octavia Combi or similar"), ("Pick-up", "Zürich Airport, Tuesday, 1 June 2027, 09:00"),
            ("Return", "Zürich Airport, Saturday, 5 June 2027, 18:00"), ("Booking", "AC-3390-ZRH")]
    html = page(title=subject, brand="Alpine Cars", color="#4a7c59", lead=lead, rows=rows, paragraphs=paras,
                markup=jsonld(car_markup(status)))
    body = multipart("alternative", "ac-" + message_id.split("@")[0],
                     [text_part(plain(lead, rows, paras)), html_part(html)])
    return dict(path=md(folder, date, n), signer="alpinecars.example", date=date,
                text=message(sender=address("Alpine Cars", "reservations@alpinecars.example"),
                             to=address("Marc Dubois", "marc@example.org"), subject=subject, date=date,
                             message_id=message_id, body=body),
                expected=expected)


@sample
def car_rental():
    return car_mail(
        folder="cur", n=19, date=dt.datetime(2027, 1, 4, 13, 0, tzinfo=tz(1)),
        status="ReservationConfirmed", subject="Your Alpine Cars booking AC-3390-ZRH",
        lead="Your car is reserved.", paras=["Bring your driving licence and the credit card used for the booking.",
                                             "From 1 June our Zürich Airport desk is open 06:00-23:00."],
        message_id="AC-3390-ZRH.1@alpinecars.example",
        expected=dict(policy="trusted", events=[("created", None)], diagnostics=[]))


@sample
def car_rental_cancelled():
    return car_mail(
        folder="new", n=20, date=dt.datetime(2027, 1, 14, 11, 2, tzinfo=tz(1)),
        status="ReservationCancelled", subject="Cancelled: Alpine Cars booking AC-3390-ZRH",
        lead="Your booking has been cancelled.", paras=["You have not been charged. We hope to see you again."],
        message_id="AC-3390-ZRH.2@alpinecars.example",
        expected=dict(policy="trusted", events=[("cancelled", None)], diagnostics=[]))


# --- A newsletter: unsigned, no markup.

@sample
def newsletter():
    date = dt.datetime(2027, 1, 6, 7, 0, tzinfo=tz(0))
    lead = "This week's offers"
    paras = ["No reservation here: just a newsletter without markup.", "From all of us at the shop: happy new year!", "Unsubscribe: https://shop.example/u/19"]
    html = page(title=lead, brand="Shop", color="#555", lead=lead, rows=[("Offer", "20% off umbrellas")],
                paragraphs=paras)
    body = multipart("alternative", "shop-19", [text_part(plain(lead, [("Offer", "20% off umbrellas")], paras),
                                                          charset="us-ascii", cte="7bit"), html_part(html)])
    return dict(path="cur/1714000200.M5P100.samples:2,S", signer=None, date=date,
                text=message(sender=address("News", "news@shop.example"), to="john@example.org",
                             subject="This week's offers", date=date, message_id="weekly-19@shop.example", body=body),
                expected=dict(policy="not-verified", events=[], diagnostics=[], reservations=0))


# ----------------------------------------------------------------------------- keys, signing, output

BINARY = None


def run(args, data=None):
    result = subprocess.run(args, input=data, capture_output=True)
    if result.returncode != 0:
        sys.exit("make-samples: %s failed (%d): %s" % (" ".join(map(str, args)), result.returncode,
                                                      result.stderr.decode(errors="replace")))
    return result.stdout


def key_path(domain):
    return HERE / "signing-keys" / (domain + ".pem")


def ensure_key(domain):
    path = key_path(domain)
    kind = SENDERS[domain][1]
    if not path.exists():
        args = ["openssl", "genpkey", "-algorithm"] + (["RSA", "-pkeyopt", "rsa_keygen_bits:2048"]
                                                       if kind == "rsa" else ["ed25519"])
        pem = run(args).decode()
        path.write_text(TEST_ONLY + pem)
        path.chmod(0o600)
        print("make-samples: made a new %s key %s" % (kind, path.relative_to(ROOT)))
    elif not path.read_text().startswith(TEST_ONLY):
        text = path.read_text()
        pem = text[text.index("-----BEGIN"):]
        path.write_text(TEST_ONLY + pem)


def sign(text, domain, charset="utf-8"):
    selector = SENDERS[domain][0]
    date = email.utils.parsedate_to_datetime(
        next(l for l in text.splitlines() if l.startswith("Date: "))[6:])
    data = text.encode(charset)
    signed = run([BINARY, "sign", "--key", str(key_path(domain)), "--domain", domain, "--selector", selector,
                  "--now", date.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")], data)
    return signed.decode(charset)


def mbox_envelope(text, date):
    sender = next(l for l in text.splitlines() if l.startswith("From: "))
    addr = email.utils.parseaddr(sender[6:])[1] or "MAILER-DAEMON"
    return "From %s %s" % (addr, date.astimezone(dt.timezone.utc).strftime("%a %b %e %H:%M:%S %Y"))


def mboxrd_quote(data):
    out = []
    for line in data.split(b"\n"):
        stripped = line.lstrip(b">")
        if stripped.startswith(b"From "):
            line = b">" + line
        out.append(line)
    return b"\n".join(out)


def build():
    for domain in SENDERS:
        ensure_key(domain)
    for sub in ("cur", "new", "tmp"):
        shutil.rmtree(HERE / sub, ignore_errors=True)
        (HERE / sub).mkdir()
    (HERE / "tmp" / ".keep").write_bytes(b"")

    records = [run([BINARY, "sign", "--print-record", "--key", str(key_path(d)), "--domain", d,
                    "--selector", SENDERS[d][0]]).decode().strip() for d in SENDERS]
    (HERE / "keys").write_text(
        "# DKIM keys of the sample senders, in the keys-file format (--keys): selector._domainkey.domain TXT.\n"
        "# Generated by make-samples.py from signing-keys/*.pem (TEST-ONLY keys).\n" + "\n".join(records) + "\n")
    (HERE / "registered-domains").write_text(
        "# Sender domains whose markup is trusted (--registered). A domain covers its subdomains.\n"
        "# tablebooker.example is deliberately missing: its mails are signed and aligned, but not registered.\n"
        + "\n".join(REGISTERED) + "\n")

    built = []
    for make in SAMPLES:
        s = make()
        charset = s.get("charset", "utf-8")
        text = s["text"]
        if s["signer"]:
            text = sign(text, s["signer"], charset)
        if "tamper" in s:
            text = s["tamper"](text)
        data = text.encode(charset)
        (HERE / s["path"]).write_bytes(data)
        built.append((s, data))

    # The same messages as one mboxrd file, in the order they were sent.
    with open(HERE / "samples.mbox", "wb") as mbox:
        for s, data in sorted(built, key=lambda b: (b[0]["date"], b[0]["path"])):
            mbox.write(mbox_envelope(data.decode(s.get("charset", "utf-8")), s["date"]).encode() + b"\n")
            mbox.write(mboxrd_quote(data).rstrip(b"\n") + b"\n\n")
    print("make-samples: %d messages in Maildir-samples/{cur,new}, samples.mbox, keys, registered-domains"
          % len(built))
    return built


# ----------------------------------------------------------------------------- --check

def scan(path, calendar, report):
    args = [BINARY, "scan", str(path), "--calendar", str(calendar), "--keys", str(HERE / "keys"),
            "--registered", str(HERE / "registered-domains"), "--now", NOW, "--report", str(report)]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("make-samples: scan failed (%d): %s" % (result.returncode, result.stderr))
    return result.stdout + result.stderr, [json.loads(l) for l in open(report) if l.strip()]


def check(built):
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        summary, reports = scan(HERE, tmp / "calendar", tmp / "report.jsonl")
        by_file = {pathlib.Path(r["file"]).name: r for r in reports}
        for s, _ in built:
            name = pathlib.Path(s["path"]).name
            report = by_file.get(name)
            expected = s["expected"]
            problems = []
            if report is None:
                problems.append("not in the report")
            else:
                got_policy = report["policy"]["code"]
                if got_policy != expected["policy"]:
                    problems.append("policy %s, expected %s" % (got_policy, expected["policy"]))
                got_events = sorted((e["action"], e.get("code")) for e in report["events"])
                want_events = sorted(expected["events"], key=lambda e: (e[0], e[1] or ""))
                if [(a, c) for a, c in got_events] != [(a, c) for a, c in want_events]:
                    problems.append("events %s, expected %s" % (got_events, want_events))
                codes = {d["code"] for d in report["diagnostics"]}
                for code in expected["diagnostics"]:
                    if code not in codes:
                        problems.append("no %s diagnostic (has %s)" % (code, sorted(codes)))
                if "reservations" in expected and len(report["reservations"]) != expected["reservations"]:
                    problems.append("%d reservations, expected %d" % (len(report["reservations"]),
                                                                      expected["reservations"]))
            status = "ok  " if not problems else "FAIL"
            failures += bool(problems)
            print("%s %-40s %s" % (status, s["path"], "; ".join(problems)))
        mbox_summary, _ = scan(HERE / "samples.mbox", tmp / "calendar-mbox", tmp / "report-mbox.jsonl")
        if mbox_summary != summary:
            failures += 1
            print("FAIL samples.mbox gives another summary than the Maildir:\n" + mbox_summary)
        else:
            print("ok   samples.mbox gives the same summary")
        print(summary, end="")
    return failures


def main():
    global BINARY
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.environ.get("EVENTSUGGEST"),
                        help="the eventsuggest binary (default: $EVENTSUGGEST, else .build/debug/eventsuggest)")
    parser.add_argument("--check", action="store_true", help="after rebuilding, scan and compare with the expectations")
    args = parser.parse_args()
    BINARY = args.binary
    if not BINARY:
        for candidate in (ROOT / ".build/debug/eventsuggest", ROOT / ".build/release/eventsuggest"):
            if candidate.exists():
                BINARY = str(candidate)
                break
        else:
            sys.exit("make-samples: no eventsuggest binary; run `make build` or pass --binary")
    built = build()
    if args.check:
        sys.exit(1 if check(built) else 0)


if __name__ == "__main__":
    main()
