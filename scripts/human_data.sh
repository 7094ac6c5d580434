#!/usr/bin/env bash
# The human move model's training records (the data recipe of src/levels/human_policy.nnw): every rated
# game of ../shared/data/human turned into records by sparring-human-data, about an hour on one core,
# 12 GB under runs/ (never committed). Train on them with scripts/train_human_model.py.
#   band:     the Lichess 2018-06 band files; games 400 on are the test set, 360-399 validation
#   lichess:  the extra 2018-06 files and 19,663 Lichess games of 2013-2017
#   otb:      500,442 over-the-board games with FIDE ratings
#   more2:    with MORE2=1, the 10,485 games of more2/ (Lichess archives, a junior championship over the
#             board, and chess.com's, their ratings put on Lichess's scale by CHESSCOM_MAP="A,B":
#             Lichess = A + B x chess.com, from scripts/people_errors.py scale; unmapped without it)
# Deduplicated by move text across files; any copy of a test game is dropped (the band files overlap).
# usage: [MORE2=1 [CHESSCOM_MAP=A,B]] scripts/human_data.sh [OUT]     (default runs/human-v2)
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.."
out=${1:-runs/human-v2}
data=../shared/data/human
cmake --build build/release -j2 --target sparring-human-data >/dev/null
args=()
for b in -900 900-1100 1100-1300 1300-1500 1500-1700 1700-1900 1900-2100 2100-2300 2300-2500 2500-; do
  args+=("band:$data/lichess_2018-06_by_band/$b.pgn")
done
args+=("lichess:$data/lichess_2018-06_extra/2300-2500.pgn" "lichess:$data/lichess_2018-06_extra/2500.pgn")
args+=("lichess:$data/lichess_more/lichess_kaggle_fgf.pgn")
for f in "$data"/twic_otb/*.xz; do args+=("otb:$f"); done
if [ "${MORE2:-0}" = 1 ]; then
  args+=("lichess:$data/more2/lichess.pgn" "otb:$data/more2/otb.pgn" "chesscom:$data/more2/chesscom.pgn")
  [ -n "${CHESSCOM_MAP:-}" ] && args+=(--chesscom-map "$CHESSCOM_MAP")
fi
build/release/sparring-human-data --out "$out" "${args[@]}"
