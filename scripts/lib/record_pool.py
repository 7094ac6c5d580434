"""The pool of the evaluation network's training records (scripts/nnue_pool.py grows it, train_nnue.py
--pool trains on it): its manifest, its chunks, the held-out games and the deduplication, in one place.

A pool is a folder: POOL/pool.json (the manifest), and per net POOL/NET/cNNNN.bin (32-byte records of
`sparring datagen`), cNNNN.idx (datagen --index: one line "GAME RECORDS" per game written, in order) and
cNNNN.log (datagen's progress). A chunk's records are the ones its index lists, never more: a run killed
hard may leave part of a game or of a record after them, which recovery cuts off.

Held out: every position of the games whose (seed, game number) hashes into the pool's share (fixed when
the pool is made), so a position's side never changes whatever is added later. Deduplicated by the board
and the side to move (bytes 0-23 and 27 of a record; the move counters, score and result aside): of
equal positions the first is kept, in this order: the held-out records in pool order (chunk by chunk, as
they were made), then the training ones, so no training position is also a held-out one, and the
held-out positions kept before a chunk is added are kept after it, in the same order.

Standard library; split_numpy (for the trainer) imports numpy.
"""
import hashlib
import json
import os
import struct
from array import array

from .net_file import DTYPES, fnv1a64

RECORD = 32
MANIFEST = "pool.json"


