#!/usr/bin/env bash
# The ladder in batches that survive an interrupted session: one `scripts/calibrate.sh ladder` run per
# seed (other openings each), GAMES games a rung, into runs/NAME/bSEED; a batch whose review
# (ladder-errors.txt) exists is skipped, and in a batch a rung played to the end is kept, so the same command
# resumes where a killed run stopped (the rung it was in is played again). Pool the batches with scripts/pool_calibration.py runs/NAME/b*
# (Elo) and scripts/people_errors.py levels runs/NAME/b*/ladder-review.json (error rates).
# usage: scripts/ladder_batches.sh NAME BUILD "LEVELS" GAMES SEED...
#   e.g. scripts/ladder_batches.sh ladder55 build/release "Beginner Easy Medium Hard Expert Master" 50 5531 5532
# BUILD is the build folder calibrate.sh configures and builds (from the working tree) and plays.
set -u
if [ $# -lt 5 ] || [ "$1" = --help ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
cd "$(dirname "$0")/.."
name=$1 build=$2 levels=$3 games=$4
shift 4
for seed in "$@"; do
  out=runs/$name/b$seed
  [ -s "$out/ladder-errors.txt" ] && continue
  mkdir -p "$out"
  BUILD=$build SEED=$seed OUT=$out LADDER_GAMES=$games CONCURRENCY=2 LEVELS="$levels" scripts/calibrate.sh ladder \
    >"$out.log" 2>&1
done
