#!/usr/bin/python3
"""Checks Sparring's Syzygy tablebase results against Stockfish 15.1 with the same SyzygyPath.

For each position (those of ../shared/data/syzygy/README.md, with their known results, and any of
an EPD file given with --epd, whose side to move wins): Sparring and Stockfish search it to a fixed
depth with the tables, each score is read as a result (win, draw, loss for the side to move), and
Stockfish judges the move Sparring chose (the position after it, `go depth 1`, where its own root
probe gives the result). A position agrees when the known result, Sparring's, Stockfish's and the
result after Sparring's move are the same. Prints one line a position and the agreement.

  scripts/syzygy_check.py [--sparring build/release/sparring] [--stockfish /usr/games/stockfish]
                          [--tables ../shared/data/syzygy] [--depth 14] [--epd bench/syzygy/won_endgames.epd]

Standard library only (scripts/lib/uci_pipe.py). Exit code 0 when every position agrees, 1 otherwise.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.uci_pipe import Engine, EngineError  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# The README's positions: FEN, result for the side to move.
KNOWN = [
    ("KRvK", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "win"),
    ("KQvKR", "4k3/8/8/8/8/8/r7/4K2Q w - - 0 1", "win"),
    ("KPvK, king on the 6th", "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "win"),
    ("KPvK, the loser to move", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", "loss"),
    ("KPvK, pawn on the 7th", "8/1k2P3/4K3/8/8/8/8/8 w - - 0 1", "win"),
    ("KPvK, rook pawn", "k7/8/8/P7/8/1K6/8/8 w - - 0 1", "draw"),
    ("KBvK", "8/8/4k3/8/8/8/8/2B1K3 w - - 0 1", "draw"),
    ("KBNvK", "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", "win"),
]

# Scores that mean a tablebase result: Sparring's VALUE_TB_WIN_IN_MAX_PLY (31507) and up; Stockfish
# 15.1 shows its tablebase win (31754 internally) as cp 8795 after its normalisation, anything near
# that is a tablebase win (no evaluation of these endings comes close).
WIN_CP = {"sparring": 31507, "stockfish": 8000}


def result_of(score, engine):
    """'win', 'draw', 'loss' or '?' from a (kind, value) UCI score, for the side to move."""
    if score is None:
        return "?"
    kind, v = score
    if kind == "mate":
        return "win" if v > 0 else "loss"
    if v >= WIN_CP[engine]:
        return "win"
    if v <= -WIN_CP[engine]:
        return "loss"
    return "draw" if v == 0 else f"?({v})"


def search(engine, fen, moves, depth):
    """Searches; returns (score, tbhits, bestmove) from the last info line with a score."""
    engine.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
    engine.send(f"go depth {depth}")
    seen = []
    _, best = engine.expect("bestmove", 120, seen)
    score, tbhits = None, 0
    for line in seen:
        w = line.split()
        if w[:1] != ["info"] or "score" not in w:
            continue
        i = w.index("score")
        score = (w[i + 1], int(w[i + 2]))
        if "tbhits" in w:
            tbhits = int(w[w.index("tbhits") + 1])
    return score, tbhits, best.split()[1] if len(best.split()) > 1 else "0000"


def flip(result):
    return {"win": "loss", "loss": "win"}.get(result, result)


def load_epd(path):
    out = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            label = line.split('c0 "')[1].split()[0] if 'c0 "' in line else w[0]
            out.append((f"{os.path.basename(path)} #{len(out) + 1} {label}", " ".join(w[:4]) + " 0 1", "win"))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sparring", default=os.path.join(ROOT, "build", "release", "sparring"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--tables", default=os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "syzygy")))
    ap.add_argument("--depth", type=int, default=14, help="search depth of both engines (the README's: 14)")
    ap.add_argument("--epd", action="append", default=[], help="more positions, the side to move winning")
    args = ap.parse_args()
    for path in (args.sparring, args.stockfish):
        if not os.access(path, os.X_OK):
            sys.exit(f"{path}: not an executable (scripts/setup.sh references installs Stockfish)")
    positions = KNOWN + [p for e in args.epd for p in load_epd(e)]

    engines = {}
    try:
        for name, path in (("sparring", args.sparring), ("stockfish", args.stockfish)):
            e = Engine(path)
            e.setoption("SyzygyPath", args.tables)
            found = [l for l in e.sync(30) if l.startswith("info string")]
            print(f"{name}: {' / '.join(found) or '(no info string)'}")
            engines[name] = e
        agree = 0
        print(f"{'position':34} {'known':5} | {'sparring':8} {'tbhits':>6} {'move':6} {'after':5} | "
              f"{'stockfish':9} {'tbhits':>6} | agree")
        for what, fen, known in positions:
            sp_score, sp_hits, sp_move = search(engines["sparring"], fen, [], args.depth)
            sf_score, sf_hits, _ = search(engines["stockfish"], fen, [], args.depth)
            sp, sf = result_of(sp_score, "sparring"), result_of(sf_score, "stockfish")
            # Stockfish's tables on the position after Sparring's move (from the mover's side).
            after_score, _, after_best = search(engines["stockfish"], fen, [sp_move], 1)
            if after_best in ("(none)", "0000") and after_score == ("mate", 0):
                after = "win"  # Sparring's move mated
            else:
                after = flip(result_of(after_score, "stockfish"))
            ok = known == sp == sf == after
            agree += ok
            sp_text = f"{sp_score[0]} {sp_score[1]}" if sp_score else "-"
            sf_text = f"{sf_score[0]} {sf_score[1]}" if sf_score else "-"
            print(f"{what[:34]:34} {known:5} | {sp_text:8} {sp_hits:6} {sp_move:6} {after:5} | "
                  f"{sf_text:9} {sf_hits:6} | {'yes' if ok else 'NO'}")
        print(f"agreement: {agree}/{len(positions)} positions (known result = Sparring's = Stockfish's = "
              f"after Sparring's move), depth {args.depth}, tables {args.tables}")
        return 0 if agree == len(positions) else 1
    except EngineError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    finally:
        for e in engines.values():
            e.quit()


if __name__ == "__main__":
    sys.exit(main())
