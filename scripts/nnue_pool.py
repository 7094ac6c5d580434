#!/usr/bin/python3
"""The pool of the evaluation network's training data: self-play records of `sparring datagen` that grow
across sessions, by the built-in net of each day, with a held-out slice that never moves.

  scripts/nnue_pool.py grow --minutes M [--pool runs/nnue-pool] [--nodes 5000] [--threads 2]
                            [--engine build/release/sparring] [--book ../shared/data/openings/noob_2moves.epd]
                            [--holdout-share 0.02]
  scripts/nnue_pool.py status [--pool runs/nnue-pool] [--chunks] [--dups]
  scripts/nnue_pool.py selftest [--engine build/release/sparring]

grow: M minutes of self-play with the engine's built-in net (stopped cleanly by SIGINT, as nnue_round.sh
does), into a new chunk of the pool: POOL/NET/cNNNN.bin (the records), .idx (datagen --index: each
game and its number of records) and .log (datagen's progress). NET is the first 8 hex digits of the
SHA-256 of the net file built into the engine (read from the binary, so a stale build is not taken for
src/engine/eval.nnw's net). The manifest POOL/pool.json keeps per net a seed (from its name) and the
next game number: each run goes on from the last one's next game, so no game is played twice. A run
killed hard (the session or the machine gone) leaves its chunk "running": the next grow keeps the games
its index lists, cuts the rest (part of a game or of a record) and goes on from the next game.
--holdout-share is fixed when the pool is made.

status: per net its chunks, games, positions, bytes and held-out share, then the total; --chunks lists
the chunks, --dups also counts the duplicate positions (reads every record).

The held-out slice and the deduplication are the trainer's (train_nnue.py --pool POOL), by the rule of
scripts/lib/record_pool.py: the games whose (seed, number) hashes into the share are held out whole;
positions (board and side to move) are kept once, held-out ones first.

selftest: a tiny pool (300 nodes a move, one thread, about 10 s): clean and hard-killed runs, the
recovery, disjoint games, the dedup count and a held-out slice that stays as chunks are added.

Standard library (numpy, when there, for --dups and the self-test's second check). docs/strength.md,
"The evaluation network" (Retraining).
"""

import argparse
import ctypes
import datetime
import fcntl
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import record_pool as rp  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ENGINE = os.path.join(ROOT, "build", "release", "sparring")
BOOK = os.path.join(ROOT, "..", "shared", "data", "openings", "noob_2moves.epd")
SOURCE_NET = os.path.join(ROOT, "src", "engine", "eval.nnw")
ALL_GAMES = 100_000_000  # datagen's --games: more than any run plays


class Failure(Exception):
    """A one-line reason to stop with exit code 2."""


def now():
    return datetime.datetime.now().isoformat(timespec="seconds")


def rel(path):
    """A path as short as it reads: relative to here when below here."""
    r = os.path.relpath(path)
    return path if r.startswith("..") else r


def duration(seconds):
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.1f} min"


def engine_net(engine):
    """(net id, arch) of the engine's built-in evaluation net; fails if the engine cannot write an index."""
    if not os.access(engine, os.X_OK):
        raise Failure(f"no engine at {engine} (make build)")
    usage = subprocess.run([engine, "datagen", "--help"], capture_output=True, text=True).stdout
    if "--index" not in usage:
        raise Failure(f"{engine} has no datagen --index: an older build (make build)")
    net = rp.embedded_eval_net(engine)
    if net is None:
        raise Failure(f"found no evaluation net in {engine}")
    return rp.net_id(net[1]), net[0]


def lock_pool(pool):
    """The pool's lock, held as long as the returned file is open (and by a datagen given its fd)."""
    os.makedirs(pool, exist_ok=True)
    lock = open(os.path.join(pool, ".lock"), "a")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise Failure(f"{pool} is in use by another grow (or a datagen one left running)")
    return lock


def log_next_game(path):
    """The K of the last '; next game K' line of a datagen log, or None."""
    try:
        found = re.findall(r"; next game (\d+)$", open(path, errors="replace").read(), re.M)
    except FileNotFoundError:
        return None
    return int(found[-1]) if found else None


