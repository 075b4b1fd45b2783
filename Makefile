# eventsuggest — the two commands a newcomer needs are `make demo` and `make test`.
# Both install what is missing first (`make deps`, Debian packages via apt-get).

SWIFT        ?= swift
PREFIX       ?= /usr/local
export PATH  := $(PATH):/opt/swift/usr/bin

# Debian packages the project needs: to build (OpenSSL, libxml2, pkg-config to find them)
# and to test: python3 (cross-check with Python's email package), dnsmasq-base (a real DNS
# server on loopback for key lookups), python3-dkim and opendkim-tools (independent DKIM verifiers),
# chromium (the browser whose HTML tree markup extraction is checked against), python3-webencodings
# (the WHATWG encoding labels, an oracle for ours), python3-idna (IDNA 2008, an oracle for our A-labels),
# vdirsyncer (syncs the calendar folder as users do), time (GNU time: the peak RSS the memory tests assert),
# python3-jsonschema (validates lint's SARIF against the OASIS schema), python3-junitparser (reads lint's JUnit as CI does),
# libcurl4-openssl-dev (HTTP for the CalDAV store), radicale (the CalDAV server the tests run on loopback),
# tzdata (the zone rules /usr/share/zoneinfo that CivilTime reads at run time and zoneinfo checks them against).
# libmilter-dev (the milter protocol, to build) and postfix (the MTA the milter tests run, a private instance).
# man-db and groff-base (the man page is rendered with warnings on), bash-completion, zsh and fish (the
# generated completions are loaded by each shell in a test).
DEB_PACKAGES := libssl-dev libxml2-dev pkg-config python3 dnsmasq-base python3-dkim opendkim-tools \
                python3-extruct python3-icalendar khal gir1.2-ical-3.0 python3-gi publicsuffix \
                procmail maildrop python3-idna chromium python3-webencodings vdirsyncer time \
                python3-jsonschema python3-junitparser libcurl4-openssl-dev radicale tzdata \
                libmilter-dev postfix man-db groff-base zsh fish

BIN_DEBUG    := .build/debug/eventsuggest
BIN_RELEASE  := .build/release/eventsuggest
# What `make install` ships and `make bench` measures: the Swift runtime linked in (a filter
# process starts in ~13 ms and ~25 MB instead of ~17 ms and ~31 MB), built in its own
# scratch folder so it never forces a rebuild of the dynamic one. Only the executable's product:
# the test-support target imports Testing, which the static Swift SDK does not ship.
# --disable-local-rpath: no RUNPATH $ORIGIN, which sent ld.so to look for each of the six shared
# libraries in the binary's own folder first (24 failed openat/stat calls at every start) and
# would load a library planted beside the installed binary.
BIN_STATIC   := .build/static/release/eventsuggest
STATIC_BUILD  = $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --scratch-path .build/static --product eventsuggest

FUZZ_SECONDS ?= 60

.PHONY: all deps build release test test-sanitize demo bench fuzz install generated-docs clean help

all: build

help:
	@echo "make demo     build and run eventsuggest over the bundled Maildir-samples/"
	@echo "make test     install what is missing, build, and run every test"
	@echo "make deps     install the Debian packages the project needs (idempotent)"
	@echo "make build    debug build          make release   optimized build"
	@echo "make bench    the benchmark against peer tools"
	@echo "make fuzz     the libFuzzer targets, FUZZ_SECONDS each (Fuzz/README.md)"
	@echo "make test-sanitize   the whole suite under AddressSanitizer and ThreadSanitizer (about 7 minutes)"
	@echo "make install  PREFIX=/usr/local: the binary (static Swift runtime), its docs, man page, completions and an example configuration"
	@echo "make generated-docs  regenerate docs/eventsuggest.1 and docs/completions/ from the option declarations"

deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "make deps: no Swift toolchain on PATH (expected at /opt/swift/usr/bin); install Swift 6 first" >&2; exit 1; }
	@missing=""; \
	for package in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' "$$package" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -z "$$missing" ]; then echo "make deps: all Debian packages present"; exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
	  echo "make deps: missing Debian packages:$$missing" >&2; \
	  echo "make deps: run 'sudo make deps' (or apt-get install$$missing) as root" >&2; exit 1; \
	fi; \
	echo "make deps: installing$$missing"; \
	export DEBIAN_FRONTEND=noninteractive; \
	echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections; \
	apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The whole suite under ASan (with LeakSanitizer) and TSan, each in its own build folder; the
