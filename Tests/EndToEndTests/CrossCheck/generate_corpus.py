#!/usr/bin/env python3
"""Writes the cross-check corpus: varied .eml files, byte for byte the same on every run.

Usage: generate_corpus.py OUTDIR

The messages are checked by crosscheck.py, which compares `eventsuggest inspect --json`
with Python's `email` package (python_inspect.py). Standard library only.

Deliberate deviations of eventsuggest from Python's `email` package. The corpus must NOT
contain these cases, because there the two are meant to disagree:
  (a) text/html parts with no charset parameter (eventsuggest sniffs <meta charset>);
  (b) 8-bit text bodies with no charset parameter (eventsuggest decodes them as UTF-8 when
      valid, else windows-1252; Python decodes them as ASCII with replacement);
  (c) gb2312-labelled text containing GBK-only characters (eventsuggest decodes gb2312 as
      gb18030); plain gb2312 text is fine;
  (d) quoted-printable lines with trailing whitespace (eventsuggest strips it, RFC 2045
      §6.7 rule 3);
  (e) RFC 2047 encoded words embedded inside a longer word without surrounding whitespace;
  (f) a multipart whose closing boundary is missing and whose last part ends in a line
      break at the end of the file: no delimiter follows, so RFC 2046 §5.1.1 leaves that
      line break in the content (eventsuggest keeps it; Python drops it). The corpus case
      below ends its last part at the end of the file without a line break instead.
Everything else in here is a case where both should agree. A disagreement found here is
reported with a minimal repro in disagreements/, never hidden by changing this file.
"""

import base64
import binascii
import hashlib
import os
import sys

# --------------------------------------------------------------------------- helpers


def det_bytes(seed, count):
    """Deterministic pseudo-random bytes (a SHA-256 chain), for attachments."""
    out = bytearray()
    counter = 0
    while len(out) < count:
        out += hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        counter += 1
    return bytes(out[:count])


def b64_lines(data, width=76):
    """Base64 text, `width` characters a line (None: one line), each line ended by \\n."""
    text = base64.b64encode(data).decode("ascii")
    if width is None:
        return text + "\n"
    return "".join(text[i:i + width] + "\n" for i in range(0, len(text), width))


def qp_text(data):
    """Quoted-printable with \\n line ends and =\\n soft breaks; trailing white space is
    always encoded (=20/=09), so no encoded line ends in white space (deviation (d))."""
    encoded = binascii.b2a_qp(data, quotetabs=False, istext=True, header=False).decode("ascii")
    for line in encoded.split("\n"):
        assert not line.endswith((" ", "\t")), line
    return encoded


def ew(text, charset, encoding="B"):
    """One RFC 2047 encoded word."""
    data = text.encode(charset) if isinstance(text, str) else text
    return ew_bytes(data, charset, encoding)


def ew_bytes(data, charset, encoding="B"):
    if encoding.upper() == "B":
        payload = base64.b64encode(data).decode("ascii")
    else:
        safe = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!*+-/"
        payload = "".join(
            "_" if b == 0x20 else chr(b) if b in safe else "=%02X" % b for b in data)
    return f"=?{charset}?{encoding}?{payload}?="


class Msg:
    """A message assembled from pieces; text pieces get the message's line ending."""

    def __init__(self, eol="\r\n"):
        self.eol = eol
        self.pieces = []

    def t(self, text):
        """Text written as UTF-8 (ASCII in most messages), \\n turned into the line ending."""
        self.pieces.append(text.replace("\n", self.eol).encode("utf-8"))
        return self

    def enc(self, text, charset):
        """Text encoded in `charset` line by line (stateful encoders end each line reset)."""
        lines = text.split("\n")
        self.pieces.append(self.eol.encode().join(line.encode(charset) for line in lines))
        return self

    def raw(self, data):
        """Bytes exactly as given."""
        self.pieces.append(data)
        return self

    def data(self):
        return b"".join(self.pieces)


