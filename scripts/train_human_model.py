#!/usr/bin/python3
"""Trains Sparring's human move model: one network for all ratings that gives every legal move the
probability that a person of a given rating plays it (the Maia-2 idea, small enough for a CPU).

Needs PyTorch and numpy from Debian (`scripts/setup.sh train`), hence /usr/bin/python3.

  scripts/train_human_model.py --data runs/human-v2 --out runs/model [--h1 1024 --h2 256 --dq 128] ...
  scripts/train_human_model.py --load NET --data DIR --out DIR     (the test figures of a net file)
  scripts/train_human_model.py --load NET --reference DIR --reference-out FILE --out DIR
                                                    (the probabilities the engine's unit test expects)
  scripts/train_human_model.py --random-net FILE --h1 16 --h2 8 --dq 4 --head 8 --out DIR
                                                    (random weights: the unit test of the inference)

Input: the records of `sparring-human-data` (pos.bin, moves.bin; layouts below). The network, on
the board seen from the mover's side (src/levels/policy_features.h):

  h1 = relu(sum of the active input rows + b1 + R1(rating) + S1(source))
  h2 = relu(W2 h1 + b2 + R2(rating) + S2(source))
  q  = W3 h2 + b3
  logit(move) = q . (E[from-to index] + P[piece, to] + P[piece, from] + P[captured])
                + e[from-to index] + sum over the move's features f of f (q . G_f + g_f)
                [+ head . relu(U h2 + c + E2[from-to index] + P2[piece, to] + P2[piece, from]
                               + P2[captured] + sum over f of f G2_f)]    (--head K: human-policy-2)

The bracketed additive head (width K) lets the board and the move meet through a ReLU rather than
only a dot product: 0.4 points more top-1 on the Lichess validation positions after 3,000 batches
(43.31% against 42.91%, same data and schedule), at about 1.6 times the time a batch.

R1, R2 interpolate linearly between learned vectors at ratings 400, 600, ..., 2800; S1, S2 are one
vector per source (Lichess bullet, blitz, rapid, classical, unknown; over the board). A move's
features are its glance bits (a capture, a check, a piece left hanging, ...) and its glance loss
(centipawns below the position's best move by a small quiescence search). The softmax over the
legal moves is fitted by cross-entropy on the move the person played. A position without castling
rights is scored, in every figure as in the engine, by the mean of its own logits and its mirror
image's (files a<->h): 0.3 points more top-1 on the validation positions than one view.

chess.com's games (`MORE2=1 scripts/human_data.sh`: their ratings run a few hundred points under
Lichess's) are taken as they are, put on Lichess's scale, given a source of their own that the engine
never asks for, or left out (--chesscom as-is | map:A,B | source | drop); --drop-events leaves out the
games of a source file of more2 (one player's archive), to check that a gain is not one player's habits.

Validation (never the test set) picks the checkpoint: the Lichess validation positions of the bands
600-2100, chess.com's left out. The test set (band files, games 400 and later) is only reported, per band file, for
positions after ply 10 of the players whose rating is in the band (as `sparring-levels humans`
counts them), and for plies 1-10.

Output in --out: human_policy.nnw (the net, see src/nn/net_file.h), report.json and report.md
(per-band top-1, top-3, log-likelihood), loss.png, accuracy.png (with --baselines) and train.log.
"""
import argparse
import json
import os
import time

# One BLAS thread: torch's own threads (--threads) do the parallel work; both at once oversubscribe.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from lib.net_file import read_net, write_net

INPUT_NB = 908
PIECE_FEATURES = 768
CASTLING_FEATURES, EP_FEATURES = 768, 772  # policy_features.h
MOVE_PIECE_NB = 6 * 64 * 2 + 7
MAX_ACTIVE = 40
MOVE_INDEX_NB = 4168
BITS_NB = 16
BIT_TABLE = ((np.arange(1 << BITS_NB)[:, None] >> np.arange(BITS_NB)) & 1).astype(np.float32)
SOURCES = ["bullet", "blitz", "rapid", "classical", "lichess", "otb"]
RATING_KNOTS = np.arange(400, 2801, 200)
BANDS = ["-900", "900-1100", "1100-1300", "1300-1500", "1500-1700", "1700-1900", "1900-2100", "2100-2300",
         "2300-2500", "2500-"]
BAND_RANGE = [(0, 900), (900, 1100), (1100, 1300), (1300, 1500), (1500, 1700), (1700, 1900), (1900, 2100),
              (2100, 2300), (2300, 2500), (2500, 10000)]
TARGET_BANDS = range(0, 7)  # 600-2100: the average

