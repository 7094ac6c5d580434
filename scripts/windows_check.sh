#!/usr/bin/env bash
# Checks the Windows build (make windows) under Wine against the Linux build:
#   - the UCI handshake (uci -> id name, uciok; isready -> readyok);
#   - `bench` prints the same node signature as build/release/sparring's;
#   - `perft --verify` matches every published count;
#   - `go mate 2` finds exactly the two mates in 1 and two in 2 of a two-rook position;
#   - a game through the UCI loop, the exe playing both sides: Hash 64 and Threads 2, 12 plies at
#     `go movetime 100`, then 12 at UCI_Elo 1200 (the built-in human move model) on a 10 s + 0.1 s
#     clock; every bestmove must be legal (legal moves from the Linux build's `go perft 1`), come in
#     time, and the engine must quit cleanly;
#   - EvalFile: another net (tests/data/nnue_small.nnw) searches node for node as in the Linux build, and a
#     missing file gets `info string error: ...` and leaves that net in place.
# Prints one PASS/FAIL line per check and exits 1 if any failed.
#
# usage: scripts/windows_check.sh [path/to/sparring.exe]   (default build/windows/sparring.exe)
# Builds what is missing (make windows, make build, with JOBS=1). Wine's prefix: runs/wine
# (WINEPREFIX overrides it).
set -uo pipefail
[[ "${1:-}" =~ ^(-h|--help)$ ]] && { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0; }
cd "$(dirname "$0")/.." || exit 1
EXE=${1:-build/windows/sparring.exe}
LINUX=${LINUX:-build/release/sparring}
[ -f "$EXE" ] || make windows JOBS=1 >&2 || exit 1
[ -x "$LINUX" ] || make build JOBS=1 >&2 || exit 1
command -v wine >/dev/null || bash scripts/setup.sh windows || exit 1
export WINEDEBUG=-all WINEPREFIX=${WINEPREFIX:-$PWD/runs/wine}
mkdir -p "$WINEPREFIX"

failures=0
pass() { echo "PASS $*"; }
fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}
# Runs the exe under Wine with a time limit; Windows line ends become Unix ones.
run_exe() {
  local limit=$1
  shift
  timeout "$limit" wine "$EXE" "$@" 2>/dev/null | tr -d '\r'
}

echo "sparring.exe: $EXE ($(stat -c %s "$EXE") bytes), commit $(git rev-parse --short HEAD 2>/dev/null || echo "(not a git checkout)")"
echo "Wine: $(wine --version 2>/dev/null), prefix $WINEPREFIX"
# The first run in a new prefix sets the prefix up (several seconds): not part of any check.
run_exe 120 --help >/dev/null

out=$(printf 'uci\nisready\nquit\n' | run_exe 60)
if grep -q '^id name Sparring' <<<"$out" && grep -qx uciok <<<"$out" && grep -qx readyok <<<"$out"; then
  pass "handshake: $(grep '^id name' <<<"$out"), uciok, readyok"
else
  fail "handshake: got: $(head -c 300 <<<"$out")"
fi

t0=$(date +%s.%N)
win_bench=$(run_exe 600 bench)
t1=$(date +%s.%N)
linux_bench=$("$LINUX" bench 2>/dev/null)
field() { awk -v k="$1" '$0 ~ "^" k ": " { print $NF }' <<<"$2"; }
win_sig=$(field "Nodes searched" "$win_bench")
linux_sig=$(field "Nodes searched" "$linux_bench")
detail="Windows $win_sig nodes ($(field Nodes/second "$win_bench") nps, $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s)"
detail+=", Linux $linux_sig nodes ($(field Nodes/second "$linux_bench") nps)"
if [ -n "$win_sig" ] && [ "$win_sig" = "$linux_sig" ]; then
  pass "bench signature: $detail"
else
  fail "bench signature: $detail"
fi

perft=$(run_exe 600 perft --verify)
perft_rc=$?
last=$(tail -n 1 <<<"$perft")
if [ "$perft_rc" -eq 0 ] && [ "$last" = "ok: 11 of 11 counts match" ]; then
  pass "perft --verify: $last"
else
  fail "perft --verify (exit $perft_rc): $last"
fi

python3 - "$EXE" "$LINUX" <<'EOF' || failures=$((failures + 1))
import subprocess, sys
sys.path.insert(0, "scripts")
from lib.uci_pipe import Engine, EngineError, Referee