def simple(subject_line, body, from_line="From: Example Travel <bookings@travel.example>",
           eol="\r\n", extra="", date="Mon, 8 Jan 2024 09:15:00 +0100",
           mid="<20240108091500.1@travel.example>"):
    headers = from_line + "\n" + "To: Alice <alice@home.example>\n" + subject_line + "\n"
    if date is not None:
        headers += f"Date: {date}\n"
    if mid is not None:
        headers += f"Message-ID: {mid}\n"
    headers += "MIME-Version: 1.0\n" + extra
    return Msg(eol).t(headers + "\n").t(body)


# --------------------------------------------------------------------------- texts

EN = ("Your table for 4 at Chez Example is confirmed.\n"
      "Date: Friday, 12 January 2024, 19:30\n"
      "Reservation number: R-1234\n")
DE = ("Ihre Reservierung für 2 Personen im Gasthaus Zur Post ist bestätigt.\n"
      "Datum: Samstag, 13. Januar 2024, 18:00 Uhr\n"
      "Grüße aus München!\n")
FR_LATIN1 = ("Votre réservation à l'hôtel Bellevue est confirmée.\n"
             "Arrivée : lundi 15 janvier 2024\n"
             "Départ : mercredi 17 janvier 2024 « chambre double »\n")
FR_LATIN9 = ("Votre dîner est réservé : 2 couverts, 120 € (œuvre du chef).\n"
             "À bientôt !\n")
CP1252 = ("\u201cSmart quotes\u201d \u2014 and the euro: 120 \u20ac \u2026 \u2018done\u2019\n"
          "Ærø ferry, Smörgåsbord, naïve café\n")
RU_1251 = ("Ваше бронирование подтверждено.\n"
           "Поезд № 002А Москва — Санкт-Петербург\n"
           "Отправление: 20 января 2024, 23:55\n")
RU_KOI8 = ("Бронирование столика подтверждено.\n"
           "Ресторан \"Пушкин\", Тверской бульвар, 26А\n"
           "Суббота, 27 января 2024, 19:00\n")
JA_SJIS = ("ご予約ありがとうございます。\n"
           "日時：2024年1月20日（土）10:00〜12:00\n"
           "店舗：東京駅前店\n"
           "詳細：https://example.jp/~tanaka/reserve?id=A1B2\n")
JA_EUC = ("予約確認のお知らせ\n"
          "宿泊日：2024年2月3日〜2月5日\n"
          "ホテル：札幌グランドホテル\n")
JA_JIS = ("会議室の予約が完了しました。\n"
          "日時：2024年3月1日 13:00〜14:00\n"
          "場所：本社 3F 会議室A\n")
ZH_GB18030 = ("您的航班预订已确认。\n"
              "航班：CA1234 北京—上海 ✈\n"
              "日期：2024年2月10日 08:30\n"
              "价格：¥1,280\n")
ZH_GB2312 = ("会议通知\n"
             "时间：2024年3月5日 下午2点\n"
             "地点：北京市海淀区\n")
ZH_BIG5 = ("您的訂位已確認。\n"
           "餐廳：鼎泰豐 信義店\n"
           "時間：2024年1月25日 18:30\n"
           "人數：4位\n")
HTML_EN = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Booking</title></head>\n"
           "<body><p>Your booking at <b>Hôtel Étoile</b> is confirmed.</p>\n"
           "<p>Check-in: 2024-02-01 15:00</p></body></html>\n")

PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n" + det_bytes("pdf", 1500) + b"\n%%EOF\n"
PNG = b"\x89PNG\r\n\x1a\n" + det_bytes("png", 700)
ICS = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//EN\r\nBEGIN:VEVENT\r\n"
       "UID:r-1234@travel.example\r\nDTSTART:20240112T183000Z\r\nSUMMARY:Dinner\r\n"
       "END:VEVENT\r\nEND:VCALENDAR\r\n").encode("ascii")

# --------------------------------------------------------------------------- the corpus

MESSAGES = {}


