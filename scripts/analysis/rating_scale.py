#!/usr/bin/python3
"""Question: What is a rating gap worth as Elo in people's own games?
Answer: docs/journal/levels.md, "What separates the rungs (2026-12-05, session 35)": 300 points are about 215-230 Elo from 1100 to 1900.

What a rating gap is worth in people's own games: the Elo scale of rated Lichess games.

The ladder's target (neighbouring levels 300 Elo apart, an 85% score) reads Lichess ratings as Elo.
This checks that reading on the human games: for rated games whose players' mean rating lies in a
window, it fits the scale s of P(score) = 1 / (1 + 10^(-d / s)) (d = White's rating minus Black's; a
draw counts half) by maximum likelihood, with a 95% bootstrap interval, and prints what a 300-point
gap is worth as Elo (300 * 400 / s) beside the mean score of the games whose gap is 250-350 points.
s = 400 means ratings are Elo; s > 400 means a rating gap wins less than its Elo reading says.
White's first-move edge is fitted as a rating offset. Games are counted once by their moves. A
rating of exactly 1500, Lichess's start, is mostly a new account's, not a measure: such games are
left out unless --keep-1500.

Usage: scripts/analysis/rating_scale.py PGN... [--windows 0-1100,1100-1500,...] [--boot 100] [--seed 1] [--keep-1500]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: lib/, pool_calibration
from lib.uci_pgn import games  # noqa: E402

RESULT = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
SCALES = np.arange(200.0, 1600.0, 5.0)
OFFSETS = np.arange(-60.0, 61.0, 5.0)


def fit(d, r, offsets=OFFSETS):
    """The (scale, White's offset) of greatest likelihood."""
    best, arg = -np.inf, (400.0, 0.0)
    for off in offsets:
        p = 1.0 / (1.0 + 10.0 ** (-(d[None, :] + off) / SCALES[:, None]))
        p = np.clip(p, 1e-9, 1 - 1e-9)
        ll = (r * np.log(p) + (1 - r) * np.log(1 - p)).sum(axis=1)
        i = int(ll.argmax())
        if ll[i] > best:
            best, arg = ll[i], (SCALES[i], off)
    return arg


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--windows", default="0-1100,1100-1500,1500-1900,1900-3500",
                    help="windows of the players' mean rating, LO-HI,...")
    ap.add_argument("--boot", type=int, default=100, help="bootstrap resamples")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep-1500", action="store_true", help="keep the games of players rated exactly 1500")
    args = ap.parse_args()
    try:
        windows = [tuple(int(x) for x in w.split("-")) for w in args.windows.split(",")]
    except ValueError:
        sys.stderr.write(f"error: bad --windows '{args.windows}' (LO-HI,LO-HI,...)\n")
        sys.exit(2)
    seen, rows = set(), []
    for path in args.pgn:
        try:
            for tags, _, lines in games(path):
                moves = " ".join(lines)
                if moves in seen or tags.get("Rated") == "false" or tags.get("Result") not in RESULT:
                    continue
                try:
                    w, b = int(tags["WhiteElo"]), int(tags["BlackElo"])
                except (KeyError, ValueError):
                    continue
                seen.add(moves)
                if not args.keep_1500 and 1500 in (w, b):
                    continue
                rows.append((w, b, RESULT[tags["Result"]]))
        except OSError as e:
            sys.stderr.write(f"error: {path}: {e}\n")
            sys.exit(2)
    data = np.array(rows, dtype=float).reshape(-1, 3)
    rng = np.random.default_rng(args.seed)
    print(f"{len(data)} rated games with both ratings, each counted once")
    print("mean rating   games  |gap| >= 150   scale s (95%)        a 300 gap as Elo (95%)   score at gap 250-350")
    for lo, hi in windows:
        sel = data[(data[:, :2].mean(axis=1) >= lo) & (data[:, :2].mean(axis=1) < hi)]
        if len(sel) < 100:
            print(f"{lo:5}-{hi:<5} {len(sel):7}  too few games")
            continue
        d, r = sel[:, 0] - sel[:, 1], sel[:, 2]
        s, off = fit(d, r)
        # The resamples keep White's offset (a nuisance) and refit the scale.
        boot = sorted(fit(d[i], r[i], [off])[0] for i in (rng.integers(0, len(d), len(d)) for _ in range(args.boot)))
        s_lo, s_hi = boot[int(0.025 * len(boot))], boot[int(0.975 * len(boot)) - 1]
        near = np.abs(np.abs(d) - 300) <= 50
        score = np.where(d[near] > 0, r[near], 1 - r[near])  # the higher-rated player's score
        near_txt = f"{score.mean():.1%} of {near.sum()}" if near.sum() else "-"
        print(f"{lo:5}-{hi:<5} {len(sel):7}  {int((np.abs(d) >= 150).sum()):12}   {s:4.0f} ({s_lo:4.0f}-{s_hi:4.0f})"
              f"       {300 * 400 / s:4.0f} ({300 * 400 / s_hi:3.0f}-{300 * 400 / s_lo:3.0f})          {near_txt}")


if __name__ == "__main__":
    main()
