#!/usr/bin/env bash
# The long reliability runs of the hardening issue: Sparring against another engine, and every
# named level against its neighbour, at a fast and a slow time control, with sparring-match.
# Every match reports illegal moves, crashes, time forfeits, protocol errors and each engine's
# RSS after its first and last game; the script ends with one table of all of them and exits 1
# if any failure of Sparring (or of a level) was counted.
#
# usage: scripts/long_runs.sh [fast] [slow]          (default: both)
#   fast: OPPONENT_GAMES_FAST (500) games at 1+0.01 against OPPONENT_FAST (Glaurung), then
#         LEVEL_GAMES_FAST (100) games at 1+0.01 for each neighbouring pair of levels;
#   slow: OPPONENT_GAMES_SLOW (200) games at 10+0.1 against OPPONENT_SLOW (Toga II), then
#         LEVEL_GAMES_SLOW (20) games at 10+0.1 for each pair.
# env: CONCURRENCY (2), OUT (runs/long-<date>), SPARRING (build/release/sparring),
#      OPENINGS (/work/shared/data/openings/noob_2moves.epd or tests/data/noob_2moves.epd)
# One thread and 16 MB hash per engine; openings in random order (seed 2026), both colours.
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/setup.sh references # the opponents
build="$root/build/release"
cmake --build "$build" -j2 --target sparring sparring-match >/dev/null
SPARRING=${SPARRING:-$build/sparring}
CONCURRENCY=${CONCURRENCY:-2}
OUT=${OUT:-runs/long-$(date +%Y%m%d-%H%M)}
OPENINGS=${OPENINGS:-/work/shared/data/openings/noob_2moves.epd}
[ -f "$OPENINGS" ] || OPENINGS=tests/data/noob_2moves.epd
OPPONENT_FAST=${OPPONENT_FAST:-/usr/games/glaurung}
OPPONENT_SLOW=${OPPONENT_SLOW:-/usr/games/toga2}
mkdir -p "$OUT"
phases=("$@")
[ ${#phases[@]} -eq 0 ] && phases=(fast slow)
levels=(Beginner Easy Medium Hard Expert Master)

# match NAME TC GAMES ENGINE-ARGS...: one sparring-match run, its output kept in $OUT/NAME.txt
match() {
  local name=$1 tc=$2 games=$3
  shift 3
  echo "== $name: $games games at $tc" >&2
  "$build/sparring-match" "$@" --each option.Threads=1 option.Hash=16 \
    --openings "$OPENINGS" --order random --seed 2026 --tc "$tc" --games "$games" \
    --concurrency "$CONCURRENCY" --pgn "$OUT/$name.pgn" >"$OUT/$name.txt" || true
  tail -n 12 "$OUT/$name.txt" >&2
}

for phase in "${phases[@]}"; do
  case $phase in
    fast) tc=1+0.01 opponent=$OPPONENT_FAST games=${OPPONENT_GAMES_FAST:-500} levelGames=${LEVEL_GAMES_FAST:-100} ;;
    slow) tc=10+0.1 opponent=$OPPONENT_SLOW games=${OPPONENT_GAMES_SLOW:-200} levelGames=${LEVEL_GAMES_SLOW:-20} ;;
    *) echo "long_runs.sh: unknown phase '$phase' (fast or slow)" >&2; exit 2 ;;
  esac
  if [ "$games" -gt 0 ]; then
    match "$phase-$(basename "$opponent")" "$tc" "$games" --engine cmd="$SPARRING" name=Sparring \
      --engine cmd="$opponent" name="$(basename "$opponent")"
  fi
  if [ "$levelGames" -gt 0 ]; then
    for i in 0 1 2 3 4; do
      a=${levels[$i]} b=${levels[$((i + 1))]}
      match "$phase-$a-$b" "$tc" "$levelGames" --engine cmd="$SPARRING" name="$a" option.Level="$a" \
        --engine cmd="$SPARRING" name="$b" option.Level="$b"
    done
  fi
done

# One table over every match of this run: games, score, failures of both engines, RSS drift.
python3 - "$OUT" <<'PY'
import glob, os, re, sys
out = sys.argv[1]
rows, bad = [], 0
for path in sorted(glob.glob(os.path.join(out, "*.txt"))):
    text = open(path).read()
    m = re.search(r"=== (.+) vs (.+): (\d+) of (\d+) games played", text)
    if not m:
        rows.append(f"| {os.path.basename(path)[:-4]} | no summary (interrupted?) | | | | |")
        bad += 1
        continue
    score = re.search(r"W/D/L (\d+/\d+/\d+)\s+\S+ = ([\d.]+)%", text)
    fails, mem = [], []
    for name in (m.group(1), m.group(2)):
        f = re.search(r"^" + re.escape(name) + r"\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$", text, re.M)
        nums = [int(x) for x in f.groups()] if f else [-1] * 6
        ours = name == "Sparring" or name in ("Beginner", "Easy", "Medium", "Hard", "Expert", "Master")
        if ours:  # the opponent's own failures are shown but are not Sparring's
            bad += sum(nums[:4]) if f else 1
        fails.append("/".join(str(x) for x in nums[:4]))
        r = re.search(r"^Memory " + re.escape(name) + r"\s+RSS after first game ([\d.]+) MB, after last ([\d.]+) MB \(([-+\d.]+)\), peak ([\d.]+) MB", text, re.M)
        mem.append(f"{r.group(1)}→{r.group(2)} ({r.group(3)})" if r else "?")
    rows.append(f"| {os.path.basename(path)[:-4]} | {m.group(3)}/{m.group(4)} | {score.group(1) if score else '?'} "
                f"({score.group(2) if score else '?'}%) | {fails[0]} · {fails[1]} | {mem[0]} · {mem[1]} |")
print("| match | games | W/D/L of the first (score) | illegal/crash/forfeit/protocol, first · second | RSS MB first→last game, first · second |")
print("|---|---|---|---|---|")
print("\n".join(rows))
print(f"failures of Sparring counted: {bad}")
sys.exit(1 if bad else 0)
PY
