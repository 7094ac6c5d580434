#!/usr/bin/python3
"""Error rates split by the state of the game when the move was made.

Reads `sparring review --json-out` files and prints, for the moves of the chosen players, blunders /
mistakes / inaccuracies per 100 moves in all, in balanced positions (the mover's Win% before the
move between 25 and 75) and in decided ones, and the share of balanced moves. A rate over all moves
mixes the two: a player who is lost early makes most of its moves where the Win% curve is flat and
few moves there lose 5 points, so its rate falls without its play changing.

Usage: scripts/errors_by_state.py REVIEW.json [--elo LO HI] [--name TEXT] [--finer] [--sizes]
  --elo LO HI   moves of players rated LO <= rating < HI (the PGN's WhiteElo / BlackElo)
  --name TEXT   moves of players whose name contains TEXT
  --finer       also by five bands of the mover's Win%, with the forced mates let slip
  --sizes       also how much the balanced moves lose: the mean Win% points lost and the share of
                moves losing at least 15 (a blunder), 30 and 50 points; counts of errors hide that
                one player's blunders leave a piece hanging and another's a pawn
"""
import argparse
import collections
import json
import sys

CLASSES = ("blunder", "mistake", "inaccuracy")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("review", nargs="+")
    ap.add_argument("--elo", nargs=2, type=int, metavar=("LO", "HI"))
    ap.add_argument("--name")
    ap.add_argument("--finer", action="store_true")
    ap.add_argument("--sizes", action="store_true")
    args = ap.parse_args()
    moves = collections.Counter()
    errors = collections.Counter()
    losses = []  # Win% points lost by each balanced move
    for path in args.review:
        try:
            with open(path) as f:
                games = json.load(f)["games"]
        except (OSError, ValueError, KeyError) as e:
            sys.stderr.write(f"error: {path}: {e}\n")
            sys.exit(2)
        for g in games:
            tags = g.get("tags", {})
            for m in g["moves"]:
                side = "White" if m["color"] == "white" else "Black"
                if args.name and args.name not in tags.get(side, ""):
                    continue
                if args.elo:
                    try:
                        elo = int(tags.get(side + "Elo", ""))
                    except ValueError:
                        continue
                    if not args.elo[0] <= elo < args.elo[1]:
                        continue
                win = m["win_before"]
                state = "balanced" if 25 <= win <= 75 else "decided"
                if state == "balanced":
                    losses.append(max(0.0, win - m["win_after"]))
                for key in ("all", state, finer(win)):
                    moves[key] += 1
                    errors[key, m["judgement"]] += 1
                    # A forced mate let slip counts as a blunder (Lichess's rule); the levels never do it.
                    if m["judgement"] == "blunder" and "mate" in m["eval_before"] and win > 50:
                        errors[key, "lost mate"] += 1
    if not moves["all"]:
        sys.stderr.write("error: no move of the chosen players\n")
        sys.exit(2)
    print("moves      count  share   blunders  mistakes  inaccuracies  (per 100 moves)")
    for key in ("all", "balanced", "decided"):
        row(key, moves, errors)
    if args.finer:
        print("by the mover's Win% before the move; last column: blunders that let a forced mate slip")
        for key in FINER:
            row(key, moves, errors, "lost mate")
    if args.sizes and losses:
        n = len(losses)
        shares = "  ".join(f"{100 * sum(x >= t for x in losses) / n:6.1f}" for t in SIZE_LINES)
        print(f"balanced moves: mean loss {sum(losses) / n:.2f} Win% points; % losing >= {SIZE_LINES}: {shares}")


SIZE_LINES = (15, 30, 50)
FINER = ("win < 10", "win 10-25", "win 25-75", "win 75-90", "win > 90")


def finer(win):
    return FINER[(win >= 10) + (win >= 25) + (win > 75) + (win > 90)]


def row(key, moves, errors, *extra):
    n = moves[key]
    rates = "  ".join(f"{100 * errors[key, c] / n:8.1f}" if n else "       -" for c in CLASSES + extra)
    print(f"{key:9} {n:6}  {100 * n / moves['all']:4.0f}%  {rates}")


if __name__ == "__main__":
    main()
