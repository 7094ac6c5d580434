#!/usr/bin/python3
"""Question: How many nodes does the full-strength search need to see a quiet mate in 5 (the mate guard's check)?
Answer: docs/journal/levels.md, "The mate guard: two views of the position (2026-12-06, session 38)".

When does the full-strength search first see a mate? For each position of an EPD (a FEN a line, the
rest ignored), a clean table (`ucinewgame`), `go nodes MAX`: prints the nodes of the first `score mate`
line for the side to move ("none" if not within MAX) and the last centipawn score before 150,000 nodes.
SPARRING_SEARCH_OFF in the environment switches search features off (e.g. nnue,lmr: the hand-written
evaluation, as the levels' mate guard searches, without late-move reductions).

usage: scripts/analysis/first_mate_nodes.py ENGINE EPD MAX
  e.g. SPARRING_SEARCH_OFF=nnue,lmr scripts/analysis/first_mate_nodes.py build/release/sparring tests/data/quiet_mates_in_5.epd 2000000
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # scripts/: lib/, pool_calibration
from lib.uci_pipe import Engine  # noqa: E402

if sys.argv[1:2] in (["-h"], ["--help"]):
    sys.exit(print(__doc__))
eng, epd, maxn = sys.argv[1], sys.argv[2], int(sys.argv[3])
engine = Engine(eng, {"Hash": 16})
for line in open(epd):
    f = line.split()
    if len(f) < 4: continue
    fen = " ".join(f[:6]) if len(f) >= 6 and f[4].isdigit() and f[5].isdigit() else " ".join(f[:4]) + " 0 1"
    engine.send("ucinewgame")
    engine.send("position fen " + fen)
    engine.sync()
    engine.send(f"go nodes {maxn}")
    lines = []
    engine.expect("bestmove", 600, lines)
    seen, cp150 = None, None
    for l in lines:
        t = l.split()
        if "score" not in t or "nodes" not in t: continue
        n = int(t[t.index("nodes") + 1]); kind, v = t[t.index("score") + 1], int(t[t.index("score") + 2])
        if kind == "mate" and v > 0 and seen is None: seen = n
        if kind == "cp" and n <= 150000: cp150 = v
    print(f"{seen if seen else 'none':>8} cp150={cp150} {fen}", flush=True)
engine.quit()
