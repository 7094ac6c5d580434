#!/usr/bin/env python3
"""Fits the map from Sparring's centipawns to Stockfish 15.1's (src/review/reference_scale.cpp).

Why: Lichess's Win% formula (and the human error targets in calibration-targets.md) were made with
Stockfish's centipawns. Sparring's scores are smaller in ordinary positions (about 2/3 of
Stockfish's up to a few pawns) and larger in won ones, so its Win% drops come out smaller and
`sparring review` would count too few mistakes. The map sends the p-th percentile of |Sparring cp|
to the p-th percentile of |Stockfish cp| on the same positions (percentiles 10, 20, ..., 90, 95,
98), so that the two score distributions, and with them the Win% drops, agree. For comparison it
also prints the best single factor k (least squares in Win% points) and each fit's rms error.

usage: scripts/fit_cp_scale.py [--games-per-band N] [--first-game G] [--depth D] [--every K]
                               [--save FILE | --pairs FILE]
The positions come from games G..G+N-1 of each band file (default games 201..212, apart from the
first 100 that scripts/review_humans.sh compares), one position in every K (default 2).
Sparring's scores are taken from `sparring review --json --raw-cp` (exactly what the review sees,
unmapped); Stockfish's from `go depth D` on the same FEN, one thread, 16 MB hash. --save keeps
the pairs as TSV; --pairs refits from such a file without running the engines.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.uci_pipe import Engine  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BANDS = ["-900", "900-1100", "1100-1300", "1300-1500", "1500-1700", "1700-1900", "1900-2100", "2100-2300"]


def win(cp):
    cp = max(-1000, min(1000, cp))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def pick_games(path, first, count):
    out, n = [], 0
    with open(path) as f:
        for line in f:
            if line.startswith("[Event "):
                n += 1
            if first <= n < first + count:
                out.append(line)
    return "".join(out) + "\n"


def stockfish_cp(sf, fen, depth):
    sf.send(f"position fen {fen}")
    sf.send(f"go depth {depth}")
    score = None
    while True:
        _, line = sf.read(120)
        if line is None:
            raise RuntimeError("stockfish exited")
        if line.startswith("info") and " score " in line:
            t = line.split()
            i = t.index("score")
            score = ("mate" if t[i + 1] == "mate" else "cp", int(t[i + 2]))
        if line.startswith("bestmove"):
            return score


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-per-band", type=int, default=12)
    ap.add_argument("--first-game", type=int, default=201)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--every", type=int, default=2)
    ap.add_argument("--threads", type=int, default=1, help="games reviewed in parallel by sparring")
    ap.add_argument("--sparring", default=os.path.join(ROOT, "build", "release", "sparring"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--data", default="/work/shared/data/human/lichess_2018-06_by_band")
    ap.add_argument("--save", help="write the (fen, sparring cp, stockfish cp) pairs as TSV")
    ap.add_argument("--pairs", help="read the pairs from a TSV written by --save instead of running the engines")
    a = ap.parse_args()
    if a.pairs:
        with open(a.pairs) as f:
            pairs = [(fen, int(o), int(s)) for fen, o, s in (line.rstrip("\n").split("\t") for line in f)]
    else:
        pairs = measure(a)
    report(pairs)


def measure(a):

    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "games.pgn")
        with open(pgn, "w") as f:
            for band in BANDS:
                f.write(pick_games(os.path.join(a.data, band + ".pgn"), a.first_game, a.games_per_band))
        out = subprocess.run([a.sparring, "review", pgn, "--depth", str(a.depth), "--json", "--raw-cp",
                              "--threads", str(a.threads), "--no-progress"],
                             check=True, capture_output=True, text=True).stdout
    games = json.loads(out)["games"]
    positions = []
    for g in games:
        for i, m in enumerate(g["moves"]):
            if i % a.every or "cp" not in m["eval_before"]:
                continue
            cp = m["eval_before"]["cp"]
            positions.append((m["fen"], cp if m["color"] == "white" else -cp))
    print(f"{len(games)} games, {len(positions)} positions (non-mate by Sparring), depth {a.depth}", file=sys.stderr)

    sf = Engine(a.stockfish, {"Threads": 1, "Hash": 16})
    pairs = []
    for n, (fen, ours) in enumerate(positions):
        kind, v = stockfish_cp(sf, fen, a.depth)
        if kind == "cp":
            pairs.append((fen, ours, v))
        if n % 500 == 499:
            print(f"  {n + 1}/{len(positions)}", file=sys.stderr)
    sf.send("quit")
    if a.save:
        with open(a.save, "w") as f:
            for fen, o, s in pairs:
                f.write(f"{fen}\t{o}\t{s}\n")
    return pairs


def quantile_knots(pairs):
    ours = sorted(abs(o) for _, o, _ in pairs)
    ref = sorted(abs(s) for _, _, s in pairs)
    n = len(pairs)
    return [(0, 0)] + [(ours[int(q * n)], ref[int(q * n)]) for q in (.1, .2, .3, .4, .5, .6, .7, .8, .9, .95, .98)]


def apply_knots(knots, cp):
    a = abs(cp)
    seg = next((i for i in range(1, len(knots)) if a <= knots[i][0]), len(knots) - 1)
    (x0, y0), (x1, y1) = knots[seg - 1], knots[seg]
    r = round(y0 + (y1 - y0) * (a - x0) / (x1 - x0))
    return -r if cp < 0 else r


def report(pairs):
    def err(k):
        return sum((win(k * o) - win(s)) ** 2 for _, o, s in pairs) / len(pairs)

    ks = [0.80 + 0.01 * i for i in range(141)]
    best = min(ks, key=err)
    mo = sum(abs(o) for _, o, _ in pairs) / len(pairs)
    ms = sum(abs(s) for _, _, s in pairs) / len(pairs)
    print(f"positions with cp from both: {len(pairs)}")
    print(f"mean |cp|: sparring {mo:.1f}, stockfish {ms:.1f} (ratio {ms / mo:.3f})")
    print(f"rms Win% difference: k=1.00 {math.sqrt(err(1.0)):.2f}, best k={best:.2f} {math.sqrt(err(best)):.2f}")
    print("sparring cp bin | n | mean sparring | mean stockfish | ratio")
    for lo, hi in [(0, 50), (50, 100), (100, 200), (200, 350), (350, 600), (600, 1000)]:
        sel = [(abs(o), s if o > 0 else -s) for _, o, s in pairs if lo <= abs(o) < hi]
        if sel:
            mo_ = sum(x for x, _ in sel) / len(sel)
            ms_ = sum(y for _, y in sel) / len(sel)
            print(f"{lo}-{hi} | {len(sel)} | {mo_:.0f} | {ms_:.0f} | {ms_ / mo_:.2f}" if mo_ else f"{lo}-{hi} | {len(sel)}")
    knots = quantile_knots(pairs)
    qerr = sum((win(apply_knots(knots, o)) - win(s)) ** 2 for _, o, s in pairs) / len(pairs)
    print(f"rms Win% difference with the percentile map: {math.sqrt(qerr):.2f}")
    print("constexpr Knot KNOTS[] = {" + ", ".join(f"{{{x}, {y}}}" for x, y in knots) + "};")


if __name__ == "__main__":
    main()
