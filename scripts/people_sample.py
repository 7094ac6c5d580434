#!/usr/bin/python3
"""A sample of rated Lichess games with every 100-point bin of the players' own ratings filled, for
measuring how people err by rating (scripts/people_errors.py; docs/levels.md, "People by their own
rating").

Reads every rated Lichess game at hand (the 2018 band files, the 2013-2017 `lichess_more` file, the
Lichess archives of `more2`), shuffles them by a hash of their moves (so each bin mixes the sources as
the data does, and the sample is the same on every machine), and keeps a game while either player's bin
holds fewer than CAP players. Casual games (`Rated "false"`) are skipped. Writes the games in chunks of
CHUNK to OUT/chunk-NNN.pgn, each game tagged with its `Source` file; the review of each chunk
(`scripts/people_errors.py review OUT`) is resumable chunk by chunk.

With `--sources more2/chesscom.pgn` (any files under DATA) the same sample is drawn from other games, e.g.
chess.com's, whose ratings `scripts/people_errors.py scale` maps onto Lichess's.

Usage: scripts/people_sample.py OUT [--cap 400] [--chunk 250] [--data /work/shared/data/human] [--sources FILE...]
"""
import argparse
import collections
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.uci_pgn import games as read_pgn  # noqa: E402

SOURCES = ["lichess_2018-06_by_band/" + b + ".pgn" for b in
           ("-900", "900-1100", "1100-1300", "1300-1500", "1500-1700", "1700-1900", "1900-2100", "2100-2300",
            "2300-2500", "2500-")] + ["lichess_more/lichess_kaggle_fgf.pgn", "more2/lichess.pgn"]


def elo(tags, side):
    try:
        return int(tags.get(side + "Elo", ""))
    except ValueError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--cap", type=int, default=400)
    ap.add_argument("--chunk", type=int, default=250)
    ap.add_argument("--data", default="/work/shared/data/human")
    ap.add_argument("--sources", nargs="+", default=SOURCES, help="PGN files under DATA (default: the Lichess ones)")
    args = ap.parse_args()
    games = {}  # one game per move text: the band files overlap
    for src in args.sources:
        for tags, _, lines in read_pgn(os.path.join(args.data, src)):
            text = " ".join(lines)
            if tags.get("Rated", "true") == "false" or elo(tags, "White") is None or elo(tags, "Black") is None:
                continue
            key = hashlib.sha1(text.encode()).hexdigest()
            games.setdefault(key, (src, tags, text))
    filled = collections.Counter()
    kept = []
    for key in sorted(games):
        src, tags, text = games[key]
        bins = [elo(tags, s) // 100 * 100 for s in ("White", "Black")]
        if all(filled[b] >= args.cap for b in bins):
            continue
        for b in bins:
            filled[b] += 1
        kept.append((src, tags, text))
    os.makedirs(args.out, exist_ok=True)
    for i in range(0, len(kept), args.chunk):
        with open(os.path.join(args.out, f"chunk-{i // args.chunk:03d}.pgn"), "w") as f:
            for src, tags, text in kept[i:i + args.chunk]:
                tags = dict(tags, Source=src)
                for k, v in tags.items():
                    f.write(f'[{k} "{v}"]\n')
                f.write("\n" + text + "\n\n")
    sys.stderr.write(f"{len(kept)} of {len(games)} games in {(len(kept) + args.chunk - 1) // args.chunk} chunks; "
                     "players by bin: " + ", ".join(f"{b}: {filled[b]}" for b in sorted(filled)) + "\n")


if __name__ == "__main__":
    main()
