#!/usr/bin/python3
"""Trains Sparring's evaluation network (NNUE) on `sparring datagen` records.

  /usr/bin/python3 scripts/train_nnue.py --data runs/data/selfplay.bin [more files] --out runs/nnue-1 \
      --hidden 256 --epochs 10 --threads 2 --seed 1
  /usr/bin/python3 scripts/train_nnue.py --pool runs/nnue-pool --out runs/nnue-2 --init src/engine/eval.nnw
  /usr/bin/python3 scripts/train_nnue.py --check runs/nnue-1/net.nnw fens.txt   # the engine's integers

Needs PyTorch and numpy for /usr/bin/python3 (`scripts/setup.sh train`); never needed by make.

The network: 768 piece-square inputs per perspective (own/their piece type x square, the square seen
from that side: a1 for black is a8), one hidden layer of --hidden units per perspective (the same
weights for both), squared clipped ReLU, and one of 8 outputs on [side to move, other side], chosen by
the number of pieces on the board (2-5: 0, 6-9: 1, ..., 30-32: 7). Target: a blend of the search score
as a win probability, sigmoid(score / 400), and the game's result (--wdl weight), fitted by mean
squared error on sigmoid(output). The net is exported quantised, with the engine's
rounding: hidden weights and biases x QA (int16), output weights x QB (int16), output bias x QA*QB
(int32); the engine's evaluation in cp is out * SCALE / (QA * QB). Writes OUT/net.nnw (the net at
the report of the lowest held-out error; --keep last: the last), OUT/loss.png
(or .csv without matplotlib) and OUT/train.log. Deterministic for a seed (one thread per process
step, fixed shuffles). --init NET goes on from an exported net (runs/ does not survive a session; the
committed net does; a net of one output, as before net 4, starts every bucket from it; a narrower net
starts a wider one as the same function); --mirror P
reads a share P of the training positions mirrored left to right.

--data FILE...: the last --validation share of the records is held out. --pool DIR (instead of --data):
the pool that scripts/nnue_pool.py grows, split by scripts/lib/record_pool.py: its held-out games
(hashed by number into the pool's share, so the same positions whatever is added later) for
validation, at most --validation-max of them (the first in pool order), every other game for training,
each position (board and side to move) once.
"""
import argparse
import copy
import math
import os
import re
import subprocess
import sys
import time

import numpy as np
import torch

from lib import record_pool
from lib.net_file import read_net, write_net

RECORD = 32
QA, QB, SCALE = 255, 64, 400
FEATURES = 768
BUCKETS = 8
ARCH = "nnue-screlu"


