#!/usr/bin/env bash
# usage: scripts/syzygy_measure.sh elo [GAMES] | convert | tbhits LOG
# The measurements of issue 58 (Syzygy tablebases), with sparring-match (bench/match/README.md):
#
#   scripts/syzygy_measure.sh elo [GAMES]   Sparring with the tables against the same build without them,
#                                           GAMES games (default 100) at TC from noob_2moves.epd; prints
#                                           the match's Elo and the tbhits a move of the side with tables
#   scripts/syzygy_measure.sh convert       the 20 won endgames of bench/syzygy/won_endgames.epd against
#                                           Stockfish 15.1 defending (with the tables too), once with
#                                           Sparring's tables and once without; prints how many of the
#                                           20 Sparring mates (each endgame is also played with colours
#                                           swapped: Stockfish's conversions against Sparring are printed too)
#   scripts/syzygy_measure.sh tbhits LOG    the tbhits a move in a --debug log of sparring-match (engine "tables")
#
# Environment: SPARRING (default build/release/sparring), STOCKFISH (/usr/games/stockfish), TABLES
# (../shared/data/syzygy), TC (10+0.1), CONCURRENCY (1), OUT (bench/results/syzygy/<date>),
# SF_TABLES (1: Stockfish defends with the tables; 0: without), CONVERT_GAMES (40: all 20 endgames, both
# colours; 2 tries the first one), SPARRING_OPTS (more engine keys for Sparring in convert, e.g.
# "option.Level=Master": how a level converts). Everything is written to OUT.
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
root="$(cd "$(dirname "$0")/.." && pwd)"
SPARRING="${SPARRING:-$root/build/release/sparring}"
STOCKFISH="${STOCKFISH:-/usr/games/stockfish}"
TABLES="${TABLES:-$(cd "$root/.." && pwd)/shared/data/syzygy}"
TC="${TC:-10+0.1}"
CONCURRENCY="${CONCURRENCY:-1}"
OUT="${OUT:-$root/bench/results/syzygy/$(date +%Y-%m-%d)}"
SF_TABLES="${SF_TABLES:-1}"
CONVERT_GAMES="${CONVERT_GAMES:-40}"
read -r -a SPARRING_OPTS <<<"${SPARRING_OPTS:-}"

tbhits() {
  # The last tbhits before each bestmove of the engine named "tables": one number a move.
  /usr/bin/python3 - "$1" <<'EOF'
import re, statistics, sys
last, hits = {}, []
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"\[\s*[\d.]+\] (tables@\d+) < (.*)", line)
    if not m:
        continue
    tag, text = m.groups()
    if text.startswith("info") and " tbhits " in text:
        last[tag] = int(text.split(" tbhits ")[1].split()[0])
    elif text.startswith("bestmove"):
        hits.append(last.pop(tag, 0))
if not hits:
    sys.exit("no moves of an engine named 'tables' in " + sys.argv[1])
probed = [h for h in hits if h > 0]
print(f"tbhits a move (engine 'tables', {len(hits)} moves): mean {statistics.mean(hits):.1f}, "
      f"median {statistics.median(hits):g}, max {max(hits)}; moves with any: {len(probed)} "
      f"({100 * len(probed) / len(hits):.1f}%), mean over those {statistics.mean(probed) if probed else 0:.1f}")
EOF
}

conversions() {
  # Of the games where Sparring (the engine whose name starts with "sparring") had the winning side
  # (White: every endgame of the file is White to move and win), how many it mated, and the others' ends.
  /usr/bin/python3 - "$1" <<'EOF'
import collections, re, sys
text = open(sys.argv[1]).read()
games = [g for g in re.split(r"\n(?=\[Event )", text) if g.strip()]
won, other, theirs = 0, collections.Counter(), collections.Counter()
for g in games:
    white = re.search(r'\[White "([^"]*)"\]', g).group(1)
    result = re.search(r'\[Result "([^"]*)"\]', g).group(1)
    end = re.findall(r"\{([^}]*)\}", g)
    end = end[-1] if end else "?"
    if white.startswith("sparring"):
        if result == "1-0" and end == "White mates":
            won += 1
        else:
            other[f"{result} ({end})"] += 1
    else:
        theirs["mated" if result == "1-0" and end == "White mates" else f"{result} ({end})"] += 1
n = won + sum(other.values())
print(f"Sparring mated in {won} of {n} won endgames" + (f"; the others: {dict(other)}" if other else ""))
print(f"(colours swapped, Stockfish with the winning side: {dict(theirs)})")
EOF
}

match() { bash "$root/scripts/match.sh" "$@"; }

case "${1:-}" in
elo)
  games="${2:-100}"
  mkdir -p "$OUT"
  echo "elo: $games games at $TC, $SPARRING with SyzygyPath=$TABLES against itself without; output in $OUT" >&2
  match --engine cmd="$SPARRING" name=tables option.SyzygyPath="$TABLES" --engine cmd="$SPARRING" name=plain \
    --each option.Hash=16 option.Threads=1 --openings "$root/tests/data/noob_2moves.epd" --order random --seed 58 \
    --tc "$TC" --games "$games" --concurrency "$CONCURRENCY" --pgn "$OUT/elo.pgn" --debug \
    2>"$OUT/elo-uci.log" | tee "$OUT/elo.txt"
  tbhits "$OUT/elo-uci.log" | tee -a "$OUT/elo.txt"
  gzip -f "$OUT/elo-uci.log"
  ;;
convert)
  mkdir -p "$OUT"
  sf=(--engine cmd="$STOCKFISH" name=stockfish-15.1 option.Threads=1 option.Hash=16)
  [ "$SF_TABLES" = 1 ] && sf+=(option.SyzygyPath="$TABLES")
  for mode in tables plain; do
    sp=(--engine cmd="$SPARRING" name="sparring-$mode" option.Threads=1 option.Hash=16 ${SPARRING_OPTS[@]+"${SPARRING_OPTS[@]}"})
    [ "$mode" = tables ] && sp+=(option.SyzygyPath="$TABLES")
    echo "convert ($mode): $CONVERT_GAMES games (20 endgames x 2 colours) at $TC against Stockfish 15.1 (SF_TABLES=$SF_TABLES)" >&2
    rm -f "$OUT/convert-$mode.pgn"
    match "${sp[@]}" "${sf[@]}" --openings "$root/bench/syzygy/won_endgames.epd" --tc "$TC" --games "$CONVERT_GAMES" \
      --concurrency "$CONCURRENCY" --pgn "$OUT/convert-$mode.pgn" >"$OUT/convert-$mode.txt"
    tail -n 12 "$OUT/convert-$mode.txt"
    echo "== $mode: $(conversions "$OUT/convert-$mode.pgn")" | tee -a "$OUT/convert-$mode.txt"
  done
  ;;
tbhits)
  tbhits "${2:?tbhits needs the log file}"
  ;;
*)
  sed -n '2,18p' "$0" >&2
  exit 2
  ;;
esac
