#!/usr/bin/env python3
"""What a browser counts as schema.org markup in HTML documents: headless Chromium parses each
file (in an iframe, scripting enabled, as a browser shows a page) and reports, per file, the
reservationNumber of every <script type="application/ld+json"> element and of every top-level
Microdata item in the document it built. Template contents are not in the document, and text
(textarea, title, noscript, comments...) holds no elements.

    chromium_markup.py FILE.html...   ->  {"FILE.html": ["jsonld:ID", "microdata:ID"], ...}

Used by BrowserParityTests (SchemaMarkupTests); needs Debian's chromium. No network: the pages
are local files and the documents are srcdoc iframes.
"""
import base64, html, json, os, subprocess, sys, tempfile

PAGE = """<!DOCTYPE html><html><body><script>
const cases = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob("%s"), c => c.charCodeAt(0))));
const results = new Array(cases.length); let left = cases.length;
function found(d) {
  const out = [];
  for (const s of d.querySelectorAll("script")) {
    const type = (s.getAttribute("type") || "").split(";")[0].trim().toLowerCase();
    if (type !== "application/ld+json") continue;
    let id = "unparsable";
    try { id = JSON.parse(s.textContent).reservationNumber; } catch (e) {}
    out.push("jsonld:" + id);
  }
  for (const e of d.querySelectorAll("[itemscope]:not([itemprop])")) {
    const p = e.querySelector("[itemprop=reservationNumber]");
    out.push("microdata:" + (p ? p.textContent.trim() : ""));
  }
  return out;
}
cases.forEach((text, i) => {
  const f = document.createElement("iframe");
  f.onload = () => {
    results[i] = found(f.contentDocument);
    if (--left === 0) {
      const pre = document.createElement("pre"); pre.id = "result"; pre.textContent = JSON.stringify(results);
      document.body.appendChild(pre);
    }
  };
  f.srcdoc = text;
  document.body.appendChild(f);
});
</script></body></html>"""


def main(paths):
    texts = [open(p, encoding="utf-8").read() for p in paths]
    encoded = base64.b64encode(json.dumps(texts).encode()).decode()
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "harness.html")
        with open(page, "w") as f:
            f.write(PAGE % encoded)
        run = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--user-data-dir=" + os.path.join(folder, "profile"), "--virtual-time-budget=20000",
             "--dump-dom", "file://" + page],
            capture_output=True, text=True, timeout=180)
    dom = run.stdout
    start = dom.find('<pre id="result">')
    if start < 0:
        sys.exit("chromium gave no result (status %d): %s" % (run.returncode, run.stderr[-2000:]))
    end = dom.find("</pre>", start)
    results = json.loads(html.unescape(dom[start + len('<pre id="result">'):end]))
    print(json.dumps({os.path.basename(p): sorted(r) for p, r in zip(paths, results)}))


if __name__ == "__main__":
    main(sys.argv[1:])
