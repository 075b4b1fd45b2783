#!/usr/bin/python3
"""Builds the place → time-zone tables that Sources/PlaceZones compiles in.

Two steps, both with Debian's python3 and its standard library only:

  generate.py refresh-sources --airports PATH/airports.csv
      Re-reads the public data (airportsdata's airports.csv, tzdata's zone.tab and the
      TZif files under /usr/share/zoneinfo, iso-codes' ISO 3166 JSON) and writes the subset
      this project uses into tools/zone-tables/sources/. Run by hand when a source has a new
      version; the sources' README names each one.

  generate.py [--out DIR]
      Turns tools/zone-tables/sources/ into one Swift file per table (default
      Sources/PlaceZones/Generated/). Offline and deterministic: a test runs it into a temp
      folder and compares the output with the checked-in files byte for byte.

The tables (each a tab-separated text in one raw string literal; the airports, and the
countries' region and locality rows, are searched in place, so the airports must stay sorted
by code, the R rows by region id and the L rows by country, region and locality, in byte
order; the rest is parsed on first use):
  airports   IATA code → zone, latitude, longitude, country.
  countries  ISO 3166-1 alpha-2 → alpha-3, names, and the zone when the country has one;
             region (ISO 3166-2 code or name) → zone; locality (city) → zone.
  points     every zone.tab principal location; with the airports, the points the
             nearest-point search for coordinates runs over.

"One zone" means one set of current rules: zones whose TZif footer (the POSIX TZ string
that governs times after the last listed transition) is the same are one class, so
Germany (Europe/Berlin, Europe/Busingen) has one zone and Spain (Europe/Madrid,
Atlantic/Canary) has two. A region's zone is the class that holds at least
REGION_MAJORITY of the region's airports (Texas: America/Chicago; El Paso, in Denver's
zone, is found by its locality); a region below that, or with fewer than REGION_MINIMUM_AIRPORTS airports, is split and
answers nothing. sources/region-zones.tsv (from zone.tab's comments) overrides the
derived zone for Brazil, Australia, Canada and Mexico.
"""

import argparse
import collections
import csv
import json
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = os.path.join(HERE, "sources")
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "..", "Sources", "PlaceZones", "Generated"))
ZONEINFO = "/usr/share/zoneinfo"
ISO_CODES = "/usr/share/iso-codes/json"

REGION_MAJORITY = 0.8
REGION_MINIMUM_AIRPORTS = 3

# QUIRK: names mail writes for countries that ISO 3166 does not list.
COUNTRY_ALIASES = {
    "UK": "GB", "Great Britain": "GB", "England": "GB", "Scotland": "GB", "Wales": "GB",
    "Northern Ireland": "GB", "USA": "US", "U.S.A.": "US", "U.S.": "US", "America": "US",
    "Russia": "RU", "South Korea": "KR", "Korea": "KR", "Czech Republic": "CZ", "Holland": "NL",
    "Turkey": "TR", "Vietnam": "VN", "Iran": "IR", "Syria": "SY", "Laos": "LA", "Bolivia": "BO",
    "Venezuela": "VE", "Tanzania": "TZ", "Moldova": "MD", "Macedonia": "MK", "Ivory Coast": "CI",
}


