#!/usr/bin/env bash
# Reruns the strength levels' calibration; every report goes to OUT (below):
#   mates     every level, 3 seeds, on the Lichess mates (mate in 1-5): slips must be zero
#   errors    each level against itself (GAMES games, noob_2moves openings), reviewed at depth 10 by
#             Stockfish (JUDGE; Sparring's own search when no judge is installed):
#             blunders / mistakes / inaccuracies per 100 moves, ACPL, accuracy, next to the targets,
#             and split by the state of the game (scripts/errors_by_state.py; scripts/level_probe.sh
#             measures trial settings the same way)
#   ladder    each named level against the next one with sparring-match (LADDER_GAMES games; LEVELS picks
#             the ladder's rungs, e.g. LEVELS="Easy Medium" plays that pair alone):
#             the Elo gaps (target 300 +- 75); then the same games reviewed like the errors part,
#             each level's moves under its own rating (levels against their neighbours), and every
#             mate in <= 5 moves checked kept and shortened (scripts/verify_mates.py)
#   stockfish Hard, Expert and Master against Stockfish 15.1 with UCI_Elo 1500 / 1800 / 2100
#             (SF_GAMES games each)
#   humans    how often each level plays the human's move in held-out rated games, next to the
#             full-strength engine at depth 10
#   clock     neighbouring levels at 1 s + 10 ms and 2 s + 0 (CLOCK_TCS, CLOCK_GAMES games each,
#             default 100): every level must keep to its clock (0 time forfeits)
# Usage: scripts/calibrate.sh [part ...]   (default: all parts; several hours on two cores)
# Environment: GAMES (default 100), LADDER_GAMES (default 200), SF_GAMES (default 100), HUMAN_GAMES (held-out
# games per band file, default 100), LEVELS (the levels of the errors and ladder parts), JUDGE,
# CONCURRENCY (default 2), SEED (the matches' opening order, default 2026: another seed gives other
# openings, so batches can be pooled), OUT (the results' folder, default bench/results/calibration/DATE),
# TC (the matches' time control, default 60+0.6: a level thinks a fraction of a second whatever the clock,
# so a long one costs nothing and keeps the clock out of the result; Stockfish uses it as it likes).
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/../shared/data"
build="${BUILD:-$root/build/release}"
out="${OUT:-$root/bench/results/calibration/$(date +%Y-%m-%d)}"
seed="${SEED:-2026}"
games="${GAMES:-100}"
ladderGames="${LADDER_GAMES:-200}"
sfGames="${SF_GAMES:-100}"
tc="${TC:-60+0.6}"
humanGames="${HUMAN_GAMES:-100}"
conc="${CONCURRENCY:-2}"
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(mates errors ladder stockfish humans clock)
mkdir -p "$out"
"$root/scripts/setup.sh" references # the judge and the stockfish part's opponent
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j2 --target sparring sparring-levels sparring-match >/dev/null
levels=(${LEVELS:-Beginner Easy Medium Hard Expert Master})
level_elo() { "$build/sparring-levels" list | awk -v name="$1" '$1 == name { print $2 }'; }
# The targets were judged by Stockfish 15.1 at depth 10: the same judge where it is installed.
judge=()
[ -x "${JUDGE:-/usr/games/stockfish}" ] && judge=(--judge "${JUDGE:-/usr/games/stockfish}")
stamp="$(date -u +%Y-%m-%d) at commit $(git -C "$root" rev-parse --short HEAD)"

