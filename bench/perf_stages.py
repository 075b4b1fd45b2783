#!/usr/bin/python3
"""Stage shares of a perf.data (issue 21): each sample goes to the innermost frame of its call
chain that names a stage.  perf record -g -o X.perf eventsuggest extract --json FILE...;
/usr/bin/python3 bench/perf_stages.py X.perf"""
import collections, re, subprocess, sys
STAGES = [
    ("tree building from libxml2's events (HTMLTreeBuilder; round 8 on)", re.compile(r"HTMLDocument15HTMLTreeBuilder")),
    ("libxml2 parse (htmlReadMemory, xmlFreeDoc; round 8 on htmlParseDocument)", re.compile(r"libxml2|htmlReadMemory|xmlFreeDoc|htmlParse|htmlCurrentChar|xmlNextChar|htmlAutoClose|htmlCheck|xmlDict|xmlStr")),
    ("tree copy (HTMLDocument.convert, before the views)", re.compile(r"HTMLDocumentAAV7convert")),
    ("tree walk (HTMLNode views)", re.compile(r"HTMLDocument8HTMLNode")),
    ("browser text regions (neutralized)", re.compile(r"HTMLDocument18BrowserTextRegions|HTMLDocument8Rewriter")),
    ("lean source: values and text taken out (LeanSource; round 9 on)", re.compile(r"HTMLDocument10LeanSource|HTMLDocument4Scan")),
    ("positions (SourceText)", re.compile(r"SchemaMarkup10SourceText")),
    ("markup hint (MarkupHint)", re.compile(r"SchemaMarkup0B4Hint|needsParsing")),
    ("UTF-8 / charset decode (CharsetDecoder, decodedHTML)", re.compile(r"MailMessage14CharsetDecoder|MailMessage14UTF8Validation|decodedHTML|decodedText")),
    ("transfer decode (QP, base64)", re.compile(r"QuotedPrintableDecoder|Base64Decoder|decodedBody")),
    ("JSON-LD extraction", re.compile(r"SchemaMarkup15JSONLDExtractor|LenientJSONReader")),
    ("Microdata extraction", re.compile(r"SchemaMarkup18MicrodataExtractor")),
    ("reservations (ReservationNormalizer)", re.compile(r"SchemaMarkup21ReservationNormalizer|ProfileChecker")),
    ("output (JSON text)", re.compile(r"ExtractCommand\w*emit|jsonObject|serialized|writeLine")),
    ("reading files", re.compile(r"readWhole|MessageSource")),
    ("MIME parse", re.compile(r"MIMEParser|MailMessage\w*init|HeaderParser")),
    ("DKIM", re.compile(r"DKIM|COpenSSL|libcrypto")),
]
def main(path):
    out = subprocess.run(["perf", "script", "-i", path, "-F", "ip,sym,dso"], capture_output=True, text=True).stdout
    counts = collections.Counter()
    total = 0
    for sample in out.split("\n\n"):
        frames = [line.strip() for line in sample.strip().splitlines() if line.strip()]
        if not frames:
            continue
        total += 1
        stage = None
        for frame in frames:
            for name, pattern in STAGES:
                if pattern.search(frame):
                    stage = name
                    break
            if stage:
                break
        if stage is None:
            joined = " ".join(frames)
            stage = "malloc/free from libxml2 or libc (caller not unwound), loader, kernel" if "main" not in joined else "other"
        counts[stage] += 1
    for name, count in counts.most_common():
        print("| %s | %.1f %% |" % (name, 100.0 * count / total))
    print("| samples | %d |" % total)
main(sys.argv[1])