POS_DTYPE = np.dtype([("features", "<u2", (MAX_ACTIVE,)), ("elo", "<u2"), ("opp", "<u2"), ("ply", "<u2"),
                      ("nmoves", "u1"), ("target", "u1"), ("source", "u1"), ("split", "u1"), ("band", "u1"),
                      ("result", "i1"), ("game", "<u4")])
MOVE_DTYPE = np.dtype([("index", "<u2"), ("bits", "<u2"), ("glance", "<u2")])
assert POS_DTYPE.itemsize == 96 and MOVE_DTYPE.itemsize == 6
GLANCE_UPPER = np.array([0, 50, 100, 200, 300, 500, 900])
MOVE_FEATURE_NB = BITS_NB + 10  # policy_features.h: move_features()


def move_features(bits, glance):
    """The glance bits, then the glance loss's bucket (one-hot), loss/1000 and log1p(loss/100)/3.5."""
    loss = np.minimum(glance.astype(np.int64), 3000)
    bucket = np.searchsorted(GLANCE_UPPER, loss, side="left")
    g = np.zeros((len(loss), 10), dtype=np.float32)
    g[np.arange(len(loss)), bucket] = 1
    g[:, 8] = np.minimum(loss, 1000) / 1000.0
    g[:, 9] = np.log1p(loss / 100.0) / 3.5
    return np.concatenate([BIT_TABLE[bits], g], axis=1)


class Data:
    def __init__(self, folder):
        self.pos = np.fromfile(os.path.join(folder, "pos.bin"), dtype=POS_DTYPE)
        self.moves = np.fromfile(os.path.join(folder, "moves.bin"), dtype=MOVE_DTYPE)
        n = self.pos["nmoves"].astype(np.int64)
        self.start = np.concatenate([[0], np.cumsum(n)[:-1]])
        assert self.start[-1] + n[-1] == len(self.moves), "pos.bin and moves.bin disagree"
        # The columns every selection reads, in memory.
        self.split, self.source, self.band = np.array(self.pos["split"]), np.array(self.pos["source"]), \
            np.array(self.pos["band"])
        self.elo, self.ply = np.array(self.pos["elo"]), np.array(self.pos["ply"])
        # Each position's game: its file and index there (games.tsv), to tell chess.com's and an archive's apart.
        # Records of `sparring-human-data --positions` have no games (file -1).
        files, file_of, index_of = {}, [-1], [0]
        tsv = os.path.join(folder, "games.tsv")
        if os.path.exists(tsv):
            file_of, index_of = [], []
            with open(tsv) as f:
                next(f)
                for line in f:
                    _, path, index, *_ = line.split("\t")
                    file_of.append(files.setdefault(path, len(files)))
                    index_of.append(int(index))
        self.files = list(files)
        game = np.array(self.pos["game"]) if files else np.zeros(len(self.pos), np.int64)
        self.file_of, self.index_of = np.array(file_of, np.int32)[game], np.array(index_of, np.int32)[game]
        self.chesscom = np.isin(self.file_of, [i for i, path in enumerate(self.files)
                                               if "chesscom" in os.path.basename(path)])

    def batch(self, idx, mirror=None):
        """Tensors for the positions idx: inputs, the flattened legal moves and the targets. With
        `mirror` (one bool a position), those of them without castling rights are mirrored a<->h."""
        p = self.pos[idx]
        n = p["nmoves"].astype(np.int64)
        first = np.cumsum(n) - n
        seg = np.repeat(np.arange(len(idx)), n)
        mpos = self.start[idx][seg] + (np.arange(n.sum()) - first[seg])
        m = self.moves[mpos]
        feats = p["features"].astype(np.int64)
        feats[feats == 0xFFFF] = INPUT_NB
        mi = m["index"].astype(np.int64)
        if mirror is not None:
            castling = ((feats >= CASTLING_FEATURES) & (feats < EP_FEATURES)).any(1)
            mirror_files(feats, mi, seg, mirror & ~castling)
        return_extra = move_piece_indices(feats, seg, mi)
        return dict(
            features=torch.from_numpy(feats),
            elo=torch.from_numpy(self.elo[idx].astype(np.float32)),
            source=torch.from_numpy(self.source[idx].astype(np.int64)),
            seg=torch.from_numpy(seg),
            move_index=torch.from_numpy(mi),
            move_piece=torch.from_numpy(return_extra),
            bits=torch.from_numpy(move_features(m["bits"], m["glance"])),
            target=torch.from_numpy(first + p["target"].astype(np.int64)),
            count=len(idx),
        )


