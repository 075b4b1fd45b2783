#!/usr/bin/python3
"""Cross-check `eventsuggest extract --json` "items" against extruct (Debian python3-extruct).

For every HTML fixture in Tests/SchemaMarkupTests/Fixtures/kitinerary (structureddata/*.html,
extractordata/web/*.html, and the text/html part of extractordata/synthetic/*.eml) the raw
items we print must equal extruct's JSON-LD items followed by its Microdata items, converted
from extruct's {"type", "id", "properties"} shape to our JSON-LD-like shape. The comparison is
structural, as KItinerary's QJsonArray ==: key order inside objects is ignored, array order is
not, a string is never equal to a number, numbers compare by value.

extruct is not changed, but its output is read "modulo documented differences": each rule
below is a known, deliberate difference of ours (or an extruct quirk that departs from the
specification), it is applied on extruct's side only, and the script prints which rules
each file needed (`--verbose`), so that a rule no case needs any more shows up.

Deliberate differences of ours (the reference given for each):

  text-whitespace   Microdata values taken from an element's text content are
                    whitespace-collapsed and trimmed: the markup's layout is not part of the
                    value (what KItinerary, Gmail and Apple show). WHATWG HTML §5.2.4 takes
                    textContent verbatim; extruct's html_text turns block boundaries into
                    newlines. Rule: extruct's text-content values go through the same
                    collapse. Attribute values (content, href, datetime, ...) are NOT touched:
                    a difference there is a real disagreement.
  no-properties     A Microdata item without any property is dropped at the top level (it
                    says nothing; KItinerary drops it too), and inside another item it is an
                    object with only @type/@id. extruct keeps it with a "value" (the
                    element's text, not in the W3C JSON mapping for items).
  context           Top-level Microdata items with a schema.org itemtype get
                    "@context": "http://schema.org" (as KItinerary's Microdata output), so a
                    JSON-LD reader sees the same shape for both syntaxes. extruct's
                    non-uniform output has no @context.
  short-names       schema.org types and property names given as IRIs are shortened to the
                    last path segment (http://schema.org/FlightReservation ->
                    FlightReservation), as KItinerary does. Only schema.org IRIs.
  json-recovery     JSON-LD with a missing comma at a line break, a trailing comma, or `}{`
                    between array elements is recovered (real mail: Eventbrite, Eurowings;
                    KItinerary's fixupJson does the `}{` one). extruct's json.loads/jstyleson
                    reject some of these and then raise for the whole page; the rule repairs
                    exactly these three mistakes in extruct's input script and parses again.
  empty-script      An empty (or whitespace-only) ld+json script holds no items. extruct
                    raises JSONDecodeError and loses the whole page's JSON-LD.

extruct quirks (extruct departs from WHATWG HTML §5.2; we follow the specification), and two
of ours where real mail needs them:

  orphan-property   ours (a QUIRK, as KItinerary): an itemprop element that broken HTML nesting
                    left outside any item (Gmail's `<p itemscope><div itemprop=... itemscope>`
                    example: HTML parsing closes the <p>) is attached to the nearest top-level
                    item before it, with a warning. extruct lists such an itemscope element
                    as a top-level item and ignores a plain one. Rule: attach it to the
                    previous top-level item of extruct's output under its itemprop names.
  link-content      ours (a QUIRK, as KItinerary): <link itemprop content=URL> without href
                    (Lufthansa's check-in links) gives the content; WHATWG and extruct give "".
                    Rule: extruct's value for such a link is its content.
  content-fallback  extruct takes a `content` attribute on any element (h2, p, span ...)
                    "not in W3C specs but used in schema.org examples". WHATWG §5.2.4 uses
                    `content` only on <meta>; other elements give their text. Rule: for
                    those elements the value is recomputed from the text as extruct would
                    without the fallback.

Exit status 0 when every file agrees, 1 otherwise (with a structural diff per file), 2 when
the environment is wrong (extruct missing, binary missing).
"""

import argparse
import email
import email.policy
import json
import os
import re
import subprocess
import sys
import time

try:
    import lxml.etree
    from extruct.jsonld import JsonLdExtractor
    from extruct.utils import parse_html
    from extruct.w3cmicrodata import LxmlMicrodataExtractor
except ImportError as error:  # pragma: no cover - environment problem
    print(f"extruct is not importable ({error}); apt-get install python3-extruct and run /usr/bin/python3",
          file=sys.stderr)
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "SchemaMarkupTests", "Fixtures", "kitinerary")

SCHEMA_ORG_PREFIXES = ("http://schema.org/", "https://schema.org/", "http://www.schema.org/",
                       "https://www.schema.org/")


# ---------------------------------------------------------------------------------------------
# Rules (see the module docstring)

def collapse_whitespace(text):
    """text-whitespace: runs of Unicode whitespace become one space, trimmed (as ours)."""
    return " ".join(text.split())


