#!/usr/bin/python3
"""`make bench`: eventsuggest against go-msgauth, dkimpy, OpenDKIM and KItinerary (issue 7).

    /usr/bin/python3 bench/bench.py --binary .build/release/eventsuggest

Environment (all optional):
  BENCH_MESSAGES=N         corpus size (default 10000)
  BENCH_RUNS=N             timed runs per measurement, medians reported (default 3, at least 3)
  BENCH_SKIP_2GB=1         skip the peak-RSS scan of a 2 GB mbox
  BENCH_SKIP_BIG=1         skip the peak-RSS scan of a 1,000,000-message mbox (bench/big_scan.py)
  BENCH_ONLY=ROWS          run only these rows, comma-separated, without the peers' rounds:
                           filter-calendar, big (the 1,000,000-message scan), 2gb; or
                           extract alone (bench/extract_bench.py) on the corpus
  BENCH_SCAN_MESSAGES=N    messages in the scan-vs-KItinerary batch (default 2000: KItinerary
                           takes one process per file, ~20-40 ms each, so the whole corpus
                           would take ~10 minutes per run)
  BENCH_FILTER_MESSAGES=N  messages for filter vs opendkim-testmsg, one process each (default 500)
  BENCH_DIR=DIR            working folder (default /tmp/eventsuggest-bench); the corpus is
                           cached there by (generator, signer binary, size, seed)
  BENCH_JOBS=N             --jobs of scan and of the KItinerary batch (default: the cores);
                           verify's "default" rows pass no --jobs at all

Steps: build the go-msgauth driver offline (GOPATH mode over Debian's /usr/share/gocode);
generate or reuse the corpus (bench/generate_corpus.py, signed by `eventsuggest sign`);
start dnsmasq on a loopback address with the corpus keys; check that every DKIM tool says
`pass` for every message (abort otherwise); then time, alternating tool by tool within each
round, BENCH_RUNS rounds; then the 2 GB scan. Prints a Markdown table and writes
results.json and results.md into BENCH_DIR.

Everything stays on loopback. opendkim-testmsg has no key or server option: it uses the
system resolver, so the per-process runs (it and `eventsuggest filter`, which then also
uses the system resolver) happen inside a private mount namespace (`unshare -m`) where
/etc/resolv.conf is bind-mounted to "nameserver <loopback dnsmasq>". The host's
/etc/resolv.conf is never touched.
"""

import argparse
import datetime
import hashlib
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import zone_scan
import extract_bench

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
NOW = "2025-06-01T00:00:00Z"
GNU_TIME = "/usr/bin/time"   # Debian's `time` package
SEED = 7
KITINERARY = "/usr/lib/x86_64-linux-gnu/libexec/kf5/kitinerary-extractor"
OPENDKIM_TESTMSG = "/usr/sbin/opendkim-testmsg"
DNSMASQ = "/usr/sbin/dnsmasq"
PYTHON = "/usr/bin/python3"   # Debian's python3-dkim is visible only to it
DNS_ADDRESS = "127.0.83.1"    # loopback (127/8), port 53: resolv.conf takes no port


def env_int(name, default):
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


def log(text):
    print("bench: " + text, file=sys.stderr, flush=True)


def die(text):
    sys.exit("bench: " + text)


# ---------------------------------------------------------------- running and timing

LAST_CPU = [0.0, 0.0]   # user+sys, and user alone, seconds of the last timed() process and its children