def apply_chesscom(data, spec):
    """--chesscom: what the trainer makes of chess.com's positions, whose ratings run a few hundred points
    under Lichess's (sparring-human-data keeps them as they are unless given --chesscom-map). `as-is`;
    `map:A,B`, the rating A + B x chess.com's; `source`, a source row of their own, which starts as
    Lichess blitz's and is not written to the net (the engine asks for Lichess blitz); `drop`, left out of
    training. Returns (the source rows beyond SOURCES, the positions left out)."""
    cc = data.chesscom
    if spec == "as-is":
        return 0, np.zeros(len(cc), bool)
    if spec == "drop":
        return 0, cc
    if spec == "source":
        data.source[cc] = len(SOURCES)
        return 1, np.zeros(len(cc), bool)
    if spec.startswith("map:"):
        a, b = (float(x) for x in spec[4:].split(","))
        data.elo[cc] = np.clip(np.rint(a + b * data.elo[cc].astype(np.float64)), 1, 65535).astype(data.elo.dtype)
        return 0, np.zeros(len(cc), bool)
    raise SystemExit(f"--chesscom {spec}: expected as-is, map:A,B, source or drop")


def drop_events(data, names):
    """The positions of games whose Event tag contains one of `names` (more2's tag names each game's source
    file, e.g. one player's archive), in the PGN files the records came from."""
    out = np.zeros(len(data.file_of), bool)
    if not names:
        return out
    for i, path in enumerate(data.files):
        if path.endswith(".xz"):
            continue
        events = [line[8:-3] for line in open(path, encoding="utf-8", errors="replace") if line.startswith('[Event "')]
        hit = np.array([any(n in e for n in names) for e in events] + [False])
        mine = data.file_of == i
        out[mine] = hit[np.minimum(data.index_of[mine], len(events))]
    return out


def mirror_files(feats, mi, seg, which):
    """Mirrors the positions `which` (bools) left to right in place: files a<->h of every square
    feature and move. Chess is symmetric so, but for castling; the glance bits and the order of the
    moves (so the target) stay as they are."""
    rows = which[:, None] & (feats < INPUT_NB)
    sq = rows & (feats < PIECE_FEATURES)
    feats[sq] ^= 7
    rest = rows & (feats >= EP_FEATURES)  # the en passant file and the last move's squares
    feats[rest] = EP_FEATURES + ((feats[rest] - EP_FEATURES) ^ 7)
    mv = which[seg]
    normal = mv & (mi < 4096)
    mi[normal] ^= (7 << 6) | 7
    under = mv & (mi >= 4096)
    k = mi[under] - 4096  # piece x 24 + from-file x 3 + direction (-1, 0, +1 as 0, 1, 2)
    mi[under] = 4096 + k // 24 * 24 + (7 - k % 24 // 3) * 3 + (2 - k % 3)


