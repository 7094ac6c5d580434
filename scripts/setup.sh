#!/usr/bin/env bash
# Installs what building and testing Sparring needs, with apt-get, only when something is missing.
set -euo pipefail
# clang and its sanitizer/fuzzer runtimes: the libFuzzer targets (make fuzz-smoke).
packages=(g++ cmake make catch2 libcxxopts-dev clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