# end-to-end tests run the sanitized binary too. Any report in SANITIZER_LOGS fails the target.
SANITIZER_LOGS := $(CURDIR)/.build/sanitizer-logs
SANITIZER_ENV  := SWIFT_BACKTRACE=enable=no
test-sanitize: deps
	rm -rf $(SANITIZER_LOGS) && mkdir -p $(SANITIZER_LOGS)
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	$(SANITIZER_ENV) ASAN_OPTIONS=detect_leaks=1:log_path=$(SANITIZER_LOGS)/asan \
	    LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan.supp:print_suppressions=0 \
	    $(SWIFT) test --skip-build --disable-xctest --sanitize=address --scratch-path .build/asan \
	    || { cat $(SANITIZER_LOGS)/* 2>/dev/null; exit 1; }
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(SANITIZER_ENV) TSAN_OPTIONS=halt_on_error=1:log_path=$(SANITIZER_LOGS)/tsan \
	    $(SWIFT) test --skip-build --disable-xctest --sanitize=thread --scratch-path .build/tsan \
	    || { cat $(SANITIZER_LOGS)/* 2>/dev/null; exit 1; }
	rm -rf .build/tsan-scan && $(SANITIZER_ENV) TSAN_OPTIONS=halt_on_error=1:log_path=$(SANITIZER_LOGS)/tsan \
	    .build/tsan/debug/eventsuggest scan Maildir-samples --jobs 4 --calendar .build/tsan-scan \
	    --keys Maildir-samples/keys --registered Maildir-samples/registered-domains \
	    --now 2027-01-15T00:00:00Z > /dev/null
	@if ls $(SANITIZER_LOGS)/* >/dev/null 2>&1; then cat $(SANITIZER_LOGS)/*; echo "make test-sanitize: sanitizer reports above" >&2; exit 1; fi
	@echo "make test-sanitize: no ASan, LSan or TSan report"

demo: release
	@echo "== eventsuggest scan Maildir-samples/ into ./calendar  (DKIM, sender policy, markup, events)"
	rm -rf calendar
	$(BIN_RELEASE) scan Maildir-samples --calendar calendar --keys Maildir-samples/keys \
	    --registered Maildir-samples/registered-domains --now 2027-01-15T00:00:00Z --report calendar-report.jsonl
	@echo "== the events written (one .ics file each):"
	@grep -h "^SUMMARY" calendar/*.ics | sort
	@echo "== the JSON-lines report, one object per message: calendar-report.jsonl"

# For `make bench` only: Go and go-msgauth (the Go peer, built offline) and KItinerary.
# opendkim: OpenDKIM's milter, the peer of the milter row (verify mode, behind the same Postfix).
BENCH_PACKAGES := golang-go golang-github-emersion-go-msgauth-dev libkpimitinerary-bin time opendkim

bench:
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="$(DEB_PACKAGES) $(BENCH_PACKAGES)"
	$(STATIC_BUILD)
	/usr/bin/python3 bench/bench.py --binary $(BIN_STATIC)

fuzz: deps
	Fuzz/build.sh
	Fuzz/run.sh $(FUZZ_SECONDS)

install: deps
	$(STATIC_BUILD)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/doc/eventsuggest
	install -s -m 755 $(BIN_STATIC) $(DESTDIR)$(PREFIX)/bin/eventsuggest
	install -m 644 README.md docs/ARCHITECTURE.md docs/eventsuggest.conf.example dist/postfix-main.cf.snippet \
	    $(DESTDIR)$(PREFIX)/share/doc/eventsuggest/
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	sed 's|/usr/local/bin/eventsuggest|$(PREFIX)/bin/eventsuggest|' dist/eventsuggest-milter.service \
	    > $(DESTDIR)$(PREFIX)/lib/systemd/system/eventsuggest-milter.service
	chmod 644 $(DESTDIR)$(PREFIX)/lib/systemd/system/eventsuggest-milter.service
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 644 docs/eventsuggest.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 docs/completions/eventsuggest $(DESTDIR)$(PREFIX)/share/bash-completion/completions/
	install -m 644 docs/completions/_eventsuggest $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/
	install -m 644 docs/completions/eventsuggest.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/

# The man page and completions are generated from the option declarations and checked in;
# a test fails when they differ from a fresh generation.
generated-docs: build
	$(BIN_DEBUG) help --man > docs/eventsuggest.1
	mkdir -p docs/completions
	$(BIN_DEBUG) help --completion bash > docs/completions/eventsuggest
	$(BIN_DEBUG) help --completion zsh > docs/completions/_eventsuggest
	$(BIN_DEBUG) help --completion fish > docs/completions/eventsuggest.fish

clean:
	rm -rf .build calendar calendar-report.jsonl
