#!/usr/bin/python3
"""The extract row (issue 21): `eventsuggest extract` against extruct and a plain C libxml2 parse.

    /usr/bin/python3 bench/extract_bench.py --binary .build/release/eventsuggest \\
        --corpus CORPUS_DIR --workdir DIR [--runs 3] [--json OUT]

The material: the text/html part of every message of the bench corpus that carries schema.org
markup (manifest.json's "markupFiles"), decoded (quoted-printable undone, UTF-8) by Python's
email package and written once into WORKDIR/extract-html/NNNNN.html. The same files, in the
same order, go to three programs, each one process over all of them:

  eventsuggest   `eventsuggest extract --json FILE...` (the whole extraction: parse, JSON-LD,
                 Microdata, reservations; its output is checked: one object per file, and the
                 item count must be the same in every run)
  extruct        Debian python3-extruct: JsonLdExtractor and MicrodataExtractor over each file
                 (lxml parses once per syntax, as extruct.extract does)
  libxml2        bench/libxml2_parse.c: htmlReadMemory with our wrapper's options, then
                 xmlFreeDoc; the floor any libxml2-based extractor stands on

Runs alternate tool by tool, RUNS rounds, the order turned by one each round; the medians of CPU time (user+sys, from wait4's
rusage) and of wall time are reported. CPU is the number to compare on a loaded machine.
"""

import argparse
import email
import email.policy
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"   # Debian's python3-extruct is visible only to it

EXTRUCT_DRIVER = r"""
import sys
from extruct.jsonld import JsonLdExtractor
from extruct.w3cmicrodata import MicrodataExtractor
jsonld, microdata = JsonLdExtractor(), MicrodataExtractor()
items = 0
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    with open(path, "rb") as handle:
        html = handle.read().decode("utf-8", errors="replace")
    try:
        items += len(jsonld.extract(html))
    except ValueError:
        pass
    items += len(microdata.extract(html))
print(items)
"""


def html_parts(corpus, workdir):
    """The decoded text/html parts of the corpus's messages with markup, as files (cached)."""
    folder = os.path.join(workdir, "extract-html")
    with open(os.path.join(corpus, "manifest.json")) as handle:
        manifest = json.load(handle)
    stamp = os.path.join(folder, "source.txt")
    source = "%s %s\n" % (os.path.realpath(corpus), manifest["sha256"])
    if os.path.exists(stamp) and open(stamp).read() == source:
        return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".html"))
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    paths = []
    for index, name in enumerate(sorted(manifest["markupFiles"])):
        with open(os.path.join(corpus, name), "rb") as handle:
            message = email.message_from_binary_file(handle, policy=email.policy.default)
        for part in message.walk():
            if part.get_content_type() == "text/html":
                path = os.path.join(folder, "%05d.html" % index)
                with open(path, "w", encoding="utf-8") as out:
                    out.write(part.get_content())
                paths.append(path)
                break
    with open(stamp, "w") as handle:
        handle.write(source)
    return paths


def build_libxml2_parse(workdir):
    out = os.path.join(workdir, "libxml2_parse")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libxml-2.0"], check=True,
                           capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", out, os.path.join(HERE, "libxml2_parse.c")] + flags, check=True)
    return out