def message(name):
    def register(function):
        assert name not in MESSAGES, name
        MESSAGES[name] = function
        return function
    return register


# ---- line endings, folding, simple bodies

@message("plain-ascii-crlf")
def _():
    return simple("Subject: Your reservation R-1234", EN,
                  extra="Content-Type: text/plain; charset=us-ascii\n"
                        "Content-Transfer-Encoding: 7bit\n")


@message("plain-ascii-lf")
def _():
    return simple("Subject: Your reservation R-1234 (LF only)", EN, eol="\n",
                  extra="Content-Type: text/plain; charset=\"US-ASCII\"\n")


@message("folded-headers")
def _():
    return simple("Subject: A subject that is long enough to be folded\n"
                  " over three lines, with a tab\n\tbefore the last piece",
                  EN,
                  from_line="From: \"Example Travel,\n Bookings Desk\"\n <bookings@travel.example>",
                  mid="\n <folded.20240108@travel.example>",
                  extra="Content-Type: text/plain;\n charset=utf-8;\n\tformat=flowed\n")


@message("no-mime-headers")
def _():
    # No MIME-Version and no Content-Type at all: text/plain, 7-bit ASCII.
    return Msg("\n").t("From: alice@home.example\nTo: bob@work.example\n"
                       "Subject: lunch?\nDate: Tue, 9 Jan 2024 12:00:00 -0500\n\n"
                       "Lunch at noon tomorrow?\n-- \nAlice\n")


@message("no-date-no-message-id")
def _():
    return simple("Subject: no date, no id", EN, date=None, mid=None,
                  extra="Content-Type: text/plain; charset=utf-8\n")


@message("mixed-case-headers")
def _():
    return Msg().t("FROM: Shop <Orders@Shop.Example>\nsubject: Order shipped\n"
                   "date: Wed, 10 Jan 2024 08:00:00 +0000\nmessage-id: <Order.77@Shop.Example>\n"
                   "MIME-Version: 1.0\ncontent-type: TEXT/PLAIN; CHARSET=UTF-8\n"
                   "content-transfer-encoding: QUOTED-PRINTABLE\n\n"
                   "Your order has shipped =E2=80=94 arrives Friday.\n")


# ---- RFC 2047 subjects

