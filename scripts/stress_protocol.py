#!/usr/bin/env python3
"""Protocol stress against the real binary over pipes (python3 standard library only).

  scripts/stress_protocol.py [--engine PATH] [--cycles 10000] [--floods 100] [--games 20]
                             [--quits 50] [--eofs 50] [--threads 1,2] [--max-delay-ms 10] [--seed 1]

Sections (each can be switched off with a count of 0):
  cycles  `go infinite`, a random delay (none at all a quarter of the time, else up to
          --max-delay-ms), `stop`: every go must get exactly one bestmove, legal in its position
          (checked with isready/readyok after each cycle); thread counts alternate.
  floods  `go infinite`, then 50 isready in a burst: 50 readyok, no bestmove before `stop`, then
          exactly one.
  games   `setoption name Hash` (1-256 MB) + `ucinewgame` before each game, then up to 40 plies at
          movetime 10 / nodes 5000 / a 1 s clock, every bestmove legal.
  quits   `quit` 30-150 ms into `go infinite`: the process must exit within 100 ms.
  eofs    stdin closed 30-150 ms into `go infinite`: the process must exit (within 2 s: no hang).

Legal moves come from a separate sparring process (`go perft 1`). Prints one summary line per
section and exits 1 if anything failed.
"""

import argparse
import random
import statistics
import sys
import threading
import time

from lib.uci_pipe import DEFAULT_ENGINE, Engine, EngineError, Referee, check_engine

POSITIONS = [
    "position startpos",
    "position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "position fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "position fen 8/P1k5/8/8/8/8/5Kp1/8 w - - 0 1",
    "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  # stalemate: bestmove 0000
]


class Failures:
    def __init__(self):
        self.items = []

    def add(self, section, what):
        self.items.append(f"{section}: {what}")
        if len(self.items) <= 20:
            print(f"  FAIL {section}: {what}", flush=True)


def bestmove_ok(line, legal):
    parts = line.split()
    move = parts[1] if len(parts) > 1 else ""
    return move in legal or (not legal and move == "0000")


def extra_bestmoves(engine):
    return sum(1 for l in engine.sync() if l.startswith("bestmove"))


