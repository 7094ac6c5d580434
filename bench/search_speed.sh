#!/usr/bin/env bash
# Search speed of Sparring against Ethereal 12, side by side in one run: `sparring bench` and
# `ethereal-chess bench` (each its own fixed positions and depth, one thread) run alternately,
# ROUNDS times each, so that machine noise hits both alike. Prints Sparring's bench signature
# (its node total, the same every run) and each program's median nodes/s, and the ratio.
#
# usage: bench/search_speed.sh [rounds]      (default 5)
# env:   SPARRING (default build/release/sparring), ETHEREAL (default /usr/games/ethereal-chess)
set -euo pipefail
"$(dirname "$0")/../scripts/setup.sh" references # Ethereal
ROUNDS=${1:-5}
SPARRING=${SPARRING:-build/release/sparring}
ETHEREAL=${ETHEREAL:-/usr/games/ethereal-chess}
sp=() et=() signature=""
for ((i = 1; i <= ROUNDS; i++)); do
  out=$("$SPARRING" bench 2>&1)
  signature=$(sed -n 's/^Nodes searched: //p' <<<"$out")
  sp+=("$(sed -n 's/^Nodes\/second: //p' <<<"$out")")
  # Ethereal 12 ends its bench with "Time : <ms>", "Nodes : <n>" and "NPS : <nodes/s>".
  out=$("$ETHEREAL" bench 2>&1)
  et+=("$(sed -n 's/^NPS *: *//p' <<<"$out")")
  echo "round $i: Sparring ${sp[-1]} nodes/s, Ethereal ${et[-1]} nodes/s" >&2
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
ms=$(median "${sp[@]}") me=$(median "${et[@]}")
echo "Sparring bench signature: $signature nodes"
echo "Sparring nodes/s (median of $ROUNDS): $ms"
echo "Ethereal 12 nodes/s (median of $ROUNDS): $me"
awk -v a="$ms" -v b="$me" 'BEGIN {printf "ratio Sparring / Ethereal: %.3f\n", a / b}'