def short_name(name):
    """short-names: the last path segment of a schema.org IRI; anything else unchanged."""
    text = name.strip()
    if not text.lower().startswith(SCHEMA_ORG_PREFIXES):
        return text
    text = text.rstrip("/")
    return text[text.rfind("/") + 1:]


def is_schema_org_type(itemtype):
    first = (itemtype or "").split()
    return bool(first) and (first[0].lower().startswith(SCHEMA_ORG_PREFIXES) or "/" not in first[0])


MISSING_COMMA_AT_LINE_BREAK = re.compile(r'(["}\]\d]|true|false|null)([ \t]*\r?\n\s*)(")')
TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def recover_json(text):
    """json-recovery: repair exactly the three mistakes ours recovers from."""
    text = text.replace("}{", "},{")
    text = TRAILING_COMMA.sub(r"\1", text)
    text = MISSING_COMMA_AT_LINE_BREAK.sub(r"\1,\2\3", text)
    return text


class RuleLog:
    def __init__(self):
        self.applied = set()

    def note(self, rule):
        self.applied.add(rule)


class Microdata(LxmlMicrodataExtractor):
    """extruct's Microdata extractor with the text-whitespace and content-fallback rules."""

    ELEMENTS_WITH_OWN_VALUE = {"meta", "audio", "embed", "iframe", "img", "source", "track", "video",
                               "a", "area", "link", "object", "data", "meter", "time"}

    def __init__(self, log):
        super().__init__(nested=True, strict=False)
        self.log = log

    def _extract_property_value(self, node, items_seen, base_url, itemids, force=False):
        if node.tag == "link" and node.get("href") is None and node.get("content") is not None:
            self.log.note("link-content")
            return node.get("content")
        if (not force and node.get("itemscope") is None and node.tag not in self.ELEMENTS_WITH_OWN_VALUE
                and node.get("content")):
            self.log.note("content-fallback")
            return self._extract_textContent(node)
        return super()._extract_property_value(node, items_seen, base_url, itemids, force)

    def _extract_textContent(self, node):
        raw = super()._extract_textContent(node)
        collapsed = collapse_whitespace(raw)
        if collapsed != raw:
            self.log.note("text-whitespace")
        return collapsed


def convert_item(item, log, top_level):
    """extruct's {"type", "id", "properties"} item in our JSON-LD-like shape."""
    out = {}
    types = item.get("type")
    if isinstance(types, str):
        types = [types]
    if types:
        if any(short_name(t) != t for t in types):
            log.note("short-names")
        shorts = [short_name(t) for t in types]
        out["@type"] = shorts[0] if len(shorts) == 1 else shorts
    if "id" in item:
        out["@id"] = item["id"]
    if "value" in item and "properties" not in item:
        log.note("no-properties")
    for name, value in item.get("properties", {}).items():
        key = short_name(name)
        if key != name:
            log.note("short-names")
        out[key] = convert_value(value, log)
    if top_level and types and is_schema_org_type(" ".join(types)):
        log.note("context")
        out = {"@context": "http://schema.org", **out}
    return out


def convert_value(value, log):
    if isinstance(value, dict):
        return convert_item(value, log, top_level=False)
    if isinstance(value, list):
        return [convert_value(v, log) for v in value]
    return value


def extruct_items(html, log):
    """extruct's JSON-LD items, then its Microdata items, in our shape."""
    document = parse_html(html, encoding="UTF-8")
    items = []
    json_ld = JsonLdExtractor()
    for node in json_ld._xp_jsonld(document):
        script = node.xpath("string()")
        if not script.strip():
            log.note("empty-script")
            continue
        try:
            found = list(json_ld._extract_items(node))
        except ValueError:
            log.note("json-recovery")
            data = json.loads(recover_json(script), strict=False)
            found = data if isinstance(data, list) else [data] if isinstance(data, dict) else []
        items += [item for item in found if item]

    microdata = Microdata(log)
    top_level = []
    itemids = microdata._build_itemids(document)
    items_seen = set()
    for node in microdata._xp_item(document):
        item = microdata._extract_item(node, items_seen=items_seen, base_url=None, itemids=itemids)
        if not item:
            continue
        if node.get("itemprop") is not None:
            log.note("orphan-property")
            attach_orphan(top_level, node.get("itemprop"), convert_item(item, log, top_level=False))
            continue
        if "properties" not in item:
            log.note("no-properties")
            continue
        top_level.append(convert_item(item, log, top_level=True))
    # Plain (non-item) itemprop elements outside any item are attached the same way.
    for node in document.xpath("//*[@itemprop and not(@itemscope) and not(ancestor::*[@itemscope])]"):
        log.note("orphan-property")
        value = microdata._extract_property_value(node, items_seen=items_seen, base_url=None, itemids=itemids)
        attach_orphan(top_level, node.get("itemprop"), value if isinstance(value, str) else None)
    return items + top_level


