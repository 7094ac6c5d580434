#!/usr/bin/env bash
# One calibration probe of a level with trial settings, on data that is not the test set:
#   match   how often it plays the human move in the validation games (360-399) of its band files
#   errors  GAMES games against itself (noob_2moves openings), reviewed by Stockfish 15.1 at depth 10:
#           blunders / mistakes / inaccuracies per 100 moves, ACPL, next to the band's targets, and
#           the same in balanced and in decided positions (scripts/errors_by_state.py)
# usage: scripts/level_probe.sh LEVEL [SET] [GAMES]   e.g. scripts/level_probe.sh Medium temperature=0.6 40
# env:   PARTS (default "match errors"), SEEDS (the self-play seeds, default "1 2": one process each)
# SET is sparring-levels' --set (depth=,model=,temperature=,appetite=I/M/B,decided=I/M/B,won=I/M/B,size=,cap=); the chosen values go
# into src/levels/level.cpp, and the test-set figures come from scripts/calibrate.sh.
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
LEVEL=$1
SET=${2:-}
GAMES=${3:-40}
LEVELS=${LEVELS:-build/release/sparring-levels}
out=${OUT:-runs/probes}
mkdir -p "$out"
tag="$LEVEL-${SET//[=,\/]/_}"
case "$LEVEL" in
Beginner) bands="-900" ;;
Easy) bands="900-1100" ;;
Medium) bands="1100-1300" ;;
Hard) bands="1300-1500 1500-1700" ;;
Expert) bands="1700-1900" ;;
Master) bands="1900-2100 2100-2300" ;;
*) echo "level_probe.sh: unknown level '$LEVEL'" >&2; exit 2 ;;
esac
PARTS=${PARTS:-match errors}
seeds=(${SEEDS:-1 2})
match="" errors=""
if [[ " $PARTS " == *" match "* ]]; then
  match=$(BANDS="$bands" LEVEL="$LEVEL" SET="$SET" FIRST=360 LAST=400 LEVELS="$LEVELS" \
    scripts/human_baselines.sh 0 "$out/$tag.match" | awk '{printf "%s %s ", $1, $4}')
  match="match: $match| "
fi
if [[ " $PARTS " == *" errors "* ]]; then
  per=$((GAMES / ${#seeds[@]}))
  for s in "${seeds[@]}"; do
    "$LEVELS" selfplay --white "$LEVEL" --black "$LEVEL" --white-set "$SET" --black-set "$SET" --games "$per" \
      --seed "$s" --openings ../shared/data/openings/noob_2moves.epd --pgn-out "$out/$tag.pgn.$s" >/dev/null 2>&1 &
  done
  wait
  for s in "${seeds[@]}"; do cat "$out/$tag.pgn.$s" && rm -f "$out/$tag.pgn.$s"; done >"$out/$tag.pgn"
  judge=()
  [ -x /usr/games/stockfish ] && judge=(--judge /usr/games/stockfish)
  errors=$(build/release/sparring review "$out/$tag.pgn" --depth 10 --threads 2 --totals-only --no-progress \
    --json-out "$out/$tag.json" "${judge[@]}" | awk '$1 == "all" { print "moves", $3, "blunders", $4, "mistakes", $5, "inaccuracies", $6, "ACPL", $7 }')
  errors="$GAMES games: $errors"
fi
echo "$LEVEL [$SET] $match$errors"
# The errors split by the state of the game (people's: bench/results/calibration/m-v5/errors-by-state.txt).
[ -z "$errors" ] || scripts/errors_by_state.py "$out/$tag.json"
