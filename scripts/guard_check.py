#!/usr/bin/python3
"""The levels' mate guard on a clock, warm as in a game: feeds the positions of an EPD with `dm N` one after
another to one engine process at a level (go wtime 20000 winc 600, the hash never cleared), each seed in
turn. A move passes if Sparring's exhaustive prover (`sparring puzzle --mate N`) lists it among the moves
that mate in <= N, so that after it the mate is shorter. Prints every slip, the count and the level's mean
and worst time a move; exit 1 on a slip.

usage: scripts/guard_check.py ENGINE EPD LEVEL SEEDS
  e.g. scripts/guard_check.py ./sparring tests/data/quiet_mates_in_5.epd Medium 2
       scripts/guard_check.py ./sparring tests/data/kp_race_mates.epd Beginner 2
"""
import functools, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.uci_pipe import Engine  # noqa: E402

if len(sys.argv) != 5 or sys.argv[1] in ("-h", "--help"):
    print(__doc__.strip())
    sys.exit(0 if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help") else 2)
eng_cmd, epd, level, seeds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
PROVER = sys.argv[1]

@functools.lru_cache(None)
def mating(fen, n):
    out = subprocess.run([PROVER, "puzzle", "--fen", fen, "--mate", str(n), "--nodes", "300000000"],
                         capture_output=True, text=True).stdout.splitlines()
    assert "complete" in out[0], out[0]
    return {l.split()[1] for l in out[1:] if "mate in" in l}

eng = Engine(eng_cmd, {"Level": level})
fens = [(l.split(" dm ")[0], int(l.split(" dm ")[1].split(";")[0])) for l in open(epd) if " dm " in l]
slips = n = 0
times = []
for r in range(seeds):
    eng.setoption("Seed", r + 1)
    for fen, dm in fens:
        eng.send("position fen " + fen)
        eng.sync()
        start = eng.send("go wtime 20000 btime 20000 winc 600 binc 600")
        done, line = eng.expect("bestmove", 60)
        mv = line.split()[1]
        times.append(done - start)
        n += 1
        if mv not in mating(fen, dm):
            slips += 1
            print(f"SLIP {level} seed {r + 1}: {fen} played {mv}, mating in {dm}: {' '.join(sorted(mating(fen, dm)))}",
                  flush=True)
eng.quit()
print(f"{level}: {n} moves, {slips} slips; {sum(times) / n:.3f} s a move on average, worst {max(times):.3f} s")
sys.exit(1 if slips else 0)
