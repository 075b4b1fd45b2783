#!/usr/bin/python3
"""The `make bench` filter row alone (issue 21): `eventsuggest filter` against
`opendkim-testmsg`, one process per message, alternating tool by tool, with the same corpus,
DNS set-up and loop as bench.py (whose functions this imports), plus one filter's peak RSS
and the binary's size.

What is timed, measured and sized is the binary as `make install` installs it: `--binary`
copied with `install -s` (stripped), which is what users run. The unstripped build output
(its debug information is never mapped) is printed beside it for reference.

    /usr/bin/python3 bench/startup.py --binary .build/static/release/eventsuggest

Environment (all optional): STARTUP_MESSAGES (corpus, default 300), STARTUP_FILTER_MESSAGES
(messages per timed run, default 200), STARTUP_RUNS (rounds, default 5), BENCH_DIR (working
folder; default a fresh temporary one). Needs root, like bench.py's per-process rows. Its
dnsmasq listens on 127.0.83.21:53, not bench.py's address, so both can run at once.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the shared machinery: corpus, DNSMasq, run_per_process, timed)

bench.DNS_ADDRESS = "127.0.83.21"


def peak_rss(binary, corpus, manifest, workdir):
    """(KiB, bytes of the message): one filter on the message with markup closest to 20 KB."""
    marked = [os.path.join(corpus, name) for name in manifest["markupFiles"]]
    message = min(marked, key=lambda path: abs(os.path.getsize(path) - 20_000))
    calendar = tempfile.mkdtemp(prefix="startup-rss-", dir=workdir)
    try:
        _, rss, status = bench.timed([binary, "filter", "--calendar", calendar,
                                      "--keys", os.path.join(corpus, "keys.txt"),
                                      "--registered", os.path.join(corpus, "registered.txt"), "--now", bench.NOW],
                                     stdin_path=message)
        bench.require(status == 0, "filter on %s: exit %d" % (message, status))
    finally:
        shutil.rmtree(calendar)
    return rss, os.path.getsize(message), message


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(bench.REPO, ".build", "static", "release", "eventsuggest"))
    parser.add_argument("--signer", help="the binary that signs the corpus (default: --binary); give the same one "
                        "to compare two builds on one corpus")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    signer = os.path.abspath(options.signer or options.binary)
    messages = bench.env_int("STARTUP_MESSAGES", 300)
    per_run = bench.env_int("STARTUP_FILTER_MESSAGES", 200)
    runs = bench.env_int("STARTUP_RUNS", 5)
    workdir = os.path.abspath(os.environ.get("BENCH_DIR") or tempfile.mkdtemp(prefix="eventsuggest-startup-"))
    os.makedirs(workdir, exist_ok=True)
    if os.geteuid() != 0:
        bench.die("the opendkim-testmsg runs need root (unshare -m and a bind mount of /etc/resolv.conf)")
    built = binary
    binary = os.path.join(workdir, "eventsuggest-installed")
    subprocess.run(["install", "-s", "-m", "755", built, binary], check=True)  # as `make install` does
    corpus, manifest, files = bench.corpus(workdir, signer, messages)
    files = files[:per_run]
    listing = os.path.join(workdir, "startup-files.txt")
    with open(listing, "w") as handle:
        handle.write("\n".join(files) + "\n")
    seconds = {"eventsuggest": [], "opendkim": []}
    dns = bench.DNSMasq(os.path.join(corpus, "dnsmasq.conf"), workdir)
    try:
        for round_index in range(runs + 1):  # the first round is untimed: every message must pass
            for tool in ("eventsuggest", "opendkim"):
                result = bench.run_per_process(tool, binary, listing, corpus, workdir)
                bench.require(result["passes"] == result["messages"],
                              "%s: %d of %d pass" % (tool, result["passes"], result["messages"]))
                if round_index:
                    seconds[tool].append(result["seconds"] / result["messages"])
    finally:
        dns.stop()
    rss, size, message = peak_rss(binary, corpus, manifest, workdir)
    ours, theirs = statistics.median(seconds["eventsuggest"]), statistics.median(seconds["opendkim"])
    print("| measurement | eventsuggest | opendkim-testmsg | ratio |")
    print("|---|---|---|---|")
    print("| filter, ms per message (one process each, %d messages, median of %d alternating runs) | %.2f | %.2f | %.2f |"
          % (len(files), runs, ours * 1000, theirs * 1000, ours / theirs))
    print("| spread of the runs, ms | %.2f–%.2f | %.2f–%.2f | |"
          % (min(seconds["eventsuggest"]) * 1000, max(seconds["eventsuggest"]) * 1000,
             min(seconds["opendkim"]) * 1000, max(seconds["opendkim"]) * 1000))
    print("| one filter's peak RSS (%.1f KB message with markup) | %.1f MB | | |" % (size / 1000, rss / 1024))
    print("| binary size as installed (`install -s`, what users run and what was timed) | %.1f MB | | |"
          % (os.path.getsize(binary) / 1e6))
    print("| (for reference) the unstripped build output | %.1f MB | | |" % (os.path.getsize(built) / 1e6))
    print("\nmessage for the RSS: %s\nworking folder: %s" % (message, workdir))


if __name__ == "__main__":
    main()