exe, linux = sys.argv[1], sys.argv[2]
FIXED_PLIES, CLOCK_PLIES = 12, 12
referee = engine = None
try:
    referee = Referee(linux)
    engine = Engine(["wine", exe], {"Hash": 64, "Threads": 2}, startup_timeout=60)
    # The mate prover (its table comes from VirtualAlloc on Windows): both mates in 1, two in 2.
    engine.setoption("MultiPV", 10)
    engine.send("position fen 4k3/8/4K3/8/8/8/8/R6R w - - 0 1")
    engine.send("go mate 2")
    seen = []
    _, line = engine.expect("bestmove", 30, seen)
    mates = sorted(l.split(" pv ")[1].split()[0] + " #" + l.split(" score mate ")[1].split()[0]
                   for l in seen if " score mate " in l and " pv " in l)
    verdict = "PASS" if line in ("bestmove a1a8", "bestmove h1h8") and mates == [
        "a1a7 #2", "a1a8 #1", "h1h7 #2", "h1h8 #1"] else "FAIL"
    print(f"{verdict} mate prover: go mate 2 -> {line}; mating moves {', '.join(mates)}")
    if verdict == "FAIL":
        sys.exit(1)
    engine.setoption("MultiPV", 1)
    engine.send("ucinewgame")
    engine.sync(30)
    moves, problems, slowest = [], [], 0.0
    clock = [10000, 10000]  # ms left for white and black
    for ply in range(FIXED_PLIES + CLOCK_PLIES):
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        legal = referee.legal_moves(position)
        if not legal:
            break  # the game is over
        if ply == FIXED_PLIES:
            engine.setoption("UCI_LimitStrength", "true")
            engine.setoption("UCI_Elo", 1200)
            engine.sync(30)
        engine.send(position)
        if ply < FIXED_PLIES:
            go = "go movetime 100"
        else:
            go = f"go wtime {clock[0]} btime {clock[1]} winc 100 binc 100"
        t0 = engine.send(go)
        t, line = engine.expect("bestmove", 30)
        ms = (t - t0) * 1000
        move = line.split()[1] if len(line.split()) > 1 else ""
        if move not in legal:
            problems.append(f"ply {ply + 1}: illegal bestmove '{move}'")
            break
        if ply < FIXED_PLIES:
            slowest = max(slowest, ms)
            if ms > 1000:
                problems.append(f"ply {ply + 1}: movetime 100 answered in {ms:.0f} ms")
        else:
            side = ply % 2
            clock[side] -= int(ms)
            if clock[side] < 0:
                problems.append(f"ply {ply + 1}: lost on time")
                break
            clock[side] += 100
        moves.append(move)
    engine.send("quit")
    engine.proc.wait(10)
    if engine.proc.returncode != 0:
        problems.append(f"exit code {engine.proc.returncode} after quit")
    summary = (f"{len(moves)} plies, all legal; movetime 100 answered in at most {slowest:.0f} ms; "
               f"clocks left {clock[0]} / {clock[1]} ms; moves: {' '.join(moves)}")
    if problems:
        print("FAIL game: " + "; ".join(problems) + f" (after {len(moves)} plies: {' '.join(moves)})")
        sys.exit(1)
    print("PASS game: " + summary)
except (EngineError, OSError, ValueError, subprocess.TimeoutExpired) as e:
    print(f"FAIL game: {e}")
    if engine:
        engine.quit()
    sys.exit(1)
finally:
    if referee:
        referee.close()
EOF

python3 - "$EXE" "$LINUX" <<'EOF' || failures=$((failures + 1))
import sys
sys.path.insert(0, "scripts")
from lib.uci_pipe import Engine, EngineError

# EvalFile (a net read from disk, in binary mode on Windows): another net than the built-in one gives the
# Linux build's search with that net, node for node; a missing file is reported and changes nothing.
exe, linux = sys.argv[1], sys.argv[2]
SMALL, MISSING = "tests/data/nnue_small.nnw", "tests/data/no-such-net.nnw"

def search(engine, eval_file):
    """Sets EvalFile (None: leave it), searches a fixed depth; (info strings, nodes, bestmove)."""
    strings = []
    if eval_file:
        engine.setoption("EvalFile", eval_file)
        strings = [l for l in engine.sync(30) if l.startswith("info string")]
    engine.send("ucinewgame")
    engine.sync(30)
    engine.send("position startpos moves e2e4 e7e5")
    seen = []
    engine.send("go depth 8")
    _, best = engine.expect("bestmove", 120, seen)
    nodes = [l.split(" nodes ")[1].split()[0] for l in seen if " nodes " in l]
    return strings, nodes[-1] if nodes else "?", best

windows = linux_engine = None
try:
    windows = Engine(["wine", exe], {"Hash": 16}, startup_timeout=60)
    linux_engine = Engine(linux, {"Hash": 16})
    _, builtin_nodes, _ = search(windows, None)
    loaded, small_nodes, small_best = search(windows, SMALL)
    _, linux_nodes, linux_best = search(linux_engine, SMALL)
    missing, kept_nodes, _ = search(windows, MISSING)
    problems = []
    if loaded != [f"info string EvalFile: loaded {SMALL}"]:
        problems.append(f"loading {SMALL} said {loaded}")
    if (small_nodes, small_best) != (linux_nodes, linux_best):
        problems.append(f"{SMALL}: {small_nodes} nodes, {small_best}; Linux {linux_nodes} nodes, {linux_best}")
    if small_nodes == builtin_nodes:
        problems.append(f"{SMALL} searched as the built-in net did ({builtin_nodes} nodes)")
    if len(missing) != 1 or not missing[0].startswith(f"info string error: EvalFile {MISSING}:"):
        problems.append(f"a missing file said {missing}")
    if kept_nodes != small_nodes:
        problems.append(f"after the missing file {kept_nodes} nodes, before {small_nodes}")
    detail = (f"{SMALL} loaded: {small_nodes} nodes at depth 8 as the Linux build's (built-in net {builtin_nodes});"
              f" a missing file: '{missing[0] if missing else ''}', then {kept_nodes} nodes again")
    print(("FAIL EvalFile: " + "; ".join(problems)) if problems else "PASS EvalFile: " + detail)
    sys.exit(1 if problems else 0)
except (EngineError, OSError) as e:
    print(f"FAIL EvalFile: {e}")
    sys.exit(1)
finally:
    for engine in (windows, linux_engine):
        if engine:
            engine.quit(10)
EOF

if [ "$failures" -eq 0 ]; then
  echo "windows check: all passed"
else
  echo "windows check: $failures failed"
  exit 1
fi
