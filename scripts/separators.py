#!/usr/bin/python3
"""What separates people of different ratings besides how often they err, and the same for the levels
(issue 55, item 4; docs/levels.md, "What separates people").

For every move after ply 10 of the reviewed games (`sparring review --json` with Stockfish's judgement),
grouped by the mover: people by their own rating (200-point bins; a player rated exactly 1500 left out),
the levels by name (games whose players are named levels). Per group:

  blunders      blunders per 100 moves, all moves
  quiet B       blunders per 100 moves where the opponent's last move was no error (loss < 5 Win%)
  after B       of the moves right after an opponent's blunder (>= 15 Win% lost): the share that is
                itself a mistake or a blunder (the gift given back), and the share that is the judge's
                best move
  free take     of those where the judge's best reply is a capture (material left en prise, or won by
                a short tactic): the share where the mover played that capture
  won conv      of the games where the mover stood at >= 90 Win% before one of its moves: the share of
                the points it scored; lost save: at <= 10, the share it saved

Usage: scripts/separators.py REVIEW.json [REVIEW.json ...] [--bin 200] [--offset 0]
"""
import argparse
import collections
import glob
import json
import math
import sys

LEVELS = ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5)}
ERRORS = ("inaccuracy", "mistake", "blunder")


def group_of(tags, color, width, offset=0):
    side = "White" if color == "white" else "Black"
    name = tags.get(side, "")
    for level in LEVELS:
        if level in name.split():  # "Sparring Easy" (sparring-levels) or "Easy" (sparring-match)
            return level
    try:
        r = int(tags.get(side + "Elo", ""))
    except ValueError:
        return None
    return None if r == 1500 else (r + offset) // width * width - offset


def collect(paths, width, offset=0):
    c = collections.defaultdict(collections.Counter)
    seen = set()
    for path in paths:
        for g in json.load(open(path))["games"]:
            tags, moves = g["tags"], g["moves"]
            if not moves:
                continue
            key = (tags.get("White"), tags.get("Black"), tags.get("WhiteElo"), len(moves),
                   " ".join(m["uci"] for m in moves[:40]))
            if key in seen:
                continue
            seen.add(key)
            groups = {col: group_of(tags, col, width, offset) for col in ("white", "black")}
            prev = None
            best_win = {"white": 0.0, "black": 0.0}
            worst_win = {"white": 100.0, "black": 100.0}
            for m in moves:
                grp = groups[m["color"]]
                if m["ply"] > 10 and grp is not None:
                    t = c[grp]
                    t["moves"] += 1
                    t["blunders"] += m["judgement"] == "blunder"
                    opp_loss = prev["win_before"] - prev["win_after"] if prev else 0
                    if opp_loss < 5:
                        t["quiet moves"] += 1
                        t["quiet blunders"] += m["judgement"] == "blunder"
                    if prev and prev["judgement"] == "blunder":
                        t["after B"] += 1
                        t["after B gave back"] += m["judgement"] in ("mistake", "blunder")
                        t["after B best"] += m["uci"] == m.get("best_uci", None) or m["move"] == m["best"]
                        if "x" in m["best"]:
                            t["free"] += 1
                            t["free taken"] += m["move"] == m["best"]
                    best_win[m["color"]] = max(best_win[m["color"]], m["win_before"])
                    worst_win[m["color"]] = min(worst_win[m["color"]], m["win_before"])
                prev = m
            if tags.get("Result") in POINTS:
                for side, col in enumerate(("white", "black")):
                    grp = groups[col]
                    if grp is None:
                        continue
                    pts = POINTS[tags["Result"]][side]
                    c[grp]["games"] += 1
                    if best_win[col] >= 90:
                        c[grp]["won"] += 1
                        c[grp]["won pts"] += pts
                    if worst_win[col] <= 10:
                        c[grp]["lost"] += 1
                        c[grp]["lost pts"] += pts
    return c


def share(n, d):
    """Percent and its 95% Wilson interval half-width, as text."""
    if not d:
        return "-"
    p = n / d
    z = 1.96
    half = z * math.sqrt(p * (1 - p) / d + z * z / (4 * d * d)) / (1 + z * z / d)
    return f"{100 * p:.1f} ±{100 * half:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("review", nargs="+")
    ap.add_argument("--bin", type=int, default=200)
    ap.add_argument("--offset", type=int, default=0, help="bins start at k * BIN - OFFSET (150 with 300: bins centred on the levels' ratings)")
    args = ap.parse_args()
    paths = [p for pat in args.review for p in sorted(glob.glob(pat))]
    if not paths:
        sys.stderr.write("error: no review file\n")
        sys.exit(2)
    c = collect(paths, args.bin, args.offset)
    print("| mover | moves | blunders /100 | quiet blunders /100 | after a blunder: n | gave back % | best % |"
          " free material: n | taken % | won: games | points % | lost: games | saved % |")
    print("|---" * 13 + "|")
    keys = sorted(k for k in c if isinstance(k, int)) + [k for k in LEVELS if k in c]
    for k in keys:
        t = c[k]
        if t["moves"] < 500:
            continue
        label = f"{k}-{k + args.bin - 1}" if isinstance(k, int) else k
        print(f"| {label} | {t['moves']} | {100 * t['blunders'] / t['moves']:.1f} |"
              f" {100 * t['quiet blunders'] / max(1, t['quiet moves']):.1f} | {t['after B']} |"
              f" {share(t['after B gave back'], t['after B'])} | {share(t['after B best'], t['after B'])} |"
              f" {t['free']} | {share(t['free taken'], t['free'])} | {t['won']} | {share(t['won pts'], t['won'])} |"
              f" {t['lost']} | {share(t['lost pts'], t['lost'])} |")


if __name__ == "__main__":
    main()
