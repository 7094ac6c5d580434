#!/usr/bin/env bash
# Reviews rated human games (Lichess, June 2018) with `sparring review` and compares the error
# rates per rating band with the figures of /work/shared/calibration-targets.md (Stockfish 15.1,
# depth 10, Lichess's rules). Prints a Markdown table: our figure, the target, the relative
# difference.
#
# usage: scripts/review_humans.sh [games-per-file|all] [depth] [threads]     (defaults: 100 10 2)
# env:   SPARRING (binary, default build/release/sparring), DATA (the by-band folder),
#        JUDGE (a UCI engine to judge with instead of Sparring, e.g. /usr/games/stockfish: the
#        targets' own judge, which checks the review's rules apart from the judge's eyes),
#        JSON_OUT (keep the review's JSON, every move of every game, in this file)
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
GAMES=${1:-100}
[ "$GAMES" = all ] && GAMES=1000000
DEPTH=${2:-10}
THREADS=${3:-2}
SPARRING=${SPARRING:-build/release/sparring}
DATA=${DATA:-/work/shared/data/human/lichess_2018-06_by_band}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The first GAMES games of each band file the targets cover (< 900 up to 2100-2300).
for band in -900 900-1100 1100-1300 1300-1500 1500-1700 1700-1900 1900-2100 2100-2300; do
  awk -v n="$GAMES" '/^\[Event /{g++} g<=n {print}' "$DATA/$band.pgn"
  echo
done >"$WORK/games.pgn"

judge=()
[ -n "${JUDGE:-}" ] && judge=(--judge "$JUDGE")
echo "reviewing $(grep -c '^\[Event ' "$WORK/games.pgn") games at depth $DEPTH with $THREADS threads," \
  "judge: ${JUDGE:-Sparring}" >&2
start=$(date +%s)
"$SPARRING" review "$WORK/games.pgn" --depth "$DEPTH" --threads "$THREADS" "${judge[@]}" --json \
  >"$WORK/review.json"
echo "review took $(( $(date +%s) - start )) s" >&2
[ -n "${JSON_OUT:-}" ] && cp "$WORK/review.json" "$JSON_OUT"

python3 - "$WORK/review.json" <<'PY'
import json, sys
totals = json.load(open(sys.argv[1]))["totals"]["bands"]
# The target table's rows, each made of our 200-point bands, and its figures:
# blunders, mistakes, inaccuracies per 100 moves, ACPL, game accuracy %, mate in 1 not played %,
# forced mate (<= 3) lost %.
rows = [
    ("< 900", ["<900"], [11.8, 6.1, 14.3, 95, 67, 43, 23]),
    ("900-1100", ["900-1100"], [9.3, 5.8, 13.2, 79, 72, 55, 23]),
    ("1100-1300", ["1100-1300"], [8.6, 5.0, 12.3, 78, 73.5, 41, 22]),
    ("1300-1700", ["1300-1500", "1500-1700"], [7.1, 4.4, 11.3, 65, 76, 41, 22]),
    ("1700-1900", ["1700-1900"], [5.2, 4.1, 10.9, 55, 80.6, 41, 22]),
    ("1900-2300", ["1900-2100", "2100-2300"], [4.8, 3.8, 10.5, 49, 81.5, 31, 17]),
]
names = ["blunders/100", "mistakes/100", "inacc./100", "ACPL", "accuracy %", "mate-in-1 not played %",
         "mate<=3 lost %", "best move %"]
print("| band | players | moves | " + " | ".join(names) + " |")
print("|---" * (len(names) + 3) + "|")
for label, parts, target in rows:
    t = {k: 0.0 for k in ["players", "moves", "blunders", "mistakes", "inaccuracies", "cp_loss_sum", "accuracy_sum",
                          "accuracy_count", "best_played", "mate_in_1_available", "mate_in_1_missed",
                          "short_mate_available", "short_mate_lost"]}
    for p in parts:
        for k in t:
            t[k] += totals.get(p, {}).get(k, 0)
    m = max(t["moves"], 1)
    ours = [100 * t["blunders"] / m, 100 * t["mistakes"] / m, 100 * t["inaccuracies"] / m, t["cp_loss_sum"] / m,
            t["accuracy_sum"] / max(t["accuracy_count"], 1),
            100 * t["mate_in_1_missed"] / max(t["mate_in_1_available"], 1),
            100 * t["short_mate_lost"] / max(t["short_mate_available"], 1)]
    cells = [f"{o:.1f} ({g}, {100 * (o - g) / g:+.0f}%)" for o, g in zip(ours, target)]
    cells.append(f"{100 * t['best_played'] / m:.1f}")
    cells[5] += f" of {int(t['mate_in_1_available'])}"
    cells[6] += f" of {int(t['short_mate_available'])}"
    print(f"| {label} | {int(t['players'])} | {int(t['moves'])} | " + " | ".join(cells) + " |" )
print("\nEach cell: ours (target, relative difference). Mate columns: share of the N positions where a mate in 1 /"
      " a forced mate in <= 3 was available.")
PY