def fold(text):
    """Lowercase, accents dropped, hyphens and dashes as spaces, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return key(plain)


def key(text):
    """What the Swift side does to a name before a look-up (PlaceName.key): lowercase,
    hyphens, dashes and underscores as spaces, runs of spaces as one, trimmed."""
    lowered = text.lower()
    for dash in "-\u2010\u2011\u2012\u2013\u2014_":
        lowered = lowered.replace(dash, " ")
    return " ".join(lowered.split())


def keys(text):
    """The look-up keys of a name: as written (lowercased) and with accents folded."""
    return sorted({key(text), fold(text)} - {""})


# ---------------------------------------------------------------- refresh-sources

def tzif_footer(zone):
    with open(os.path.join(ZONEINFO, zone), "rb") as handle:
        data = handle.read()
    if not data.startswith(b"TZif"):
        raise SystemExit(f"{zone}: not a TZif file")
    footer = data.rstrip(b"\n").rsplit(b"\n", 1)[-1].decode("ascii")
    return footer


def refresh_sources(airports_path):
    os.makedirs(SOURCES, exist_ok=True)
    with open(airports_path, newline="", encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["iata"].strip()]
    rows.sort(key=lambda row: row["iata"])
    with open(os.path.join(SOURCES, "airports.csv"), "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["iata", "city", "subd", "country", "lat", "lon", "tz"])
        for row in rows:
            writer.writerow([row["iata"], row["city"], row["subd"], row["country"], row["lat"], row["lon"], row["tz"]])

    with open(os.path.join(ZONEINFO, "zone.tab"), encoding="utf-8") as handle:
        zone_tab = handle.read()
    with open(os.path.join(SOURCES, "zone.tab"), "w", encoding="utf-8") as handle:
        handle.write(zone_tab)

    zones = {row["tz"] for row in rows}
    zones |= {line.split("\t")[2] for line in zone_tab.splitlines() if line and not line.startswith("#")}
    with open(os.path.join(SOURCES, "zone-rules.tsv"), "w", encoding="utf-8") as handle:
        handle.write("# zone\tthe POSIX TZ string at the end of its TZif file (the rules after the last transition)\n")
        for zone in sorted(zones):
            handle.write(f"{zone}\t{tzif_footer(zone)}\n")

    with open(os.path.join(ISO_CODES, "iso_3166-1.json"), encoding="utf-8") as handle:
        countries = json.load(handle)["3166-1"]
    with open(os.path.join(SOURCES, "iso3166-1.tsv"), "w", encoding="utf-8") as handle:
        handle.write("# alpha_2\talpha_3\tname\tcommon_name\tofficial_name\n")
        for country in sorted(countries, key=lambda c: c["alpha_2"]):
            handle.write("\t".join([country["alpha_2"], country["alpha_3"], country["name"],
                                    country.get("common_name", ""), country.get("official_name", "")]) + "\n")

    multi = multi_zone_countries(read_zone_tab(), read_rules())
    with open(os.path.join(ISO_CODES, "iso_3166-2.json"), encoding="utf-8") as handle:
        subdivisions = json.load(handle)["3166-2"]
    with open(os.path.join(SOURCES, "iso3166-2.tsv"), "w", encoding="utf-8") as handle:
        handle.write("# code\tname (subdivisions of the countries with more than one zone only)\n")
        for subdivision in sorted(subdivisions, key=lambda s: s["code"]):
            if subdivision["code"][:2] in multi:
                handle.write(f"{subdivision['code']}\t{subdivision['name']}\n")


# ---------------------------------------------------------------- reading the sources

def read_tsv(name):
    with open(os.path.join(SOURCES, name), encoding="utf-8") as handle:
        return [line.rstrip("\n").split("\t") for line in handle if line.strip() and not line.startswith("#")]


def read_zone_tab():
    """[(country, latitude, longitude, zone)] in file order."""
    result = []
    for fields in read_tsv("zone.tab"):
        country, coordinates, zone = fields[0], fields[1], fields[2]
        latitude, longitude = parse_iso6709(coordinates)
        result.append((country, latitude, longitude, zone))
    return result


def parse_iso6709(text):
    """zone.tab's ±DDMM±DDDMM or ±DDMMSS±DDDMMSS."""
    split = max(text.rfind("+"), text.rfind("-"))
    def degrees(part, width):
        sign = -1 if part[0] == "-" else 1
        digits = part[1:]
        whole = int(digits[:width])
        minutes = int(digits[width:width + 2])
        seconds = int(digits[width + 2:width + 4]) if len(digits) > width + 2 else 0
        return sign * (whole + minutes / 60 + seconds / 3600)
    return degrees(text[:split], 2), degrees(text[split:], 3)


def read_rules():
    return {fields[0]: fields[1] for fields in read_tsv("zone-rules.tsv")}