def bucket_of(pieces):
    """The output bucket of positions with these numbers of pieces (src/nn/nnue.h nnue_bucket)."""
    return np.clip((np.asarray(pieces) - 2) // 4, 0, BUCKETS - 1)


def read_records(paths):
    """All records of the files, as one (N, 32) uint8 array (memory-mapped; torn tails dropped)."""
    parts = []
    for p in paths:
        n = os.path.getsize(p) // RECORD
        if n:
            parts.append(np.memmap(p, dtype=np.uint8, mode="r", shape=(n, RECORD)))
    if not parts:
        sys.exit(f"train_nnue: no records in {' '.join(paths)}")
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def read_pool(pool, validation_max):
    """(records, held-out numbers, training numbers, a line on the pool) of a scripts/nnue_pool.py pool."""
    manifest = record_pool.load_manifest(pool)
    if manifest is None:
        sys.exit(f"train_nnue: no pool at {pool} (no {record_pool.MANIFEST})")
    chunks = record_pool.pool_chunks(pool, manifest)
    data, held, train = record_pool.split_numpy(chunks)
    if not len(held) or not len(train):
        sys.exit(f"train_nnue: the pool {pool} has {len(held):,} held-out and {len(train):,} training positions")
    all_held = sum(n for c in chunks for _, n, h in c["games"] if h)
    line = (f"pool {pool}: {len(data):,} records in {len(chunks)} chunks of {len(manifest['nets'])} nets; "
            f"{len(data) - len(held) - len(train):,} duplicates dropped; held out: {len(held):,} positions of the "
            f"games hashing into {manifest['holdout']:.1%} ({all_held:,} with duplicates), "
            f"{min(len(held), validation_max):,} used")
    return data, held[:validation_max], train, line


def decode(batch, mirror=None):
    """Feature indices for both perspectives (padded with FEATURES), output buckets, scores and results.
    `mirror`: a boolean per record; those records are read mirrored left to right (a-file <-> h-file),
    a position of the same value (the net sees no castling rights)."""
    n = len(batch)
    occ = np.unpackbits(batch[:, :8], axis=1, bitorder="little").astype(bool)  # (n, 64), a1 first
    nib = np.empty((n, 32), dtype=np.int64)
    nib[:, 0::2] = batch[:, 8:24] & 15
    nib[:, 1::2] = batch[:, 8:24] >> 4
    slot = np.cumsum(occ, axis=1) - 1  # the k-th occupied square holds the k-th nibble
    rows, squares = np.nonzero(occ)
    pieces = nib[rows, slot[rows, squares]]
    if mirror is not None:
        squares = np.where(mirror[rows], squares ^ 7, squares)
    color, ptype = pieces >> 3, (pieces & 7) - 1
    stm = batch[:, 27].astype(np.int64)
    white = (color * 384 + ptype * 64 + squares).astype(np.int64)
    black = ((1 - color) * 384 + ptype * 64 + (squares ^ 56)).astype(np.int64)
    counts = occ.sum(axis=1)
    col = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
    fw = np.full((n, 32), FEATURES, dtype=np.int64)
    fb = np.full((n, 32), FEATURES, dtype=np.int64)
    fw[rows, col], fb[rows, col] = white, black
    own = np.where(stm[:, None] == 0, fw, fb)
    their = np.where(stm[:, None] == 0, fb, fw)
    score = batch[:, 24:26].copy().view(np.int16).ravel().astype(np.float32)
    result = batch[:, 26].astype(np.float32) / 2
    bucket = torch.from_numpy(bucket_of(counts).astype(np.int64))
    return torch.from_numpy(own), torch.from_numpy(their), bucket, torch.from_numpy(score), torch.from_numpy(result)


class Net(torch.nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ft = torch.nn.EmbeddingBag(FEATURES + 1, hidden, mode="sum", padding_idx=FEATURES)
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, BUCKETS)
        with torch.no_grad():
            self.ft.weight.normal_(0, 0.1)
            self.ft.weight[FEATURES].zero_()
            self.out.weight.normal_(0, 1 / math.sqrt(2 * hidden))
            self.out.bias.zero_()

    def forward(self, own, their, bucket):
        a = torch.clamp(self.ft(own) + self.ft_bias, 0, 1) ** 2
        b = torch.clamp(self.ft(their) + self.ft_bias, 0, 1) ** 2
        out = self.out(torch.cat([a, b], dim=1))  # every bucket's output, in units of SCALE cp
        return out.gather(1, bucket.unsqueeze(1)).squeeze(1)

    def clip(self):
        # The quantised values must fit: output weights x QB in int16 with room for v*v*w sums.
        with torch.no_grad():
            self.out.weight.clamp_(-127 / QB, 127 / QB)


def export(net, path, hidden):
    """The net file (src/nn/net_file.h) with the engine's integers: dtype 2 int16, 3 int32."""
    w1 = np.round(net.ft.weight[:FEATURES].detach().numpy() * QA)
    b1 = np.round(net.ft_bias.detach().numpy() * QA)
    w2 = np.round(net.out.weight.detach().numpy() * QB)  # (BUCKETS, 2 * hidden)
    b2 = np.round(net.out.bias.detach().numpy() * QA * QB)
    write_net(path, f"{ARCH} {hidden}x{BUCKETS}", [("ft_weight", w1, 2), ("ft_bias", b1, 2),
                                                  ("out_weight", w2, 2), ("out_bias", b2, 3)])


def load_into(net, path, hidden):
    """The float weights of an exported net (the quantised values scaled back), to train on from there.
    A net of one output (nnue-screlu H, before net 4) gives every bucket that output: the same function.
    A narrower net fills the first units of each perspective; the units added keep their random input
    weights and get output weights of 0, so the wider net starts as the same function and learns on."""
    arch, t = read_net(path)
    m = re.fullmatch(re.escape(ARCH) + r" (\d+)(x%d)?" % BUCKETS, arch)
    if not m or int(m.group(1)) > hidden:
        sys.exit(f"train_nnue: {path} is '{arch}', not '{ARCH} H' or '{ARCH} Hx{BUCKETS}' with H <= {hidden}")
    h0 = int(m.group(1))
    w2 = t["out_weight"].astype(np.float32).reshape(-1, 2, h0) / QB
    b2 = t["out_bias"].astype(np.float32).reshape(-1) / (QA * QB)
    out = np.zeros((BUCKETS, 2, hidden), dtype=np.float32)
    out[:, :, :h0] = w2  # a one-output net's row goes to every bucket
    with torch.no_grad():
        net.ft.weight[:FEATURES, :h0] = torch.from_numpy(t["ft_weight"].astype(np.float32).reshape(FEATURES, h0) / QA)
        net.ft_bias[:h0] = torch.from_numpy(t["ft_bias"].astype(np.float32) / QA)
        net.ft_bias[h0:] = 0
        net.out.weight[:] = torch.from_numpy(out.reshape(BUCKETS, 2 * hidden))
        net.out.bias[:] = torch.from_numpy(np.broadcast_to(b2, (BUCKETS,)).copy())


def load_quantised(path):
    """The integer tensors of an exported net (the inverse of export)."""
    return {name: a.astype(np.int64) for name, a in read_net(path)[1].items()}


def record_fen(r):
    """The FEN of a record (no castling rights or en passant square: the record keeps neither)."""
    occ = int.from_bytes(bytes(r[:8]), "little")
    board, k = [""] * 64, 0
    for sq in range(64):
        if occ >> sq & 1:
            code = r[8 + k // 2] >> (4 * (k % 2)) & 15
            board[sq] = "PNBRQK"[(code & 7) - 1] if code < 8 else "pnbrqk"[(code & 7) - 1]
            k += 1
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            if board[rank * 8 + f]:
                row += (str(empty) if empty else "") + board[rank * 8 + f]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {'wb'[r[27]]} - - {r[30]} {max(1, r[28] | r[29] << 8)}"


def static_scores(engine, fens):
    """The engine's hand-written static evaluation (the "Final evaluation" line of UCI `eval`) of each
    FEN, in cp for the side to move: the baseline a net must beat as a predictor of the search."""
    script = "".join(f"position fen {f}\neval\n" for f in fens) + "quit\n"
    out = subprocess.run([engine], input=script, capture_output=True, text=True, check=True).stdout
    scores = [int(m) for m in re.findall(r"^Final evaluation: .*?, ([-+]?\d+) cp \(side to move\)", out, re.M)]
    if len(scores) != len(fens):
        sys.exit(f"train_nnue: {engine} evaluated {len(scores)} of {len(fens)} positions")
    return torch.tensor(scores, dtype=torch.float32)


def quantised_eval(t, fen):
    """The engine's integer evaluation of a FEN (src/nn/nnue.h), in cp for the side to move."""
    placement, side = fen.split()[:2]
    feats = ([], [])
    for rank, row in enumerate(reversed(placement.split("/"))):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            sq, color, ptype = rank * 8 + file, int(ch.islower()), "pnbrqk".index(ch.lower())
            feats[0].append(color * 384 + ptype * 64 + sq)
            feats[1].append((1 - color) * 384 + ptype * 64 + (sq ^ 56))
            file += 1
    us, bucket = 0 if side == "w" else 1, int(bucket_of(len(feats[0])))
    total = 0
    for s, persp in enumerate((us, 1 - us)):
        acc = t["ft_bias"] + t["ft_weight"][feats[persp]].sum(axis=0)
        c = np.clip(acc, 0, QA)
        total += int((c * c * t["out_weight"][bucket, s * len(c):(s + 1) * len(c)]).sum())
    out = int(total / QA) + int(t["out_bias"][bucket])  # C++ division truncates toward zero
    return int(out * SCALE / (QA * QB))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", nargs=2, metavar=("NET", "FENS"),
                    help="print the integer evaluation of each FEN in the file FENS by the net NET, and stop")
    ap.add_argument("--data", nargs="+", help="record files of sparring datagen")
    ap.add_argument("--pool", metavar="DIR", help="instead of --data: a pool of scripts/nnue_pool.py, deduplicated, "
                    "its held-out games for validation")
    ap.add_argument("--out", help="output folder")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--epochs", type=float, default=10)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--wdl", type=float, default=0.3, help="weight of the game result in the target (0-1)")
    ap.add_argument("--validation", type=float, default=0.02, help="share of the records held out (--data)")
    ap.add_argument("--validation-max", type=int, default=200_000,
                    help="with --pool: at most this many held-out positions, the first in pool order")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", metavar="NET",
                    help="start from this exported net (as wide as --hidden or narrower) instead of at random")
    ap.add_argument("--mirror", type=float, default=0.5,
                    help="share of the training positions read mirrored left to right (0: none)")
    ap.add_argument("--keep", choices=("best", "last"), default="best",
                    help="export the net of the lowest held-out error among the reports (default) or the last one")
    ap.add_argument("--baseline", metavar="ENGINE",
                    help="also score the held-out positions by this engine's hand-written static evaluation")
    args = ap.parse_args()
    if args.check:
        t = load_quantised(args.check[0])
        for fen in open(args.check[1]):
            if fen.strip():
                print(f"{quantised_eval(t, fen.strip())} {fen.strip()}")
        return
    if not (args.data or args.pool) or not args.out:
        ap.error("--data (or --pool) and --out are required for training")
    if args.data and args.pool:
        ap.error("--data or --pool, not both")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    os.makedirs(args.out, exist_ok=True)
    log = open(os.path.join(args.out, "train.log"), "w")

    def say(msg):
        print(msg, flush=True)
        log.write(msg + "\n")
        log.flush()

    rng = np.random.default_rng(args.seed)
    if args.pool:
        data, val_idx, train_idx, line = read_pool(args.pool, args.validation_max)
        say(line)
    else:
        data = read_records(args.data)
        # The last records are held out: a game's positions lie together, so a random split would
        # put the same game (and its result) on both sides.
        held = max(1, int(len(data) * args.validation))
        val_idx, train_idx = np.arange(len(data) - held, len(data)), np.arange(len(data) - held)
    if len(train_idx) < args.batch:
        sys.exit(f"train_nnue: {len(train_idx):,} training records, fewer than one batch of {args.batch:,} (--batch)")
    val = decode(np.asarray(data[val_idx]))
    say(f"{len(data):,} records: {len(train_idx):,} for training, {len(val_idx):,} held out; "
        f"hidden {args.hidden}, wdl {args.wdl}, batch {args.batch}, lr {args.lr}, seed {args.seed}")

    def target_of(score, result):
        return (1 - args.wdl) * torch.sigmoid(score / SCALE) + args.wdl * result

    def error(output, score, result):
        """The loss: squared error of the win probability, output in units of SCALE cp."""
        return torch.mean((torch.sigmoid(output) - target_of(score, result)) ** 2)

    net = Net(args.hidden)
    if args.init:
        load_into(net, args.init, args.hidden)
        say(f"started from {args.init}: validation {float(error(net(*val[:3]), *val[3:])):.5f}")
    if args.baseline:
        fens = [record_fen(r) for r in np.asarray(data[val_idx])]
        static = static_scores(args.baseline, fens)
        say(f"the hand-written static evaluation on the held-out positions: "
            f"{float(error(static / SCALE, *val[3:])):.5f}")
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    steps = max(1, int(args.epochs * len(train_idx) / args.batch))
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, steps)

    def loss_of(own, their, bucket, score, result):
        return error(net(own, their, bucket), score, result)

    curve, started, step = [], time.time(), 0
    best = (float("inf"), 0, None)  # held-out error, step, weights
    report_every = max(1, steps // 40)
    while step < steps:
        perm = rng.permutation(train_idx)
        for i in range(0, len(perm) - args.batch + 1, args.batch):
            batch = decode(np.asarray(data[np.sort(perm[i:i + args.batch])]), rng.random(args.batch) < args.mirror)
            loss = loss_of(*batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            net.clip()
            with torch.no_grad():
                net.ft.weight[FEATURES].zero_()
            step += 1
            if step % report_every == 0 or step == steps:
                with torch.no_grad():
                    vl = float(loss_of(*val))
                curve.append((step, float(loss), vl))
                if vl < best[0]:
                    best = (vl, step, copy.deepcopy(net.state_dict()))
                say(f"step {step}/{steps} ({step * args.batch / len(train_idx):.2f} epochs): "
                    f"train {float(loss):.5f} validation {vl:.5f} ({time.time() - started:.0f} s)")
            if step >= steps:
                break

    if args.keep == "best" and best[2] is not None:
        net.load_state_dict(best[2])
        say(f"kept the net of step {best[1]}: validation {best[0]:.5f}")
    export(net, os.path.join(args.out, "net.nnw"), args.hidden)
    say(f"wrote {os.path.join(args.out, 'net.nnw')}")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        s, t, v = zip(*curve)
        plt.figure(figsize=(6, 4))
        plt.plot(s, t, label="training batch")
        plt.plot(s, v, label="held out")
        plt.xlabel("step")
        plt.ylabel("MSE on win probability")
        plt.legend()
        plt.tight_layout()
        plt.savefig(os.path.join(args.out, "loss.png"), dpi=100)
    except ImportError:
        with open(os.path.join(args.out, "loss.csv"), "w") as f:
            f.writelines(f"{a},{b},{c}\n" for a, b, c in curve)


if __name__ == "__main__":
    main()
