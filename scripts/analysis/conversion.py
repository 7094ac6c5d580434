#!/usr/bin/python3
"""Question: Do the levels convert their won games (and save their lost ones) as often as people of their band?
Answer: docs/journal/levels.md, "The lower rungs at 200 games, and what the error targets allow (2026-12-06, session 37)": they convert more, and save fewer.

How often a won game is won: of the games where a player stood at >= HI Win% before one of its moves
after ply 10, the share of the points it scored, and of those where it stood at <= 100 - HI, the share it
saved. People by their rating's band (the PGN's WhiteElo / BlackElo), the levels by name (games whose
Event is "Sparring match"). Reads `sparring review --json-out` files; a game found in two files counts once.

Usage: scripts/analysis/conversion.py HI REVIEW.json [REVIEW.json ...]     e.g. scripts/analysis/conversion.py 90 people.json ladder.json
"""
import collections
import json
import sys

POINTS = {"1-0": (1, 0), "0-1": (0, 1), "1/2-1/2": (0.5, 0.5)}
BANDS = [(0, 900, "<900"), (900, 1100, "900-1100"), (1100, 1300, "1100-1300"), (1300, 1700, "1300-1700"),
         (1700, 1900, "1700-1900"), (1900, 2300, "1900-2300")]
LEVELS = ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]


def player(tags, side):
    """The row a side's moves count in: its band for people, its name for the levels."""
    if tags.get("Event") == "Sparring match":
        return tags.get(("White", "Black")[side])
    try:
        rating = int(tags.get(("WhiteElo", "BlackElo")[side], ""))
    except ValueError:
        return None
    return next((name for lo, hi, name in BANDS if lo <= rating < hi), None)


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        sys.exit(print(__doc__))
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        sys.exit(2)
    high = float(sys.argv[1])
    # per row: games, games standing >= high, points in them, games standing <= 100 - high, points in them
    rows = collections.defaultdict(lambda: [0, 0, 0.0, 0, 0.0])
    seen = set()
    for path in sys.argv[2:]:
        for game in json.load(open(path))["games"]:
            tags, moves = game["tags"], game["moves"]
            if tags.get("Result") not in POINTS or not moves:
                continue
            key = (tags.get("White"), tags.get("Black"), tags.get("WhiteElo"), tags.get("BlackElo"), len(moves),
                   moves[0]["fen"])
            if key in seen:
                continue
            seen.add(key)
            for side, color in enumerate(("white", "black")):
                name = player(tags, side)
                wins = [m["win_before"] for m in moves if m["color"] == color and m["ply"] > 10]
                if name is None or not wins:
                    continue
                r, points = rows[name], POINTS[tags["Result"]][side]
                r[0] += 1
                if max(wins) >= high:
                    r[1] += 1
                    r[2] += points
                if min(wins) <= 100 - high:
                    r[3] += 1
                    r[4] += points
    print(f"| player | games | stood at >= {high:g} Win% | points scored | stood at <= {100 - high:g} | points saved |")
    print("|---|---|---|---|---|---|")
    for name in [b[2] for b in BANDS] + LEVELS:
        if name in rows:
            g, won, won_points, lost, lost_points = rows[name]
            print(f"| {name} | {g} | {won} | {100 * won_points / max(1, won):.1f}% | {lost} |"
                  f" {100 * lost_points / max(1, lost):.1f}% |")


if __name__ == "__main__":
    main()