def timed(argv, stdin_path=None, stdout_path=os.devnull, env=None):
    """(wall seconds, peak RSS KiB, exit status) of one process; its CPU time in LAST_CPU.

    The process runs under GNU time, whose %M is the peak RSS of the tool alone: Linux
    carries a process's peak RSS across exec, so a tool started straight from this script
    reports at least this script's own peak (90+ MB once the corpus list is loaded). The
    wall and CPU times include GNU time's own (about a millisecond)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    rss_file = os.path.join(tempfile.gettempdir(), "eventsuggest-bench-rss-%d.txt" % os.getpid())
    with open(stdout_path, "wb") as stdout:
        start = time.perf_counter()
        process = subprocess.Popen([GNU_TIME, "-f", "%M", "-o", rss_file] + argv,
                                   stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, env=env)
        stderr = process.stderr.read()
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    LAST_CPU[0] = usage.ru_utime + usage.ru_stime
    LAST_CPU[1] = usage.ru_utime
    if stdin is not subprocess.DEVNULL:
        stdin.close()
    with open(rss_file) as handle:
        lines = handle.read().split()
    os.remove(rss_file)
    rss = int(lines[-1]) if lines and lines[-1].isdigit() else -1
    if stderr.strip() and process.returncode not in (0,):
        log("%s: %s" % (os.path.basename(argv[0]), stderr.decode(errors="replace").strip()[:500]))
    return elapsed, rss, process.returncode


def require(condition, text):
    if not condition:
        die("check failed: " + text)


# ---------------------------------------------------------------- set-up

def check_tools(binary):
    missing = []
    for path, package in [(binary, "make release"), ("/usr/bin/go", "golang-go"),
                          ("/usr/share/gocode/src/github.com/emersion/go-msgauth/dkim",
                           "golang-github-emersion-go-msgauth-dev"),
                          ("/usr/lib/python3/dist-packages/dkim", "python3-dkim"),
                          (OPENDKIM_TESTMSG, "opendkim-tools"), (KITINERARY, "libkpimitinerary-bin"),
                          (DNSMASQ, "dnsmasq-base"), ("/usr/bin/unshare", "util-linux"), (GNU_TIME, "time")]:
        if not os.path.exists(path):
            missing.append("%s (%s)" % (path, package))
    if missing:
        die("missing: " + ", ".join(missing) + "; `make bench` installs the packages")
    if os.geteuid() != 0:
        die("the opendkim-testmsg runs need root (unshare -m and a bind mount of /etc/resolv.conf)")


def build_msgauth(workdir):
    out = os.path.join(workdir, "msgauth-verify")
    env = dict(os.environ, GO111MODULE="off", GOPATH="/usr/share/gocode", GOFLAGS="", GOPROXY="off",
               GOCACHE=os.path.join(workdir, "gocache"), CGO_ENABLED="0")
    result = subprocess.run(["go", "build", "-o", out, "."], cwd=os.path.join(HERE, "msgauth-verify"),
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        die("go build msgauth-verify failed:\n" + result.stdout.decode(errors="replace"))
    return out


def corpus(workdir, binary, messages):
    digest = hashlib.sha256()
    for path in (os.path.join(HERE, "generate_corpus.py"), binary):
        with open(path, "rb") as handle:
            digest.update(handle.read())
    digest.update(("%d/%d" % (messages, SEED)).encode())
    folder = os.path.join(workdir, "corpus-%d-%s" % (messages, digest.hexdigest()[:12]))
    manifest_path = os.path.join(folder, "manifest.json")
    if not os.path.exists(manifest_path):
        for old in os.listdir(workdir):
            if old.startswith("corpus-"):
                shutil.rmtree(os.path.join(workdir, old))
        log("generating %d messages into %s (signed by eventsuggest sign, one process each)" % (messages, folder))
        start = time.perf_counter()
        subprocess.run([PYTHON, os.path.join(HERE, "generate_corpus.py"), folder + ".partial", "--binary", binary,
                        "--messages", str(messages), "--seed", str(SEED)], check=True, stdout=subprocess.DEVNULL)
        os.rename(folder + ".partial", folder)
        log("corpus generated in %.0f s" % (time.perf_counter() - start))
    else:
        log("reusing the corpus in %s" % folder)
    with open(manifest_path) as handle:
        manifest = json.load(handle)
    files = []
    for sub in ("cur", "new"):
        files += [os.path.join(folder, "Maildir", sub, name) for name in os.listdir(os.path.join(folder, "Maildir", sub))]
    files.sort()
    require(len(files) == messages, "corpus has %d files, want %d" % (len(files), messages))
    return folder, manifest, files


class DNSMasq:
    def __init__(self, conf, workdir):
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.bind((DNS_ADDRESS, 53))
        except OSError as error:
            die("cannot bind %s:53 for dnsmasq (%s)" % (DNS_ADDRESS, error))
        finally:
            probe.close()
        self.log_path = os.path.join(workdir, "dnsmasq.log")
        self.process = subprocess.Popen(
            [DNSMASQ, "--no-daemon", "--no-resolv", "--no-hosts", "--bind-interfaces",
             "--listen-address=" + DNS_ADDRESS, "--port=53", "--conf-file=" + conf, "--pid-file=",
             "--local=/example/", "--txt-record=ready.example,ok"],
            stdin=subprocess.DEVNULL, stdout=open(self.log_path, "wb"), stderr=subprocess.STDOUT)
        deadline = time.time() + 5
        while time.time() < deadline:
            if self.process.poll() is not None:
                die("dnsmasq exited: " + open(self.log_path).read())
            if self._answers():
                return
            time.sleep(0.05)
        self.stop()
        die("dnsmasq did not answer on %s:53" % DNS_ADDRESS)

    def _answers(self):
        query = b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x05ready\x07example\x00\x00\x10\x00\x01"
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            udp.settimeout(0.2)
            try:
                udp.sendto(query, (DNS_ADDRESS, 53))
                answer = udp.recv(512)
            except OSError:
                return False
        return answer[:2] == b"\x12\x34" and answer[7] >= 1

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(5)


def summary_count(summary, label):
    """The count on the summary row `label` (the counts share a column), or -1."""
    for line in summary.splitlines():
        if line.strip().startswith(label):
            rest = line.strip()[len(label):].split()
            if rest and rest[0].isdigit():
                return int(rest[0])
    return -1


# ---------------------------------------------------------------- the per-process loop

def per_process(tool, binary, list_path, corpus_dir, out_path):
    """Runs inside the mount namespace: one process per message, sequentially."""
    with open(list_path) as handle:
        files = [line.rstrip("\n") for line in handle if line.strip()]
    calendar = tempfile.mkdtemp(prefix="filter-calendar-", dir=os.path.dirname(out_path))
    scratch = os.path.join(os.path.dirname(out_path), "filter-output.eml")
    passes, seconds = 0, 0.0
    start = time.perf_counter()
    for path in files:
        with open(path, "rb") as stdin, open(scratch, "wb") as stdout:
            if tool == "eventsuggest":
                status = subprocess.call([binary, "filter", "--calendar", calendar,
                                          "--registered", os.path.join(corpus_dir, "registered.txt"),
                                          "--now", NOW], stdin=stdin, stdout=stdout)
            elif tool == "eventsuggest-verify":
                status = subprocess.call([binary, "verify", "--now", NOW, "-"], stdin=stdin, stdout=stdout)
            else:
                status = subprocess.call([OPENDKIM_TESTMSG], stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL)
        if tool == "eventsuggest":
            with open(scratch, "rb") as handle:
                head = handle.read(4096)
            passes += status == 0 and b"\tdkim=pass header.d=" in head.split(b"\n\n")[0]
        elif tool == "eventsuggest-verify":
            with open(scratch, "rb") as handle:
                passes += status == 0 and b": dkim=pass " in handle.read()
        else:
            passes += status == 0
    seconds = time.perf_counter() - start
    shutil.rmtree(calendar)
    with open(out_path, "w") as handle:
        json.dump({"seconds": seconds, "messages": len(files), "passes": passes}, handle)


def run_per_process(tool, binary, list_path, corpus_dir, workdir):
    resolv = os.path.join(workdir, "resolv.conf")
    with open(resolv, "w") as handle:
        handle.write("nameserver %s\noptions timeout:2 attempts:1\n" % DNS_ADDRESS)
    out = os.path.join(workdir, "per-process-%s.json" % tool)
    script = ('mount --bind "$1" /etc/resolv.conf && shift && exec "$@"')
    subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", resolv, PYTHON,
                    os.path.abspath(__file__), "--per-process", tool, "--binary", binary, "--list", list_path,
                    "--corpus", corpus_dir, "--out", out], check=True)
    with open(out) as handle:
        return json.load(handle)


# ---------------------------------------------------------------- the measurements

def count_lines(path, needle):
    count = 0
    with open(path, "rb") as handle:
        for line in handle:
            count += needle in line
    return count


def last_line(path):
    with open(path, "rb") as handle:
        lines = handle.read().splitlines()
    return lines[-1].decode() if lines else ""


class Bench:
    def __init__(self, options):
        self.o = options
        self.samples = {}   # key -> [(seconds, rss_kib)]
        self.notes = []

    def record(self, key, seconds, rss, cpu):
        self.samples.setdefault(key, []).append((seconds, rss, cpu))

    def cpu_per_message(self, key):
        return statistics.median(c for _, _, c in self.samples[key]) / self.counts[key]

    def median(self, key):
        return statistics.median(s for s, _, _ in self.samples[key])

    def peak(self, key):
        return max(r for _, r, _ in self.samples[key])

    def spread(self, key):
        """The lowest and highest rate of the runs, msg/s, as "min-max"."""
        rates = [self.counts[key] / s for s, _, _ in self.samples[key]]
        return "%.0f-%.0f" % (min(rates), max(rates))

    # verify ---------------------------------------------------------------
    def verify_configs(self):
        c = self.corpus
        keys = os.path.join(c, "keys.txt")
        inputs = {"Maildir": os.path.join(c, "Maildir"), "mbox": os.path.join(c, "corpus.mbox")}
        configs = []
        for input_name, path in inputs.items():
            for jobs in (1, "default"):
                # "default": no --jobs option at all, so each tool uses its own default (the cores).
                flag = lambda name: [name, "1"] if jobs == 1 else []
                configs.append((("verify", "eventsuggest", input_name, jobs),
                                [self.o.binary, "verify", "--keys", keys, "--now", NOW] + flag("--jobs") + [path],
                                "eventsuggest"))
                configs.append((("verify", "go-msgauth", input_name, jobs),
                                [self.msgauth, "-keys", keys] + flag("-jobs") + [path], "summary"))
                configs.append((("verify", "dkimpy", input_name, jobs),
                                [PYTHON, os.path.join(HERE, "dkimpy_verify.py"), "--keys", keys]
                                + flag("--jobs") + [path], "summary"))
        return configs

    def run_verify(self, key, argv, kind):
        out = os.path.join(self.o.workdir, "verify-output.txt")
        seconds, rss, status = timed(argv, stdout_path=out)
        n = self.manifest["messages"]
        if kind == "eventsuggest":
            passes = count_lines(out, b": dkim=pass ")
            require(status == 0 and passes == n,
                    "%s: exit %d, %d of %d messages pass" % (" ".join(key[1:3]), status, passes, n))
        else:
            summary = last_line(out)
            require(status == 0 and summary == "messages %d pass %d" % (n, n),
                    "%s %s: exit %d, %r" % (key[1], key[2], status, summary))
        return seconds, rss

    # scan -----------------------------------------------------------------
    def scan_argv(self, calendar, jobs):
        c = self.corpus
        paths = [os.path.join(c, "Maildir")] if len(self.scan_files) == len(self.files) else self.scan_files
        return [self.o.binary, "scan", "--calendar", calendar, "--keys", os.path.join(c, "keys.txt"),
                "--registered", os.path.join(c, "registered.txt"), "--now", NOW, "--jobs", str(jobs)] + paths

    def run_scan(self):
        calendar = os.path.join(self.o.workdir, "calendar")
        shutil.rmtree(calendar, ignore_errors=True)
        out = os.path.join(self.o.workdir, "scan-output.txt")
        seconds, rss, status = timed(self.scan_argv(calendar, self.o.jobs), stdout_path=out)
        with open(out) as handle:
            summary = handle.read()
        n = len(self.scan_files)
        require(status == 0 and summary_count(summary, "verified (dkim=pass)") == n,
                "scan: exit %d, want %d verified in:\n%s" % (status, n, summary))
        created = int(summary.split("created", 1)[1].split()[0]) if "created" in summary else -1
        self.scan_events = created
        require(created == self.scan_markup, "scan created %d events, the batch has %d with markup"
                % (created, self.scan_markup))
        shutil.rmtree(calendar, ignore_errors=True)
        return seconds, rss

    def run_kitinerary(self):
        out = os.path.join(self.o.workdir, "kitinerary-found.txt")
        argv = [PYTHON, os.path.join(HERE, "kitinerary_batch.py"), "--jobs", str(self.o.jobs),
                "--context-date", NOW, "--list", self.scan_list]
        seconds, rss, status = timed(argv, stdout_path=out)
        found = int(last_line(out).split()[-1]) if status == 0 else -1
        self.kitinerary_found = found
        require(status == 0, "kitinerary batch failed")
        return seconds, rss

    # per process -------------------------------------------------------------
    def run_filter(self, tool):
        result = run_per_process(tool, self.o.binary, self.filter_list, self.corpus, self.o.workdir)
        require(result["passes"] == result["messages"],
                "%s: %d of %d messages pass (one process each)" % (tool, result["passes"], result["messages"]))
        return result["seconds"], self.filter_peak_rss() if tool == "eventsuggest" else 0

    def filter_peak_rss(self):
        """Peak RSS (KiB) of one `filter` on the message with markup closest to 20 KB, writing
        its event into a fresh calendar (keys from the file: the RSS, not DNS, is measured)."""
        marked = [os.path.join(self.corpus, name) for name in self.manifest["markupFiles"]]
        message = min(marked, key=lambda path: abs(os.path.getsize(path) - 20_000))
        self.filter_message_bytes = os.path.getsize(message)
        calendar = tempfile.mkdtemp(prefix="filter-rss-", dir=self.o.workdir)
        try:
            _, rss, status = timed([self.o.binary, "filter", "--calendar", calendar,
                                    "--keys", os.path.join(self.corpus, "keys.txt"),
                                    "--registered", os.path.join(self.corpus, "registered.txt"), "--now", NOW],
                                   stdin_path=message)
            require(status == 0 and len([n for n in os.listdir(calendar) if n.endswith(".ics")]) == 1,
                    "filter on %s: exit %d, want one event" % (message, status))
        finally:
            shutil.rmtree(calendar)
        return rss

    # 2 GB -------------------------------------------------------------------
    def run_big(self):
        folder = self.o.workdir
        free = shutil.disk_usage(folder).free
        if free < 3 * 1024 ** 3:
            self.notes.append("2 GB scan skipped: %.1f GB free in %s" % (free / 1024 ** 3, folder))
            return None
        big = os.path.join(folder, "big.mbox")
        source = os.path.join(self.corpus, "corpus.mbox")
        size = os.path.getsize(source)
        repeats = -(-2 * 1024 ** 3 // size)
        log("writing a %.1f GB mbox (%d copies of the corpus mbox)" % (repeats * size / 1e9, repeats))
        try:
            with open(big, "wb") as out:
                for _ in range(repeats):
                    with open(source, "rb") as handle:
                        shutil.copyfileobj(handle, out, 8 << 20)
            calendar = os.path.join(folder, "calendar-big")
            shutil.rmtree(calendar, ignore_errors=True)
            c = self.corpus
            argv = [self.o.binary, "scan", "--calendar", calendar, "--keys", os.path.join(c, "keys.txt"),
                    "--registered", os.path.join(c, "registered.txt"), "--now", NOW, "--jobs", str(self.o.jobs), big]
            out = os.path.join(folder, "scan-big-output.txt")
            seconds, rss, status = timed(argv, stdout_path=out)
            with open(out) as handle:
                summary = handle.read()
            n = repeats * self.manifest["messages"]
            require(status == 0 and summary_count(summary, "verified (dkim=pass)") == n,
                    "2 GB scan: exit %d, want %d verified:\n%s" % (status, n, summary))
            shutil.rmtree(calendar, ignore_errors=True)
            return {"bytes": repeats * size, "messages": n, "seconds": seconds, "rssKiB": rss, "cpuSeconds": LAST_CPU[0]}
        finally:
            if os.path.exists(big):
                os.remove(big)

    # ---------------------------------------------------------------------
    def main(self):
        o = self.o
        os.makedirs(o.workdir, exist_ok=True)
        check_tools(o.binary)
        # Every row times the binary as `make install` installs it (stripped, what users run),
        # as bench/startup.py does; the build output's debug information is never mapped anyway.
        built = o.binary
        o.binary = os.path.join(o.workdir, "eventsuggest-installed")
        subprocess.run(["install", "-s", "-m", "755", built, o.binary], check=True)
        self.binary_sizes = (os.path.getsize(o.binary), os.path.getsize(built))
        self.msgauth = build_msgauth(o.workdir)
        self.corpus, self.manifest, self.files = corpus(o.workdir, o.binary, o.messages)
        n = len(self.files)

        self.scan_files = self.files[:min(n, o.scan_messages)] if o.scan_messages else self.files
        self.scan_list = os.path.join(o.workdir, "scan-files.txt")
        with open(self.scan_list, "w") as handle:
            handle.write("\n".join(self.scan_files) + "\n")
        marked = {os.path.join(self.corpus, name) for name in self.manifest["markupFiles"]}
        self.scan_markup = sum(1 for f in self.scan_files if f in marked)
        self.filter_list = os.path.join(o.workdir, "filter-files.txt")
        with open(self.filter_list, "w") as handle:
            handle.write("\n".join(self.files[:min(n, o.filter_messages)]) + "\n")
        filter_count = min(n, o.filter_messages)

        if o.only:
            return self.run_only(o.only)
        dns = DNSMasq(os.path.join(self.corpus, "dnsmasq.conf"), o.workdir)
        try:
            steps = [(key, (lambda a=argv, k=key, kind=kind: self.run_verify(k, a, kind)), len(self.files))
                     for key, argv, kind in self.verify_configs()]
            steps += [(("scan", "eventsuggest"), self.run_scan, len(self.scan_files)),
                      (("scan", "kitinerary"), self.run_kitinerary, len(self.scan_files)),
                      (("filter", "eventsuggest"), lambda: self.run_filter("eventsuggest"), filter_count),
                      (("filter", "opendkim-testmsg"), lambda: self.run_filter("opendkim"), filter_count),
                      (("filter", "eventsuggest-verify"), lambda: self.run_filter("eventsuggest-verify"),
                       filter_count)]
            self.counts = {key: count for key, _, count in steps}
            log("checking that every tool says pass for every message (an untimed first round)")
            for key, step, _ in steps:
                if key[1] != "kitinerary":   # no DKIM; its extraction count is checked in every run
                    step()
            self.loads = [os.getloadavg()[0]]
            for round_index in range(o.runs):
                log("round %d of %d" % (round_index + 1, o.runs))
                for key, step, _ in steps:
                    LAST_CPU[0] = float("nan")
                    seconds, rss = step()
                    self.record(key, seconds, rss, LAST_CPU[0])
                self.loads.append(os.getloadavg()[0])
        finally:
            dns.stop()
        self.zones = self.run_zones()
        self.big = None if o.skip_2gb else self.run_big()
        self.filter_calendar = self.run_filter_calendar()
        self.million = None if o.skip_big else self.run_million()
        self.milter = self.run_milter()
        self.extract = run_extract(o.binary, self.corpus, o.workdir, o.runs)
        self.report()

    def run_zones(self):
        """The zone-resolution row (bench/zone_scan.py): scan --jobs 1 on the scan batch and on
        its copy with the offsets stripped, alternately."""
        marked = {os.path.join(self.corpus, name) for name in self.manifest["markupFiles"]}
        # On tmpfs: the goal's measure (the code's own work); on disk: what users see, the
        # kernel's file writes included, whose CPU moves by far more than 5 % from run to run.
        return [zone_scan.measure(self.o.binary, self.corpus, self.scan_files, marked, self.o.workdir, self.o.runs,
                                  NOW, timed, LAST_CPU, summary_count, tmpfs=tmpfs) for tmpfs in (True, False)]

    # filter with events in the calendar, the 1,000,000-message scan (issue 21) ------------
    def run_only(self, rows):
        """BENCH_ONLY: the named rows alone, printed (no peers, no results files)."""
        self.big = self.run_big() if "2gb" in rows else None
        self.filter_calendar = self.run_filter_calendar() if "filter-calendar" in rows else None
        self.million = self.run_million() if "big" in rows else None
        lines = ["| pipeline | eventsuggest msg/s | peer | peer msg/s | ratio | eventsuggest peak RSS |",
                 "|---|---:|---|---:|---:|---:|"] + self.filter_calendar_rows() + self.million_rows()
        if self.big:
            lines.append("| scan of a %.2f GB mbox (%d messages) | %.0f | | | | **%.0f MB** |" % (
                self.big["bytes"] / 1e9, self.big["messages"], self.big["messages"] / self.big["seconds"],
                self.big["rssKiB"] / 1024))
        print("\n".join(lines))

    def run_filter_calendar(self):
        """`filter` on the 20 KB message with markup, one process each, with 0, 10,000 and
        100,000 events already in the calendar (bench/filter_calendar.py)."""
        marked = [os.path.join(self.corpus, name) for name in self.manifest["markupFiles"]]
        message = min(marked, key=lambda path: abs(os.path.getsize(path) - 20_000))
        sys.path.insert(0, HERE)
        import filter_calendar
        return filter_calendar.measure(self.o.binary, message, os.path.join(self.corpus, "keys.txt"),
                                       os.path.join(self.corpus, "registered.txt"), NOW,
                                       [0, 10_000, 100_000], max(20, self.o.runs), self.o.workdir)

    def filter_calendar_rows(self):
        rows = []
        for row in self.filter_calendar or []:
            rows.append("| filter with %s events in the calendar, one process, 20 KB message (%d runs, median, "
                        "min-max %.1f-%.1f ms; CPU %.1f ms) | %.0f | | | | |" % (
                            "{:,}".format(row["events"]), row["runs"], row["minMs"], row["maxMs"], row["cpuMs"],
                            1000 / row["medianMs"]))
        return rows

    def run_million(self):
        """Peak RSS of `scan` on a 1,000,000-message mbox streamed from the corpus mbox
        (bench/big_scan.py)."""
        sys.path.insert(0, HERE)
        import big_scan
        c = self.corpus
        return big_scan.measure(self.o.binary, os.path.join(c, "corpus.mbox"), self.manifest["messages"],
                                os.path.join(c, "keys.txt"), os.path.join(c, "registered.txt"), NOW,
                                self.o.jobs, self.o.workdir, self.notes, env_int("BENCH_BIG_MESSAGES", 1_000_000))

    def million_rows(self):
        b = self.million
        if not b:
            return []
        return ["| scan of %s messages (a %.1f GB mbox, the corpus %d times), --jobs %d | %.0f | | | | **%.0f MB** |"
                % ("{:,}".format(b["messages"]), b["bytes"] / 1e9, b["copies"], self.o.jobs,
                   b["messages"] / b["seconds"], b["rssKiB"] / 1024)]

    # milter ------------------------------------------------------------------
    def run_milter(self):
        """Messages/s through a private Postfix: `eventsuggest milter` against OpenDKIM's milter
        (verify mode), the same corpus, the same run (bench/milter_bench.py)."""
        out = os.path.join(self.o.workdir, "milter.json")
        c = self.corpus
        subprocess.run([PYTHON, os.path.join(HERE, "milter_bench.py"), "--binary", self.o.binary,
                        "--maildir", os.path.join(c, "Maildir"), "--keys", os.path.join(c, "keys.txt"),
                        "--registered", os.path.join(c, "registered.txt"), "--now", NOW,
                        "--messages", str(min(len(self.files), self.o.milter_messages)), "--sessions", "8",
                        "--workdir", os.path.join(self.o.workdir, "milter"), "--json", out], check=True)
        with open(out) as handle:
            return json.load(handle)

    def rate(self, key):
        return self.counts[key] / self.median(key)

    def report(self):
        o, m = self.o, self.manifest
        lines = []
        lines.append("Corpus: %d messages, %.0f MB, median %.1f KB (%.1f-%.1f KB), %d with schema.org markup, "
                     "%d sender domains, rsa-sha256 2048-bit, relaxed/relaxed; seed %d; sha256 %s"
                     % (m["messages"], m["bytes"] / 1e6, m["medianBytes"] / 1e3, m["minBytes"] / 1e3,
                        m["maxBytes"] / 1e3, m["withMarkup"], m["senders"], m["seed"], m["sha256"][:16]))
        lines.append("Medians of %d runs, alternating; messages per second (higher is better); "
                     "ratio = eventsuggest / peer (> 1: eventsuggest faster)." % o.runs)
        lines.append("")
        lines.append("| verify | jobs | eventsuggest msg/s | go-msgauth msg/s | dkimpy msg/s "
                     "| × go-msgauth | × dkimpy | eventsuggest peak RSS | eventsuggest min-max | go-msgauth min-max |")
        lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for input_name in ("Maildir", "mbox"):
            for jobs in (1, "default"):
                es, go, py = (("verify", t, input_name, jobs) for t in ("eventsuggest", "go-msgauth", "dkimpy"))
                lines.append("| %s | %s | %.0f | %.0f | %.0f | %.2f | %.2f | %.0f MB | %s | %s |" % (
                    input_name, "1" if jobs == 1 else "default (%d)" % (os.cpu_count() or 1), self.rate(es), self.rate(go), self.rate(py),
                    self.rate(es) / self.rate(go), self.rate(es) / self.rate(py), self.peak(es) / 1024,
                    self.spread(es), self.spread(go)))
        lines.append("")
        lines.append("CPU time (user+sys) per message, median, µs (less sensitive than wall time to other load "
                     "on the machine; the parallel rows include the workers' time):")
        lines.append("")
        lines.append("| verify | jobs | eventsuggest | go-msgauth | dkimpy |")
        lines.append("|---|---:|---:|---:|---:|")
        for input_name in ("Maildir", "mbox"):
            for jobs in (1, "default"):
                cells = [self.cpu_per_message(("verify", t, input_name, jobs)) * 1e6
                         for t in ("eventsuggest", "go-msgauth", "dkimpy")]
                lines.append("| %s | %s | %.0f | %.0f | %.0f |" % (
                    input_name, "1" if jobs == 1 else "default", *cells))
        lines.append("")
        lines.append("| pipeline | eventsuggest msg/s (min-max) | peer | peer msg/s (min-max) | ratio | eventsuggest peak RSS |")
        lines.append("|---|---:|---|---:|---:|---:|")
        es, ki = ("scan", "eventsuggest"), ("scan", "kitinerary")
        lines.append("| scan, %d files, --jobs %d, fresh calendar | %.0f (%s) | kitinerary-extractor, one process per file, "
                     "%d at a time | %.1f (%s) | %.1f | %.0f MB |" % (
                         self.counts[es], o.jobs, self.rate(es), self.spread(es), o.jobs, self.rate(ki), self.spread(ki),
                         self.rate(es) / self.rate(ki), self.peak(es) / 1024))
        ef, od = ("filter", "eventsuggest"), ("filter", "opendkim-testmsg")
        lines.append("| filter, one process per message, %d messages, DNS via loopback dnsmasq (%.1f ms each) | %.0f (%s) | "
                     "opendkim-testmsg, the same way (%.1f ms each) | %.0f (%s) | %.2f | %.0f MB (one filter, %.1f KB message "
                     "with markup, event written) |" % (
                         self.counts[ef], 1000 / self.rate(ef), self.rate(ef), self.spread(ef), 1000 / self.rate(od),
                         self.rate(od), self.spread(od), self.rate(ef) / self.rate(od),
                         self.peak(ef) / 1024, self.filter_message_bytes / 1000))
        ev = ("filter", "eventsuggest-verify")
        lines.append("| (for reference) verify -, one process per message, the same way | %.0f (%s) | "
                     "opendkim-testmsg | %.0f | %.2f | |" % (self.rate(ev), self.spread(ev), self.rate(od),
                                                            self.rate(ev) / self.rate(od)))
        if self.big:
            b = self.big
            lines.append("| scan of a %.2f GB mbox (%d messages), --jobs %d | %.0f | | | | **%.0f MB** |" % (
                b["bytes"] / 1e9, b["messages"], o.jobs, b["messages"] / b["seconds"], b["rssKiB"] / 1024))
        lines += self.filter_calendar_rows() + self.million_rows()
        if self.milter:
            es, od = self.milter
            lines.append("| milter through a private Postfix, %d messages, %d SMTP sessions at once (Postfix, milter and "
                         "sender on the same cores) | %.0f | OpenDKIM's milter, verify mode, the same Postfix | %.0f | %.2f | |"
                         % (es["messages"], es["sessions"], es["perSecond"], od["perSecond"], es["perSecond"] / od["perSecond"]))
        for zones in self.zones or []:
            lines.append(zone_scan.row(zones))
        lines.append("")
        lines += [extract_bench.table(self.extract), ""]
        lines.append("Binary: %.1f MB as `make install` installs it (stripped; what every row timed), %.1f MB as built."
                     % (self.binary_sizes[0] / 1e6, self.binary_sizes[1] / 1e6))
        lines.append("Checks: every DKIM tool said pass for every message in every run; scan created %d events "
                     "for the %d messages with markup; kitinerary-extractor found reservations in %d of them."
                     % (self.scan_events, self.scan_markup, self.kitinerary_found))
        lines.append("1-minute load average before the first round and after each: %s (the runs themselves "
                     "load the machine by up to %d)." % (", ".join("%.1f" % l for l in self.loads), o.jobs))
        lines += ["Note: " + n for n in self.notes]
        text = "\n".join(lines)
        print(text)
        with open(os.path.join(o.workdir, "results.md"), "w") as handle:
            handle.write(machine() + "\n\n" + text + "\n")
        with open(os.path.join(o.workdir, "results.json"), "w") as handle:
            json.dump({"manifest": dict(m, markupFiles=len(m["markupFiles"])), "runs": o.runs, "loads": self.loads, "jobs": o.jobs, "big": self.big,
                       "zones": self.zones, "samples": {"/".join(map(str, k)): v for k, v in self.samples.items()},
                       "counts": {"/".join(map(str, k)): v for k, v in self.counts.items()}}, handle, indent=1)


def run_extract(binary, corpus_dir, workdir, runs):
    """The extract row (issue 21): eventsuggest extract vs extruct vs a plain libxml2 parse of
    the same HTML parts (bench/extract_bench.py; alone: BENCH_ONLY=extract)."""
    # At least 9 rounds (each tool first, second and third three times): with 3, one slow
    # stretch of this VM's CPU moved the ratio to libxml2 from 1.6 to 2.1.
    runs = max(9, runs)
    log("extract: eventsuggest vs extruct vs libxml2_parse, %d rounds" % runs)
    return extract_bench.measure(binary, corpus_dir, workdir, runs)


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as handle:
            cpu = next(line.split(":", 1)[1].strip() for line in handle if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024 ** 3
    return "Machine: %s, %d cores, %.0f GB RAM, Linux %s, %s" % (
        cpu, os.cpu_count(), memory, platform.release(), datetime.date.today().isoformat())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(REPO, ".build", "release", "eventsuggest"))
    parser.add_argument("--per-process", help=argparse.SUPPRESS)
    parser.add_argument("--list", help=argparse.SUPPRESS)
    parser.add_argument("--corpus", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    options = parser.parse_args()
    options.binary = os.path.abspath(options.binary)
    if options.per_process:
        return per_process(options.per_process, options.binary, options.list, options.corpus, options.out)
    options.messages = env_int("BENCH_MESSAGES", 10_000)
    options.runs = max(3, env_int("BENCH_RUNS", 3))
    options.skip_2gb = os.environ.get("BENCH_SKIP_2GB", "") not in ("", "0")
    options.skip_big = os.environ.get("BENCH_SKIP_BIG", "") not in ("", "0")
    options.only = [row for row in os.environ.get("BENCH_ONLY", "").split(",") if row]
    options.scan_messages = env_int("BENCH_SCAN_MESSAGES", 2000)
    options.filter_messages = env_int("BENCH_FILTER_MESSAGES", 500)
    options.jobs = env_int("BENCH_JOBS", os.cpu_count() or 1)
    options.milter_messages = env_int("BENCH_MILTER_MESSAGES", 2000)
    options.workdir = os.path.abspath(os.environ.get("BENCH_DIR") or "/tmp/eventsuggest-bench")
    start = time.perf_counter()
    if options.only == ["extract"]:
        os.makedirs(options.workdir, exist_ok=True)
        folder, _, _ = corpus(options.workdir, options.binary, options.messages)
        print(extract_bench.table(run_extract(options.binary, folder, options.workdir, options.runs)))
        return
    Bench(options).main()
    log("done in %.0f s" % (time.perf_counter() - start))


if __name__ == "__main__":
    main()