def move_piece_indices(feats, seg, mi):
    """Per move, three rows of the piece table: the moving piece on its target square, the moving
    piece on its origin square, and what it captures (policy_features.h: the same in C++)."""
    board = np.zeros((len(feats), 65), dtype=np.int64)  # 0 empty, 1-6 our P..K, 7-12 theirs; 64: padding
    sq = np.where(feats < PIECE_FEATURES, feats % 64, 64)
    np.put_along_axis(board, sq, np.where(feats < PIECE_FEATURES, feats // 64 + 1, 0), axis=1)
    normal = mi < 4096
    k = np.maximum(mi - 4096, 0)
    frm = np.where(normal, mi // 64, 48 + (k % 24) // 3)
    to = np.where(normal, mi % 64, 56 + (k % 24) // 3 + k % 3 - 1)
    piece = board[seg, frm] - 1  # always one of ours: 0-5
    target = board[seg, to]
    captured = np.where(target >= 7, target - 7, 6)
    return np.stack([piece * 64 + to, 384 + piece * 64 + frm, 768 + captured], axis=1)


def rating_weights(elo):
    """Indices and weights of the two rating knots around each rating (linear interpolation)."""
    t = (elo.clamp(RATING_KNOTS[0], RATING_KNOTS[-1]) - RATING_KNOTS[0]) / 200.0
    k = t.floor().clamp(max=len(RATING_KNOTS) - 2)
    w = (t - k).unsqueeze(1)
    return k.long(), w


class HumanPolicy(nn.Module):
    def __init__(self, h1, h2, dq, k=0, sources=len(SOURCES)):
        super().__init__()
        self.h1, self.h2, self.dq, self.k = h1, h2, dq, k
        self.inp = nn.EmbeddingBag(INPUT_NB + 1, h1, mode="sum", padding_idx=INPUT_NB)
        nn.init.normal_(self.inp.weight, std=0.05)
        with torch.no_grad():
            self.inp.weight[INPUT_NB].zero_()
        self.b1 = nn.Parameter(torch.full((h1,), 0.05))
        self.r1 = nn.Parameter(torch.zeros(len(RATING_KNOTS), h1))
        # Rows past SOURCES (--chesscom source) are the trainer's own: the net file keeps SOURCES.
        self.s1 = nn.Parameter(torch.zeros(sources, h1))
        self.l2 = nn.Linear(h1, h2)
        self.r2 = nn.Parameter(torch.zeros(len(RATING_KNOTS), h2))
        self.s2 = nn.Parameter(torch.zeros(sources, h2))
        self.l3 = nn.Linear(h2, dq)
        self.out = nn.Embedding(MOVE_INDEX_NB, dq)
        nn.init.normal_(self.out.weight, std=0.02)
        self.out_bias = nn.Parameter(torch.zeros(MOVE_INDEX_NB))
        self.piece = nn.Parameter(torch.randn(MOVE_PIECE_NB, dq) * 0.02)
        self.bit_vec = nn.Parameter(torch.zeros(MOVE_FEATURE_NB, dq))
        self.bit_bias = nn.Parameter(torch.zeros(MOVE_FEATURE_NB))
        if k:  # the additive head: each move's own vector added to the board's, through a ReLU
            self.u = nn.Linear(h2, k)
            self.out2 = nn.Embedding(MOVE_INDEX_NB, k)
            nn.init.normal_(self.out2.weight, std=0.02)
            self.piece2 = nn.Parameter(torch.randn(MOVE_PIECE_NB, k) * 0.02)
            self.bit_vec2 = nn.Parameter(torch.zeros(MOVE_FEATURE_NB, k))
            self.head = nn.Parameter(torch.randn(k) * 0.02)

    def forward(self, b):
        k, w = rating_weights(b["elo"])
        src = b["source"]
        r1 = self.r1[k] * (1 - w) + self.r1[k + 1] * w
        h1 = torch.relu(self.inp(b["features"]) + self.b1 + r1 + self.s1[src])
        r2 = self.r2[k] * (1 - w) + self.r2[k + 1] * w
        h2 = torch.relu(self.l2(h1) + r2 + self.s2[src])
        q = self.l3(h2)  # the query every move's vector is matched against
        # The move-piece rows and the glance bits score the same for every move of a position that
        # has them: computed once per position, then picked per move.
        piece_score = q @ self.piece.t()
        bit_score = q @ self.bit_vec.t() + self.bit_bias
        seg, mi, mp = b["seg"], b["move_index"], b["move_piece"]
        # F.embedding rather than indexing where a row is picked per move: its backward is much faster.
        logits = ((F.embedding(seg, q) * self.out(mi)).sum(1) + self.out_bias[mi]
                  + piece_score[seg.unsqueeze(1), mp].sum(1) + (b["bits"] * F.embedding(seg, bit_score)).sum(1))
        if self.k:  # the move's own vector: its from-to row and its three piece rows, summed in one bag
            rows = torch.cat([mi.unsqueeze(1), mp + MOVE_INDEX_NB], 1)
            e = F.embedding_bag(rows, torch.cat([self.out2.weight, self.piece2]), mode="sum") + b["bits"] @ self.bit_vec2
            logits = logits + torch.relu(F.embedding(seg, self.u(h2)) + e) @ self.head
        return logits


def segment_stats(logits, b):
    """Log-probability of each target, whether it is the first choice and among the first three."""
    seg, n = b["seg"], b["count"]
    mx = torch.full((n,), -1e30).scatter_reduce(0, seg, logits, "amax", include_self=True)
    sums = torch.zeros(n).index_add(0, seg, torch.exp(logits - mx.detach()[seg]))
    lse = mx.detach() + torch.log(sums)
    tl = logits[b["target"]]
    better = torch.zeros(n).index_add(0, seg, (logits > tl.detach()[seg]).float())
    return tl - lse, better == 0, better < 3


SAMPLING_TEMPERATURES = (1.0, 0.75, 0.5, 0.35, 0.25)


def mirrored_logits(model, data, idx):
    """The logits the engine uses: for a position without castling rights, the mean of its own and
    its mirror image's (files a<->h); chess is symmetric so, and the mean predicts people better."""
    b = data.batch(idx)
    return (model(b) + model(data.batch(idx, np.ones(len(idx), bool)))) / 2, b


def evaluate(model, data, idx, batch=4096, sampling=False, each=False):
    """Top-1, top-3 and mean log-likelihood of the human move; with sampling, also the expected share
    of human moves when a move is drawn from the model at each of SAMPLING_TEMPERATURES (logits / T),
    which is what a level that samples the model plays before its error appetite and filters. The
    logits are the engine's (mirrored_logits). With `each`, also every position's log-likelihood ("ll_each")."""
    model.eval()
    ll, top1, top3, drawn = [], [], [], []
    with torch.no_grad():
        for i in range(0, len(idx), batch):
            logits, b = mirrored_logits(model, data, idx[i:i + batch])
            l, t1, t3 = segment_stats(logits, b)
            ll.append(l.numpy()), top1.append(t1.numpy()), top3.append(t3.numpy())
            if sampling:
                drawn.append(np.stack([segment_stats(logits / t, b)[0].exp().numpy() for t in SAMPLING_TEMPERATURES]))
    model.train()
    if not ll:
        return dict(n=0, top1=float("nan"), top3=float("nan"), ll=float("nan"))
    ll, top1, top3 = np.concatenate(ll), np.concatenate(top1), np.concatenate(top3)
    r = dict(n=int(len(ll)), top1=float(top1.mean() * 100), top3=float(top3.mean() * 100), ll=float(ll.mean()))
    if each:
        r["ll_each"] = ll
    if sampling:
        share = np.concatenate(drawn, axis=1).mean(axis=1) * 100
        r["sampled"] = {str(t): float(v) for t, v in zip(SAMPLING_TEMPERATURES, share)}
    return r


def test_sets(data):
    """Per band file: the test positions as the figures count them (ply > 10 ... see the docstring)."""
    sets = {}
    for b, name in enumerate(BANDS):
        lo, hi = BAND_RANGE[b]
        inband = (data.split == 2) & (data.band == b) & (data.elo >= lo) & (data.elo < hi)
        sets[name] = (np.nonzero(inband & (data.ply >= 10))[0], np.nonzero(inband & (data.ply < 10))[0])
    return sets


def validation_sets(data):
    val = data.split == 1
    sets = {"all": np.nonzero(val)[0]}
    lich = val & (data.source != 5) & ~data.chesscom & (data.ply >= 10)
    for b in TARGET_BANDS:
        lo, hi = BAND_RANGE[b]
        sets[BANDS[b]] = np.nonzero(lich & (data.elo >= lo) & (data.elo < hi))[0]
    return sets


# The net file (src/nn/net_file.h): "SPNN", version, architecture name, tensors (name, shape,
# float32 data), then an FNV-1a 64 checksum of everything before it.
HALF = {"input", "w2", "w3", "out", "piece", "u", "out2", "piece2"}  # the large matrices are stored as float16


def round_to_stored(model):
    """Rounds the weights stored as float16 to that precision, so the model is exactly the file."""
    with torch.no_grad():
        for t in (model.inp.weight, model.l2.weight, model.l3.weight, model.out.weight, model.piece) + \
                 ((model.u.weight, model.out2.weight, model.piece2) if model.k else ()):
            t.copy_(t.half().float())


def export(model, path, arch):
    tensors = [
        ("input", model.inp.weight[:INPUT_NB]),
        ("b1", model.b1), ("r1", model.r1), ("s1", model.s1[:len(SOURCES)]),
        ("w2", model.l2.weight), ("b2", model.l2.bias), ("r2", model.r2), ("s2", model.s2[:len(SOURCES)]),
        ("w3", model.l3.weight), ("b3", model.l3.bias),
        ("out", model.out.weight), ("out_bias", model.out_bias), ("piece", model.piece),
        ("move_vec", model.bit_vec), ("move_bias", model.bit_bias),
    ]
    if model.k:
        tensors += [("u", model.u.weight), ("u_bias", model.u.bias), ("out2", model.out2.weight),
                    ("piece2", model.piece2), ("move_vec2", model.bit_vec2), ("head", model.head)]
    write_net(path, arch, [(name, t.detach().numpy(), 1 if name in HALF else 0) for name, t in tensors])


def load_net(path, head=None, sources=len(SOURCES)):
    """The model stored in a net file (the inverse of export). With `head`, a model with an additive
    head of that width whatever the file has: a file without one gives a fresh head. With more
    `sources` than the file's, each extra source row starts as Lichess blitz's."""
    arch, raw = read_net(path)
    name, h1, h2, dq, *k = arch.split()
    tensors = {k: torch.from_numpy(v.astype(np.float32)) for k, v in raw.items()}
    model = HumanPolicy(int(h1), int(h2), int(dq), (int(k[0]) if k else 0) if head is None else head, sources)
    with torch.no_grad():
        model.inp.weight[:INPUT_NB] = tensors["input"]
        for attr, key in [("b1", "b1"), ("r1", "r1"), ("r2", "r2"), ("out_bias", "out_bias"),
                          ("bit_vec", "move_vec"), ("bit_bias", "move_bias")]:
            getattr(model, attr).copy_(tensors[key])
        for attr in ("s1", "s2"):
            rows = getattr(model, attr)
            rows[:len(SOURCES)] = tensors[attr]
            rows[len(SOURCES):] = tensors[attr][SOURCES.index("blitz")]
        model.l2.weight.copy_(tensors["w2"])
        model.l2.bias.copy_(tensors["b2"])
        model.l3.weight.copy_(tensors["w3"])
        model.l3.bias.copy_(tensors["b3"])
        model.out.weight.copy_(tensors["out"])
        model.piece.copy_(tensors["piece"])
        if model.k and "u" in tensors:
            model.u.weight.copy_(tensors["u"])
            model.u.bias.copy_(tensors["u_bias"])
            model.out2.weight.copy_(tensors["out2"])
            model.piece2.copy_(tensors["piece2"])
            model.bit_vec2.copy_(tensors["move_vec2"])
            model.head.copy_(tensors["head"])
    return model, arch


def write_reference(model, folder, path):
    """The probabilities of every legal move (in the engine's move order) of the positions that
    `sparring-human-data --positions` wrote to `folder`: what the engine's inference must match."""
    data = Data(folder)
    model.eval()
    with torch.no_grad():
        logits, b = mirrored_logits(model, data, np.arange(len(data.pos)))
        seg = b["seg"].numpy()
        lines = []
        for i in range(len(data.pos)):
            l = logits[torch.from_numpy(seg == i)]
            p = torch.softmax(l.double(), 0).numpy()
            lines.append(" ".join(f"{x:.8f}" for x in p))
    open(path, "w").write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", help="records of sparring-human-data (train, validation and test)")
    ap.add_argument("--load", help="instead of training: this net file (to report its test figures or "
                                   "write the reference probabilities)")
    ap.add_argument("--init", help="train on from this net file (same --h1/--h2/--dq) instead of random weights; "
                                   "with --head and a file without that head, the head starts fresh")
    ap.add_argument("--random-net", help="instead of training: write a net of random weights of the given shape here")
    ap.add_argument("--reference", help="with --load: records of `sparring-human-data --positions`")
    ap.add_argument("--reference-out", default="tests/data/human_policy_reference.txt")
    ap.add_argument("--baselines", nargs="*", help="files of scripts/human_baselines.sh to report and plot beside")
    ap.add_argument("--out", required=True)
    ap.add_argument("--h1", type=int, default=512)
    ap.add_argument("--h2", type=int, default=256)
    ap.add_argument("--dq", type=int, default=128, help="width of the move vectors")
    ap.add_argument("--head", type=int, default=0, help="width of the additive move head (0: none)")
    ap.add_argument("--epochs", type=float, default=4)
    ap.add_argument("--weight-decay", type=float, default=0,
                    help="AdamW's decoupled weight decay (0: plain Adam, as the nets so far were trained)")
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--lichess-weight", type=float, default=1.0,
                    help="how much more often Lichess positions are drawn than over-the-board ones")
    ap.add_argument("--lichess-weight-final", type=float, default=0,
                    help="the Lichess weight at the end of training (default: --lichess-weight throughout)")
    ap.add_argument("--mirror", type=float, default=0,
                    help="probability of mirroring a training position without castling rights (files a<->h)")
    ap.add_argument("--chesscom", default="as-is",
                    help="chess.com's positions: as-is, map:A,B (rating A + B x chess.com's), source (a row of "
                         "their own, training only) or drop")
    ap.add_argument("--drop-events", default="",
                    help="comma-separated: leave out of training the games whose Event tag contains one "
                         "(more2's archives: hpatel267, GirishA012, SchmitzAndrew, tal9624, ...)")
    ap.add_argument("--max-train", type=int, default=0, help="use at most this many training positions")
    ap.add_argument("--eval-every", type=int, default=2000, help="batches between validation checks")
    args = ap.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    os.makedirs(args.out, exist_ok=True)
    log = open(os.path.join(args.out, "train.log"), "a")

    def say(*a):
        s = " ".join(str(x) for x in a)
        print(s, flush=True)
        log.write(s + "\n")
        log.flush()

    if args.random_net:
        # A network of random weights, all of them large enough to matter (the additive head's too):
        # the engine's unit test checks its inference on it (tests/data/human_policy_random.nnw).
        model = HumanPolicy(args.h1, args.h2, args.dq, args.head)
        with torch.no_grad():
            for t in model.parameters():
                t.copy_(torch.randn(t.shape) * 0.3)
        round_to_stored(model)
        export(model, args.random_net, arch_name(args))
        say(f"wrote {args.random_net} ({arch_name(args)})")
        return
    if args.load:
        model, arch = load_net(args.load)
        say(f"loaded {args.load} ({arch})")
        if args.reference:
            write_reference(model, args.reference, args.reference_out)
            say(f"wrote {args.reference_out}")
        if args.data:
            report_test(model, Data(args.data), args, arch, [], say)
        return

    t0 = time.time()
    data = Data(args.data)
    extra_sources, left_out = apply_chesscom(data, args.chesscom)
    left_out |= drop_events(data, [n for n in args.drop_events.split(",") if n])
    train = np.nonzero((data.split == 0) & ~left_out)[0]
    if args.max_train and len(train) > args.max_train:
        train = np.sort(rng.choice(train, args.max_train, replace=False))
    # Two pools, Lichess and over the board; a Lichess position is drawn --lichess-weight times as often,
    # rising linearly to --lichess-weight-final by the end (the test games are Lichess games).
    pools = [train[data.source[train] != 5], train[data.source[train] == 5]]
    final_weight = args.lichess_weight_final or args.lichess_weight

    def lichess_share(step):
        w = args.lichess_weight + (final_weight - args.lichess_weight) * step / max(1, steps - 1)
        return len(pools[0]) * w / (len(pools[0]) * w + len(pools[1]))
    val = validation_sets(data)
    val_small = rng.choice(val["all"], min(len(val["all"]), 100000), replace=False)
    say(f"{len(data.pos)} positions ({len(train)} train, of them {data.chesscom[train].sum()} chess.com's; "
        f"{(left_out & (data.split == 0)).sum()} left out; {len(val['all'])} validation, {(data.split == 2).sum()} test), "
        f"loaded in {time.time() - t0:.0f} s; args {vars(args)}")

    if args.init:
        model, arch = load_net(args.init, head=args.head, sources=len(SOURCES) + extra_sources)
        assert arch.split()[1:4] == [str(args.h1), str(args.h2), str(args.dq)], f"{args.init} is {arch}"
        say(f"starting from {args.init}")
    else:
        model = HumanPolicy(args.h1, args.h2, args.dq, args.head, len(SOURCES) + extra_sources)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    steps = int(args.epochs * len(train) / args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.05,
                                                anneal_strategy="cos", div_factor=10, final_div_factor=100)
    curve = []
    best = (-1e9, None)
    run_loss, run_n = 0.0, 0
    t0 = time.time()
    for step in range(steps):
        k = rng.binomial(args.batch, lichess_share(step))
        idx = np.concatenate([pools[0][rng.integers(0, len(pools[0]), k)],
                              pools[1][rng.integers(0, len(pools[1]), args.batch - k)]]) if len(pools[1]) else \
            pools[0][rng.integers(0, len(pools[0]), args.batch)]
        b = data.batch(idx, rng.random(len(idx)) < args.mirror if args.mirror else None)
        ll, _, _ = segment_stats(model(b), b)
        loss = -ll.mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        run_loss += loss.item()
        run_n += 1
        if (step + 1) % 500 == 0:
            print(f"step {step + 1}/{steps}, {time.time() - t0:.0f} s, loss {run_loss / run_n:.4f}", flush=True)
        if (step + 1) % args.eval_every == 0 or step + 1 == steps:
            v = evaluate(model, data, val_small)
            vb = {k: evaluate(model, data, s) for k, s in val.items() if k != "all"}
            mean_band = float(np.mean([r["top1"] for r in vb.values()]))
            mean_band_ll = float(np.mean([r["ll"] for r in vb.values()]))
            curve.append((step + 1, run_loss / run_n, -v["ll"], v["top1"], mean_band))
            say(f"step {step + 1}/{steps} ({(step + 1) * args.batch / len(train):.2f} epochs, "
                f"{time.time() - t0:.0f} s): train loss {run_loss / run_n:.4f}, validation loss {-v['ll']:.4f} "
                f"top-1 {v['top1']:.2f}%; Lichess bands 600-2100 top-1 {mean_band:.2f}% "
                + " ".join(f"{k}:{r['top1']:.1f}" for k, r in vb.items()))
            run_loss, run_n = 0.0, 0
            # The checkpoint kept is the best on the Lichess validation positions of the bands 600-2100.
            if mean_band_ll > best[0]:
                best = (mean_band_ll, {k: t.detach().clone() for k, t in model.state_dict().items()})
    model.load_state_dict(best[1])
    round_to_stored(model)

    # The weights as the engine stores them (float32), then the test figures of exactly those weights.
    arch = arch_name(args)
    net_path = os.path.join(args.out, "human_policy.nnw")
    export(model, net_path, arch)
    report_test(model, data, args, arch, curve, say)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        c = np.array(curve)
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot(c[:, 0], c[:, 1], label="train loss")
        ax.plot(c[:, 0], c[:, 2], label="validation loss")
        ax.set_xlabel("batches")
        ax.set_ylabel("cross-entropy")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "loss.png"), dpi=90)
    except Exception as e:  # the plot is a convenience; the figures are in report.json
        say(f"no plot: {e}")


def arch_name(args):
    """The net file's architecture: human-policy-1 without the additive head, human-policy-2 with it."""
    if args.head:
        return f"human-policy-2 {args.h1} {args.h2} {args.dq} {args.head}"
    return f"human-policy-1 {args.h1} {args.h2} {args.dq}"


def report_test(model, data, args, arch, curve, say):
    """The figures on the test set, per band file, to report.json and report.md in --out."""
    os.makedirs(args.out, exist_ok=True)
    val = validation_sets(data)
    report = {"args": vars(args), "arch": arch, "validation": evaluate(model, data, val["all"]), "test": {}}
    lines = ["| band file | positions | top-1 % | top-3 % | log-likelihood | plies 1-10: positions | top-1 % |",
             "|---|---|---|---|---|---|---|"]
    for name, (after, opening) in test_sets(data).items():
        ra, ro = evaluate(model, data, after), evaluate(model, data, opening)
        report["test"][name] = {"after_ply_10": ra, "plies_1_10": ro}
        lines.append(f"| {name} | {ra['n']} | {ra['top1']:.1f} | {ra['top3']:.1f} | {ra['ll']:.3f} | "
                     f"{ro['n']} | {ro['top1']:.1f} |")
    mean = float(np.mean([report["test"][BANDS[b]]["after_ply_10"]["top1"] for b in TARGET_BANDS]))
    report["test_mean_top1_600_2100"] = mean
    lines.append(f"\nmean top-1 over the band files 600-2100: {mean:.1f}%")
    # What the levels' temperatures are chosen on: the validation positions, never the test set.
    lines += ["\nValidation (Lichess, after ply 10): human moves drawn when sampling at temperature T, %",
              "| band | positions | top-1 % | " + " | ".join(f"T={t}" for t in SAMPLING_TEMPERATURES) + " |",
              "|---|---|---|" + "---|" * len(SAMPLING_TEMPERATURES)]
    report["validation_sampling"] = {}
    for name, idx in val.items():
        if name == "all":
            continue
        r = report["validation_sampling"][name] = evaluate(model, data, idx, sampling=True)
        lines.append(f"| {name} | {r['n']} | {r['top1']:.1f} | "
                     + " | ".join(f"{r['sampled'][str(t)]:.1f}" for t in SAMPLING_TEMPERATURES) + " |")
    report["curve"] = curve
    report["baselines"] = baselines = read_baselines(args.baselines or [])
    for label, figures in baselines.items():
        shared = [BANDS[b] for b in TARGET_BANDS if BANDS[b] in figures]
        lines.append(f"{label}: " + ", ".join(f"{band} {figures[band]:.1f}" for band in shared))
    json.dump(report, open(os.path.join(args.out, "report.json"), "w"), indent=1)
    plot_accuracy(report, os.path.join(args.out, "accuracy.png"))
    open(os.path.join(args.out, "report.md"), "w").write("\n".join(lines) + "\n")
    say("\n".join(lines))


def read_baselines(paths):
    """Top-1 figures of other predictors on the same test positions, one file each, lines as
    scripts/human_baselines.sh writes them: band, positions, then fields whose last is "NN.N%"."""
    out = {}
    for path in paths:
        label = os.path.splitext(os.path.basename(path))[0]
        figures = {}
        for line in open(path):
            f = line.split()
            if len(f) >= 3 and f[-1].endswith("%"):
                figures[f[0]] = float(f[-1][:-1])
        out[label] = figures
    return out


def plot_accuracy(report, path):
    """Top-1 by band file: the model, its top-3, and the baselines."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    names = [b for b in BANDS if b in report["test"]]
    x = np.arange(len(names))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(x, [report["test"][n]["after_ply_10"]["top1"] for n in names], "o-", label="human model, top-1")
    ax.plot(x, [report["test"][n]["after_ply_10"]["top3"] for n in names], "o:", label="human model, top-3")
    for label, figures in report.get("baselines", {}).items():
        xs = [i for i, n in enumerate(names) if n in figures]
        ax.plot(xs, [figures[names[i]] for i in xs], "s--", label=label)
    ax.set_xticks(x, names, rotation=30)
    ax.set_xlabel("Lichess rating band (test games 400-599 of each band file, after ply 10)")
    ax.set_ylabel("human move predicted, %")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


if __name__ == "__main__":
    main()
