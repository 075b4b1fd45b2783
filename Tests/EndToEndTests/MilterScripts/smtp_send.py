#!/usr/bin/env python3
"""Sends message files over SMTP, each in its own session, as an MTA client does.

usage: smtp_send.py PORT RCPT[,RCPT...] JOBS FILE...
       smtp_send.py --pause PORT RCPT[,RCPT...] FILE
       smtp_send.py --one-session PORT RCPT[,RCPT...] FILE...

Line endings become CRLF (RFC 5321 §2.3.8). JOBS sessions run at once. Prints one line per
file ("ok FILE" or "error FILE: reason"); exits 1 if any failed.

--pause: MAIL FROM and RCPT TO (the milter has started the message), then prints "paused",
waits for a line on standard input, then sends DATA and prints "ok FILE REPLY".

--one-session: every file in one SMTP session, one transaction after another.
"""
import smtplib
import sys
from concurrent.futures import ThreadPoolExecutor

SENDER = "bounces@origin.example"


def crlf(data):
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def send(port, recipients, path):
    with open(path, "rb") as f:
        data = crlf(f.read())
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
            smtp.sendmail(SENDER, recipients, data)
        return "ok " + path
    except Exception as error:  # the line says what went wrong; the test decides
        return "error %s: %r" % (path, error)


def paused(port, recipients, path):
    with open(path, "rb") as f:
        data = crlf(f.read())
    with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
        smtp.ehlo()
        code, reply = smtp.mail(SENDER)
        assert code == 250, reply
        for recipient in recipients:
            code, reply = smtp.rcpt(recipient)
            assert code == 250, reply
        print("paused", flush=True)
        sys.stdin.readline()
        code, reply = smtp.data(data)
        print("ok %s %d %s" % (path, code, reply.decode(errors="replace")), flush=True)


def one_session(port, recipients, paths):
    with smtplib.SMTP("127.0.0.1", port, timeout=120) as smtp:
        for path in paths:
            with open(path, "rb") as f:
                smtp.sendmail(SENDER, recipients, crlf(f.read()))
            print("ok " + path, flush=True)


def main():
    if sys.argv[1] == "--one-session":
        one_session(int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4:])
        return 0
    if sys.argv[1] == "--pause":
        paused(int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4])
        return 0
    port, recipients, jobs = int(sys.argv[1]), sys.argv[2].split(","), int(sys.argv[3])
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        lines = list(pool.map(lambda path: send(port, recipients, path), sys.argv[4:]))
    print("\n".join(lines), flush=True)
    return 0 if all(line.startswith("ok ") for line in lines) else 1


if __name__ == "__main__":
    sys.exit(main())
