#!/usr/bin/env python3
"""Perft speed of Sparring against Stockfish, side by side in one run.

Both programs count the same positions to the same depths, single thread, bulk-counting the last
ply. Runs are interleaved (Sparring, Stockfish, Sparring, ...) so machine noise hits both alike.
Stockfish's time is taken from `go perft` to its "Nodes searched" line inside one long-lived
process (its start-up is not counted); Sparring's is its own reported perft time.
Prints each program's median nodes/s and the ratio Sparring / Stockfish, and the median of the
per-rep ratios (each rep times both programs on the same positions within a few seconds).
"""
import argparse, os, statistics, subprocess, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
from lib.uci_pipe import Engine  # noqa: E402

POSITIONS = [  # the six standard positions (chessprogramming.org), depths giving ~0.2-2 s each
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
    ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5),
]


class Stockfish(Engine):
    def __init__(self, path):
        super().__init__(path, {"Threads": 1})

    def perft(self, fen, depth):
        """(nodes, seconds from `go perft` to its "Nodes searched" line, as the reader thread stamped it)."""
        self.send(f"position fen {fen}")
        self.sync()
        t0 = self.send(f"go perft {depth}")
        t1, line = self.expect("Nodes searched", 600)
        return int(line.split()[-1]), t1 - t0


def sparring_perft(exe, fen, depth):
    out = subprocess.run([exe, "perft", "--depth", str(depth), "--fen", fen], capture_output=True, text=True, check=True).stdout
    fields = dict(l.split(": ", 1) for l in out.splitlines() if ": " in l)
    return int(fields["Nodes"]), float(fields["Time"].split()[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sparring", default="./sparring")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    if args.stockfish == "/usr/games/stockfish":  # the Debian package: install it when missing
        subprocess.run([os.path.join(os.path.dirname(__file__), "..", "scripts", "setup.sh"), "references"], check=True)

    sf = Stockfish(args.stockfish)
    rates = {"sparring": [], "stockfish": []}
    ratios = []
    for rep in range(args.reps):
        totals = {"sparring": [0, 0.0], "stockfish": [0, 0.0]}
        for fen, depth in POSITIONS:
            n1, t1 = sparring_perft(args.sparring, fen, depth)
            n2, t2 = sf.perft(fen, depth)
            if n1 != n2:
                sys.exit(f"node counts differ on {fen} depth {depth}: sparring {n1}, stockfish {n2}")
            totals["sparring"][0] += n1; totals["sparring"][1] += t1
            totals["stockfish"][0] += n2; totals["stockfish"][1] += t2
        for k, (n, t) in totals.items():
            rates[k].append(n / t)
        ratios.append(rates["sparring"][-1] / rates["stockfish"][-1])
        print(f"rep {rep + 1}: sparring {rates['sparring'][-1] / 1e6:7.1f} Mnps   stockfish {rates['stockfish'][-1] / 1e6:7.1f} Mnps"
              f"   ratio {ratios[-1]:.2f}x", flush=True)
    sp, sf_ = statistics.median(rates["sparring"]), statistics.median(rates["stockfish"])
    print(f"median nodes/s: sparring {sp / 1e6:.1f} M, stockfish {sf_ / 1e6:.1f} M, ratio {sp / sf_:.2f}x")
    # Each rep's ratio compares two counts made seconds apart, so a busy host slows both alike:
    # its median is the steadier figure when the machine is shared.
    print(f"median of the reps' ratios: {statistics.median(ratios):.2f}x (range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
