#!/usr/bin/env python3
"""Response latencies of the real binary over pipes (python3 standard library only).

  scripts/latency.py [--engine PATH] [--trials 1000] [--threads 1,2] [--tiny-clock 200] [--seed 1]

For each thread count, each trial starts `go infinite` on one of a few positions, waits a random
5-50 ms, then measures
  isready -> readyok   (during the search)
  stop    -> bestmove
Then `go wtime 50 btime 50` (50 ms left, no increment, default Move Overhead) is timed from `go`
to `bestmove` --tiny-clock times: it must always move inside the 50 ms.

Prints median, 99th percentile and maximum in milliseconds as a table. Times are taken from when
the script writes a command to when the reply is read from the pipe (a reader thread stamps each
line on arrival), so they include the pipe and the scheduler: on a loaded machine expect outliers.
Exit code 1 if any tiny-clock move took 50 ms or more, or a reply did not come at all.
"""

import argparse
import random
import statistics
import sys
import time

from lib.uci_pipe import DEFAULT_ENGINE, Engine, EngineError, check_engine, percentile

POSITIONS = [
    "position startpos",
    "position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position fen r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def measure_during_search(engine, trials, rng):
    ready, stop = [], []
    for i in range(trials):
        engine.send(POSITIONS[i % len(POSITIONS)])
        engine.send("go infinite")
        time.sleep(rng.uniform(0.005, 0.050))
        t0 = engine.send("isready")
        t1, _ = engine.expect("readyok", 5)
        ready.append(t1 - t0)
        time.sleep(rng.uniform(0.001, 0.005))
        t0 = engine.send("stop")
        t1, _ = engine.expect("bestmove", 5)
        stop.append(t1 - t0)
    return ready, stop


def measure_tiny_clock(engine, trials):
    times = []
    for i in range(trials):
        engine.send("ucinewgame")
        engine.send(POSITIONS[i % len(POSITIONS)])
        engine.sync()
        t0 = engine.send("go wtime 50 btime 50")
        t1, _ = engine.expect("bestmove", 5)
        times.append(t1 - t0)
    return times


def row(name, threads, samples):
    ms = [s * 1000 for s in samples]
    return (f"{name:28} {threads:>7} {len(ms):>7} {statistics.median(ms):>9.2f} {percentile(ms, 99):>9.2f} "
            f"{max(ms):>9.2f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=DEFAULT_ENGINE)
    ap.add_argument("--trials", type=int, default=1000, help="trials per thread count")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--tiny-clock", type=int, default=200, help="go wtime 50 btime 50 trials (per thread count)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    check_engine(args.engine)
    rng = random.Random(args.seed)
    print(f"{'measure (ms)':28} {'threads':>7} {'trials':>7} {'median':>9} {'p99':>9} {'max':>9}", flush=True)
    late = 0
    try:
        for threads in [int(t) for t in args.threads.split(",")]:
            engine = Engine(args.engine, {"Threads": threads})
            if args.trials > 0:
                ready, stop = measure_during_search(engine, args.trials, rng)
                print(row("isready -> readyok (search)", threads, ready), flush=True)
                print(row("stop -> bestmove", threads, stop), flush=True)
            if args.tiny_clock > 0:
                tiny = measure_tiny_clock(engine, args.tiny_clock)
                late += sum(1 for t in tiny if t >= 0.050)
                print(row("go wtime 50 -> bestmove", threads, tiny), flush=True)
            engine.quit()
    except EngineError as e:
        print(f"FAIL: {e}")
        return 1
    if late:
        print(f"FAIL: {late} tiny-clock move(s) took 50 ms or more (a loss on time)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
