#!/usr/bin/env bash
# How often full-strength Sparring at a fixed depth plays the human's move on the human model's
# test positions: games 400-599 of each band file of ../shared/data/human/lichess_2018-06_by_band,
# positions after ply 10 of the player whose rating is in the band (scripts/train_human_model.py
# counts the model's figures on exactly these positions). One line per band file.
#
# usage: scripts/human_baselines.sh [depth] [out]     (defaults: 10, runs/baselines/engine-d10.txt)
# env:   ENGINE_EVAL (net, the default: the built-in network, as full strength plays; handwritten),
#        LEVELS (the sparring-levels binary), BANDS (which band files), SET (with LEVEL=...: a level
#        instead of the engine, with these overrides, e.g. LEVEL=Beginner SET=temperature=0.5),
#        FIRST/LAST (the games: 400/600 is the test set; 360/400 is the validation games that settings
#        are chosen on)
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
DEPTH=${1:-10}
OUT=${2:-runs/baselines/engine-d10.txt}
LEVELS=${LEVELS:-build/release/sparring-levels}
DATA=${DATA:-../shared/data/human/lichess_2018-06_by_band}
BANDS=${BANDS:-"-900 900-1100 1100-1300 1300-1500 1500-1700 1700-1900 1900-2100 2100-2300"}
LEVEL=${LEVEL:-none}
FIRST=${FIRST:-400}
LAST=${LAST:-600}
mkdir -p "$(dirname "$OUT")"
for band in $BANDS; do
  lo=${band%-*}; hi=${band#*-}
  [ -z "$lo" ] && lo=0
  [ -z "$hi" ] && hi=10000
  depth=$DEPTH
  [ "$LEVEL" != none ] && [ "$DEPTH" = 0 ] && depth=0
  res=$("$LEVELS" humans --pgn "$DATA/$band.pgn" --elo-min "$lo" --elo-max "$hi" --first-game "$FIRST" --last-game "$LAST" \
    --level "$LEVEL" --engine-depth "$depth" --engine-eval "${ENGINE_EVAL:-net}" --set "${SET:-}" 2>/dev/null)
  positions=$(echo "$res" | head -1 | awk '{print $2}')
  level=$(echo "$res" | grep "plays the human move" | sed 's/.*human move: \([0-9.]*%\).*/\1/')
  engine=$(echo "$res" | grep "full strength" | awk '{print $NF}')
  echo -e "$band\t$positions\tlevel $level\tengine-d$DEPTH $engine" | tee -a "$OUT"
done
