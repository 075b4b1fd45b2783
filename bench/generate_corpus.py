#!/usr/bin/python3
"""The benchmark corpus (issue 7): DKIM-signed confirmation and newsletter mail.

    /usr/bin/python3 bench/generate_corpus.py OUTDIR --binary PATH/TO/eventsuggest
        [--messages 10000] [--seed 7] [--jobs N]

Writes into OUTDIR:
  keys/<domain>.pem   one 2048-bit RSA key per sender domain (PKCS#1 PEM)
  keys.txt            the keys in the `eventsuggest --keys` format (from `sign --print-record`)
  registered.txt      the sender domains (for `scan --registered`)
  dnsmasq.conf        the same keys as dnsmasq --txt-record lines (for the per-process runs)
  Maildir/{cur,new,tmp}  the messages, one file each (LF line ends, as a Maildir stores them)
  corpus.mbox         the same messages as one mboxrd file
  manifest.json       counts, sizes, which messages carry markup, a SHA-256 of the Maildir

Every message: multipart/alternative, a quoted-printable text/plain part and a
quoted-printable text/html part; about a third carry schema.org markup (JSON-LD or
Microdata; restaurant, flight, hotel, train, event, rental car), the rest are newsletters
and receipts without markup. Sizes are log-normal around a median of 18 KB, clipped to
5-80 KB. Signed by the project's own `eventsuggest sign` (rsa-sha256, relaxed/relaxed),
one process per message, with --now fixed per message.

Deterministic: everything is drawn from random.Random(seed), the RSA keys included (a
plain Miller-Rabin prime search over the seeded generator: benchmark keys, not secrets),
and RSA PKCS#1 v1.5 signatures are deterministic, so the same seed, size and signer give
the same bytes (manifest.json's "sha256" says so).
"""

import argparse
import base64
import concurrent.futures
import datetime
import hashlib
import json
import math
import os
import quopri
import random
import shutil
import subprocess
import sys

SIGN_CLOCK = datetime.datetime(2025, 5, 1, tzinfo=datetime.timezone.utc)  # messages dated before this
MEDIAN_BYTES = 18_000
MIN_BYTES, MAX_BYTES = 5_000, 80_000
SIGMA = 0.55
MARKUP_SHARE = 1 / 3

# Sender domains: (domain, selector, display name, kind). kind None = no markup ever.
SENDERS = [
    ("tablebooker.example", "s2025", "TableBooker", "restaurant"),
    ("trattoria-roma.example", "mail", "Trattoria Roma", "restaurant"),
    ("skyways.example", "k1", "Skyways Airlines", "flight"),
    ("aerolinea-sur.example", "dkim", "Aerolínea Sur", "flight"),
    ("hotel-lakeside.example", "booking", "Hôtel Lakeside", "hotel"),
    ("staynest.example", "sel1", "StayNest", "hotel"),
    ("railnet.example", "r2025", "RailNet", "train"),
    ("tickethall.example", "tix", "TicketHall", "event"),
    ("drivenow.example", "dn", "DriveNow Rentals", "car"),
    ("news.bigstore.example", "news", "BigStore", None),
    ("weekly-digest.example", "wd", "The Weekly Digest", None),
    ("receipts.payflow.example", "pf", "PayFlow", None),
]

WORDS = ("the your order booking travel offer week city trip table seat hotel room train "
         "flight ticket summer winter price member points reward update account news story "
         "garden kitchen market coffee river mountain museum concert festival weekend "
         "détails réservation café naïve Zürich Málaga São Paulo crème brûlée über straße "
         "délicieux fiancé jalapeño piñata smörgåsbord façade €25 £12 ¥800").split()
FIRST = ["Ana", "Ben", "Chloé", "David", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas",
         "Kenji", "Léa", "Mateo", "Noor", "Olga", "Pablo", "Quinn", "Rosa", "Søren", "Zoë"]
LAST = ["Müller", "Smith", "García", "Rossi", "Dubois", "Kowalski", "Nakamura", "Silva",
        "Jensen", "O'Brien", "Novak", "Yılmaz", "Larsen", "Costa", "Weber"]
