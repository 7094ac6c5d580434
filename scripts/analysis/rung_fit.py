#!/usr/bin/python3
"""Question: How wide can the ladder's rungs be for levels whose error rates are people's?
Answer: docs/levels.md, "Why the lower rungs are short", and docs/journal/levels.md, "The lower rungs at 200 games, and what the error targets allow (2026-12-06, session 37)".

How wide a rung of the ladder is for the levels' error rates: a fit over every measured rung.

Reads the ladder batches (bench/results/calibration/*/ladder-LOWER-UPPER.txt with the batch's error report)
and the ladder probes (bench/results/calibration/**/*probe*.txt, scripts/ladder_probe.sh output), pairs each rung's Elo gap
(the lower level's loss, pentanomial for batches) with the two levels' blunders per 100 moves and ACPL in
the same games, and fits, weighted by games, rung = k * ln(blunders of the lower / blunders of the upper)
(and rung = k' * ACPL difference), with a 95% bootstrap interval for k over the rungs. Then prints the
span from Beginner to Hard that k gives at the blunder targets (../shared/calibration-targets.md) and at
the edges of their +-20% band.

Usage: scripts/analysis/rung_fit.py [--list]
"""
import glob
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: lib/, pool_calibration
from pool_calibration import BANDS, LEVELS as ORDER, TARGETS, parse_errors  # noqa: E402

BAND = {level: band for band, level in BANDS.items()}  # the review table's band of a level's moves


def band_rows(text):
    """{band label: (blunders / 100, ACPL)} of a 'Totals by rating band' table, in the table's order."""
    return {band: (100 * r[2] / r[0], r[5] / r[0]) for band, r in parse_errors(text).items()}


def probe_rungs(path):
    text = open(path).read()
    for block in re.split(r"(?m)^settings: ", text)[1:]:
        levels = [a.split(":")[0] for a in block.splitlines()[0].split()]
        errors = band_rows(block)
        if len(errors) != len(levels):
            continue
        err = dict(zip(levels, errors.values()))
        pat = r"^(\w+) - (\w+): .* in (\d+) games, score [\d.]+%, Elo gap (-?\d+)"
        for lo, hi, n, elo in re.findall(pat, block, re.M):
            if lo in err and hi in err and lo != hi:
                yield path, lo, hi, int(n), -float(elo), err[lo], err[hi]


def batch_rungs(folder):
    """A batch's rungs, each with the two levels' errors from the folder's ladder-errors-LOWER-UPPER.txt or
    else ladder-errors.txt, found by the levels' band labels (the review puts each move under its player's
    rating)."""
    names = "|".join(ORDER)
    for f in sorted(glob.glob(folder + "/ladder-*-*.txt")):
        m = re.fullmatch(r"ladder-(%s)-(%s)\.txt" % (names, names), f.split("/")[-1])
        if not m:
            continue
        lo, hi = m.groups()
        text = open(f).read()
        e = re.search(r"Elo (-?[\d.]+) \+/- [\d.]+ \(95%, pentanomial", text)
        n = re.search(r"(\d+) of \d+ games played", text)
        for name in (f"ladder-errors-{lo}-{hi}.txt", "ladder-errors.txt"):
            try:
                errors = band_rows(open(f"{folder}/{name}").read())
            except OSError:
                continue
            if e and n and BAND[lo] in errors and BAND[hi] in errors:
                yield f, lo, hi, int(n.group(1)), -float(e.group(1)), errors[BAND[lo]], errors[BAND[hi]]
                break


def slope(rows, x):
    return sum(r[3] * x(r) * r[4] for r in rows) / sum(r[3] * x(r) ** 2 for r in rows)


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        sys.exit(print(__doc__))
    probes = sorted(glob.glob("bench/results/calibration/**/*probe*.txt", recursive=True))
    rows = [r for f in probes for r in probe_rungs(f)]
    rows += [r for d in sorted(glob.glob("bench/results/calibration/*")) for r in batch_rungs(d)]
    if not rows:
        sys.exit("rung_fit: no rung found under bench/results/ (run from the project root)")
    ln_ratio = lambda r: math.log(r[5][0] / r[6][0])
    acpl_diff = lambda r: r[5][1] - r[6][1]
    if "--list" in sys.argv:
        for path, lo, hi, n, elo, a, b in rows:
            print(f"{path:58s} {lo}-{hi}: {n} games, rung {elo:.0f}; blunders {a[0]:.2f} / {b[0]:.2f}, "
                  f"ACPL {a[1]:.1f} / {b[1]:.1f}")
    lower = [r for r in rows if ORDER.index(r[2]) <= ORDER.index("Hard")]
    rng = random.Random(1)
    b, h = TARGETS["Beginner"][0], TARGETS["Hard"][0]
    for name, sel in (("every rung", rows), ("the rungs from Beginner to Hard", lower)):
        k, k_acpl = slope(sel, ln_ratio), slope(sel, acpl_diff)
        boot = sorted(slope([rng.choice(sel) for _ in sel], ln_ratio) for _ in range(2000))
        lo_k, hi_k = boot[50], boot[1949]
        print(f"{name}: {len(sel)} rungs, {sum(r[3] for r in sel):,} games: rung = {k:.0f} (95% {lo_k:.0f}-{hi_k:.0f}) "
              f"x ln(blunder ratio); rung = {k_acpl:.1f} x ACPL difference")
        for label, ratio in (("at the targets", b / h), ("Beginner +20%, Hard -20%", 1.2 * b / (0.8 * h))):
            x = math.log(ratio)
            print(f"  Beginner to Hard, blunders {label} (ratio {ratio:.2f}): {k * x:.0f} Elo "
                  f"({lo_k * x:.0f}-{hi_k * x:.0f}); three rungs need 675 (225 each) to 900 (300 each)")


if __name__ == "__main__":
    main()