def cycles(args, referee, fails, rng):
    threads = args.threads
    engine, done = None, 0
    for i in range(args.cycles):
        t = threads[(i * len(threads)) // args.cycles]  # one block of cycles per thread count
        if engine is None or engine.threads != t:
            if engine:
                engine.quit()
            engine = Engine(args.engine, {"Threads": t})
            engine.threads = t
        pos = POSITIONS[i % len(POSITIONS)]
        legal = referee.legal_moves(pos)
        engine.send(pos)
        engine.send("go infinite")
        if rng.random() >= 0.25:
            time.sleep(rng.uniform(0, args.max_delay_ms) / 1000)
        engine.send("stop")
        try:
            _, line = engine.expect("bestmove", 5)
        except EngineError as e:
            fails.add("cycles", f"cycle {i} ({pos}, Threads {t}): {e}")
            engine.quit()
            engine = None
            continue
        if not bestmove_ok(line, legal):
            fails.add("cycles", f"cycle {i}: illegal '{line}' in '{pos}'")
        extra = extra_bestmoves(engine)
        if extra:
            fails.add("cycles", f"cycle {i}: {extra} extra bestmove(s)")
        done += 1
    if engine:
        engine.quit()
    return f"{done} go/stop cycles (Threads {','.join(map(str, threads))})"


def floods(args, referee, fails, rng):
    engine = Engine(args.engine, {"Threads": args.threads[-1]})
    burst = 50
    for i in range(args.floods):
        pos = POSITIONS[i % len(POSITIONS)]
        engine.send(pos)
        engine.send("go infinite")
        engine.send("\n".join(["isready"] * burst))
        seen = []
        for _ in range(burst):
            engine.expect("readyok", 5, seen)
        if any(l.startswith("bestmove") for l in seen):
            fails.add("floods", f"round {i}: bestmove before stop")
        engine.send("stop")
        _, line = engine.expect("bestmove", 5)
        if not bestmove_ok(line, referee.legal_moves(pos)):
            fails.add("floods", f"round {i}: illegal '{line}'")
        if extra_bestmoves(engine):
            fails.add("floods", f"round {i}: extra bestmove")
    engine.quit()
    return f"{args.floods} isready floods of {burst} during search"


def games(args, referee, fails, rng):
    engine = Engine(args.engine)
    plies = 0
    limits = ["go movetime 10", "go nodes 5000", "go wtime 1000 btime 1000 winc 10 binc 10"]
    for g in range(args.games):
        engine.setoption("Hash", rng.choice([1, 2, 8, 16, 64, 256]))
        engine.setoption("Threads", rng.choice(args.threads))
        engine.send("ucinewgame")
        engine.sync()
        moves = []
        for _ in range(40):
            pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
            legal = referee.legal_moves(pos)
            if not legal:
                break
            engine.send(pos)
            engine.send(rng.choice(limits))
            try:
                _, line = engine.expect("bestmove", 5)
            except EngineError as e:
                fails.add("games", f"game {g}: {e}")
                break
            if not bestmove_ok(line, legal):
                fails.add("games", f"game {g}: illegal '{line}' after {pos}")
                break
            moves.append(line.split()[1])
            plies += 1
    engine.quit()
    return f"{args.games} games, {plies} moves, Hash and Threads changed between games"


def wait_exit(proc, timeout):
    """The perf_counter time at which `proc` exited, or None after `timeout` s. A blocking wait in a
    thread: Popen.wait(timeout) polls with sleeps of up to 50 ms, far too coarse to time an exit."""
    stamp = []
    waiter = threading.Thread(target=lambda: (proc.wait(), stamp.append(time.perf_counter())), daemon=True)
    waiter.start()
    waiter.join(timeout)
    return stamp[0] if stamp else None


def exit_times(args, fails, rng, count, section, how, bound_s):
    times = []
    for i in range(count):
        engine = Engine(args.engine, {"Threads": args.threads[i % len(args.threads)]})
        engine.send(POSITIONS[i % len(POSITIONS)])
        engine.send("go infinite")
        time.sleep(rng.uniform(0.03, 0.15))
        if how == "quit":
            t0 = engine.send("quit")
        else:
            t0 = time.perf_counter()
            engine.proc.stdin.close()
        exited = wait_exit(engine.proc, 2)
        if exited is None:
            fails.add(section, f"run {i}: no exit within 2 s (hang)")
            engine.proc.kill()
            engine.proc.wait()
            continue
        elapsed = exited - t0
        times.append(elapsed)
        if elapsed > bound_s:
            fails.add(section, f"run {i}: exit took {elapsed * 1000:.1f} ms")
        if engine.proc.returncode != 0:
            fails.add(section, f"run {i}: exit code {engine.proc.returncode}")
    if not times:
        return f"{section}: no runs"
    ms = [t * 1000 for t in times]
    return (f"{len(ms)} {'quit' if how == 'quit' else 'stdin closed'} during search: exit median "
            f"{statistics.median(ms):.1f} ms, max {max(ms):.1f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=DEFAULT_ENGINE)
    ap.add_argument("--cycles", type=int, default=10000)
    ap.add_argument("--floods", type=int, default=100)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--quits", type=int, default=50)
    ap.add_argument("--eofs", type=int, default=50)
    ap.add_argument("--threads", default="1,2", help="thread counts to use, e.g. 1,2,4")
    ap.add_argument("--max-delay-ms", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    check_engine(args.engine)
    args.threads = [int(t) for t in args.threads.split(",")]
    rng = random.Random(args.seed)
    fails = Failures()
    referee = Referee(args.engine)
    t0 = time.perf_counter()
    sections = [
        ("cycles", lambda: cycles(args, referee, fails, rng), args.cycles),
        ("floods", lambda: floods(args, referee, fails, rng), args.floods),
        ("games", lambda: games(args, referee, fails, rng), args.games),
        ("quits", lambda: exit_times(args, fails, rng, args.quits, "quits", "quit", 0.100), args.quits),
        ("eofs", lambda: exit_times(args, fails, rng, args.eofs, "eofs", "eof", 2.0), args.eofs),
    ]
    for name, run, count in sections:
        if count <= 0:
            continue
        start = time.perf_counter()
        try:
            summary = run()
        except EngineError as e:
            fails.add(name, str(e))
            summary = "aborted"
        print(f"{name:7} {summary} ({time.perf_counter() - start:.1f} s)", flush=True)
    referee.close()
    print(f"{'FAIL' if fails.items else 'OK'}: {len(fails.items)} failure(s) in {time.perf_counter() - t0:.1f} s")
    return 1 if fails.items else 0


if __name__ == "__main__":
    sys.exit(main())
