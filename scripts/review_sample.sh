#!/usr/bin/env bash
# Regenerates docs/review-sample.svg, the evaluation graph shown in README.md and docs/review.md:
# the first game of the 1500-1700 Lichess band file, judged by Sparring at depth 8 (under a second).
# The review's text report goes to stdout.
#
# usage: scripts/review_sample.sh
# env:   SPARRING (the binary, default build/release/sparring; `make` builds it),
#        PGN (the games, default ../shared/data/human/lichess_2018-06_by_band/1500-1700.pgn)
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
SPARRING=${SPARRING:-build/release/sparring}
PGN=${PGN:-../shared/data/human/lichess_2018-06_by_band/1500-1700.pgn}
if [ ! -x "$SPARRING" ]; then
  echo "review_sample.sh: $SPARRING not found; build it with make" >&2
  exit 2
fi
"$SPARRING" review "$PGN" --max-games 1 --depth 8 --no-progress --svg docs/review-sample.svg
