#!/usr/bin/env python3
"""Question: How did the levels of 2026-12-02 (human model m-v2, calibrate.sh outputs of that format) play and err?
Answer: docs/journal/levels.md, "Measured: the levels on the human model (commits 81fa4bf, f7fbe8d)".

The README's levels table from the calibration outputs: per band file, the human move model's
top-1 on the test games, how often the level plays the human move and how often full-strength
Sparring at depth 10 does (scripts/calibrate.sh humans), and per level the reviewed error rates of
its self-play games next to the human targets (scripts/calibrate.sh errors). Plain python3.

  scripts/analysis/levels_table.py CALIBRATION_DIR MODEL_REPORT_JSON     e.g. bench/results/calibration/v2 bench/results/human-model/m-v2/report.json
"""
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TARGETS = os.path.join(ROOT, "..", "shared", "calibration-targets.md")
BANDS = [("Beginner", "-900"), ("Easy", "900-1100"), ("Medium", "1100-1300"), ("Hard", "1300-1500"),
         ("Hard", "1500-1700"), ("Expert", "1700-1900"), ("Master", "1900-2100"), ("Master", "2100-2300")]


def number(text):
    m = re.search(r"-?[0-9.]+", text)
    return float(m.group()) if m else None


def targets():
    """Blunders, mistakes, inaccuracies per 100 moves and ACPL by level name."""
    t = {}
    for line in open(TARGETS):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 7 and cells[1].isdigit():
            t[cells[0]] = [number(c) for c in cells[3:7]]
    return t


def humans(folder, band):
    path = os.path.join(folder, f"humans-{band}.txt")
    if not os.path.exists(path):
        return None
    text = open(path).read()
    pos = re.search(r": (\d+) positions.*games (\d+)-(\d+)", text)
    level = re.search(r"plays the human move: ([0-9.]+)%", text)
    engine = re.search(r"full strength, depth \d+(?: \(\w+\))?: *([0-9.]+)%", text)
    timing = re.search(r"whole choice ([0-9.]+) ms \(worst ([0-9.]+)\)", text)
    return dict(positions=int(pos.group(1)), games=f"{pos.group(2)}-{int(pos.group(3)) - 1}",
                level=float(level.group(1)), engine=float(engine.group(1)),
                ms=float(timing.group(1)) if timing else None, worst=float(timing.group(2)) if timing else None)


def errors(folder, level):
    path = os.path.join(folder, f"errors-{level}.txt")
    if not os.path.exists(path):
        return None
    for line in open(path):
        f = line.split()
        if f and f[0] == "all":
            return dict(moves=int(f[2]), rates=[float(f[3]), float(f[4]), float(f[5]), float(f[6])])
    return None


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        sys.exit(print(__doc__))
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    folder, report = sys.argv[1], json.load(open(sys.argv[2]))
    tg = targets()
    print("| level | band file | model top-1 | level plays the human move | engine depth 10 | positions |")
    print("|---|---|---|---|---|---|")
    for level, band in BANDS:
        h = humans(folder, band)
        model = report["test"][band]["after_ply_10"]["top1"]
        if h:
            print(f"| {level} | {band} | {model:.1f}% | **{h['level']:.1f}%** | {h['engine']:.1f}% | "
                  f"{h['positions']} (games {h['games']}) |")
        else:
            print(f"| {level} | {band} | {model:.1f}% | — | — | — |")
    print()
    print("| level | moves | blunders / 100 | mistakes / 100 | inaccuracies / 100 | ACPL |")
    print("|---|---|---|---|---|---|")
    for level in ("Beginner", "Easy", "Medium", "Hard", "Expert", "Master"):
        e = errors(folder, level)
        if not e:
            continue
        cells = [f"{v:.1f} ({t:.1f})" if t is not None else f"{v:.1f}" for v, t in zip(e["rates"], tg.get(level, [None] * 4))]
        print(f"| {level} | {e['moves']} | " + " | ".join(cells) + " |")
    print("\n(in brackets: the human targets of ../shared/calibration-targets.md)")


if __name__ == "__main__":
    main()
