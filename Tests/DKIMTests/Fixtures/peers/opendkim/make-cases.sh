#!/bin/sh
# Rebuilds libopendkim's own verify tests (libopendkim/tests/t-test*.c of the OpenDKIM source,
# copied in src/) against Debian's libopendkim (libopendkim-dev), each linked with record.c,
# runs them, and keeps what each verifying handle was fed (cases/<test>-<n>.eml) and the
# status its dkim_eom returned (cases/<test>-<n>.status); keys.keys is the key file t-setup.c
# writes. A test that did not run to its end (exit status not 0) is dropped: only statuses a
# passing test asserted are kept. Run from this directory: sh make-cases.sh
set -eu
here=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/libopendkim/tests/cases"
cp /usr/include/opendkim/dkim.h "$work/libopendkim/dkim.h"
: > "$work/libopendkim/tests/build-config.h"
sed "s|\"/tmp/testkeys\"|\"$work/testkeys\"|" src/t-testdata.h > "$work/libopendkim/tests/t-testdata.h"
wrap="-Wl,--wrap=dkim_verify,--wrap=dkim_header,--wrap=dkim_eoh,--wrap=dkim_body,--wrap=dkim_chunk,--wrap=dkim_eom"
cp "$here"/src/t-*.c "$work/libopendkim/tests/"
cd "$work/libopendkim/tests"
cc -w -o t-setup t-setup.c -I. -lopendkim
./t-setup > /dev/null
rm -rf "$here/cases" && mkdir -p "$here/cases"
ran=0; kept=0
for source in "$here"/src/t-test*.c; do
	name=$(basename "$source" .c)
	grep -q 'dkim_verify(' "$source" || continue
	cc -w -o "$name" "$name.c" "$here/record.c" -I. -lopendkim -lcrypto $wrap 2>/dev/null || { echo "$name: does not build" >&2; continue; }
	ran=$((ran + 1))
	rm -f cases/*
	if OPENDKIM_TEST=$name "./$name" > /dev/null 2>&1; then
		for status in cases/*.status; do
			[ -e "$status" ] || continue
			cp "$status" "${status%.status}.eml" "$here/cases/"
			kept=$((kept + 1))
		done
	else
		echo "$name: failed against Debian's libopendkim (dropped)" >&2
	fi
done
# Only the key records (t-setup.c also writes ADSP and other names our keys file has no use for).
{ echo "# libopendkim/tests/t-setup.c's key file (selector._domainkey.domain records only)"; grep '^[^ ]*\._domainkey\.' "$work/testkeys"; } > "$here/keys.keys"
echo "$ran verify tests built and run, $kept verified messages kept" >&2
