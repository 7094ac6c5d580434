#!/usr/bin/env bash
# What each selective part of the search is worth: Sparring against the same binary with that one
# feature switched off (the SPARRING_SEARCH_OFF development switch), openings from noob_2moves.epd
# in random order, both colours, one thread and 16 MB each. Prints a Markdown table: the Elo of
# the full search over the search without the feature, with its 95% interval.
#
# usage: scripts/selectivity.sh [games] [tc] [feature...]   (defaults: 200 1+0.01, every feature)
# env:   SPARRING (binary, default build/release/sparring), CONCURRENCY (2), OUT (runs/selectivity-<time>)
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
GAMES=${1:-200}
TC=${2:-1+0.01}
shift $(( $# < 2 ? $# : 2 ))
FEATURES=("$@")
[ ${#FEATURES[@]} -eq 0 ] && FEATURES=(nmp rfp fp lmp see lmr iir se check asp)
build=build/release
SPARRING=$(realpath "${SPARRING:-$build/sparring}")
OPENINGS=${OPENINGS:-tests/data/noob_2moves.epd}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-runs/selectivity-$(date +%Y%m%d-%H%M)}
mkdir -p "$OUT"
cmake --build "$build" -j2 --target sparring-match >/dev/null

for f in "${FEATURES[@]}"; do
  echo "== without $f: $GAMES games at $TC" >&2
  "$build/sparring-match" --engine cmd="$SPARRING" name=full \
    --engine cmd=/usr/bin/env arg=SPARRING_SEARCH_OFF="$f" arg="$SPARRING" name="no-$f" \
    --each option.Threads=1 option.Hash=16 --openings "$OPENINGS" --order random --seed 2026 \
    --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" --pgn "$OUT/$f.pgn" >"$OUT/$f.txt" || true
  grep -E "^Score of|^Elo difference|^Pairs" "$OUT/$f.txt" >&2 || true
done

echo "| feature switched off | games | W/D/L of the full search | score | Elo of the feature (95%, pentanomial) | failures |"
echo "|---|---|---|---|---|---|"
for f in "${FEATURES[@]}"; do
  python3 - "$OUT/$f.txt" "$f" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
wdl = re.search(r"W/D/L (\d+)/(\d+)/(\d+)\s+([\d.]+)/(\d+) = ([\d.]+)%", text)
elo = re.search(r"Elo ([+-][\d.]+|nan|inf) \+/- ([\d.]+|nan|inf) \(95%, pentanomial", text)
fails = re.findall(r"^(full|no-\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", text, re.M)
bad = sum(int(x) for row in fails for x in row[1:])
if not wdl:
    print(f"| {sys.argv[2]} | no result |  |  |  |  |")
else:
    w, d, l, _, n, pct = wdl.groups()
    print(f"| {sys.argv[2]} | {n} | {w}/{d}/{l} | {pct}% | {elo.group(1) if elo else '?'} ± {elo.group(2) if elo else '?'} | {bad} |")
PY
done
