#!/usr/bin/python3
"""Question: Which positions of real games hold a mate in exactly 5 whose first move is quiet (the guard's hard case)?
Answer: tests/data/quiet_mates_in_5.epd and quiet_mates_in_5_bands.epd; docs/journal/levels.md, "The mate guard on a busy clock (2026-12-03)".

Mines positions with a forced mate in exactly 5 moves for the side to move whose first mating move
(Stockfish's) is quiet, from the last plies of decisive games with UCI moves: the hard case of the
levels' mate guard (mates in <= 4 and mates in 5 that open with a check are proven exhaustively).

usage: scripts/analysis/mine_quiet_mates.py GAMES.pgn N > quiet.epd
  e.g. scripts/analysis/mine_quiet_mates.py ../shared/data/human/lichess_more/lichess_kaggle_fgf.pgn 45
For each decisive game, the winner's positions 6-16 plies before the end, Stockfish 15.1 at depth 14;
the first position of a game found is kept. About 2 a minute on one core.
"""
import os, re, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lib.uci_pipe import Engine  # noqa: E402

if sys.argv[1:2] in (["-h"], ["--help"]) or len(sys.argv) != 3:
    sys.exit(print(__doc__))
N = int(sys.argv[2])
sf = Engine("/usr/games/stockfish", {"Hash": 32})
send = sf.send


def until(prefix):
    seen = []
    sf.expect(prefix, 3600, seen)
    return [line + "\n" for line in seen]


games, cur, res = [], [], None
for line in open(sys.argv[1]):
    if line.startswith("[Result"): res = line.split('"')[1]
    elif line.startswith("["): continue
    elif line.strip():
        cur += [t for t in line.split() if t[0] in "abcdefgh"]
    elif cur:
        games.append((res, cur)); cur = []
found = 0
for gi, (res, moves) in enumerate(games):
    if res not in ("1-0", "0-1"): continue
    winner = 0 if res == "1-0" else 1
    for k in range(len(moves) - 16, len(moves) - 6):
        if k < 20 or k % 2 != winner: continue
        send("ucinewgame"); send("position startpos moves " + " ".join(moves[:k])); send("go depth 14")
        out = until("bestmove")
        last = [l for l in out if " score " in l and " pv " in l]
        if not last or not re.search(r"score mate 5\b", last[-1]): continue
        mv = last[-1].split(" pv ")[1].split()[0]
        send("d"); fen = [l for l in until("Checkers") if l.startswith("Fen:")][0][5:].strip()
        send("position startpos moves " + " ".join(moves[:k]) + " " + mv); send("d")
        checkers = until("Checkers")[-1].split(":", 1)[1].strip()
        if checkers: continue
        print(f"{fen} dm 5; bm {mv}; id \"game {gi} ply {k}\";", flush=True)
        found += 1
        break
    if found >= N: break
