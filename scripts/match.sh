#!/usr/bin/env bash
# Builds sparring-match (release) when needed and runs it with the given arguments.
# usage: scripts/match.sh SPARRING-MATCH-OPTIONS...   (the options: bench/match/README.md)
# Example: scripts/match.sh --engine cmd=./sparring --engine cmd=/usr/games/glaurung --tc 1+0.01 --games 10
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD:-$root/build/release}"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
if ! out="$(cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target sparring-match 2>&1)"; then
  echo "$out" >&2
  exit 1
fi
exec "$build/sparring-match" "$@"
