#!/usr/bin/env bash
# usage: scripts/setup.sh [references|train|windows]
# Installs what building and testing Sparring needs, with apt-get, only when something is missing.
# `scripts/setup.sh references` installs the reference engines instead (Stockfish 15.1, Ethereal 12,
# Toga II, Glaurung under /usr/games): the judge and opponents of the calibration, bench and match
# scripts, which call it themselves. `scripts/setup.sh train` installs what the trainers need
# (PyTorch, numpy and matplotlib for Debian's /usr/bin/python3, and OpenBLAS: without it numpy and
# PyTorch multiply matrices with the reference BLAS, 20 times slower). `scripts/setup.sh windows`
# installs the MinGW-w64 cross compiler that `make windows` builds sparring.exe with, and Wine, which
# scripts/windows_check.sh runs it under. The tests never need any of these.
set -euo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
# clang and its sanitizer/fuzzer runtimes: the libFuzzer targets (make fuzz-smoke).
packages=(g++ cmake make catch2 libcxxopts-dev clang libclang-rt-14-dev libfathom-dev)
case "${1:-}" in
"") ;;
references) packages=(stockfish ethereal-chess toga2 glaurung) ;;
train) packages=(python3-torch python3-numpy python3-matplotlib libopenblas0-pthread) ;;
windows) packages=(g++-mingw-w64-x86-64-posix wine wine64) ;;
*)
  echo "setup.sh: unknown argument '$1' (none, references, train or windows)" >&2
  exit 2
  ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
