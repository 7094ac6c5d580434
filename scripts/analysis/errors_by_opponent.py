#!/usr/bin/python3
"""Question: Do people err more against a stronger opponent?
Answer: docs/journal/levels.md, "What separates the rungs (2026-12-05, session 35)": no, about as often whoever they play.

Do people err more against a stronger opponent? Their error rates by the rating gap to the opponent.

  pick PGN OUT   writes OUT-gap.pgn (rated games whose players are GAP_LO-GAP_HI points apart) and
                 OUT-even.pgn (at most as many games at most EVEN points apart, drawn with --seed), both
                 players rated within --ratings and neither exactly 1500 (Lichess's start, mostly a new
                 account); games of fewer than 15 moves are left out
  compare GAP.json EVEN.json   from `sparring review --json-out` of the two files: blunders / mistakes /
                 inaccuracies per 100 moves, ACPL, the balanced share and balanced blunders, by the mover's
                 own rating, against equals, as the weaker and as the stronger player (moves after ply 10)

Usage: scripts/analysis/errors_by_opponent.py pick PGN OUT [--gap 250 350] [--even 60] [--ratings 700 1700] [--seed 1]
       scripts/analysis/errors_by_opponent.py compare GAP.json EVEN.json [--bands 1000,1300,1500,1700]
"""
import argparse
import collections
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: lib/, pool_calibration
from lib.uci_pgn import games  # noqa: E402


def pick(args):
    gap, even = [], []
    try:
        read = list(games(args.pgn))
    except OSError as e:
        sys.exit(f"error: {e}")
    for t, header, lines in read:
        moves = "\n".join(lines)
        if t.get("Rated") == "false" or t.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
            continue
        try:
            w, b = int(t["WhiteElo"]), int(t["BlackElo"])
        except (KeyError, ValueError):
            continue
        if 1500 in (w, b) or min(w, b) < args.ratings[0] or max(w, b) > args.ratings[1] or len(moves.split()) < 30:
            continue
        d = abs(w - b)
        if args.gap[0] <= d <= args.gap[1]:
            gap.append(header + "\n\n" + moves)
        elif d <= args.even:
            even.append(header + "\n\n" + moves)
    random.Random(args.seed).shuffle(even)
    even = even[:max(len(gap), 600)]
    for name, picked in (("gap", gap), ("even", even)):
        with open(f"{args.out}-{name}.pgn", "w") as f:
            f.write("\n\n".join(picked) + "\n")
    print(f"{len(gap)} games {args.gap[0]}-{args.gap[1]} points apart, {len(even)} at most {args.even} apart")


def collect(path, role, bands):
    acc = collections.defaultdict(collections.Counter)
    try:
        games = json.load(open(path))["games"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"error: {path}: {e}")
    for g in games:
        w, b = int(g["tags"]["WhiteElo"]), int(g["tags"]["BlackElo"])
        for m in g["moves"]:
            if m["ply"] <= 10:
                continue
            me, opp = (w, b) if m["color"] == "white" else (b, w)
            if (role == "weaker" and me >= opp) or (role == "stronger" and me <= opp):
                continue
            band = next(((lo, hi) for lo, hi in zip(bands, bands[1:]) if lo <= me < hi), None)
            if not band:
                continue
            c = acc[band]
            c["moves"] += 1
            c[m["judgement"] or "none"] += 1
            c["cp"] += m["cp_loss"]
            if 25 <= m["win_before"] <= 75:
                c["balanced"] += 1
                c["balanced blunder"] += m["judgement"] == "blunder"
    return acc


def compare(args):
    bands = [int(x) for x in args.bands.split(",")]
    rows = [("against equals", collect(args.even_json, "any", bands)),
            ("as the weaker", collect(args.gap_json, "weaker", bands)),
            ("as the stronger", collect(args.gap_json, "stronger", bands))]
    print("own rating  who               moves  blunders  mistakes  inaccuracies  ACPL  balanced  balanced blunders")
    for lo, hi in zip(bands, bands[1:]):
        for name, acc in rows:
            c = acc[lo, hi]
            n = c["moves"]
            if n:
                print(f"{lo}-{hi:<6} {name:16} {n:6} {100 * c['blunder'] / n:9.1f} {100 * c['mistake'] / n:9.1f}"
                      f" {100 * c['inaccuracy'] / n:13.1f} {c['cp'] / n:5.1f} {100 * c['balanced'] / n:8.0f}%"
                      f" {100 * c['balanced blunder'] / max(1, c['balanced']):18.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pick")
    p.add_argument("pgn")
    p.add_argument("out")
    p.add_argument("--gap", nargs=2, type=int, default=[250, 350])
    p.add_argument("--even", type=int, default=60)
    p.add_argument("--ratings", nargs=2, type=int, default=[700, 1700])
    p.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("compare")
    c.add_argument("gap_json")
    c.add_argument("even_json")
    c.add_argument("--bands", default="1000,1300,1500,1700")
    args = ap.parse_args()
    pick(args) if args.cmd == "pick" else compare(args)


if __name__ == "__main__":
    main()