def close_chunk(pool, manifest, chunk, state):
    """Ends a chunk: keeps the games its index lists (cutting any record or game after them), sets its
    counts and its net's next game, and saves the manifest. Returns a line on what was done."""
    paths = {ext: rp.chunk_path(pool, chunk, ext) for ext in ("bin", "idx", "log")}
    games = rp.chunk_games(pool, chunk)
    records = sum(n for _, n in games)
    _, idx_size = rp.read_index(paths["idx"])
    kept_idx = sum(len(f"{g} {n}\n") for g, n in games)
    size = os.path.getsize(paths["bin"]) if os.path.exists(paths["bin"]) else 0
    cut = size - records * rp.RECORD
    if cut:
        os.truncate(paths["bin"], records * rp.RECORD)
    if os.path.exists(paths["idx"]) and os.path.getsize(paths["idx"]) != kept_idx:
        os.truncate(paths["idx"], kept_idx)
    first = chunk["first_game"]
    chunk.update(next_game=first + len(games), games=len(games), records=records, state=state, ended=now())
    net = manifest["nets"][chunk["net"]]
    net["next_game"] = max(net["next_game"], chunk["next_game"])
    name = f"chunk c{chunk['id']:04d} of net {chunk['net']}"
    if not games:
        for p in paths.values():
            if os.path.exists(p):
                os.remove(p)
        manifest["chunks"].remove(chunk)
        rp.save_manifest(pool, manifest)
        return f"{name}: no whole game, removed"
    rp.save_manifest(pool, manifest)
    said = log_next_game(paths["log"])
    return (f"{name}: games {first:,}-{chunk['next_game'] - 1:,} ({len(games):,}), {records:,} positions"
            + (f"; cut {cut:,} bytes after its last whole game" if cut else "")
            + (f"; its log's last line said next game {said:,}" if state == "recovered" and said is not None else ""))


def new_manifest(share):
    return {"format": 1, "holdout": share, "next_chunk": 1, "nets": {}, "chunks": []}


def grow(args):
    if args.minutes <= 0:
        raise Failure("--minutes must be more than 0")
    if not 100 <= args.nodes <= 10_000_000 or not 1 <= args.threads <= 256:
        raise Failure("--nodes must be from 100 to 10000000 and --threads from 1 to 256 (as datagen's)")
    if not os.path.exists(args.book):
        raise Failure(f"no opening book at {args.book}")
    nid, arch = engine_net(args.engine)
    try:
        same = hashlib.sha256(open(SOURCE_NET, "rb").read()).hexdigest()[:8] == nid
    except OSError:
        same = False
    lock = lock_pool(args.pool)
    manifest = rp.load_manifest(args.pool)
    if manifest is None:
        manifest = new_manifest(args.holdout_share if args.holdout_share is not None else 0.02)
    elif args.holdout_share is not None and args.holdout_share != manifest["holdout"]:
        raise Failure(f"{args.pool} holds out {manifest['holdout']} of the games, fixed when it was made")
    if not 0 < manifest["holdout"] < 1:
        raise Failure("--holdout-share must be between 0 and 1")
    for chunk in [c for c in manifest["chunks"] if c["state"] == "running"]:  # a run killed hard
        print(f"grow: recovered {close_chunk(args.pool, manifest, chunk, 'recovered')}", flush=True)

    net = manifest["nets"].setdefault(nid, {"seed": int(nid, 16), "next_game": 0, "arch": arch, "added": now()})
    chunk = {"id": manifest["next_chunk"], "net": nid, "first_game": net["next_game"], "next_game": net["next_game"],
             "games": 0, "records": 0, "nodes": args.nodes, "threads": args.threads,
             "book": os.path.basename(args.book), "started": now(), "state": "running"}
    manifest["next_chunk"] += 1
    manifest["chunks"].append(chunk)
    os.makedirs(os.path.join(args.pool, nid), exist_ok=True)
    rp.save_manifest(args.pool, manifest)
    paths = {ext: rp.chunk_path(args.pool, chunk, ext) for ext in ("bin", "idx", "log")}
    cmd = [args.engine, "datagen", "--out", paths["bin"], "--index", paths["idx"], "--games", str(ALL_GAMES),
           "--first-game", str(chunk["first_game"]), "--nodes", str(args.nodes), "--threads", str(args.threads),
           "--book", args.book, "--seed", str(net["seed"])]
    print(f"grow: net {nid} ({arch}; {'src/engine/eval.nnw' if same else 'not src/engine/eval.nnw'}), seed "
          f"{net['seed']}: chunk c{chunk['id']:04d} from game {chunk['first_game']:,} for {args.minutes:g} min "
          f"({args.nodes} nodes a move, {args.threads} thread{'s' if args.threads != 1 else ''}) "
          f"in {rel(paths['bin'])}", flush=True)

    def parent_death_signal():  # the datagen stops cleanly if grow itself is killed
        ctypes.CDLL(None).prctl(1, signal.SIGINT)  # PR_SET_PDEATHSIG

    started = time.time()
    with open(paths["log"], "w") as log:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=log, pass_fds=(lock.fileno(),),
                                preexec_fn=parent_death_signal)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # as Ctrl-C: stop the datagen cleanly
    try:
        proc.wait(timeout=args.minutes * 60)
    except (subprocess.TimeoutExpired, KeyboardInterrupt):
        proc.send_signal(signal.SIGINT)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: the datagen still ends its writes
        proc.wait()
    seconds = time.time() - started
    with open(paths["log"], errors="replace") as f:
        last_line = (f.read().strip().splitlines() or ["an empty log"])[-1]
    line = close_chunk(args.pool, manifest, chunk, "done")
    print(f"grow: {line} in {duration(seconds)} ({chunk['records'] / max(seconds, 1e-9):.0f} positions/s); "
          f"net {nid} next game {net['next_game']:,}", flush=True)
    if proc.returncode not in (0, -signal.SIGINT):  # killed by a second SIGINT: its games are whole still
        raise Failure(f"datagen ended with exit {proc.returncode}: {last_line}")


