#!/usr/bin/python3
"""CalDAV writes/s against a real Radicale on loopback (issue 20), beside the vdir baseline.

    /usr/bin/python3 bench/caldav_writes.py [--binary .build/release/eventsuggest] [--rounds 5]

Starts Radicale (Debian `radicale`) on a free 127.0.0.1 port with a temporary storage folder,
plain htpasswd users and a rights file (a service account writing below every user), and
times three workloads over Maildir-samples/, each writing into a fresh calendar:

- scan --caldav: one process, the samples' events written one after another;
- filter --caldav: one process per message (procmail's way), serially;
- filter --caldav x4: the same with 4 processes at a time on one calendar (412s happen);
- scan --calendar: the vdir baseline.

A "write" is an event created, updated or cancelled (from the scan report / the filter's
X-Event-Suggestion fields). Prints a Markdown table; nothing leaves loopback.
"""
import argparse, concurrent.futures, json, os, shutil, socket, statistics, subprocess, sys, tempfile, time, urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(REPO, "Maildir-samples")
COMMON = ["--keys", SAMPLES + "/keys", "--registered", SAMPLES + "/registered-domains", "--now", "2027-01-15T00:00:00Z"]
WRITES = ("created", "updated", "cancelled")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Radicale:
    def __init__(self, folder):
        self.folder, self.port = folder, free_port()
        with open(folder + "/users", "w") as f:
            f.write("eventsuggest:bench-secret\n")
        with open(folder + "/rights", "w") as f:
            f.write("[service]\nuser: eventsuggest\ncollection: .*\npermissions: RrWw\n")
        with open(folder + "/config", "w") as f:
            f.write(f"[server]\nhosts = 127.0.0.1:{self.port}\n[auth]\ntype = htpasswd\nhtpasswd_filename = {folder}/users\n"
                    f"htpasswd_encryption = plain\ndelay = 0\n[rights]\ntype = from_file\nfile = {folder}/rights\n"
                    f"[storage]\nfilesystem_folder = {folder}/storage\n[web]\ntype = none\n[logging]\nlevel = warning\n")
        with open(folder + "/netrc", "w") as f:
            f.write("machine 127.0.0.1 login eventsuggest password bench-secret\n")
        os.chmod(folder + "/netrc", 0o600)
        self.process = subprocess.Popen(["/usr/bin/radicale", "--config", folder + "/config"],
                                        stdout=subprocess.DEVNULL, stderr=open(folder + "/log", "w"))
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("radicale did not start: " + open(folder + "/log").read())

    def root(self):
        return f"http://127.0.0.1:{self.port}/eventsuggest/"

    def stop(self):
        self.process.terminate()
        self.process.wait()


def messages():
    return [os.path.join(SAMPLES, sub, name) for sub in ("cur", "new") for name in sorted(os.listdir(os.path.join(SAMPLES, sub)))]


def scan(binary, destination, work):
    report = os.path.join(work, "report-%d.jsonl" % time.monotonic_ns())
    started = time.monotonic()
    run = subprocess.run([binary, "scan", SAMPLES] + destination + ["--report", report] + COMMON, capture_output=True)
    elapsed = time.monotonic() - started
    if run.returncode != 0:
        raise SystemExit("scan failed: " + run.stderr.decode())
    writes = 0
    for line in open(report):
        record = json.loads(line)
        for outcome in record.get("events", record.get("outcomes", [])):
            writes += outcome.get("action") in WRITES
    return writes, elapsed


def filter_one(binary, destination, path):
    with open(path, "rb") as message:
        run = subprocess.run([binary, "filter"] + destination + COMMON, stdin=message, capture_output=True)
    if run.returncode != 0 or b"not written" in run.stdout:
        raise SystemExit("filter failed on %s: %s" % (path, run.stderr.decode()))
    head = run.stdout.split(b"\n\n", 1)[0].decode(errors="replace")
    return sum(1 for line in head.splitlines() if line.startswith("X-Event-Suggestion:") and line.split(":", 1)[1].strip().split(" ")[0].rstrip(",;") in WRITES)


def filters(binary, destination, parallel):
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(parallel) as pool:
        writes = sum(pool.map(lambda path: filter_one(binary, destination, path), messages()))
    return writes, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build", "release", "eventsuggest"))
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="es-caldav-bench-")
    radicale = Radicale(work)
    rows = []
    try:
        credentials = ["--caldav-credentials", work + "/netrc"]
        workloads = [
            ("scan --caldav", lambda i: scan(arguments.binary, ["--caldav", radicale.root() + "scan-%d/" % i] + credentials, work)),
            ("filter --caldav (1 process per message)", lambda i: filters(arguments.binary, ["--caldav", radicale.root() + "filter-%d/" % i] + credentials, 1)),
            ("filter --caldav x4 on one calendar", lambda i: filters(arguments.binary, ["--caldav", radicale.root() + "parallel-%d/" % i] + credentials, 4)),
            ("scan --calendar (vdir baseline)", lambda i: scan(arguments.binary, ["--calendar", work + "/vdir-%d" % i], work)),
        ]
        for label, run in workloads:
            samples = [run(i) for i in range(arguments.rounds)]
            writes = samples[0][0]
            if writes == 0 or any(w != writes for w, _ in samples):
                raise SystemExit("%s: writes differ between rounds: %s" % (label, samples))
            median = statistics.median(t for _, t in samples)
            rows.append((label, writes, median, writes / median))
    finally:
        radicale.stop()
        shutil.rmtree(work, ignore_errors=True)
    print("| workload | events written | median wall s (%d rounds) | writes/s |" % arguments.rounds)
    print("|---|---:|---:|---:|")
    for label, writes, median, rate in rows:
        print("| %s | %d | %.3f | %.1f |" % (label, writes, median, rate))


if __name__ == "__main__":
    main()