def read_airports():
    with open(os.path.join(SOURCES, "airports.csv"), newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def multi_zone_countries(zone_tab, rules):
    classes = collections.defaultdict(set)
    for country, _, _, zone in zone_tab:
        classes[country].add(rules[zone])
    return {country for country, footers in classes.items() if len(footers) > 1}


# ---------------------------------------------------------------- the tables

def coordinate(value):
    """Four decimals (about 11 m), trailing zeros dropped."""
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def airport_table(airports):
    lines = ["# IATA\tzone\tlatitude\tlongitude\tcountry"]
    for row in airports:
        lines.append("\t".join([row["iata"].upper(), row["tz"], coordinate(row["lat"]), coordinate(row["lon"]), row["country"]]))
    return lines


def most_common(counter):
    """The most frequent item; ties by name, so the output never depends on input order."""
    return sorted(counter.items(), key=lambda item: (-item[1], item[0]))[0][0]


def country_table(airports, zone_tab, rules, countries, subdivisions):
    zones_by_country = collections.defaultdict(list)
    for country, _, _, zone in zone_tab:
        zones_by_country[country].append(zone)
    multi = multi_zone_countries(zone_tab, rules)

    lines = ["# C\talpha-2\talpha-3\tzone (- when the country has several)\tnames (| between)"]
    names_seen = collections.defaultdict(set)
    for alpha2, alpha3, *names in countries:
        for name in names:
            for variant in keys(name):
                names_seen[variant].add(alpha2)
    for alias, alpha2 in COUNTRY_ALIASES.items():
        for variant in keys(alias):
            names_seen[variant].add(alpha2)
    names_by_country = collections.defaultdict(set)
    for variant, codes in names_seen.items():
        if len(codes) == 1:
            names_by_country[next(iter(codes))].add(variant)
    for alpha2, alpha3, *_ in countries:
        zones = zones_by_country.get(alpha2, [])
        zone = zones[0] if zones and alpha2 not in multi else "-"
        lines.append("\t".join(["C", alpha2, alpha3, zone, "|".join(sorted(names_by_country[alpha2]))]))

    # Regions: ISO 3166-2 codes and names, and the airports' own subdivision names.
    region_ids = {}  # (country, folded name) -> region id
    region_names = collections.defaultdict(set)
    for code, name in subdivisions:
        country = code[:2]
        region_ids.setdefault((country, fold(name)), code)
        region_names[code].add(name)
        region_names[code].add(code[3:])
    codes = {code for code, _ in subdivisions}
    def region_id(country, subd):
        if f"{country}-{subd.upper()}" in codes:  # "ACT", "NSW": the code itself
            return f"{country}-{subd.upper()}"
        return region_ids.get((country, fold(subd)), f"{country}-{fold(subd)}")

    region_counts = collections.defaultdict(collections.Counter)
    locality_counts = collections.defaultdict(collections.Counter)  # (country, region id or "", key) -> zones
    for row in airports:
        country = row["country"]
        if country not in multi:
            continue
        subd, city, zone = row["subd"].strip(), row["city"].strip(), row["tz"]
        if subd:
            identifier = region_id(country, subd)
            region_names[identifier].add(subd)
            region_counts[identifier][zone] += 1
        for variant in keys(city) if city else []:
            locality_counts[(country, "", variant)][zone] += 1
            if subd:
                locality_counts[(country, region_id(country, subd), variant)][zone] += 1
    for country, _, _, zone in zone_tab:
        if country not in multi:
            continue
        city = zone.rsplit("/", 1)[-1].replace("_", " ")
        for variant in keys(city):
            locality_counts[(country, "", variant)][zone] += 1

    overrides = {code: zone for code, zone in read_tsv("region-zones.tsv")}
    for code in overrides:
        region_counts.setdefault(code, collections.Counter())
        if overrides[code] not in rules:
            raise SystemExit(f"region-zones.tsv: {code}: zone {overrides[code]} is not in zone-rules.tsv")
    lines.append("# R\tregion id\tzone (- when the region spans several)\tnames (| between)")
    for identifier in sorted(region_counts):
        zones = region_counts[identifier]
        by_class = collections.Counter({"": 0})
        for zone, count in zones.items():
            by_class[rules[zone]] += count
        footer, count = sorted(by_class.items(), key=lambda item: (-item[1], item[0]))[0]
        total = max(sum(zones.values()), 1)
        zone = most_common(collections.Counter({z: c for z, c in zones.items() if rules[z] == footer})) \
            if count / total >= REGION_MAJORITY and total >= REGION_MINIMUM_AIRPORTS else "-"
        zone = overrides.get(identifier, zone)
        aliases = set()
        for name in region_names[identifier]:
            aliases.update(keys(name))
        lines.append("\t".join(["R", identifier, zone, "|".join(sorted(aliases))]))

    lines.append("# L\tcountry\tregion id (- for any)\tlocality\tzone (localities that name places in two zones are left out)")
    for (country, region, locality) in sorted(locality_counts):
        zones = locality_counts[(country, region, locality)]
        if len({rules[zone] for zone in zones}) != 1:
            continue
        lines.append("\t".join(["L", country, region or "-", locality, most_common(zones)]))
    return lines


def point_table(zone_tab):
    """The principal location of every zone.tab zone: with the airports, the points that
    coordinates are matched against (it covers zones no airport is in)."""
    lines = ["# latitude\tlongitude\tzone"]
    points = [(coordinate(latitude), coordinate(longitude), zone) for _, latitude, longitude, zone in zone_tab]
    for latitude, longitude, zone in sorted(points, key=lambda p: (float(p[0]), float(p[1]), p[2])):
        lines.append("\t".join([latitude, longitude, zone]))
    return lines


def swift_file(type_name, summary, lines):
    text = "\n".join(lines)
    if '"#' in text or "\\#" in text:
        raise SystemExit(f"{type_name}: the table text would end its raw string literal early")
    return (
        "// Generated by tools/zone-tables/generate.py from tools/zone-tables/sources/ — do not edit.\n"
        f"// {summary}\n"
        f"enum {type_name} {{\n"
        "    static let text = #\"\"\"\n"
        f"{text}\n"
        "\"\"\"#\n"
        "}\n"
    )


def generate(out):
    airports = read_airports()
    zone_tab = read_zone_tab()
    rules = read_rules()
    countries = [fields + [""] * (5 - len(fields)) for fields in read_tsv("iso3166-1.tsv")]
    countries = [[alpha2, alpha3] + [name for name in names if name] for alpha2, alpha3, *names in countries]
    subdivisions = read_tsv("iso3166-2.tsv")
    for row in airports:
        if row["tz"] not in rules:
            raise SystemExit(f"airport {row['iata']}: zone {row['tz']} is not in zone-rules.tsv")
    os.makedirs(out, exist_ok=True)
    files = {
        "AirportZoneTable.swift": swift_file(
            "AirportZoneTable", "IATA airport code → IANA zone, position and country (airportsdata).",
            airport_table(airports)),
        "CountryZoneTable.swift": swift_file(
            "CountryZoneTable", "ISO 3166 country, region and locality → IANA zone (tzdata zone.tab, iso-codes, airportsdata).",
            country_table(airports, zone_tab, rules, countries, subdivisions)),
        "ZonePointTable.swift": swift_file(
            "ZonePointTable", "The principal location of every zone in tzdata's zone.tab, sorted by latitude.",
            point_table(zone_tab)),
    }
    for name, content in files.items():
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="\n") as handle:
            handle.write(content)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", nargs="?", default="generate", choices=["generate", "refresh-sources"])
    parser.add_argument("--out", default=DEFAULT_OUT, help="folder for the Swift files (generate)")
    parser.add_argument("--airports", help="airportsdata's airports.csv (refresh-sources)")
    arguments = parser.parse_args()
    if arguments.step == "refresh-sources":
        if not arguments.airports:
            parser.error("refresh-sources needs --airports PATH/airports.csv")
        refresh_sources(arguments.airports)
    else:
        generate(arguments.out)


if __name__ == "__main__":
    sys.exit(main())
