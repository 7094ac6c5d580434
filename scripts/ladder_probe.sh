#!/usr/bin/env bash
# One calibration probe of the ladder with trial settings (no rebuild, no clock): each pair of
# neighbouring levels plays GAMES games in process (sparring-levels selfplay, noob_2moves openings,
# colours swapped), then every game is reviewed by Stockfish 15.1 at depth 10, each level's moves
# under its own rating. Prints each pair's score and Elo gap (target 300 +- 75) and each level's
# blunders / mistakes / inaccuracies per 100 moves and ACPL (targets: ../shared/calibration-targets.md),
# and checks that every mate in <= 5 was kept and shortened (scripts/verify_mates.py).
# usage: scripts/ladder_probe.sh GAMES LEVEL[:SET] LEVEL[:SET] ...
#   e.g. scripts/ladder_probe.sh 40 Beginner:depth=2 Easy Medium:appetite=0.3/0.7/1.0
# env:   OUT (default runs/ladder-probe), SEEDS (one process each, default "1 2")
# SET is sparring-levels' --set (depth=,model=,temperature=,appetite=I/M/B,decided=I/M/B,won=I/M/B,size=,cap=); the chosen values go
# into src/levels/level.cpp, and the figures that count come from scripts/calibrate.sh ladder.
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
GAMES=$1
shift
LEVELS=${LEVELS:-build/release/sparring-levels}
out=${OUT:-runs/ladder-probe}
seeds=(${SEEDS:-1 2})
mkdir -p "$out"
rm -f "$out"/pair-*.pgn
names=() sets=()
for arg in "$@"; do
  names+=("${arg%%:*}")
  [[ "$arg" == *:* ]] && sets+=("${arg#*:}") || sets+=("")
done
echo "settings: $*" | tee "$out/summary.txt"
per=$((GAMES / ${#seeds[@]}))
for ((i = 0; i + 1 < ${#names[@]}; i++)); do
  a=${names[$i]} b=${names[$((i + 1))]}
  pgn="$out/pair-$a-$b.pgn"
  for s in "${seeds[@]}"; do
    "$LEVELS" selfplay --white "$a" --black "$b" --white-set "${sets[$i]}" --black-set "${sets[$((i + 1))]}" \
      --games "$per" --seed "$s" --openings ../shared/data/openings/noob_2moves.epd --pgn-out "$pgn.$s" \
      >"$out/pair-$a-$b.$s.txt" 2>/dev/null &
  done
  wait
  for s in "${seeds[@]}"; do cat "$pgn.$s" && rm -f "$pgn.$s"; done >"$pgn"
  # Points of the lower level (the first one named) over every game of the pair (the score lines:
  # "A (elo) x - y B (elo) in N games"; the per-level timing lines after them are skipped).
  awk -v a="$a" -v b="$b" '
    / in [0-9]+ games$/ { lo += $3; hi += $5; n += $(NF - 1) }
    END {
      s = lo / n; e = (s <= 0 || s >= 1) ? "inf" : sprintf("%.0f", -400 * log(1 / s - 1) / log(10))
      printf "%s - %s: %.1f - %.1f in %d games, score %.1f%%, Elo gap %s\n", a, b, lo, hi, n, 100 * s, e
    }' "$out"/pair-$a-$b.*.txt | tee -a "$out/summary.txt"
done
judge=()
[ -x /usr/games/stockfish ] && judge=(--judge /usr/games/stockfish)
cat "$out"/pair-*.pgn >"$out/all.pgn"
build/release/sparring review "$out/all.pgn" --depth 10 --threads 2 --totals-only --no-progress \
  --json-out "$out/review.json" "${judge[@]}" | tee -a "$out/summary.txt"
# The mate guarantee: every mate in <= 5 kept and shortened.
[ ${#judge[@]} -gt 0 ] && scripts/verify_mates.py "$out/review.json" --judge "${judge[1]}" | tee -a "$out/summary.txt"