def megabytes(n):
    return f"{n / 1e6:,.1f} MB"


def status(args):
    manifest = rp.load_manifest(args.pool)
    if manifest is None:
        raise Failure(f"no pool at {args.pool} (no {rp.MANIFEST})")
    chunks = rp.pool_chunks(args.pool, manifest)
    print(f"pool {args.pool}: {len(manifest['nets'])} nets, {len(chunks)} chunks; held out: the games hashing "
          f"into {manifest['holdout']:.1%}")
    print(f"{'net':<9} {'seed':>10} {'next game':>10} {'chunks':>6} {'games':>10} {'positions':>13} {'bytes':>11}"
          f"  held out (games, positions)")

    def row(name, seed, nxt, cs):
        games = sum(len(c["games"]) for c in cs)
        records = sum(c["records"] for c in cs)
        hg = sum(1 for c in cs for _, _, h in c["games"] if h)
        hr = sum(n for c in cs for _, n, h in c["games"] if h)
        print(f"{name:<9} {seed:>10} {nxt:>10} {len(cs):>6} {games:>10,} {records:>13,} "
              f"{megabytes(records * rp.RECORD):>11}  {hg:,}, {hr:,} ({hr / max(records, 1):.1%})")

    for nid, net in manifest["nets"].items():
        row(nid, net["seed"], f"{net['next_game']:,}", [c for c in chunks if c["net"] == nid])
    row("total", "", "", chunks)
    if args.chunks:
        for c in sorted(manifest["chunks"], key=lambda c: c["id"]):
            counted = next(x for x in chunks if x["id"] == c["id"])
            last = c["first_game"] + len(counted["games"]) - 1
            print(f"c{c['id']:04d} net {c['net']} games {c['first_game']:,}-{last:,} ({len(counted['games']):,}), "
                  f"{counted['records']:,} positions, {c['nodes']} nodes, {c['state']}, {c['started']} - "
                  f"{c.get('ended', 'now')}")
    if args.dups:
        total = sum(c["records"] for c in chunks)
        held, train = split(chunks)
        raw_held = sum(n for c in chunks for _, n, h in c["games"] if h)
        print(f"duplicates: {total - len(held) - len(train):,} of {total:,} positions "
              f"({(total - len(held) - len(train)) / max(total, 1):.2%}): kept {len(held):,} held out "
              f"(of {raw_held:,}) and {len(train):,} for training (of {total - raw_held:,})")