for part in "${parts[@]}"; do
  case "$part" in
  mates)
    "$build/sparring-levels" mates --epd "$root/tests/data/lichess_mates_solver_to_move.epd" --seeds 3 |
      tee "$out/mates.txt"
    ;;
  errors)
    for l in "${levels[@]}"; do
      pgn="$out/selfplay-$l.pgn"
      rm -f "$pgn"
      # Two halves in parallel, different seeds.
      half=$((games / 2))
      for s in 1 2; do
        "$build/sparring-levels" selfplay --white "$l" --black "$l" --games "$half" --seed "$s" \
          --openings "$data/openings/noob_2moves.epd" --pgn-out "$pgn.$s" &
      done
      wait
      cat "$pgn.1" "$pgn.2" >"$pgn" && rm -f "$pgn.1" "$pgn.2"
      "$build/sparring" review "$pgn" --depth 10 --threads "$conc" --totals-only --no-progress "${judge[@]}" \
        --json-out "$out/errors-$l.json" | tee "$out/errors-$l.txt"
      # The same split by the state of the game (people's: bench/results/calibration/m-v5/errors-by-state.txt).
      "$root/scripts/errors_by_state.py" "$out/errors-$l.json" | tee -a "$out/errors-$l.txt"
    done
    ;;
  ladder)
    for ((i = 0; i + 1 < ${#levels[@]}; i++)); do
      a="${levels[$i]}" b="${levels[$((i + 1))]}"
      # A rung already played to the end in this folder is kept (an interrupted batch resumes by rung).
      if grep -qs "=== $a vs $b: $ladderGames of $ladderGames games played ===" "$out/ladder-$a-$b.txt" &&
        [ -s "$out/ladder-$a-$b.pgn" ]; then
        echo "ladder: $a vs $b already played in $out" >&2
        continue
      fi
      rm -f "$out/ladder-$a-$b.pgn"
      # elo=: the games carry each level's rating, so the review groups its moves under its own band.
      "$build/sparring-match" --engine cmd="$build/sparring" name="$a" option.Level="$a" elo="$(level_elo "$a")" \
        --engine cmd="$build/sparring" name="$b" option.Level="$b" elo="$(level_elo "$b")" \
        --openings "$data/openings/noob_2moves.epd" --order random --seed "$seed" --tc "$tc" \
        --games "$ladderGames" --concurrency "$conc" --pgn "$out/ladder-$a-$b.pgn" | tee "$out/ladder-$a-$b.txt"
    done
    # Every pair's games in the folder: those just played and those kept from earlier runs of other rungs.
    cat "$out"/ladder-*-*.pgn >"$out/ladder-all.pgn"
    # The review's JSON (every judged move) also goes to a file, for the mate check below.
    "$build/sparring" review "$out/ladder-all.pgn" --depth 10 --threads "$conc" --totals-only --no-progress \
      --json-out "$out/ladder-review.json" "${judge[@]}" | tee "$out/ladder-errors.txt"
    # The mate guarantee in the same games: every mate in <= 5 kept and shortened (a deeper judge
    # settles the moves the depth-10 review cannot).
    if [ ${#judge[@]} -gt 0 ]; then
      "$root/scripts/verify_mates.py" "$out/ladder-review.json" --judge "${judge[1]}" --prover "$build/sparring" | tee "$out/ladder-mates.txt" ||
        true
    fi
    ;;
  stockfish)
    for pair in "Hard 1500" "Expert 1800" "Master 2100"; do
      read -r l elo <<<"$pair"
      rm -f "$out/sf-$l.pgn"
      "$build/sparring-match" --engine cmd="$build/sparring" name="$l" option.Level="$l" \
        --engine cmd=/usr/games/stockfish name="SF15.1-$elo" option.Threads=1 option.Hash=16 \
        option.UCI_LimitStrength=true option.UCI_Elo="$elo" \
        --openings "$data/openings/noob_2moves.epd" --order random --seed "$seed" --tc "$tc" \
        --games "$sfGames" --concurrency "$conc" --pgn "$out/sf-$l.pgn" | tee "$out/sf-$l.txt"
    done
    ;;
  humans)
    bands=("Beginner -900 0 900" "Easy 900-1100 900 1100" "Medium 1100-1300 1100 1300" "Hard 1300-1500 1300 1500"
      "Hard 1500-1700 1500 1700" "Expert 1700-1900 1700 1900" "Master 1900-2100 1900 2100"
      "Master 2100-2300 2100 2300")
    # The test games (400 on: the human move model never saw them), CONCURRENCY bands at a time.
    for b in "${bands[@]}"; do
      read -r l file lo hi <<<"$b"
      echo "$build/sparring-levels humans --pgn $data/human/lichess_2018-06_by_band/$file.pgn --level $l" \
        "--elo-min $lo --elo-max $hi --first-game 400 --last-game $((400 + humanGames)) --engine-depth 10" \
        ">$out/humans-$file.txt"
    done | xargs -P "$conc" -I{} sh -c "exec 2>/dev/null; {}"
    for b in "${bands[@]}"; do
      read -r l file lo hi <<<"$b"
      cat "$out/humans-$file.txt"
    done | tee "$out/humans.txt"
    ;;
  clock)
    # Neighbouring levels at short clocks: the level's whole choice must shrink with the clock, so
    # the failures table of every match must show 0 time forfeits.
    for clockTc in ${CLOCK_TCS:-1+0.01 2+0}; do
      for ((i = 0; i + 1 < ${#levels[@]}; i++)); do
        a="${levels[$i]}" b="${levels[$((i + 1))]}"
        "$build/sparring-match" --engine cmd="$build/sparring" name="$a" option.Level="$a" \
          --engine cmd="$build/sparring" name="$b" option.Level="$b" \
          --openings "$data/openings/noob_2moves.epd" --order random --seed "$seed" --tc "$clockTc" \
          --games "${CLOCK_GAMES:-100}" --concurrency "$conc" | tee "$out/clock-$clockTc-$a-$b.txt" |
          grep -A3 "^Engine  *illegal"
      done
    done
    ;;
  *)
    echo "calibrate.sh: unknown part '$part' (mates errors ladder stockfish humans clock)" >&2
    exit 2
    ;;
  esac
done
echo "calibration ($stamp): results in $out"
