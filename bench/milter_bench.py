#!/usr/bin/env python3
"""The milter row of `make bench`: messages per second through a private Postfix with
`eventsuggest milter` (the whole pipeline: DKIM, policy, markup, events) against OpenDKIM's
milter in verify mode (Debian `opendkim`), the same Postfix setup, the same messages.

usage: milter_bench.py --binary BIN --maildir DIR --keys FILE [--registered FILE]
                       [--messages N] [--sessions S] [--workdir DIR] [--json OUT]

Both milters take their keys from the same file (ours: --keys; OpenDKIM: TestPublicKeys),
so DNS is not measured. The clock starts before the first SMTP session and stops when
Postfix has delivered the last message to its Maildir; Postfix, the milter and the sender
share the machine's cores. Needs root (Postfix's `postfix start`). Nothing leaves loopback.
"""
import argparse
import json
import os
import pwd
import shutil
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

NOW = "2027-01-15T00:00:00Z"
DOMAIN = "recipients.example"
RECIPIENT = "alice@" + DOMAIN


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_accepting(port, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    sys.exit("milter_bench: %s did not listen on 127.0.0.1:%d" % (what, port))


class Postfix:
    """The same private instance as Tests/TestSupport/PostfixInstance.swift."""

    def __init__(self, milter_port, workdir):
        self.root = tempfile.mkdtemp(prefix="postfix-", dir=workdir)
        os.chmod(self.root, 0o755)
        for folder in ("conf", "queue", "data", "mail"):
            os.makedirs(os.path.join(self.root, folder))
        owner = pwd.getpwnam("postfix")
        os.chown(os.path.join(self.root, "data"), owner.pw_uid, owner.pw_gid)
        os.chown(os.path.join(self.root, "mail"), 65534, 65534)
        self.smtp_port = free_port()
        r = self.root
        main = """compatibility_level = 3.6
queue_directory = {r}/queue
data_directory = {r}/data
mail_owner = postfix
setgid_group = postdrop
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
myhostname = mx.milter-bench.example
mydomain = milter-bench.example
myorigin = milter-bench.example
mydestination =
relay_domains =
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
local_recipient_maps =
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
virtual_mailbox_domains = {domain}
virtual_mailbox_base = {r}/mail
virtual_mailbox_maps = texthash:{r}/conf/mailboxes
virtual_uid_maps = static:65534
virtual_gid_maps = static:65534
virtual_minimum_uid = 100
message_size_limit = 104857600
virtual_mailbox_limit = 0
smtpd_milters = inet:127.0.0.1:{milter}
milter_default_action = tempfail
milter_protocol = 6
in_flow_delay = 0
smtpd_error_sleep_time = 0
smtpd_client_connection_count_limit = 0
smtpd_client_connection_rate_limit = 0
default_process_limit = 100
maillog_file = {r}/postfix.log
maillog_file_prefixes = {r}
biff = no
smtputf8_enable = no
""".format(r=r, domain=DOMAIN, milter=milter_port)
        master = "127.0.0.1:%d inet n - n - - smtpd\n" % self.smtp_port + "\n".join([
            "cleanup unix n - n - 0 cleanup", "qmgr unix n - n 300 1 qmgr", "rewrite unix - - n - - trivial-rewrite",
            "bounce unix - - n - 0 bounce", "defer unix - - n - 0 bounce", "trace unix - - n - 0 bounce",
            "verify unix - - n - 1 verify", "flush unix n - n 1000? 0 flush", "proxymap unix - - n - - proxymap",
            "showq unix n - n - - showq", "error unix - - n - - error", "retry unix - - n - - error",
            "discard unix - - n - - discard", "virtual unix - n n - - virtual", "anvil unix - - n - 1 anvil",
            "scache unix - - n - 1 scache", "postlog unix-dgram n - n - 1 postlogd"]) + "\n"
        with open(os.path.join(r, "conf", "main.cf"), "w") as f:
            f.write(main)
        with open(os.path.join(r, "conf", "master.cf"), "w") as f:
            f.write(master)
        with open(os.path.join(r, "conf", "mailboxes"), "w") as f:
            f.write("%s alice/\n" % RECIPIENT)
        subprocess.run(["postfix", "-c", os.path.join(r, "conf"), "start"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_accepting(self.smtp_port, 20, "postfix")

    def delivered(self):
        try:
            return len(os.listdir(os.path.join(self.root, "mail", "alice", "new")))
        except FileNotFoundError:
            return 0

    def stop(self):
        subprocess.run(["postfix", "-c", os.path.join(self.root, "conf"), "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
        shutil.rmtree(self.root, ignore_errors=True)


def send_all(port, messages, sessions):
    def send(data):
        with smtplib.SMTP("127.0.0.1", port, timeout=300) as smtp:
            smtp.sendmail("bounces@origin.example", [RECIPIENT], data)
    with ThreadPoolExecutor(max_workers=sessions) as pool:
        list(pool.map(send, messages))


def measure(name, start_milter, messages, sessions, workdir, check):
    milter_port = free_port()
    milter, log_path = start_milter(milter_port)
    try:
        wait_accepting(milter_port, 30, name)
        postfix = Postfix(milter_port, workdir)
        try:
            begin = time.perf_counter()
            send_all(postfix.smtp_port, messages, sessions)
            while postfix.delivered() < len(messages):
                if time.perf_counter() - begin > 1800:
                    sys.exit("milter_bench: %s: only %d of %d delivered" % (name, postfix.delivered(), len(messages)))
                time.sleep(0.01)
            seconds = time.perf_counter() - begin
            folder = os.path.join(postfix.root, "mail", "alice", "new")
            sample = open(os.path.join(folder, sorted(os.listdir(folder))[0]), "rb").read(8192)
            if check not in sample:
                sys.exit("milter_bench: %s did not add its field (%r missing):\n%s" % (name, check, sample[:600].decode(errors="replace")))
        finally:
            postfix.stop()
    finally:
        milter.terminate()
        milter.wait(30)
    return {"tool": name, "messages": len(messages), "sessions": sessions, "seconds": seconds,
            "perSecond": len(messages) / seconds}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--keys", required=True)
    parser.add_argument("--registered")
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--workdir", default=tempfile.gettempdir())
    parser.add_argument("--now", default=NOW, help="our --now (the corpus's); OpenDKIM uses the real clock")
    parser.add_argument("--json")
    o = parser.parse_args()
    os.makedirs(o.workdir, exist_ok=True)
    files = sorted(os.path.join(o.maildir, sub, name) for sub in ("cur", "new")
                   for name in os.listdir(os.path.join(o.maildir, sub)))
    messages = []
    while len(messages) < o.messages:      # a small corpus is sent again as often as needed
        for path in files[:o.messages - len(messages)]:
            with open(path, "rb") as f:
                messages.append(f.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    keys = os.path.abspath(o.keys)

    def ours(port):
        calendar = tempfile.mkdtemp(prefix="milter-calendar-", dir=o.workdir)
        argv = [o.binary, "milter", "--socket", "inet:%d@127.0.0.1" % port, "--keys", keys, "--now", o.now,
                "--calendar", calendar]
        argv += ["--registered", o.registered] if o.registered else ["--allow-any-domain"]
        log_path = os.path.join(o.workdir, "eventsuggest-milter.log")
        return subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=open(log_path, "wb")), log_path

    def opendkim(port):
        conf = os.path.join(o.workdir, "opendkim.conf")
        with open(conf, "w") as f:
            f.write("Mode v\nSocket inet:%d@127.0.0.1\nTestPublicKeys %s\nAuthservID opendkim\n"
                    "Background no\nSyslog no\nUMask 007\n" % (port, keys))
        log_path = os.path.join(o.workdir, "opendkim.log")
        return subprocess.Popen(["/usr/sbin/opendkim", "-f", "-x", conf], stdout=subprocess.DEVNULL,
                                stderr=open(log_path, "wb")), log_path

    rows = [measure("eventsuggest milter", ours, messages, o.sessions, o.workdir, b"Authentication-Results: eventsuggest;\n\tdkim=pass"),
            measure("opendkim (verify)", opendkim, messages, o.sessions, o.workdir, b"dkim=pass")]
    for row in rows:
        print("| %s | %d messages, %d SMTP sessions at once | %.1f s | %.0f messages/s |"
              % (row["tool"], row["messages"], row["sessions"], row["seconds"], row["perSecond"]))
    if o.json:
        with open(o.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
