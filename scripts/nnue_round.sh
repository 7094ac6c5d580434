#!/usr/bin/env bash
# usage: [SEED=N] [MINUTES=90] [OUT=runs/nnue-round] [MORE_DATA="..." | POOL=runs/nnue-pool] scripts/nnue_round.sh
# One round of the evaluation network's loop, sized to fit one working session (runs/ does not outlive
# a session; the committed net does, so each round goes on from it):
#   1. self-play data with the built-in net for MINUTES (sparring datagen, stopped cleanly by SIGINT);
#   2. a net trained on that data starting from the built-in net (train_nnue.py --init);
#   3. a match of the new net against the built-in one at 10 s + 0.1 s (GAMES games, 0 to skip);
#   4. the new net against Ethereal 12 (REF_GAMES games, 0 to skip), the command of the README's row,
#      since a net's match against the net whose games it learnt from overstates its gain (session 33:
#      the rounds after net 2 summed to +188 against their parents, +17 ± 79 against the hand-written
#      evaluation and +74 ± 85 against Ethereal). Set its figure beside the built-in net's.
# Environment: MINUTES (90; 0: no new data, train on MORE_DATA alone), SEED (datagen seed; use a new one each
# round), EPOCHS (4), LR (3e-4), GAMES (200), REF_GAMES (200), OUT (runs/nnue-round), MORE_DATA (record files of
# earlier rounds that survived, separated by spaces: trained on before this round's; the last file's last records
# are the held-out share), HIDDEN (256, the release's width; wider: the built-in net widened as the same function
# is trained on, and the new net plays from its own build in OUT/build, cmake -DNNUE_HIDDEN=HIDDEN with the net
# built in), POOL (a pool of scripts/nnue_pool.py, instead of MORE_DATA: step 1 grows it by MINUTES with the
# round's binary, and the net trains on all of it, deduplicated, its held-out games for validation).
# An OUT that already holds net/net.nnw goes straight to the match.
# Then, if the new net beats the built-in one and does better against Ethereal than the built-in net did
# (README): cp OUT/net/net.nnw src/engine/eval.nnw (a wider net: and NNUE_HIDDEN in src/nn/nnue.h and CMakeLists.txt).
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
MINUTES="${MINUTES:-90}" SEED="${SEED:-3}" EPOCHS="${EPOCHS:-4}" LR="${LR:-3e-4}"
GAMES="${GAMES:-200}" REF_GAMES="${REF_GAMES:-200}" OUT="${OUT:-runs/nnue-round}" MORE_DATA="${MORE_DATA:-}"
HIDDEN="${HIDDEN:-256}" POOL="${POOL:-}"
book=../shared/data/openings/noob_2moves.epd
[ -f "$book" ] || { echo "nnue_round.sh: no opening book at $book" >&2; exit 2; }
/usr/bin/python3 -c 'import torch' 2>/dev/null || { echo "nnue_round.sh: needs PyTorch: scripts/setup.sh train" >&2; exit 2; }
make -s build >/dev/null  # sparring and sparring-match in build/release
mkdir -p "$OUT"
cp build/release/sparring "$OUT/sparring"  # the binary of this round (the build may change meanwhile)

if [ ! -s "$OUT/net/net.nnw" ]; then
  if [ -n "$POOL" ]; then
    [ -z "$MORE_DATA" ] || { echo "nnue_round.sh: POOL or MORE_DATA, not both" >&2; exit 2; }
    if [ "$MINUTES" -gt 0 ]; then
      /usr/bin/python3 scripts/nnue_pool.py grow --minutes "$MINUTES" --pool "$POOL" --engine "$OUT/sparring" \
        --book "$book"
    fi
    data=(--pool "$POOL")
  else
    read -ra files <<<"$MORE_DATA"
    if [ "$MINUTES" -gt 0 ]; then
      timeout -s INT "${MINUTES}m" "$OUT/sparring" datagen --out "$OUT/data.bin" --games 1000000 --nodes 5000 \
        --threads 2 --book "$book" --seed "$SEED" 2>"$OUT/datagen.log" || [ $? -eq 124 ]
      tail -n 1 "$OUT/datagen.log"
      files+=("$OUT/data.bin")
    fi
    [ "${#files[@]}" -gt 0 ] || { echo "nnue_round.sh: MINUTES=0 and no MORE_DATA: nothing to train on" >&2; exit 2; }
    data=(--data "${files[@]}")
  fi
  /usr/bin/python3 scripts/train_nnue.py "${data[@]}" --out "$OUT/net" \
    --init src/engine/eval.nnw --hidden "$HIDDEN" --epochs "$EPOCHS" --lr "$LR" --threads 2 --seed 1 \
    --baseline "$OUT/sparring"
fi
# The new net's engine: the round's binary reading it, or for another width a build with it inside.
new_net=(cmd="$OUT/sparring" option.EvalFile="$OUT/net/net.nnw")
if [ "$HIDDEN" != 256 ]; then
  cmake -S . -B "$OUT/build" -DCMAKE_BUILD_TYPE=Release -DSPARRING_TESTS=OFF -DNNUE_HIDDEN="$HIDDEN" \
    -DSPARRING_EVAL_NET="$(realpath "$OUT/net/net.nnw")" >/dev/null
  cmake --build "$OUT/build" -j 2 --target sparring >/dev/null
  new_net=(cmd="$OUT/build/sparring")
fi
# match_new GAMES FILE KEY=VALUE...: the new net at 10 s + 0.1 s against the engine the keys name, output to OUT/FILE.
match_new() {
  local games=$1 file=$2
  shift 2
  scripts/match.sh --engine "${new_net[@]}" name=new --engine "$@" \
    --each option.Hash=16 --tc 10+0.1 --games "$games" --concurrency 2 --openings "$book" --order random \
    --seed 2026 | tee "$OUT/$file"
}
[ "$GAMES" -gt 0 ] && match_new "$GAMES" match.txt cmd="$OUT/sparring" name=builtin
if [ "$REF_GAMES" -gt 0 ]; then
  [ -x /usr/games/ethereal-chess ] || { echo "nnue_round.sh: no Ethereal 12: scripts/setup.sh references" >&2; exit 2; }
  match_new "$REF_GAMES" ethereal.txt cmd=/usr/games/ethereal-chess name=Ethereal option.Threads=1
fi
