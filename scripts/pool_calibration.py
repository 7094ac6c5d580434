#!/usr/bin/env python3
"""Pools the ladder of several calibration batches (scripts/calibrate.sh ladder, each with its own SEED
and OUT) into one table: the Elo gap of every pair over all its games, and the error rates of every level
over all the reviewed games (their own-rating targets: scripts/people_errors.py levels).

usage: scripts/pool_calibration.py DIR|REPORT ...   e.g. bench/results/calibration/v6 bench/results/calibration/v6-b2

A DIR gives every rung report (ladder-A-B.txt) and the review (ladder-errors.txt) in it; a REPORT is one
rung's file, or one review, so that a rung between levels that did not change keeps the games of an earlier
batch (runs/v2/b1 runs/v1/b7/ladder-Beginner-Easy.txt). A rung report without its final lines (a match
still playing or killed), or any other file, is left out with a line on stderr.

Why from the reports and not the games: a batch's PGN files are not kept in git, its reports are. The
reports carry what pooling needs: each pair's W/D/L and game-pair counts (the pentanomial Elo is
computed from them as sparring-match does: bench/match/stats.cpp), and each band's moves, players and
per-100-move rates (mean accuracy is per player-game, so it is pooled by players, the rest by moves).
Pool only batches played between the same levels.
"""
import math, re, sys
from pathlib import Path

Z95 = 1.959963984540054
LEVELS = ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]
# The level whose moves each review band holds (its rating's band).
BANDS = {"<900": "Beginner", "900-1100": "Easy", "1100-1300": "Medium", "1500-1700": "Hard",
         "1700-1900": "Expert", "2100-2300": "Master"}
# Issue 55: every rung at least this many Elo (people 300 points apart: 215-290, scripts/analysis/rating_scale.py).
MIN_RUNG = 210
def elo(score):
    return -400 * math.log10(1 / score - 1) if 0 < score < 1 else math.copysign(math.inf, score - 0.5)


def pentanomial(pairs):
    """Elo and the half-width of its 95% interval from the pair counts [LL, LD, DD+WL, WD, WW]."""
    n = sum(pairs)
    xs = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(x * c for x, c in zip(xs, pairs)) / n
    var = sum((x - mean) ** 2 * c for x, c in zip(xs, pairs)) / n
    dev = Z95 * math.sqrt(var / n)
    return elo(mean), (elo(mean + dev) - elo(mean - dev)) / 2


def read_pair(path):
    text = path.read_text()
    wdl = re.search(r"W/D/L (\d+)/(\d+)/(\d+)", text)
    pairs = re.search(r"Pairs \[LL LD DD\+WL WD WW\]: \[(\d+) (\d+) (\d+)\+(\d+) (\d+) (\d+)\]", text)
    if not wdl or not pairs:
        return None
    p = [int(x) for x in pairs.groups()]
    failures = 0  # illegal moves, crashes, time forfeits, protocol errors, garbage lines, restarts
    for line in re.split(r"\nEngine +illegal", text, maxsplit=1)[1].splitlines()[1:3]:
        failures += sum(int(x) for x in line.split()[1:])
    return [int(x) for x in wdl.groups()], [p[0], p[1], p[2] + p[3], p[4], p[5]], failures


def read_errors(path):
    """Per band: moves, players, and the totals behind the rates (counts, cp loss, accuracy sums)."""
    return parse_errors(path.read_text())