def load_manifest(pool):
    """The manifest of the pool at `pool`, or None if there is none."""
    path = os.path.join(pool, MANIFEST)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def save_manifest(pool, manifest):
    """Writes the manifest whole or not at all (a temporary file renamed over it, synced)."""
    path = os.path.join(pool, MANIFEST)
    with open(path + ".tmp", "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(path + ".tmp", path)


def chunk_path(pool, chunk, ext):
    """A chunk's file: ext "bin" (the records), "idx" (its index) or "log" (datagen's stderr)."""
    return os.path.join(pool, chunk["net"], f"c{chunk['id']:04d}.{ext}")


def read_index(path):
    """[(game, records)] of the whole lines of a datagen --index file, and the bytes they take (a line
    torn by a hard kill has no newline and is not counted)."""
    games, size = [], 0
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return games, size
    for line in raw.split(b"\n")[:-1]:
        game, records = line.split()
        games.append((int(game), int(records)))
        size += len(line) + 1
    return games, size


def chunk_games(pool, chunk):
    """[(game, records)] of a chunk: its index's games from its first game on, consecutive, as far as the
    records file holds them (a chunk still being written may be read: its finished games are)."""
    games, _ = read_index(chunk_path(pool, chunk, "idx"))
    try:
        have = os.path.getsize(chunk_path(pool, chunk, "bin")) // RECORD
    except FileNotFoundError:
        have = 0
    out, total = [], 0
    for i, (game, records) in enumerate(games):
        if game != chunk["first_game"] + i:
            raise ValueError(f"{chunk_path(pool, chunk, 'idx')}: game {game} where {chunk['first_game'] + i} was due")
        if total + records > have:
            break
        out.append((game, records))
        total += records
    return out


def is_holdout(seed, game, share):
    """Whether game `game` of datagen seed `seed` is held out: its hash falls into the share."""
    h = hashlib.sha256(f"{seed} {game}".encode()).digest()
    return int.from_bytes(h[:8], "little") < share * 2**64


def pool_chunks(pool, manifest, nets=None):
    """The chunks in pool order (as they were made), each a dict: path (the records file), net, seed,
    games [(game, records, held out)], records. `nets`: only the chunks of these nets."""
    out = []
    for chunk in sorted(manifest["chunks"], key=lambda c: c["id"]):
        if nets is not None and chunk["net"] not in nets:
            continue
        seed = manifest["nets"][chunk["net"]]["seed"]
        games = [(g, n, is_holdout(seed, g, manifest["holdout"])) for g, n in chunk_games(pool, chunk)]
        out.append({"path": chunk_path(pool, chunk, "bin"), "id": chunk["id"], "net": chunk["net"], "seed": seed,
                    "games": games, "records": sum(n for _, n, _ in games)})
    return out


def position_key(record):
    """What makes two records the same position: the board and the side to move."""
    return bytes(record[:24]) + bytes(record[27:28])


def read_chunk_records(chunk):
    """The records of a chunk (bytes), as many as its index lists."""
    with open(chunk["path"], "rb") as f:
        return f.read(chunk["records"] * RECORD)


def split_stdlib(chunks):
    """(held-out, training) record numbers (over the chunks' records laid end to end) after the
    deduplication; reads every record (for small pools and the self-test; the trainer: split_numpy)."""
    held, train = array("q"), array("q")
    runs = []  # (first record number, count, held out) of each game
    base = 0
    for chunk in chunks:
        for _, n, h in chunk["games"]:
            runs.append((base, n, h))
            base += n
    keys = []
    for chunk in chunks:
        raw = read_chunk_records(chunk)
        keys.extend(position_key(raw[i:i + RECORD]) for i in range(0, len(raw), RECORD))
    seen = set()
    for want, out in ((True, held), (False, train)):
        for first, n, h in runs:
            if h != want:
                continue
            for i in range(first, first + n):
                if keys[i] not in seen:
                    seen.add(keys[i])
                    out.append(i)
    return held, train


def split_numpy(chunks):
    """(records, held-out numbers, training numbers): the chunks' records laid end to end as one
    (N, 32) uint8 numpy array, and the record numbers kept on each side, as split_stdlib's (exact: the
    positions are sorted on their whole key)."""
    import numpy as np

    parts = [np.memmap(c["path"], dtype=np.uint8, mode="r", shape=(c["records"], RECORD))
             for c in chunks if c["records"]]
    if not parts:
        return np.zeros((0, RECORD), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64)
    data = parts[0] if len(parts) == 1 else np.concatenate(parts)
    counts = [n for c in chunks for _, n, _ in c["games"]]
    flags = [h for c in chunks for _, _, h in c["games"]]
    held = np.repeat(np.array(flags, dtype=bool), counts)
    order = np.concatenate([np.flatnonzero(held), np.flatnonzero(~held)])
    words = np.asarray(data).view("<u8")  # (N, 4): bytes 0-7, 8-15, 16-23 (the board), 24-31
    keys = [words[order, 0], words[order, 1], words[order, 2], np.asarray(data[order, 27])]
    s = np.lexsort([np.arange(len(order))] + keys[::-1])  # by key, then by the order of preference
    same = np.ones(max(0, len(order) - 1), dtype=bool)  # as the position before it in that sort
    for k in keys:
        ks = k[s]
        same &= ks[1:] == ks[:-1]
    first = np.concatenate([[True], ~same])
    kept = np.zeros(len(data), dtype=bool)
    kept[order[s[first]]] = True
    return data, np.flatnonzero(kept & held), np.flatnonzero(kept & ~held)


def net_file_bytes(raw, at):
    """The net file (src/nn/net_file.h) that starts at offset `at` of `raw`, or None if none does."""
    try:
        if raw[at:at + 4] != b"SPNN" or struct.unpack_from("<I", raw, at + 4)[0] != 1:
            return None
        (count,) = struct.unpack_from("<I", raw, at + 40)
        if count > 64:
            return None
        off = at + 44
        for _ in range(count):
            dtype, rank, *shape = struct.unpack_from("<II4I", raw, off + 16)
            if dtype > 3 or rank > 4:
                return None
            n = shape[0] * shape[1] * shape[2] * shape[3]
            off += 40 + n * int(DTYPES[dtype][-1])
        if off + 8 > len(raw):
            return None
        return raw[at:off + 8] if struct.unpack_from("<Q", raw, off)[0] == fnv1a64(raw[at:off]) else None
    except struct.error:
        return None


def embedded_eval_net(binary):
    """(arch, bytes) of the evaluation net built into a sparring binary (the net file incbin'd in it,
    src/nn/embedded.cpp), or None."""
    with open(binary, "rb") as f:
        raw = f.read()
    at = raw.find(b"SPNN")
    while at >= 0:
        net = net_file_bytes(raw, at)
        if net is not None:
            arch = net[8:40].rstrip(b"\0").decode(errors="replace")
            if arch.startswith("nnue-"):
                return arch, net
        at = raw.find(b"SPNN", at + 1)
    return None


def net_id(net_bytes):
    """The short name of a net in a pool: the first 8 hex digits of the SHA-256 of its file."""
    return hashlib.sha256(net_bytes).hexdigest()[:8]