@message("subject-b-utf8")
def _():
    return simple("Subject: " + ew("Bestätigung Ihrer Buchung – Zugfahrt München → Berlin", "utf-8", "B"),
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-q-utf8")
def _():
    return simple("Subject: " + ew("Réservation confirmée à Paris", "utf-8", "Q") + " (ref 42)",
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-adjacent-words")
def _():
    # Adjacent encoded words, separated by a fold: the white space between them is dropped.
    return simple("Subject: Booking: " + ew("Flug nach ", "utf-8", "Q") + "\n "
                  + ew("Zürich", "iso-8859-1", "Q") + "\n\t" + ew(" und zurück", "utf-8", "B")
                  + " - confirmed",
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-split-multibyte")
def _():
    euro = "€".encode("utf-8")  # e2 82 ac
    snow = "❄".encode("utf-8")  # e2 9d 84
    return simple("Subject: " + ew_bytes(b"Price 40 " + euro[:1], "utf-8", "B") + " "
                  + ew_bytes(euro[1:] + b" ski trip ", "utf-8", "Q") + "\n "
                  + ew_bytes(snow[:2], "UTF-8", "Q") + " " + ew_bytes(snow[2:], "utf-8", "B"),
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-mixed-charsets")
def _():
    return simple("Subject: " + ew("Café", "iso-8859-1", "Q") + " and "
                  + ew("Москва", "koi8-r", "B") + " and " + ew("€ 30", "windows-1252", "Q"),
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-windows-1252")
def _():
    return simple("Subject: " + ew("\u201cSpecial\u201d offer \u2013 50 \u20ac", "windows-1252", "Q"),
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-shift-jis")
def _():
    return simple("Subject: " + ew("ご予約の確認", "shift_jis", "B"), EN, eol="\n",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-euc-jp")
def _():
    return simple("Subject: " + ew("宿泊予約のお知らせ", "euc-jp", "B"), EN,
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-iso-2022-jp")
def _():
    return simple("Subject: " + ew("会議室予約", "iso-2022-jp", "B").replace("iso-2022-jp", "ISO-2022-JP")
                  + "\n " + ew("完了", "iso-2022-jp", "B").replace("iso-2022-jp", "ISO-2022-JP"),
                  EN, extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-gb18030")
def _():
    return simple("Subject: " + ew("航班预订确认 ✈", "gb18030", "B"), EN,
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-big5")
def _():
    return simple("Subject: " + ew("訂位確認通知", "big5", "B"), EN, eol="\n",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("subject-q-lowercase-and-underscores")
def _():
    return simple("Subject: =?utf-8?q?Fr=c3=bchst=c3=bcck_f=c3=bcr_zwei?= am Sonntag", EN,
                  extra="Content-Type: text/plain; charset=us-ascii\n")


# ---- raw UTF-8 headers (RFC 6532)

@message("raw-utf8-headers")
def _():
    return simple("Subject: Grüße aus Köln – Ihre Buchung", DE,
                  from_line="From: Jürgen Müller <juergen@koeln.example>",
                  extra="Content-Type: text/plain; charset=utf-8\n"
                        "Content-Transfer-Encoding: 8bit\n")


# ---- From forms

@message("from-encoded-name")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: " + ew("Zoë Saldaña", "utf-8", "B") + " <zoe@films.example>",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-encoded-in-quotes")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: \"" + ew("André", "iso-8859-1", "Q") + " Pirard\" <PIRARD@vm1.ulg.example>",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-comment")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: bookings@travel.example (Example Travel Bookings)",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-group")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: Team: a@b.example;",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-group-two-members")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: Reservations Team: \"Desk One\" <desk1@hotel.example>,\n"
                            " desk2@hotel.example;",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-quoted-local-part")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: John Q. Public <\"john.q\"@example.com>",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-quoted-local-part-space")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: \"john smith\"@example.com",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-uppercase-domain")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: Bob Smith <Bob.Smith@MAIL.EXAMPLE.COM>",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


@message("from-idn-domain")
def _():
    return simple("Subject: Ihre Bestellung", DE,
                  from_line="From: Bücherstube <info@bücher.example>",
                  extra="Content-Type: text/plain; charset=utf-8\n"
                        "Content-Transfer-Encoding: 8bit\n")


@message("from-two-addresses")
def _():
    return simple("Subject: hello", EN,
                  from_line="From: First One <first@one.example>, second@two.example",
                  extra="Content-Type: text/plain; charset=us-ascii\n")


# ---- single-part bodies

@message("html-utf8-qp")
def _():
    return simple("Subject: Booking confirmation", qp_text(HTML_EN.encode("utf-8")),
                  extra="Content-Type: text/html; charset=utf-8\n"
                        "Content-Transfer-Encoding: quoted-printable\n")


@message("html-latin1-8bit")
def _():
    html = ("<html><body><p>Votre réservation à l'hôtel Bellevue est confirmée.</p>"
            "<p>Arrivée : lundi 15 janvier 2024</p></body></html>\n")
    return simple("Subject: Confirmation", "", eol="\n",
                  extra="Content-Type: text/html; charset=ISO-8859-1\n"
                        "Content-Transfer-Encoding: 8bit\n").enc(html, "iso-8859-1")


# ---- multipart structure

@message("alternative")
def _():
    return simple("Subject: Your booking", "", extra=(
        "Content-Type: multipart/alternative; boundary=\"alt-1\"\n")).t(
        "--alt-1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
        + DE + "\n--alt-1\nContent-Type: text/html; charset=utf-8\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(HTML_EN.encode("utf-8"))
        + "--alt-1--\n")


@message("mixed-attachments")
def _():
    return simple("Subject: Your documents", "", extra=(
        "Content-Type: multipart/mixed; boundary=mix-boundary-42\n")).t(
        "--mix-boundary-42\nContent-Type: text/plain; charset=us-ascii\n\n" + EN
        + "\n--mix-boundary-42\nContent-Type: application/pdf; name=\"ticket.pdf\"\n"
        "Content-Disposition: attachment; filename=\"ticket.pdf\"\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(PDF, 76)
        + "\n--mix-boundary-42\nContent-Type: image/png\n"
        "Content-Disposition: inline; filename=map.png\n"
        "Content-Transfer-Encoding: BASE64\n\n" + b64_lines(PNG, 64)
        + "--mix-boundary-42\nContent-Type: text/calendar; charset=utf-8; method=REQUEST\n"
        "Content-Disposition: attachment; filename=\"invite.ics\"\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(ICS, 72)
        + "--mix-boundary-42--\n")


@message("nested-related-in-mixed")
def _():
    return simple("Subject: Newsletter with a ticket", "", eol="\n", extra=(
        "Content-Type: multipart/mixed;\n boundary=\"outer\"\n")).t(
        "--outer\nContent-Type: multipart/alternative; boundary=\"middle\"\n\n"
        "--middle\nContent-Type: text/plain; charset=utf-8\n\nSee the HTML part.\n"
        "--middle\nContent-Type: multipart/related; boundary=\"inner\"; type=\"text/html\"\n\n"
        "--inner\nContent-Type: text/html; charset=\"utf-8\"\nContent-Transfer-Encoding: quoted-printable\n\n"
        + qp_text(("<html><body><img src=\"cid:logo@x\"><p>Grüße</p></body></html>\n").encode("utf-8"))
        + "--inner\nContent-Type: image/png\nContent-ID: <logo@x>\nContent-Transfer-Encoding: base64\n\n"
        + b64_lines(PNG) + "--inner--\n\n--middle--\n"
        "--outer\nContent-Type: application/pdf\nContent-Disposition: attachment; filename=\"e-ticket.pdf\"\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(PDF) + "--outer--\n")


@message("preamble-epilogue")
def _():
    return simple("Subject: with preamble", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"pe\"\n")).t(
        "This is a multi-part message in MIME format.\nIf you see this, your mailer is old.\n\n"
        "--pe\nContent-Type: text/plain; charset=us-ascii\n\nFirst part.\n\n"
        "--pe\nContent-Type: text/plain; charset=us-ascii\n\nSecond part, ends with a blank line.\n\n\n"
        "--pe--\nThis is the epilogue.\nIt is ignored.\n")


@message("quoted-boundary-with-specials")
def _():
    boundary = "----=_Part 0_12345.67890:?'()+,-./="
    return simple("Subject: quoted boundary", "", extra=(
        f"Content-Type: multipart/alternative;\n\tboundary=\"{boundary}\"\n")).t(
        f"--{boundary}\nContent-Type: text/plain; charset=utf-8\n\nplain\n"
        f"--{boundary}\nContent-Type: text/html; charset=utf-8\n\n<p>html</p>\n"
        f"--{boundary}--\n")


@message("boundary-transport-padding")
def _():
    return simple("Subject: padded boundaries", "", extra=(
        "Content-Type: multipart/mixed; boundary=pad\n")).t(
        "--pad \t \nContent-Type: text/plain; charset=us-ascii\n\nfirst\n"
        "--pad\t\nContent-Type: text/plain; charset=us-ascii\n\nsecond\n"
        "--pad--  \n")


@message("missing-closing-boundary")
def _():
    return simple("Subject: truncated", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"never-closed\"\n")).t(
        "--never-closed\nContent-Type: text/plain; charset=us-ascii\n\nfirst part\n"
        "--never-closed\nContent-Type: text/plain; charset=us-ascii\n\nlast part, no closing boundary")


@message("parts-without-content-type")
def _():
    return simple("Subject: default types", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"dflt\"\n")).t(
        "--dflt\n\nA part with no headers at all.\n"
        "--dflt\nContent-Disposition: inline\nContent-Transfer-Encoding: 7bit\n\n"
        "A part with headers but no Content-Type.\n"
        "--dflt--\n")


@message("multipart-digest")
def _():
    return simple("Subject: digest", "", extra=(
        "Content-Type: multipart/digest; boundary=\"dg\"\n")).t(
        "Preamble.\n--dg\n\n"
        "From: one@list.example\nSubject: first\n\nFirst message.\n"
        "--dg\n\n"
        "From: two@list.example\nSubject: second\nContent-Type: text/plain; charset=utf-8\n\n"
        "Zweite Nachricht.\n"
        "--dg\nContent-Type: text/plain; charset=us-ascii\n\nAn explicit text part.\n"
        "--dg--\n")


@message("message-rfc822-attachment")
def _():
    inner = ("From: Original Sender <orig@airline.example>\nSubject: Your flight\n"
             "Date: Sun, 7 Jan 2024 20:00:00 +0000\nMIME-Version: 1.0\n"
             "Content-Type: multipart/alternative; boundary=\"inner-alt\"\n\n"
             "--inner-alt\nContent-Type: text/plain; charset=utf-8\n\nFlight LH 123\n"
             "--inner-alt\nContent-Type: text/html; charset=utf-8\n\n<p>Flight LH 123</p>\n"
             "--inner-alt--\n")
    return simple("Subject: Fwd: Your flight", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"fwd\"\n")).t(
        "--fwd\nContent-Type: text/plain; charset=us-ascii\n\nForwarding this.\n"
        "--fwd\nContent-Type: message/rfc822\nContent-Disposition: attachment; filename=\"flight.eml\"\n\n"
        + inner + "--fwd--\n")


# ---- transfer encodings

@message("base64-one-long-line")
def _():
    return simple("Subject: one long base64 line", "", extra=(
        "Content-Type: multipart/mixed; boundary=b1\n")).t(
        "--b1\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
        + b64_lines((DE * 6).encode("utf-8"), None)
        + "--b1\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"
        + b64_lines(det_bytes("long", 900), None) + "--b1--\n")


@message("base64-stray-whitespace")
def _():
    lines = b64_lines(FR_LATIN9.encode("iso-8859-15") * 3, 60).split("\n")
    messy = []
    for index, line in enumerate(lines):
        if not line:
            continue
        if index % 3 == 0:
            line = line[:20] + " " + line[20:40] + "\t" + line[40:]
        elif index % 3 == 1:
            line = line + "  "
        else:
            line = "  " + line
        messy.append(line)
    return simple("Subject: base64 with white space", "\n".join(messy) + "\n", extra=(
        "Content-Type: text/plain; charset=iso-8859-15\n"
        "Content-Transfer-Encoding: base64\n"))


@message("base64-missing-padding")
def _():
    one = det_bytes("pad", 22)                # 22 % 3 == 1: "==" left off
    two = EN.encode("ascii")                  # padded below to length % 3 == 2: "=" left off
    while len(two) % 3 != 2:
        two += b"!"
    return simple("Subject: base64 without padding", "", extra=(
        "Content-Type: multipart/mixed; boundary=pad64\n")).t(
        "--pad64\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"
        + b64_lines(one).rstrip("=\n") + "\n"
        + "--pad64\nContent-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: base64\n\n"
        + b64_lines(two).rstrip("=\n") + "\n--pad64--\n")


@message("qp-soft-breaks-lf")
def _():
    text = ("This is a long line of quoted-printable text that goes on and on, well past the "
            "seventy-six character limit, so it has to be broken with soft line breaks. "
            "Prices: 30 € = about 33 $.\nShort line.\n")
    return simple("Subject: qp LF", qp_text(text.encode("utf-8")), eol="\n", extra=(
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n"))


@message("qp-soft-breaks-crlf-lowercase-hex")
def _():
    encoded = qp_text((DE + "Eine sehr lange Zeile, die weich umbrochen werden muss, "
                       "weil sie länger als sechsundsiebzig Zeichen ist, äöüß.\n").encode("utf-8"))
    lowered = []
    i = 0
    while i < len(encoded):
        if encoded[i] == "=" and encoded[i + 1:i + 2] != "\n":
            lowered.append("=" + encoded[i + 1:i + 3].lower())
            i += 3
        else:
            lowered.append(encoded[i])
            i += 1
    return simple("Subject: qp CRLF", "".join(lowered), extra=(
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: Quoted-Printable\n"))


@message("seven-eight-binary")
def _():
    binary = b"\x00\x01\x02BIN\xff\xfe\x00\nmore\x00\x7f\x80" + det_bytes("bin", 64).replace(b"\r", b"R").replace(b"-", b"_")
    return simple("Subject: 7bit, 8bit and binary", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"cte\"\n")).t(
        "--cte\nContent-Type: text/plain; charset=us-ascii\nContent-Transfer-Encoding: 7bit\n\n"
        "Seven bit.\n"
        "--cte\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n"
        "Acht Bit: Grüße, 東京, 🎫\n"
        "--cte\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: binary\n\n").raw(
        binary).t("\n--cte--\n")


# ---- charsets of text bodies

def charset_body(charset, text, cte, eol="\r\n", label=None, subtype="plain"):
    label = label or charset
    headers = f"Content-Type: text/{subtype}; charset={label}\nContent-Transfer-Encoding: {cte}\n"
    data = text.encode(charset)
    if cte == "base64":
        return simple(f"Subject: body in {label}", b64_lines(data), eol=eol, extra=headers)
    if cte == "quoted-printable":
        return simple(f"Subject: body in {label}", qp_text(data), eol=eol, extra=headers)
    return simple(f"Subject: body in {label}", "", eol=eol, extra=headers).enc(text, charset)


@message("body-us-ascii")
def _():
    return charset_body("us-ascii", EN + "Plain ASCII: ~ \\ | {} [] ^ `\n", "7bit")


@message("body-utf-8-base64")
def _():
    return charset_body("utf-8", DE + "Emoji: 🎟️ 🍽️\n", "base64", label="UTF-8")


@message("body-iso-8859-1")
def _():
    return charset_body("iso-8859-1", FR_LATIN1, "8bit")


@message("body-iso-8859-15")
def _():
    return charset_body("iso-8859-15", FR_LATIN9, "quoted-printable", eol="\n")


@message("body-windows-1252")
def _():
    return charset_body("windows-1252", CP1252, "quoted-printable")


@message("body-windows-1251")
def _():
    return charset_body("windows-1251", RU_1251, "base64")


@message("body-koi8-r")
def _():
    return charset_body("koi8-r", RU_KOI8, "8bit", eol="\n", label="KOI8-R")


@message("body-shift-jis")
def _():
    return charset_body("shift_jis", JA_SJIS, "base64", label="Shift_JIS")


@message("body-euc-jp")
def _():
    return charset_body("euc-jp", JA_EUC, "8bit", label="EUC-JP")


@message("body-iso-2022-jp")
def _():
    return charset_body("iso-2022-jp", JA_JIS, "7bit", label="ISO-2022-JP")


@message("body-gb18030")
def _():
    return charset_body("gb18030", ZH_GB18030, "base64")


@message("body-gb2312")
def _():
    return charset_body("gb2312", ZH_GB2312, "8bit", label="GB2312")


@message("body-big5")
def _():
    return charset_body("big5", ZH_BIG5, "8bit", eol="\n", label="Big5")


@message("html-windows-1251")
def _():
    html = "<html><body><h1>Бронирование</h1><p>" + RU_1251.replace("\n", "<br>\n") + "</p></body></html>\n"
    return charset_body("windows-1251", html, "quoted-printable", subtype="html")


# ---- filenames

@message("filename-rfc2231-continuations")
def _():
    return simple("Subject: RFC 2231 continuations", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"fn\"\n")).t(
        "--fn\nContent-Type: text/plain; charset=us-ascii\n\nSee attachment.\n"
        "--fn\nContent-Type: application/pdf\n"
        "Content-Disposition: attachment;\n"
        " filename*0*=utf-8''Best%C3%A4tigung%20der%20Reservierung%20f%C3%BCr%20;\n"
        " filename*1*=M%C3%BCnchen%20%E2%80%93%20;\n"
        " filename*2=\"Zimmer 12.pdf\"\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(PDF[:300]) + "--fn--\n")


@message("filename-rfc2231-charset")
def _():
    return simple("Subject: RFC 2231 with charset", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"fn2\"\n")).t(
        "--fn2\nContent-Type: text/plain; charset=us-ascii\n\nSee attachments.\n"
        "--fn2\nContent-Type: application/pdf\n"
        "Content-Disposition: attachment; filename*=utf-8''%E2%82%AC%20rates%202024.pdf\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(PDF[:120])
        + "--fn2\nContent-Type: text/plain; charset=iso-8859-1\n"
        "Content-Disposition: attachment; filename*=iso-8859-1'fr'r%E9sum%E9.txt\n"
        "Content-Transfer-Encoding: quoted-printable\n\n" + qp_text(FR_LATIN1.encode("iso-8859-1"))
        + "--fn2--\n")


@message("filename-rfc2047-in-quotes")
def _():
    return simple("Subject: RFC 2047 filename", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"fn3\"\n")).t(
        "--fn3\nContent-Type: text/plain; charset=us-ascii\n\nSee attachment.\n"
        "--fn3\nContent-Type: application/pdf; name=\"" + ew("Fahrkarte München.pdf", "utf-8", "B") + "\"\n"
        "Content-Disposition: attachment; filename=\"" + ew("Fahrkarte München.pdf", "utf-8", "B") + "\"\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(PDF[:200]) + "--fn3--\n")


@message("filename-name-fallback")
def _():
    return simple("Subject: name= fallback", "", eol="\n", extra=(
        "Content-Type: multipart/mixed; boundary=\"fn4\"\n")).t(
        "--fn4\nContent-Type: text/plain; charset=us-ascii\n\nSee attachments.\n"
        "--fn4\nContent-Type: application/pdf; name=\"boarding pass.pdf\"\n"
        "Content-Transfer-Encoding: base64\n\n" + b64_lines(PDF[:100])
        + "--fn4\nContent-Type: text/calendar; charset=utf-8; name=invite.ics\n"
        "Content-Disposition: attachment\n\n" + ICS.decode("ascii").replace("\r\n", "\n")
        + "--fn4--\n")


@message("text-attachment-latin1")
def _():
    return simple("Subject: text attachment", "", extra=(
        "Content-Type: multipart/mixed; boundary=\"ta\"\n")).t(
        "--ta\nContent-Type: text/plain; charset=utf-8\n\nVoir la pièce jointe.\n"
        "--ta\nContent-Type: text/plain; charset=\"iso-8859-1\"\n"
        "Content-Disposition: attachment; filename=\"conditions.txt\"\n"
        "Content-Transfer-Encoding: 8bit\n\n").enc(FR_LATIN1, "iso-8859-1").t("\n--ta--\n")


# --------------------------------------------------------------------------- main


def build():
    """{file name: bytes} for the whole corpus."""
    corpus = {}
    for index, (name, function) in enumerate(MESSAGES.items(), start=1):
        corpus[f"{index:02d}-{name}.eml"] = function().data()
    return corpus


def main(argv):
    if len(argv) != 2:
        print("usage: generate_corpus.py OUTDIR", file=sys.stderr)
        return 2
    outdir = argv[1]
    os.makedirs(outdir, exist_ok=True)
    corpus = build()
    for name, data in corpus.items():
        with open(os.path.join(outdir, name), "wb") as file:
            file.write(data)
    print(f"wrote {len(corpus)} messages to {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
