#!/usr/bin/python3
"""Question: Why does an appetite for blunders in won positions hardly change what the levels play there?
Answer: docs/journal/levels.md, "Short clocks again, and the won positions (2026-12-06, session 40)".

What a level's scan makes of its won positions, beside the review's judge.

For every move a level played after ply 10 at >= HI Win% (by the review, whose judge is Stockfish in
scripts/calibrate.sh) and with no mate in <= 5 for it on the board (the mate guard's), asks
`sparring-levels scan` for the scan's error class of the move played and the chance the level's choice
gives each class; then prints, by level: positions, the judge's blunders / mistakes / inaccuracies per
100 of these moves, the scan's for the same moves, how often a move the scan calls a blunder is one
for the judge, and the blunders the choice expects by its scan (--set changes the level, e.g.
won=0/0/2.4; several --set runs show what a knob would do without playing games). With --guard, also
how often the mate guard would play a mate there instead (slow: about 0.3 s a position), and the
expected blunders count only where it would not.

Usage: scripts/analysis/won_scan.py LEVELS_BINARY HI REVIEW.json [REVIEW.json ...] [--set SPEC ...] [--guard]
  e.g. scripts/analysis/won_scan.py build/release/sparring-levels 90 runs/ladder39/ladder-review.json --set "" --set won=0/0/1.2
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

CLASS = {"inaccuracy": "I", "mistake": "M", "blunder": "B"}


def positions(high, paths):
    """(level, fen, uci, judge's class) of the level's moves at >= high Win% with no mate <= 5."""
    seen, rows = set(), []
    for path in paths:
        for game in json.load(open(path))["games"]:
            tags = game["tags"]
            if tags.get("Event") != "Sparring match":
                continue
            for m in game["moves"]:
                mate = m["eval_before"].get("mate") if m["eval_before"] else None
                if m["ply"] <= 10 or m["win_before"] < high or (mate is not None and abs(mate) <= 5):
                    continue
                key = (m["fen"], m["uci"], tags.get("Round"), path)
                if key in seen:
                    continue
                seen.add(key)
                level = tags["White"] if m["color"] == "white" else tags["Black"]
                rows.append((level, m["fen"], m["uci"], CLASS.get(m["judgement"], "-")))
    return rows


def main():
    if sys.argv[1:2] in (["-h"], ["--help"]):
        sys.exit(print(__doc__))
    args, sets, guard = [], [], []
    it = iter(sys.argv[1:])
    for a in it:
        if a == "--set":
            sets.append(next(it, ""))
        elif a == "--guard":
            guard = ["--guard"]
        else:
            args.append(a)
    if len(args) < 3:
        sys.stderr.write(__doc__)
        sys.exit(2)
    binary, high, paths = args[0], float(args[1]), args[2:]
    rows = positions(high, paths)
    if not rows:
        sys.exit("won_scan: no level moves at that Win% in these reviews")
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
        for level, fen, uci, _ in rows:
            f.write(f"{level}\t{fen}\t{uci}\n")
    try:
        for spec in sets or [""]:
            out = subprocess.run([binary, "scan", "--moves", f.name, "--set", spec] + guard, check=True,
                                 capture_output=True, text=True).stdout.splitlines()
            if len(out) != len(rows):
                sys.exit(f"won_scan: {len(out)} answers for {len(rows)} moves")
            stats = collections.defaultdict(collections.Counter)
            expected = collections.defaultdict(float)
            for (level, _, _, judge), line in zip(rows, out):
                scan, _, _, chance_b = line.split("\t")[3:7]
                guarded = guard and int(line.split("\t")[7]) > 0  # the guard would play a mate
                s = stats[level]
                s["n"] += 1
                s["guard"] += guarded
                s["judge" + judge] += 1
                s["scan" + scan] += 1
                s["scanB_judgeB"] += scan == "B" and judge == "B"
                expected[level] += 0 if guarded else float(chance_b)
            print(f"--set '{spec}': level moves at >= {high:g} Win% (no mate <= 5 on the board), per 100 moves")
            print(f"{'level':9} {'moves':>6} {'judge B/M/I':>17} {'scan B/M/I':>17} {'scan B judged B':>16}"
                  f" {'scan B expected':>16}" + (f" {'guard mates':>12}" if guard else ""))
            for level in ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]:
                s = stats.get(level)
                if not s:
                    continue
                n = s["n"]
                judge = "/".join(f"{100 * s['judge' + c] / n:.1f}" for c in "BMI")
                scan = "/".join(f"{100 * s['scan' + c] / n:.1f}" for c in "BMI")
                agree = f"{s['scanB_judgeB']} of {s['scanB']}"
                print(f"{level:9} {n:6} {judge:>17} {scan:>17} {agree:>16} {100 * expected[level] / n:16.1f}"
                      + (f" {100 * s['guard'] / n:11.1f}%" if guard else ""))
            print()
    finally:
        os.unlink(f.name)


if __name__ == "__main__":
    main()
