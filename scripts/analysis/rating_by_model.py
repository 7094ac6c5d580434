#!/usr/bin/python3
"""Another site's ratings on the Lichess scale, read by the human move model itself (issue 55, more human
games): for the positions of each 100-point bin of the movers' own ratings, the rating R at which the model
(trained on Lichess and over-the-board games) finds the moves played likeliest, mean log-likelihood over
R = 400, 450, ..., 2600. The same reading on Lichess positions (whose scale the model learnt) shows how
far the method can be trusted: it should give back their own ratings.

  /usr/bin/python3 scripts/analysis/rating_by_model.py --data DIR [--net src/levels/human_policy.nnw]
        [--per-bin 3000] [--seed 1]

DIR: records of sparring-human-data with chess.com's games unmapped (MORE2=1 scripts/human_data.sh).
Positions after ply 10, not the test games. Prints, per bin and side (chess.com, Lichess): positions, the
best R, the R not worse than the best by two standard errors of the paired difference (a flat curve reads
as a wide range), and
a least-squares line Lichess = A + B x rating through the best R of the bins with at least 500 positions and
a range of at most 500 points (a flat curve, often one player's games, says little).

Answer (session 48, docs/human-model.md "More games: more2"): the Lichess bins come back at their own
ratings (700-2500, within 50-150 points), so the reading can be trusted; chess.com's 100-699 read as
900-1000, 800-999 as 1300, 1,200 as 1,550: Lichess ~ 689 + 0.65 x chess.com, near the error-based
523 + 0.81 x chess.com of scripts/people_errors.py scale.
"""
import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import train_human_model as thm  # noqa: E402

CANDIDATES = np.arange(400, 2601, 50)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--net", default=os.path.join(os.path.dirname(__file__), "..", "..", "src", "levels",
                                                  "human_policy.nnw"))
    ap.add_argument("--per-bin", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    data = thm.Data(args.data)
    model, arch = thm.load_net(args.net)
    print(f"net {args.net} ({arch}); records {args.data}")
    usable = (data.split != 2) & (data.ply >= 10) & (data.source != 5)
    elo = data.elo.astype(np.int64)
    for label, mask in (("chess.com", usable & data.chesscom), ("Lichess", usable & ~data.chesscom)):
        print(f"\n{label}: | bin | positions | best R | as good within 2 s.e. |")
        xs, ys, ws = [], [], []
        for lo in range(0, 2800, 100):
            idx = np.nonzero(mask & (elo >= lo) & (elo < lo + 100))[0]
            if len(idx) < 200:
                continue
            idx = np.sort(rng.choice(idx, min(len(idx), args.per_bin), replace=False))
            own = data.elo[idx].copy()
            ll = []  # (candidate, position): log-likelihood of the move played
            for r in CANDIDATES:
                data.elo[idx] = r
                ll.append(thm.evaluate(model, data, idx, each=True)["ll_each"])
            data.elo[idx] = own
            ll = np.array(ll)
            mean = ll.mean(1)
            top = mean.argmax()
            best = CANDIDATES[top]
            # A candidate is as good as the best unless the paired difference is 2 standard errors from 0.
            d = ll[top] - ll
            near = CANDIDATES[d.mean(1) <= 2 * d.std(1) / np.sqrt(len(idx))]
            print(f"| {lo}-{lo + 99} | {len(idx)} | {best} | {near.min()}-{near.max()} |", flush=True)
            if len(idx) >= 500 and near.max() - near.min() <= 500:
                xs.append(lo + 50), ys.append(best), ws.append(len(idx))
        if len(xs) >= 2:
            b, a = np.polyfit(xs, ys, 1, w=np.sqrt(ws))
            print(f"{label}: Lichess = {a:.0f} + {b:.2f} x rating (bins of 500 positions or more whose range is "
                  "at most 500 points)")


if __name__ == "__main__":
    main()
