#!/usr/bin/env python3
"""How far a level's openings are from people's: total variation distance between the level's
first moves (and replies to 1.e4 and 1.d4) from the start position and those of the people of its
band in the Lichess band files (training games 0-399 only: the test games stay unseen).

usage: scripts/opening_tvd.py LEVEL BAND [GAMES]     e.g. scripts/opening_tvd.py Beginner -900 200

Runs `sparring-levels openings` (build/release, or $LEVELS) for GAMES seeds. Plain python3.

Beside each distance, the sampling noise: the distance between two samples of these sizes drawn from
people's own distribution (mean and 95th percentile of 2,000 draws, fixed seed), and p, the share of
those draws at least as far apart as the level is. A level that plays exactly like people still shows
the noise (replies to 1.d4: 66-98 human games a band, a mean distance of about 0.13).
"""
import collections
import os
import random
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


def noise(people_counts, n_level, observed, draws=2000):
    """TVD between a sample of people's size and one of n_level moves, both drawn from people's own
    distribution: (mean, 95th percentile, share of draws >= observed)."""
    moves = list(people_counts)
    weights = [people_counts[m] for m in moves]
    n_people, rng = sum(weights), random.Random(2026)
    t = sorted(tvd(collections.Counter(rng.choices(moves, weights, k=n_people)),
                   collections.Counter(rng.choices(moves, weights, k=n_level))) for _ in range(draws))
    return sum(t) / draws, t[int(0.95 * draws)], sum(x >= observed for x in t) / draws


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.exit(print(__doc__))
    name, band = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    p, l = people(band), level(name, games)
    for kind, title in (("first", "first move"), ("e4", "reply to 1.e4"), ("d4", "reply to 1.d4")):
        top = ", ".join(f"{m} {n / sum(p[kind].values()):.0%}/{l[kind][m] / games:.0%}"
                        for m, n in p[kind].most_common(5))
        d = tvd(p[kind], l[kind])
        mean, q95, share = noise(p[kind], sum(l[kind].values()), d)
        print(f"{name} ({band}) {title}: TVD {d:.3f} (sampling noise {mean:.3f}, 95% <= {q95:.3f}, p {share:.2f}) "
              f"over {sum(p[kind].values())} human games and {games} level games; people/level: {top}")


if __name__ == "__main__":
    main()
