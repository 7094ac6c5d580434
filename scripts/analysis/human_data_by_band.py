#!/usr/bin/python3
"""Question: How many training positions does the human move model have at each rating?
Answer: docs/human-model.md, "What the data allows": fewest where the model is furthest behind Maia (< 1300).

How many positions of rated human games the human move model can train on, by the mover's rating.

Counts every move of every game in ../shared/data/human/ except the test games (games 400 on of each
file in lichess_2018-06_by_band/), before deduplication, grouped by the rating of the player who made
it, in three columns: the Lichess band files (games 0-399), the other Lichess files, and the
over-the-board games (FIDE ratings). Prints a Markdown table. Standard library only.

Usage: scripts/analysis/human_data_by_band.py [DATA_DIR]   (default: ../shared/data/human beside the project)
"""
import collections
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: lib/, pool_calibration
from lib.uci_pgn import games  # noqa: E402

EDGES = [0, 900, 1100, 1300, 1500, 1700, 1900, 2100, 2300, 2500]
LABELS = ["< 900", "900–1100", "1100–1300", "1300–1500", "1500–1700", "1700–1900", "1900–2100",
          "2100–2300", "2300–2500", "2500 and up"]
TEST_FIRST_GAME = 400
MOVE = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?$")


def band(rating):
    return max(i for i, lo in enumerate(EDGES) if rating >= lo)


def count(paths, max_games=None):
    per_band = collections.Counter()
    for path in paths:
        with_moves = ((tags, sum(1 for line in lines for t in line.split() if MOVE.match(t)))
                      for tags, _, lines in games(path))
        for i, (tags, moves) in enumerate(g for g in with_moves if g[1]):  # games of no move are not counted
            if max_games is not None and i >= max_games:
                break
            try:
                white, black = int(tags["WhiteElo"]), int(tags["BlackElo"])
            except (KeyError, ValueError):
                continue
            per_band[band(white)] += (moves + 1) // 2
            per_band[band(black)] += moves // 2
    return per_band


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        sys.exit(print(__doc__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data", "human")
    if not os.path.isdir(os.path.join(root, "lichess_2018-06_by_band")):
        sys.stderr.write(f"error: no lichess_2018-06_by_band/ in {root}\n")
        sys.exit(2)
    files = lambda pattern: sorted(glob.glob(os.path.join(root, pattern)))
    columns = [count(files("lichess_2018-06_by_band/*.pgn"), TEST_FIRST_GAME),
               count(files("lichess_2018-06_extra/*.pgn") + files("lichess_more/*.pgn")),
               count(files("twic_otb/*.pgn.xz"))]
    print("| mover's rating | Lichess: band files (games 0–399) | other Lichess | over the board (FIDE) |")
    print("|---|---|---|---|")
    for i, label in enumerate(LABELS):
        print(f"| {label} | " + " | ".join(f"{c[i]:,}" for c in columns) + " |")
    print("| all | " + " | ".join(f"{sum(c.values()):,}" for c in columns) + " |")


if __name__ == "__main__":
    main()