CITIES = [("Berlin", "DE", "BER", "Berlin Hbf"), ("Paris", "FR", "CDG", "Paris Gare de Lyon"),
          ("Madrid", "ES", "MAD", "Madrid Atocha"), ("Zürich", "CH", "ZRH", "Zürich HB"),
          ("London", "GB", "LHR", "London St Pancras"), ("Wien", "AT", "VIE", "Wien Hbf"),
          ("Lisboa", "PT", "LIS", "Lisboa Oriente"), ("Milano", "IT", "MXP", "Milano Centrale")]


# ---------------------------------------------------------------- deterministic RSA keys

def _probably_prime(n, rng, rounds=40):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, r = n - 1, 0
    while d % 2 == 0:
        d //= 2
        r += 1
    for _ in range(rounds):
        a = rng.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits, rng, e):
    while True:
        candidate = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if math.gcd(e, candidate - 1) == 1 and _probably_prime(candidate, rng):
            return candidate


def _der_length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def _der_integer(value):
    body = value.to_bytes(value.bit_length() // 8 + 1, "big")  # a leading 0 keeps it positive
    return b"\x02" + _der_length(len(body)) + body


def rsa_private_key_pem(rng, bits=2048):
    e = 65537
    while True:
        p, q = _prime(bits // 2, rng, e), _prime(bits // 2, rng, e)
        if p != q and (p * q).bit_length() == bits:
            break
    if p < q:
        p, q = q, p
    n, d = p * q, pow(e, -1, (p - 1) * (q - 1))
    fields = [0, n, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p)]
    body = b"".join(_der_integer(v) for v in fields)
    der = b"\x30" + _der_length(len(body)) + body
    text = base64.b64encode(der).decode()
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END RSA PRIVATE KEY-----\n"


# ---------------------------------------------------------------- message content

def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def person(rng):
    return "%s %s" % (rng.choice(FIRST), rng.choice(LAST))


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S+00:00")


def reservation_markup(rng, kind, sender_name, number, start, microdata):
    """(HTML snippet, schema type) for one reservation starting at `start` (aware UTC)."""
    guest = person(rng)
    city, country, airport, station = rng.choice(CITIES)
    city2, _, airport2, station2 = rng.choice([c for c in CITIES if c[0] != city])
    status = "http://schema.org/ReservationConfirmed"
    if kind == "restaurant":
        item = {"@type": "FoodEstablishmentReservation", "reservationNumber": number,
                "reservationStatus": status, "underName": {"@type": "Person", "name": guest},
                "reservationFor": {"@type": "FoodEstablishment", "name": sender_name,
                                   "address": {"@type": "PostalAddress",
                                               "streetAddress": "%d Via Nuova" % rng.randint(1, 200),
                                               "addressLocality": city, "addressCountry": country}},
                "startTime": iso(start), "partySize": str(rng.randint(1, 8))}
    elif kind == "flight":
        item = {"@type": "FlightReservation", "reservationNumber": number, "reservationStatus": status,
                "underName": {"@type": "Person", "name": guest},
                "reservationFor": {"@type": "Flight", "flightNumber": str(rng.randint(10, 9999)),
                                   "airline": {"@type": "Airline", "name": sender_name, "iataCode": "SK"},
                                   "departureAirport": {"@type": "Airport", "name": city, "iataCode": airport},
                                   "departureTime": iso(start),
                                   "arrivalAirport": {"@type": "Airport", "name": city2, "iataCode": airport2},
                                   "arrivalTime": iso(start + datetime.timedelta(minutes=rng.randint(60, 300)))}}
    elif kind == "hotel":
        item = {"@type": "LodgingReservation", "reservationNumber": number, "reservationStatus": status,
                "underName": {"@type": "Person", "name": guest},
                "reservationFor": {"@type": "LodgingBusiness", "name": "%s %s" % (sender_name, city),
                                   "address": {"@type": "PostalAddress", "streetAddress": "1 Main Street",
                                               "addressLocality": city, "addressCountry": country},
                                   "telephone": "+41 22 000 %02d %02d" % (rng.randint(0, 99), rng.randint(0, 99))},
                "checkinTime": iso(start.replace(hour=15, minute=0)),
                "checkoutTime": iso((start + datetime.timedelta(days=rng.randint(1, 6))).replace(hour=11, minute=0))}
    elif kind == "train":
        item = {"@type": "TrainReservation", "reservationNumber": number, "reservationStatus": status,
                "underName": {"@type": "Person", "name": guest},
                "reservationFor": {"@type": "TrainTrip", "trainNumber": "ICE %d" % rng.randint(100, 999),
                                   "departureStation": {"@type": "TrainStation", "name": station},
                                   "departureTime": iso(start),
                                   "arrivalStation": {"@type": "TrainStation", "name": station2},
                                   "arrivalTime": iso(start + datetime.timedelta(minutes=rng.randint(45, 600)))}}
    elif kind == "event":
        item = {"@type": "EventReservation", "reservationNumber": number, "reservationStatus": status,
                "underName": {"@type": "Person", "name": guest},
                "reservationFor": {"@type": "Event", "name": "%s live in %s" % (words(rng, 2).title(), city),
                                   "startDate": iso(start),
                                   "location": {"@type": "Place", "name": "Arena %s" % city,
                                                "address": {"@type": "PostalAddress", "addressLocality": city,
                                                            "addressCountry": country}}}}
    else:  # car
        item = {"@type": "RentalCarReservation", "reservationNumber": number, "reservationStatus": status,
                "underName": {"@type": "Person", "name": guest},
                "reservationFor": {"@type": "RentalCar", "name": "Compact", "brand": {"@type": "Brand", "name": "VW"},
                                   "rentalCompany": {"@type": "Organization", "name": sender_name}},
                "pickupLocation": {"@type": "Place", "name": "%s Airport" % city,
                                   "address": {"@type": "PostalAddress", "addressLocality": city,
                                               "addressCountry": country}},
                "pickupTime": iso(start),
                "dropoffLocation": {"@type": "Place", "name": "%s Airport" % city,
                                    "address": {"@type": "PostalAddress", "addressLocality": city,
                                                "addressCountry": country}},
                "dropoffTime": iso(start + datetime.timedelta(days=rng.randint(1, 10)))}
    if not microdata:
        item = dict({"@context": "http://schema.org"}, **item)
        return '<script type="application/ld+json">\n%s\n</script>\n' % json.dumps(
            item, ensure_ascii=False, indent=2), item["@type"]
    return _microdata(item) + "\n", item["@type"]


def _microdata(item, prop=None):
    attrs = ' itemprop="%s"' % prop if prop else ""
    out = ['<div%s itemscope itemtype="http://schema.org/%s">' % (attrs, item["@type"])]
    for key, value in item.items():
        if key.startswith("@"):
            continue
        if isinstance(value, dict):
            out.append(_microdata(value, key))
        elif str(value).startswith("http://schema.org/"):
            out.append('<link itemprop="%s" href="%s"/>' % (key, value))
        else:
            out.append('<meta itemprop="%s" content="%s"/>' % (key, str(value).replace('"', "&quot;")))
    out.append("</div>")
    return "\n".join(out)


def html_filler(rng, target):
    """Newsletter-style table rows until about `target` bytes once quoted-printable."""
    rows, size = [], 0
    while size < target:
        row = ('<tr><td style="padding:12px;font-family:Helvetica,Arial,sans-serif;color:#333333;">'
               '<h3 style="margin:0 0 6px 0;">%s</h3><p style="margin:0;line-height:1.5;">%s '
               '<a href="https://www.example.com/%s?utm_source=mail&amp;utm_campaign=%d">%s</a></p></td></tr>\n'
               % (words(rng, 4).capitalize(), words(rng, rng.randint(25, 60)).capitalize(),
                  words(rng, 1), rng.randint(1000, 9999), words(rng, 2)))
        rows.append(row)
        size += len(qp(row))
    return "".join(rows)


def qp(text):
    # quotetabs=False, header=False; '=' and non-ASCII become =XX, lines soft-wrapped at 76.
    return quopri.encodestring(text.encode("utf-8")).decode("ascii")


def make_message(rng, index, sender, with_markup):
    domain, selector, name, kind = sender
    size = int(min(MAX_BYTES, max(MIN_BYTES, rng.lognormvariate(math.log(MEDIAN_BYTES), SIGMA))))
    date = SIGN_CLOCK - datetime.timedelta(seconds=(10_000 - index % 10_000) * 600 + rng.randint(0, 599))
    number = "%s%06d" % ("".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(2)), index)
    markup, schema_type = "", None
    if with_markup:
        start = datetime.datetime(2025, 7, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
            days=rng.randint(0, 300), hours=rng.randint(6, 20))
        markup, schema_type = reservation_markup(rng, kind, name, number, start, microdata=rng.random() < 0.3)
    recipient = person(rng)
    subject = ("Your %s booking %s" % (kind, number)) if with_markup else words(rng, 5).capitalize()
    boundary = "=_alt_%08x" % rng.getrandbits(32)
    head = (
        "From: %s <noreply@%s>\n"
        "To: %s <%s@example.org>\n"
        "Subject: %s\n"
        "Date: %s\n"
        "Message-ID: <%s.%d@%s>\n"
        "MIME-Version: 1.0\n"
        "Content-Type: multipart/alternative; boundary=\"%s\"\n"
        % (_header_name(name), domain, _header_name(recipient), "user%d" % (index % 97),
           _header_text(subject), date.strftime("%a, %d %b %Y %H:%M:%S +0000"), number.lower(), index, domain,
           boundary))
    budget = size - len(head) - 540  # the DKIM-Signature field that `sign` prepends
    text_body = "Hello %s,\n\n%s\n" % (recipient, "\n".join(
        words(rng, 12) for _ in range(max(2, budget // 5 // 80))))
    text_part = qp(text_body)
    html_target = max(500, budget - len(text_part) - 250)
    html = ('<!DOCTYPE html>\n<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
            "<title>%s</title></head>\n<body>\n%s<table width=\"100%%\" cellpadding=\"0\" cellspacing=\"0\">\n"
            % (subject, markup))
    html += html_filler(rng, html_target - len(qp(html))) + "</table>\n</body></html>\n"
    body = ("This is a multi-part message in MIME format.\n\n"
            "--%s\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n%s\n"
            "--%s\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n%s\n"
            "--%s--\n" % (boundary, text_part, boundary, qp(html), boundary))
    return (head + "\n" + body).encode("ascii"), date, schema_type


def _header_text(text):
    try:
        text.encode("ascii")
        return text
    except UnicodeEncodeError:
        return "=?utf-8?b?%s?=" % base64.b64encode(text.encode()).decode()


def _header_name(text):
    return _header_text(text) if any(ord(c) > 127 for c in text) else '"%s"' % text


# ---------------------------------------------------------------- signing and output

def run(arguments, stdin=None):
    result = subprocess.run(arguments, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode != 0:
        sys.exit("generate_corpus: %s failed (%d): %s" % (" ".join(arguments), result.returncode,
                                                         result.stderr.decode(errors="replace")))
    return result.stdout


def mbox_from_line(message, date):
    sender = "noreply@unknown"
    for line in message.split(b"\n"):
        if line.lower().startswith(b"from:") and b"<" in line:
            sender = line.split(b"<", 1)[1].split(b">", 1)[0].decode()
            break
    return ("From %s %s\n" % (sender, date.strftime("%a %b %d %H:%M:%S %Y"))).encode()


def mboxrd_escape(message):
    lines = message.split(b"\n")
    return b"\n".join(b">" + line if line.lstrip(b">").startswith(b"From ") else line for line in lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()

    out = options.outdir
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "keys"))
    for sub in ("cur", "new", "tmp"):
        os.makedirs(os.path.join(out, "Maildir", sub))
    rng = random.Random(options.seed)

    records = []
    for domain, selector, _, _ in SENDERS:
        pem = os.path.join(out, "keys", domain + ".pem")
        with open(pem, "w") as handle:
            handle.write(rsa_private_key_pem(random.Random("%d/%s" % (options.seed, domain))))
        records.append(run([options.binary, "sign", "--key", pem, "--domain", domain, "--selector", selector,
                            "--print-record"]).decode().strip())
    with open(os.path.join(out, "keys.txt"), "w") as handle:
        handle.write("# eventsuggest bench keys (generate_corpus.py, seed %d)\n" % options.seed)
        handle.write("\n".join(records) + "\n")
    with open(os.path.join(out, "dnsmasq.conf"), "w") as handle:
        for record in records:
            name, text = record.split(None, 1)
            # dnsmasq makes one character-string per comma-separated piece (255 bytes at most).
            pieces = [text[i:i + 255] for i in range(0, len(text), 255)]
            handle.write("txt-record=%s,%s\n" % (name, ",".join(pieces)))
    with open(os.path.join(out, "registered.txt"), "w") as handle:
        handle.write("\n".join(s[0] for s in SENDERS) + "\n")

    marked_senders = [s for s in SENDERS if s[3]]
    plain_senders = [s for s in SENDERS if not s[3]]
    jobs = []
    for index in range(options.messages):
        with_markup = rng.random() < MARKUP_SHARE
        sender = rng.choice(marked_senders if with_markup else (plain_senders + marked_senders))
        message, date, schema_type = make_message(rng, index, sender, with_markup)
        folder = "new" if index % 5 == 0 else "cur"
        name = "%d.M%dP%d.bench%s" % (int(date.timestamp()), index, 1000 + index % 50,
                                      "" if folder == "new" else ":2,S")
        jobs.append((index, sender, message, date, schema_type, os.path.join(out, "Maildir", folder, name)))

    def sign(job):
        index, (domain, selector, _, _), message, date, _, path = job
        signed = run([options.binary, "sign", "--key", os.path.join(out, "keys", domain + ".pem"),
                      "--domain", domain, "--selector", selector,
                      "--now", (date + datetime.timedelta(seconds=5)).strftime("%Y-%m-%dT%H:%M:%SZ")], message)
        with open(path, "wb") as handle:
            handle.write(signed)
        return signed

    digest = hashlib.sha256()
    sizes = []
    markup = {}
    markup_files = []
    with concurrent.futures.ThreadPoolExecutor(max(1, options.jobs)) as pool, \
            open(os.path.join(out, "corpus.mbox"), "wb") as mbox:
        for job, signed in zip(jobs, pool.map(sign, jobs)):
            index, _, _, date, schema_type, path = job
            digest.update(os.path.relpath(path, out).encode() + b"\0" + signed)
            sizes.append(len(signed))
            if schema_type:
                markup[schema_type] = markup.get(schema_type, 0) + 1
                markup_files.append(os.path.relpath(path, out))
            mbox.write(mbox_from_line(signed, date) + mboxrd_escape(signed).rstrip(b"\n") + b"\n\n")
    sizes.sort()
    manifest = {
        "messages": options.messages, "seed": options.seed, "senders": len(SENDERS),
        "bytes": sum(sizes), "medianBytes": sizes[len(sizes) // 2] if sizes else 0,
        "minBytes": sizes[0] if sizes else 0, "maxBytes": sizes[-1] if sizes else 0,
        "withMarkup": sum(markup.values()), "markupTypes": markup, "sha256": digest.hexdigest(),
        "markupFiles": sorted(markup_files),
    }
    with open(os.path.join(out, "manifest.json"), "w") as handle:
        json.dump(manifest, handle, indent=2)
    print(json.dumps(dict(manifest, markupFiles=len(markup_files))))


if __name__ == "__main__":
    main()