def attach_orphan(top_level, names, value):
    """Adds an orphaned property to the last top-level item, as eventsuggest does."""
    if not top_level or value is None:
        return
    host = top_level[-1]
    for name in names.split():
        if name in host:
            host[name] = (host[name] if isinstance(host[name], list) else [host[name]]) + [value]
        else:
            host[name] = value


# ---------------------------------------------------------------------------------------------
# Structural comparison

def differences(ours, theirs, path="$"):
    """Where two JSON values differ: objects by key (order ignored), arrays by position."""
    if isinstance(ours, bool) or isinstance(theirs, bool):
        same = type(ours) is type(theirs) and ours == theirs
        return [] if same else [f"{path}: ours {json.dumps(ours)}, extruct {json.dumps(theirs)}"]
    if isinstance(ours, (int, float)) and isinstance(theirs, (int, float)):
        return [] if float(ours) == float(theirs) else [f"{path}: ours {ours}, extruct {theirs}"]
    if type(ours) is not type(theirs):
        return [f"{path}: ours {json.dumps(ours)[:200]}, extruct {json.dumps(theirs)[:200]}"]
    if isinstance(ours, dict):
        found = []
        for key in sorted(set(ours) | set(theirs)):
            if key not in theirs:
                found.append(f"{path}.{key}: only ours has it ({json.dumps(ours[key])[:200]})")
            elif key not in ours:
                found.append(f"{path}.{key}: only extruct has it ({json.dumps(theirs[key])[:200]})")
            else:
                found += differences(ours[key], theirs[key], f"{path}.{key}")
        return found
    if isinstance(ours, list):
        found = []
        if len(ours) != len(theirs):
            found.append(f"{path}: ours has {len(ours)} elements, extruct {len(theirs)}")
        for index, (a, b) in enumerate(zip(ours, theirs)):
            found += differences(a, b, f"{path}[{index}]")
        return found
    return [] if ours == theirs else [f"{path}: ours {json.dumps(ours)[:300]}, extruct {json.dumps(theirs)[:300]}"]


# ---------------------------------------------------------------------------------------------

def html_of_message(path):
    """The decoded text/html parts of an e-mail, as one string each."""
    with open(path, "rb") as handle:
        message = email.message_from_binary_file(handle, policy=email.policy.default)
    return [part.get_content() for part in message.walk() if part.get_content_type() == "text/html"]


def cases(fixtures):
    found = []
    for folder in ("structureddata", os.path.join("extractordata", "web"), os.path.join("extractordata", "synthetic")):
        directory = os.path.join(fixtures, folder)
        for name in sorted(os.listdir(directory)):
            if name.endswith(".html") or name.endswith(".eml"):
                found.append(os.path.join(directory, name))
    return found


def our_items(binary, path, timeout):
    result = subprocess.run([binary, "extract", "--json", path], capture_output=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"eventsuggest exited {result.returncode}: {result.stderr.decode(errors='replace')}")
    outputs = [json.loads(line) for line in result.stdout.decode().splitlines() if line.strip()]
    return [item for output in outputs for item in output["items"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "eventsuggest"))
    parser.add_argument("--fixtures", default=FIXTURES)
    parser.add_argument("--timeout", type=float, default=120, help="seconds for the whole check")
    parser.add_argument("--verbose", action="store_true", help="print the rules each file needed")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        print(f"no eventsuggest binary at {arguments.binary}", file=sys.stderr)
        return 2

    deadline = time.monotonic() + arguments.timeout
    failures, compared, rule_use = 0, 0, {}
    for path in cases(arguments.fixtures):
        name = os.path.relpath(path, arguments.fixtures)
        log = RuleLog()
        if path.endswith(".eml"):
            theirs = [item for html in html_of_message(path) for item in extruct_items(html, log)]
        else:
            with open(path, "rb") as handle:
                theirs = extruct_items(handle.read().decode("utf-8", errors="replace"), log)
        ours = our_items(arguments.binary, path, max(1.0, deadline - time.monotonic()))
        compared += 1
        found = differences(ours, theirs)
        for rule in log.applied:
            rule_use.setdefault(rule, []).append(name)
        if found:
            failures += 1
            print(f"DIFFER {name} (rules applied: {', '.join(sorted(log.applied)) or 'none'})")
            for line in found[:20]:
                print(f"  {line}")
        elif arguments.verbose:
            print(f"agree  {name} (rules applied: {', '.join(sorted(log.applied)) or 'none'})")
        if time.monotonic() > deadline:
            print(f"timed out after {arguments.timeout} s", file=sys.stderr)
            return 1
    if arguments.verbose:
        for rule, names in sorted(rule_use.items()):
            print(f"rule {rule}: {len(names)} file(s): {', '.join(names)}")
    print(f"{compared - failures} of {compared} HTML fixtures agree with extruct")
    return 1 if failures or compared == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
