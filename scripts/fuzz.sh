#!/usr/bin/env bash
# Runs the libFuzzer targets built in build/fuzz (`make fuzz-build`) one after the other, each for
# a bounded time, and prints per target: seconds, executions, executions/s, corpus size, crashes.
#
# usage: scripts/fuzz.sh [seconds-per-target] [target ...]     (default 45 s; every fuzz_* target)
#
# Each target starts from its seed corpus fuzz/corpus/<t> plus what earlier runs found
# (build/fuzz/corpus/<t>, where new inputs go; the repository's seeds are never changed). A crash,
# timeout, out-of-memory or sanitizer report stops that target, leaves the reproducer in
# build/fuzz/artifacts/<t>/ and makes the script exit 1 (after the other targets have run).
# Reproduce with: build/fuzz/fuzz_<t> build/fuzz/artifacts/<t>/crash-...
set -uo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
seconds=${1:-45}
shift || true
build=${FUZZ_BUILD:-build/fuzz}
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for exe in "$build"/fuzz_*; do [ -x "$exe" ] && targets+=("${exe##*/fuzz_}"); done
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz.sh: no fuzz targets in $build (run 'make fuzz-build' first)" >&2
  exit 2
fi

failed=0
printf '%-12s %8s %12s %10s %8s %8s\n' target seconds executions 'exec/s' corpus crashes
for t in "${targets[@]}"; do
  exe="$build/fuzz_$t"
  work="$build/corpus/$t"
  artifacts="$build/artifacts/$t"
  log="$build/logs/$t.log"
  mkdir -p "$work" "$artifacts" "$(dirname "$log")"
  maxlen=512  # enough for long move sequences, SAN and FEN; UCI sessions need more
  [ "$t" = uci ] && maxlen=4096
  [ "$t" = net_file ] && maxlen=32768 # a whole (tiny) network file
  dict=()
  [ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
  start=$(date +%s)
  # detect_leaks=0: the engine's process-wide tables are allocated once on purpose.
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 "$exe" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
    -max_len=$maxlen -print_final_stats=1 -artifact_prefix="$artifacts/" "${dict[@]}" "$work" "fuzz/corpus/$t" \
    >"$log" 2>&1
  status=$?
  elapsed=$(($(date +%s) - start))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  corpus=$(find "$work" -type f | wc -l)
  crashes=0
  if [ $status -ne 0 ]; then
    crashes=1
    failed=1
  fi
  printf '%-12s %8s %12s %10s %8s %8s\n' "$t" "$elapsed" "${execs:-?}" "${rate:-?}" "$corpus" "$crashes"
  if [ $status -ne 0 ]; then
    echo "  fuzz_$t failed (exit $status); log: $log"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|.*invariant failed|.*runtime error)' "$log" | head -5 | sed 's/^/  /'
    ls -t "$artifacts" | head -3 | sed "s|^|  reproducer: $artifacts/|"
  fi
done
exit $failed
