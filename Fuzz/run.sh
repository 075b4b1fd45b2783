#!/usr/bin/env bash
# Runs each fuzz target for SECONDS seconds (default 60), JOBS at a time (default: cores),
# over Fuzz/corpus/<target>/ (seeded first). A crash, leak, timeout or OOM input is saved
# as Fuzz/crashes/<target>/<kind>-<sha1>; the exit status is then 1.
#
#   Fuzz/run.sh                 # every built target, 60 s each
#   Fuzz/run.sh 20 mime json    # these two, 20 s each
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-60}"; shift || true
BIN="${FUZZ_BIN:-Fuzz/.bin}"
CORPUS="${FUZZ_CORPUS:-Fuzz/corpus}"
LOGS="${FUZZ_LOGS:-Fuzz/logs}"
JOBS="${JOBS:-$(nproc)}"
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=(); for f in "$BIN"/*; do TARGETS+=("$(basename "$f")"); done; fi

Fuzz/seed-corpus.sh 2>/dev/null
mkdir -p "$LOGS"
# The Swift runtime's backtracer would otherwise catch the signal before ASan/libFuzzer report it.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}"

run_one() {
  local target="$1"
  mkdir -p "Fuzz/crashes/$target" "$CORPUS/$target"
  # -timeout: an input taking 10 s is a hang (a limit that did not hold), reported like a crash.
  "$BIN/$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="Fuzz/crashes/$target/" $FUZZ_FLAGS "$CORPUS/$target" >"$LOGS/$target.log" 2>&1
  local status=$?
  local cov execs rate
  cov=$(grep -E '^#[0-9]+' "$LOGS/$target.log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+(/[0-9]+[a-zA-Z]*)?')
  execs=$(grep -oE 'number_of_executed_units: [0-9]+' "$LOGS/$target.log" | grep -oE '[0-9]+$')
  rate=$(grep -oE 'average_exec_per_sec: +[0-9]+' "$LOGS/$target.log" | grep -oE '[0-9]+$')
  if [ $status -eq 0 ]; then
    printf '%-12s ok     %8s execs %6s exec/s  %s\n' "$target" "${execs:-?}" "${rate:-?}" "$cov"
  else
    printf '%-12s FAILED (status %s) %s — see %s; input in Fuzz/crashes/%s/\n' "$target" "$status" \
      "$(grep -m1 -oE 'ERROR: [A-Za-z]+: [^ ]+.*|Fatal error: .*|==[0-9]+== ERROR: .*' "$LOGS/$target.log" | head -c 160)" \
      "$LOGS/$target.log" "$target"
  fi
  return $status
}
export -f run_one
# FUZZ_FLAGS: more libFuzzer flags, e.g. "-fork=1 -ignore_crashes=1" to go on past a known crash.
export FUZZ_FLAGS="${FUZZ_FLAGS:-}"
export BIN CORPUS LOGS SECONDS_EACH
printf '%s\n' "${TARGETS[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one {}'
status=$?
rm -f /tmp/eventsuggest-fuzz-mbox-*.mbox   # the mbox target's scratch files
exit $status