def split(chunks):
    """The trainer's split (numpy) where numpy is, else the same by the standard library."""
    try:
        _, held, train = rp.split_numpy(chunks)
    except ImportError:
        held, train = rp.split_stdlib(chunks)
    return held, train


def selftest(args):
    """A tiny pool through every path; raises Failure on the first check that does not hold."""
    book = os.path.join(ROOT, "tests", "data", "noob_2moves.epd")
    tmp = tempfile.mkdtemp(prefix="nnue-pool-test-")
    pool = os.path.join(tmp, "pool")
    me = [sys.executable, os.path.abspath(__file__)]
    common = ["--pool", pool, "--engine", args.engine, "--book", book, "--nodes", "300", "--threads", "1"]

    def check(ok, what):
        if not ok:
            raise Failure(f"selftest: {what} (pool kept in {tmp})")
        print(f"ok: {what}", flush=True)

    def run_grow(seconds, *extra):
        r = subprocess.run(me + ["grow", "--minutes", str(seconds / 60)] + common + list(extra),
                           capture_output=True, text=True)
        print(r.stdout + r.stderr, end="", flush=True)
        check(r.returncode == 0, f"grow for {seconds} s exits 0")
        return r.stdout

    def chunks_now():
        return rp.pool_chunks(pool, rp.load_manifest(pool))

    def held_records(chunks):
        raw = b"".join(rp.read_chunk_records(c) for c in chunks)
        held, _ = rp.split_stdlib(chunks)
        return [raw[i * rp.RECORD:(i + 1) * rp.RECORD] for i in held]

    nid, _ = engine_net(args.engine)
    passed = False
    try:
        run_grow(3, "--holdout-share", "0.25")  # a large share, so that a tiny pool holds out some games
        m = rp.load_manifest(pool)
        c1 = m["chunks"][0]
        check(c1["state"] == "done" and c1["first_game"] == 0 and c1["games"] > 0, "a clean run: chunk 1 from game 0")
        check(os.path.getsize(rp.chunk_path(pool, c1, "bin")) == c1["records"] * rp.RECORD,
              "its file holds exactly the records its index lists")

        # A run killed hard (grow and its datagen at once) after a few games.
        p = subprocess.Popen(me + ["grow", "--minutes", "1"] + common, stdout=subprocess.DEVNULL,
                             start_new_session=True)
        idx2 = os.path.join(pool, nid, "c0002.idx")
        deadline = time.time() + 30
        while time.time() < deadline and len(rp.read_index(idx2)[0]) < 4:
            time.sleep(0.1)
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        time.sleep(0.2)
        c2 = rp.load_manifest(pool)["chunks"][1]
        check(c2["state"] == "running", "the killed run's chunk is left running")
        listed = rp.chunk_games(pool, c2)
        with open(rp.chunk_path(pool, c2, "bin"), "ab") as f:  # what a kill can leave: part of a game, of a record
            f.write(b"\1" * (rp.RECORD * 3 + 11))
        with open(idx2, "ab") as f:
            f.write(b"99")
        check(rp.chunk_games(pool, c2) == listed, "a torn index line and records after the index are not read")
        out = run_grow(3)
        m = rp.load_manifest(pool)
        c1, c2, c3 = m["chunks"]
        check(c2["state"] == "recovered" and "recovered chunk c0002" in out, "the next run recovers it")
        check(c2["games"] == len(listed) and os.path.getsize(rp.chunk_path(pool, c2, "bin")) ==
              c2["records"] * rp.RECORD, "recovery cuts the chunk to its indexed games")
        check(c1["next_game"] == c2["first_game"] and c2["next_game"] == c3["first_game"] and
              m["nets"][nid]["next_game"] == c3["next_game"], "the chunks' games follow one another, none twice")
        games = [g for c in chunks_now() for g, _, _ in c["games"]]
        check(games == list(range(len(games))), "every game number once, in order")

        # The recovered chunk's last game is the game datagen plays for that number: the seed and numbering hold.
        last, n = rp.chunk_games(pool, c2)[-1]
        one = os.path.join(tmp, "one.bin")
        subprocess.run([args.engine, "datagen", "--out", one, "--games", "1", "--first-game", str(last), "--nodes",
                        "300", "--book", book, "--seed", str(m["nets"][nid]["seed"])], capture_output=True, check=True)
        with open(rp.chunk_path(pool, c2, "bin"), "rb") as f:
            tail = f.read()[(c2["records"] - n) * rp.RECORD:]
        check(tail == open(one, "rb").read(), f"game {last} replayed alone gives the same records")

        # Held out and deduplicated: the same positions held out after a chunk is added.
        before = chunks_now()[:2]
        held_before = held_records(before)
        all3 = chunks_now()
        held_after = held_records(all3)
        check(len(held_before) > 0 and held_after[:len(held_before)] == held_before,
              f"the {len(held_before)} held-out positions of chunks 1-2 stay held out, first, with chunk 3 added")
        raw = b"".join(rp.read_chunk_records(c) for c in all3)
        keys = [rp.position_key(raw[i:i + rp.RECORD]) for i in range(0, len(raw), rp.RECORD)]
        held, train = rp.split_stdlib(all3)
        dups = len(keys) - len(held) - len(train)
        check(len(held) + len(train) == len(set(keys)), f"dedup keeps each position once ({dups} duplicates "
              f"of {len(keys)})")
        check(not {keys[i] for i in held} & {keys[i] for i in train}, "no training position is a held-out one")
        copy = dict(all3[0], id=99)  # chunk 1 again: every one of its positions is a duplicate
        h2, t2 = rp.split_stdlib(all3 + [copy])
        check(len(keys) + copy["records"] - len(h2) - len(t2) == dups + copy["records"] and list(h2) == list(held),
              "chunk 1 added twice: its positions all count as duplicates, the held-out ones unchanged")
        try:
            _, hn, tn = rp.split_numpy(all3 + [copy])
            check(list(hn) == list(h2) and list(tn) == list(t2), "the trainer's split (numpy) is the same")
        except ImportError:
            print("skipped: numpy split (no numpy)")
        r = subprocess.run(me + ["status", "--pool", pool, "--chunks", "--dups"], capture_output=True, text=True)
        print(r.stdout, end="")
        check(r.returncode == 0 and f"{dups:,} of {len(keys):,}" in r.stdout, "status counts the same duplicates")
        passed = True
    finally:
        if passed:
            shutil.rmtree(tmp)
    print("selftest: all checks hold")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("grow", help="self-play data for M minutes into a new chunk of the pool")
    g.add_argument("--minutes", type=float, required=True)
    g.add_argument("--pool", default="runs/nnue-pool")
    g.add_argument("--nodes", type=int, default=5000)
    g.add_argument("--threads", type=int, default=2)
    g.add_argument("--engine", default=ENGINE)
    g.add_argument("--book", default=BOOK)
    g.add_argument("--holdout-share", type=float, help="share of the games held out (when the pool is made: 0.02)")
    s = sub.add_parser("status", help="per net: chunks, games, positions, bytes, held-out share")
    s.add_argument("--pool", default="runs/nnue-pool")
    s.add_argument("--chunks", action="store_true", help="list the chunks too")
    s.add_argument("--dups", action="store_true", help="count the duplicate positions (reads every record)")
    t = sub.add_parser("selftest", help="a tiny pool through grow, a hard kill, recovery, dedup and held-out")
    t.add_argument("--engine", default=ENGINE)
    args = ap.parse_args()
    try:
        {"grow": grow, "status": status, "selftest": selftest}[args.command](args)
    except Failure as e:
        print(f"nnue_pool.py: {e}", file=sys.stderr)
        sys.exit(2)
    except (OSError, ValueError, KeyError) as e:
        print(f"nnue_pool.py: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