def timed(argv, stdin_text=None):
    """(wall s, stdout) of one process (its CPU: see cpu_of)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate(stdin_text.encode() if stdin_text is not None else None)
    wall = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit("%s failed (%d): %s" % (argv[0], process.returncode, err.decode(errors="replace")[-2000:]))
    return wall, out


def cpu_of(run):
    """Runs `run` and returns (wall, cpu, output): CPU from the children's rusage delta."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall, out = run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def measure(binary, corpus, workdir, runs, compare=None):
    files = html_parts(corpus, workdir)
    if not files:
        sys.exit("no HTML parts with markup in %s" % corpus)
    parser = build_libxml2_parse(workdir)
    listing = "\n".join(files) + "\n"
    total_bytes = sum(os.path.getsize(path) for path in files)

    def ours():
        return timed([binary, "extract", "--json"] + files)

    def theirs():
        return timed([PYTHON, "-c", EXTRUCT_DRIVER], listing)

    def floor():
        return timed([parser, "-"], listing)

    def our_items(out):
        lines = [json.loads(line) for line in out.decode().splitlines() if line.strip()]
        if len(lines) != len(files):
            sys.exit("eventsuggest extract printed %d objects for %d files" % (len(lines), len(files)))
        return sum(len(line["items"]) for line in lines)

    tools = [("eventsuggest", ours, our_items), ("extruct", theirs, lambda out: int(out.decode().strip())),
             ("libxml2", floor, lambda out: out.decode().strip())]
    if compare:
        # Another build of ours in the same rounds (before/after a change), the same check.
        tools.insert(1, ("compared", lambda: timed([compare, "extract", "--json"] + files), our_items))
    samples = {name: [] for name, _, _ in tools}
    checks = {}
    # The order turns by one each round: whatever runs first in a round ran ~6 % slower here
    # (the same build measured first and second: 1.06 one way, 0.94 the other).
    for round_index in range(runs):
        turn = round_index % len(tools)
        for name, run, check in tools[turn:] + tools[:turn]:
            wall, cpu, out = cpu_of(run)
            result = check(out)
            if checks.setdefault(name, result) != result:
                sys.exit("%s gave %r, earlier %r" % (name, result, checks[name]))
            samples[name].append((wall, cpu))
    medians = {name: (statistics.median(w for w, _ in s), statistics.median(c for _, c in s))
               for name, s in samples.items()}
    return {"files": len(files), "bytes": total_bytes, "runs": runs, "samples": samples, "medians": medians,
            "checks": {name: str(value) for name, value in checks.items()}}


def table(result):
    m = result["medians"]
    es, ex, lx = m["eventsuggest"], m["extruct"], m["libxml2"]
    lines = ["| extract, %d HTML parts (%.1f MB), one process | eventsuggest CPU s | extruct CPU s | libxml2 parse CPU s "
             "| × extruct | / libxml2 |" % (result["files"], result["bytes"] / 1e6),
             "|---|---:|---:|---:|---:|---:|",
             "| CPU (user+sys), median of %d | %.3f | %.3f | %.3f | %.2f | %.2f |" % (
                 result["runs"], es[1], ex[1], lx[1], ex[1] / es[1], es[1] / lx[1]),
             "| wall, median of %d | %.3f | %.3f | %.3f | %.2f | %.2f |" % (
                 result["runs"], es[0], ex[0], lx[0], ex[0] / es[0], es[0] / lx[0]),
             "",
             "Checks: eventsuggest found %s items, extruct %s, libxml2_parse: %s (the same in every run)." % (
                 result["checks"]["eventsuggest"], result["checks"]["extruct"], result["checks"]["libxml2"])]
    if "compared" in m:
        lines.append("Compared build (--compare), the same rounds: CPU %.3f s, wall %.3f s; this build / compared: "
                     "CPU %.2f, wall %.2f; it found %s items." % (
                         m["compared"][1], m["compared"][0], es[1] / m["compared"][1], es[0] / m["compared"][0],
                         result["checks"]["compared"]))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--corpus", required=True, help="a bench corpus folder (bench/generate_corpus.py)")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", help="write the samples and medians here")
    parser.add_argument("--compare", help="another eventsuggest binary, timed in the same rounds")
    arguments = parser.parse_args()
    os.makedirs(arguments.workdir, exist_ok=True)
    result = measure(os.path.abspath(arguments.binary), arguments.corpus, arguments.workdir, max(1, arguments.runs),
                     os.path.abspath(arguments.compare) if arguments.compare else None)
    print(table(result))
    if arguments.json:
        with open(arguments.json, "w") as handle:
            json.dump(result, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
