#!/usr/bin/env python3
"""Checks in reviewed games that no forced mate in <= 5 moves slipped: the mate guarantee of the levels.

usage: scripts/verify_mates.py REVIEW.json [--judge /usr/games/stockfish] [--depth 40] [--players A,B]
                                          [--prover build/release/sparring]

REVIEW.json is `sparring review games.pgn --json` or `--json-out REVIEW.json` (with a judge). For every move whose mover had a forced
mate in n <= 5 moves by the review's judge, the move must keep the mate and shorten it: after it the
opponent is mated in at most n - 1 moves. When the review's judge (depth 10) already scores the position
after the move so, the move passes. Otherwise Sparring's mate prover settles it (`sparring puzzle --mate n
--move M`: a proof either way, within 200 million nodes); where it runs out of nodes, every
reply of the opponent is searched deeper (`go depth D mate n-1`); the move passes when each reply leaves a mate
in at most n - 1 moves for the mover (a reported mate is a real one, though not always the shortest).
Prints the counts and every move that failed both checks; exits 1 if there was one.
--players keeps only the moves of the players with those names (the levels), e.g. to leave out an
opponent that is not a level.
"""
import argparse, json, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.uci_pipe import Engine  # noqa: E402

MAX_MATE = 5


class Judge(Engine):
    TIMEOUT = 3600  # a deep `go depth D mate n` may take minutes

    def __init__(self, cmd):
        super().__init__(cmd, {"Hash": 64})

    def replies(self, fen, move):
        self.send(f"position fen {fen} moves {move}")
        self.send("go perft 1")
        seen = []
        self.expect("Nodes searched", self.TIMEOUT, seen)
        return [line.split(":")[0] for line in seen if ": " in line and not line.startswith("Nodes")]

    def mate_for_mover(self, fen, moves, depth, within):
        """The mover's mate length in moves after `moves` (the mover to play), or None if none is seen.
        `go mate`: the search goes on, deeper, until it finds a mate that short, not just any mate."""
        self.send("ucinewgame")
        self.send(f"position fen {fen} moves {moves}")
        self.send(f"go depth {depth} mate {within}")
        seen = []
        self.expect("bestmove", self.TIMEOUT, seen)
        score = None
        for line in seen:
            if " score " in line:
                score = line.split(" score ")[1].split()[:2]
        return int(score[1]) if score and score[0] == "mate" and int(score[1]) > 0 else None


def prove(prover, fen, move, n):
    """True if Sparring's prover proves that `move` mates in <= n, False if it proves it does not, None if
    it runs out of nodes (or there is no prover)."""
    try:
        out = subprocess.run([prover, "puzzle", "--fen", fen, "--mate", str(n), "--move", move, "--nodes", "200000000"],
                             capture_output=True, text=True, timeout=600).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    return True if ": correct" in out else False if "not correct" in out else None


def mover_pov(ev, color):
    """('mate', n) or ('cp', x) from the side to move's point of view; the review's evals are White's."""
    sign = 1 if color == "white" else -1
    return ("mate", sign * ev["mate"]) if "mate" in ev else ("cp", sign * ev["cp"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("review")
    ap.add_argument("--judge", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=40)
    ap.add_argument("--players", default="")
    ap.add_argument("--prover", default="build/release/sparring")
    args = ap.parse_args()
    players = set(filter(None, args.players.split(",")))
    games = json.load(open(args.review))["games"]
    judge = None
    available = by_review = by_prover = by_replies = 0
    failures = []
    for g in games:
        for m in g["moves"]:
            name = g["tags"].get("White" if m["color"] == "white" else "Black")
            if players and name not in players:
                continue
            kind, n = mover_pov(m["eval_before"], m["color"])
            if kind != "mate" or not 0 < n <= MAX_MATE:
                continue
            available += 1
            # After the move the opponent is to move: a mate for the mover shows as a negative mate.
            kind, after = mover_pov(m["eval_after"], "black" if m["color"] == "white" else "white")
            if kind == "mate" and (after == 0 or -after in range(1, n)):  # 0: the move mates
                by_review += 1
                continue
            verdict = prove(args.prover, m["fen"], m["uci"], n)
            if verdict is True:
                by_prover += 1
                continue
            if verdict is False:
                failures.append((g["tags"].get("Round", "?"), name, m["ply"], m["move"], n, m["fen"], ["proven"]))
                continue
            judge = judge or Judge(args.judge)
            replies = judge.replies(m["fen"], m["uci"])
            lengths = [judge.mate_for_mover(m["fen"], f"{m['uci']} {r}", args.depth, n - 1) for r in replies]
            if replies and all(length is not None and length <= n - 1 for length in lengths):
                by_replies += 1
            else:
                failures.append((g["tags"].get("Round", "?"), name, m["ply"], m["move"], n, m["fen"], lengths))
    print(f"moves with a forced mate in <= {MAX_MATE} for the mover: {available}")
    print(f"  kept and shortened by the review's judge: {by_review}")
    print(f"  kept and shortened by the prover: {by_prover}")
    print(f"  kept and shortened by every reply searched at depth {args.depth}: {by_replies}")
    print(f"  not shown kept and shortened: {len(failures)}")
    for rnd, name, ply, move, n, fen, lengths in failures:
        worst = ("the prover: no mate in <= n after it" if lengths == ["proven"] else "no mate seen" if None in lengths
                 else f"worst reply leaves mate in {max(lengths, default=0)}")
        print(f"    round {rnd}, {name}, ply {ply}: {move} with mate in {n} ({worst}; {fen})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
