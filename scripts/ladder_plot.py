#!/usr/bin/python3
"""Draws the ladder of levels as an SVG: each level's measured strength relative to Beginner, from the
pair matches of `scripts/calibrate.sh ladder` (pooled over the batch directories given), beside the
target of 300 Elo a rung.

usage: scripts/ladder_plot.py OUT.svg DIR [DIR ...] [--title TEXT]
       e.g. scripts/ladder_plot.py docs/ladder.svg bench/results/calibration/v6 bench/results/calibration/v6-b2

A level's height is the sum of the Elo gaps of the rungs below it; its error bar is the 95% interval
of that sum (the rungs' pentanomial half-widths added in quadrature: the pair matches are independent).
A missing rung ends the ladder there. Needs matplotlib (Debian python3-matplotlib, `scripts/setup.sh train`).
"""
import argparse, math, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pool_calibration import LEVELS, pentanomial, read_pair  # noqa: E402

TARGET_STEP = 300
TARGET_BAND = 75
NOMINAL = {"Beginner": 600, "Easy": 900, "Medium": 1200, "Hard": 1500, "Expert": 1800, "Master": 2100}


def ladder(dirs):
    """[(level, height, half-width, games of the rung below)] from Beginner up to the first missing rung."""
    rows = [("Beginner", 0.0, 0.0, 0)]
    for a, b in zip(LEVELS, LEVELS[1:]):
        reports = [d / f"ladder-{a}-{b}.txt" for d in dirs if (d / f"ladder-{a}-{b}.txt").exists()]
        if not reports:
            break
        pairs, games = [0] * 5, 0
        for r in reports:
            wdl, p, _ = read_pair(r)
            pairs = [x + y for x, y in zip(pairs, p)]
            games += sum(wdl)
        gap, margin = pentanomial(pairs)  # of the lower level: negative when the upper one is stronger
        _, height, width, _ = rows[-1]
        rows.append((b, height - gap, math.hypot(width, margin), games))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--title", default="Sparring's levels: measured ladder")
    args = ap.parse_args()
    rows = ladder([Path(d) for d in args.dirs])
    if len(rows) < 2:
        sys.exit(f"ladder_plot.py: no ladder-*-*.txt reports in {' '.join(args.dirs)}")
    for level, height, width, games in rows:
        print(f"{level:9s} {height:+6.0f} ± {width:3.0f}" + (f"   ({games} games on the rung below)" if games else ""))

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    matplotlib.rcParams["svg.hashsalt"] = "sparring"  # the same input gives the same file
    x = list(range(len(rows)))
    fig, ax = plt.subplots(figsize=(7, 4.2))
    target = [TARGET_STEP * i for i in x]
    ax.fill_between(x, [t - TARGET_BAND * i for i, t in enumerate(target)],
                    [t + TARGET_BAND * i for i, t in enumerate(target)], color="#dddddd",
                    label=f"target: {TARGET_STEP} ± {TARGET_BAND} Elo a rung")
    ax.plot(x, target, color="#999999", linestyle="--", linewidth=1)
    ax.errorbar(x, [r[1] for r in rows], yerr=[r[2] for r in rows], fmt="o-", color="#1f5fa8", capsize=4,
                label="measured (95% interval)")
    for i, (level, height, _, games) in enumerate(rows[1:], start=1):
        ax.annotate(f"{height - rows[i - 1][1]:+.0f}\n({games} games)", (i - 0.5, (height + rows[i - 1][1]) / 2),
                    xytext=(12, -6), textcoords="offset points", ha="left", va="top", fontsize=7, color="#444444")
    ax.set_xticks(x)
    ax.set_xticklabels([f"{r[0]}\n~{NOMINAL[r[0]]}" for r in rows])
    ax.set_ylabel("Elo above Beginner")
    ax.set_title(args.title, fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, metadata={"Date": None})
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
