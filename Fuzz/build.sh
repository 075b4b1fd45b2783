#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets/ into Fuzz/.bin/ (or $FUZZ_BIN).
#
# The package's library modules are built with coverage + ASan instrumentation into their
# own scratch path (default /tmp/eventsuggest-fuzz-build), so .build/ — the normal SwiftPM
# build — is never touched. Each target is then one swiftc invocation linked against those
# module objects; libFuzzer supplies main().
#
#   Fuzz/build.sh            # all targets        CONFIG=debug Fuzz/build.sh   # -Onone, clearer stacks
#   Fuzz/build.sh mime json  # just these
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

CONFIG="${CONFIG:-release}"
SCRATCH="${FUZZ_SCRATCH:-/tmp/eventsuggest-fuzz-build}"
BIN="${FUZZ_BIN:-Fuzz/.bin}"
# Library modules, dependencies before dependents (the link order does not matter for
# objects; the list is every non-test target except the CLI, whose main() clashes with libFuzzer's).
# In release (the default) LinkedLibXML2 links libxml2.a in, as the shipped binary does; its C
# objects are listed after the Swift ones. With CONFIG=debug HTMLDocument loads libxml2 with dlopen.
MODULES=(Findings POSIXFiles CivilTime CryptoOpenSSL DNS MailMessage DKIM SenderPolicy DynamicLibrary HTMLDocument JSON PlaceZones SchemaMarkup ICalendar Mailbox EventSuggest)
C_MODULES=(COpenSSL LinkedLibXML2)

if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=(); for f in Fuzz/Targets/*.swift; do TARGETS+=("$(basename "$f" .swift)"); done; fi

# `swift build --target` takes one target per run; EventSuggest pulls in all but Mailbox.
# Not `--sanitize=fuzzer --sanitize=address`: SwiftPM passes them as two -sanitize= options in
# a per-run order, and swiftc keeps only the last, so modules came out with coverage but no
# ASan, or the reverse. One -sanitize=fuzzer,address through -Xswiftc gives both.
for target in EventSuggest Mailbox; do
  swift build -c "$CONFIG" --scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address --target "$target" \
    2>&1 | grep -v '^\[' >&2
done

OUT="$SCRATCH/$CONFIG"
OBJECTS=()
# The code is in <Module>.build/<File>.swift.o ($OUT/Modules/<Module>.o holds only the module's
# debug info). Only the objects of today's sources: a file moved to another module leaves its
# old object behind in a reused scratch folder, and linking that stale copy fails.
for module in "${MODULES[@]}"; do
  while IFS= read -r source; do OBJECTS+=("$OUT/$module.build/$(basename "$source").o"); done \
    < <(find "Sources/$module" -name '*.swift' | sort)
done
for module in "${C_MODULES[@]}"; do
  while IFS= read -r source; do OBJECTS+=("$OUT/$module.build/$(basename "$source").o"); done \
    < <(find "Sources/$module" -name '*.c' | sort)
done
LIBXML2_LINK=()
[ "$CONFIG" = release ] && LIBXML2_LINK=(-Xlinker -l:libxml2.a -Xlinker -l:liblzma.a -Xlinker -l:libz.a -lm)
[ "$CONFIG" = release ] && OPT=(-O) || OPT=(-Onone)

mkdir -p "$BIN"
for target in "${TARGETS[@]}"; do
  echo "fuzz target $target -> $BIN/$target" >&2
  swiftc "${OPT[@]}" -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 \
    -module-name "Fuzz_$target" -I "$OUT/Modules" \
    -I Sources/COpenSSL/include -I Sources/CLibXML2 -I Sources/CResolv -Xcc -fmodule-map-file="$OUT/LinkedLibXML2.build/module.modulemap" -Xcc -I/usr/include/libxml2 \
    "Fuzz/Targets/$target.swift" "${OBJECTS[@]}" -lcrypto -lresolv "${LIBXML2_LINK[@]}" -use-ld=lld \
    -module-cache-path "$SCRATCH/fuzz-module-cache" -o "$BIN/$target"
done