def parse_errors(text):
    """read_errors on the text of a review's 'Totals by rating band' table."""
    rows = {}
    for line in text.splitlines():
        f = line.split()
        if not f or f[0] not in BANDS:
            continue
        players, moves = int(f[1]), int(f[2])
        blunders, mistakes, inacc, acpl = (float(x) for x in f[3:7])
        accuracy = float(f[7].rstrip("%"))
        m1_missed, m1_of = float(f[9].rstrip("%")), int(f[11])
        m3_lost, m3_of = float(f[12].rstrip("%")), int(f[14])
        rows[f[0]] = [moves, players, blunders * moves / 100, mistakes * moves / 100, inacc * moves / 100,
                      acpl * moves, accuracy * players, round(m1_missed * m1_of / 100), m1_of,
                      round(m3_lost * m3_of / 100), m3_of]
    return rows


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) > 1 else 2)
    rungs, reviews, seen = {}, [], set()
    for arg in map(Path, sys.argv[1:]):
        if arg.is_dir():
            files = sorted(arg.glob("ladder-*-*.txt")) + [arg / "ladder-errors.txt"]
        elif arg.is_file():
            files = [arg]
        else:
            sys.exit(f"{arg}: no such file or folder")
        for f in files:
            if f.resolve() in seen:
                continue
            seen.add(f.resolve())
            rung = re.fullmatch(r"ladder-(\w+)-(\w+)\.txt", f.name)
            if f.name == "ladder-errors.txt":
                if f.exists():
                    reviews.append(f)
            elif rung and rung.group(1) in LEVELS and rung.group(2) in LEVELS:
                rungs.setdefault(rung.groups(), []).append(f)
            elif arg.is_file():
                print(f"{f}: left out, neither a rung report (ladder-A-B.txt) nor a review (ladder-errors.txt)",
                      file=sys.stderr)
    print(f"| pair | games | W / D / L (lower level) | score | Elo gap (95%, pentanomial) | at least {MIN_RUNG} |"
          " failures |")
    print("|---|---|---|---|---|---|---|")
    span = 0.0
    for a, b in zip(LEVELS, LEVELS[1:]):
        wdl, pairs, failures = [0, 0, 0], [0] * 5, 0
        for r in rungs.get((a, b), []):
            read = read_pair(r)
            if read is None:
                print(f"{r}: left out, no final W/D/L or Pairs line (a match still playing?)", file=sys.stderr)
                continue
            w, p, f = read
            wdl = [x + y for x, y in zip(wdl, w)]
            pairs = [x + y for x, y in zip(pairs, p)]
            failures += f
        games = sum(wdl)
        if not games:
            continue
        gap, margin = pentanomial(pairs)
        verdict = "yes" if -gap >= MIN_RUNG else f"no, {MIN_RUNG + gap:.1f} short"
        span += -gap
        print(f"| {a} – {b} | {games} | {wdl[0]} / {wdl[1]} / {wdl[2]} | {100 * (wdl[0] + wdl[1] / 2) / games:.1f}% |"
              f" {gap:+.0f} ± {margin:.0f} | {verdict} | {failures} |")

    print(f"\nSpan of the rungs above: {span:.0f} Elo")
    totals = {}
    for review in reviews:
        for band, row in read_errors(review).items():
            totals[band] = [x + y for x, y in zip(totals.get(band, [0] * len(row)), row)]
    if not totals:
        return
    print("\n| level | moves (all plies) | blunders / 100 | mistakes / 100 | inaccuracies / 100 | ACPL | accuracy % |"
          " mates in 1 missed | mates ≤ 3 lost (judge) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for band, level in BANDS.items():
        if band not in totals:
            continue
        moves, players, bl, mi, ina, cp, acc, m1, m1_of, m3, m3_of = totals[band]
        ours = [100 * bl / moves, 100 * mi / moves, 100 * ina / moves, cp / moves, acc / players]
        cells = [f"{o:.1f}" for o in ours]
        print(f"| {level} | {moves:,} | " + " | ".join(cells) + f" | {m1} of {m1_of} | {m3} of {m3_of} |")
    print("\nPooled over every reviewed game; each level against its own-rating targets, after ply 10:"
          " scripts/people_errors.py levels DIR/ladder-review.json ... --targets"
          " bench/results/levels/people-errors/targets.json")


if __name__ == "__main__":
    main()
