#!/usr/bin/env python3
"""How far a level's openings are from people's: total variation distance between the level's
first moves (and replies to 1.e4 and 1.d4) from the start position and those of the people of its
band in the Lichess band files (training games 0-399 only: the test games stay unseen).

  scripts/opening_tvd.py LEVEL BAND [GAMES]     e.g. scripts/opening_tvd.py Beginner -900 200

Runs `sparring-levels openings` (build/release, or $LEVELS) for GAMES seeds. Plain python3.
"""
import collections
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "human", "lichess_2018-06_by_band")


def band_range(band):
    lo, hi = band.split("-") if not band.startswith("-") else ("0", band[1:])
    return int(lo or 0), int(hi) if hi else 10000


def people(band):
    lo, hi = band_range(band)
    counts = {k: collections.Counter() for k in ("first", "e4", "d4")}
    game, elo = -1, {}
    for line in open(os.path.join(DATA, band + ".pgn")):
        if line.startswith("[Event "):
            game += 1
        elif line.startswith("[WhiteElo ") or line.startswith("[BlackElo "):
            elo[line[1]] = int(line.split('"')[1])
        elif line.strip() and not line.startswith("[") and game < 400:
            moves = line.split()
            if moves and lo <= elo.get("W", 0) < hi:
                counts["first"][moves[0].lower()] += 1
            if len(moves) > 1 and moves[0] in ("e2e4", "d2d4") and lo <= elo.get("B", 0) < hi:
                counts[moves[0][2:]][moves[1].lower()] += 1
    return counts


def level(name, games):
    exe = os.environ.get("LEVELS", os.path.join(ROOT, "build", "release", "sparring-levels"))
    out = subprocess.run([exe, "openings", "--level", name, "--games", str(games)] + sys.argv[4:],
                         check=True, capture_output=True, text=True).stdout
    counts = {k: collections.Counter() for k in ("first", "e4", "d4")}
    for line in out.splitlines():
        kind, move, n = line.split()
        counts[kind][move] += int(n)
    return counts


def tvd(a, b):
    na, nb = sum(a.values()), sum(b.values())
    return 0.5 * sum(abs(a[k] / na - b[k] / nb) for k in set(a) | set(b))


def main():
    name, band = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    p, l = people(band), level(name, games)
    for kind, title in (("first", "first move"), ("e4", "reply to 1.e4"), ("d4", "reply to 1.d4")):
        top = ", ".join(f"{m} {n / sum(p[kind].values()):.0%}/{l[kind][m] / games:.0%}"
                        for m, n in p[kind].most_common(5))
        print(f"{name} ({band}) {title}: TVD {tvd(p[kind], l[kind]):.3f} over {sum(p[kind].values())} human "
              f"games and {games} level games; people/level: {top}")


if __name__ == "__main__":
    main()
