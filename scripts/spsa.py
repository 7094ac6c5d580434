#!/usr/bin/python3
"""SPSA tuning of the search's parameters (src/engine/search_params.h), Fishtest/OpenBench style.

Each iteration perturbs every tuned parameter at once by +-c_k (a random sign each), plays game pairs
(both colours of one opening each) between the engine set to theta + c_k * flip ("plus") and to
theta - c_k * flip ("minus") with build/tune/sparring-match, and moves theta by
(a_k / c_k) * (W - L of plus) * flip. As in Fishtest, k counts game pairs: c_k = c / k^0.101 and
a_k = a / (A + k)^0.602 with A = 10% of the planned pairs, c set so that c_k ends at each parameter's
step (c_end) and a so that a_k / c_k^2 ends at r_end (0.002). Values go to the engine rounded.

The engine must be a tune build, whose parameters are UCI options: `make build TUNE=1` (build/tune).
The state (iteration, pairs played, theta, the schedule) is written to OUT/state.json after each
iteration, and a second start with the same OUT continues from it (an interrupted iteration is played
again); the schedule is fixed at the first start, later --iterations only move the end. Each
iteration's perturbation, result and theta are appended to OUT/history.jsonl, one line an iteration
(an iteration played again after an interruption has two lines: the last one counts). The games go
to OUT/games.pgn, the runner's reports to OUT/matches.log.

  scripts/spsa.py [--tc 5+0.05] [--pairs 1] [--iterations 1000] [--concurrency 2]
                  [--openings ../shared/data/openings/noob_2moves.epd] [--engine build/tune/sparring]
                  [--out runs/spsa] [--params NAME,NAME,...] [--r-end 0.002] [--seed 1]

Standard library only (scripts/lib/uci_pipe.py). docs/strength.md, "Tuning the search".
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.uci_pipe import Engine, EngineError  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PARAMS_HEADER = os.path.join(ROOT, "src", "engine", "search_params.h")
ALPHA, GAMMA, A_RATIO = 0.602, 0.101, 0.1

# The settings of a run: kept in its state, so a resumed run needs no options; one given again wins.
DEFAULTS = {
    "tc": "5+0.05",
    "pairs": 1,
    "iterations": 1000,
    "concurrency": 2,
    "openings": os.path.join(ROOT, "..", "shared", "data", "openings", "noob_2moves.epd"),
    "engine": os.path.join(ROOT, "build", "tune", "sparring"),
    "hash": 16,
}


def header_params():
    """(name, default, min, max, step) of every X(...) entry of search_params.h, in order."""
    text = open(PARAMS_HEADER).read()
    return [(m[0], *map(int, m[1:])) for m in
            re.findall(r"^\s*X\((\w+),\s*(-?\d+),\s*(-?\d+),\s*(-?\d+),\s*(\d+)\)", text, re.M)]


def engine_spins(path):
    """{name: (default, min, max)} of the spin options the engine announces."""
    try:
        e = Engine(path)
    except (OSError, EngineError) as err:
        sys.exit(f"spsa.py: cannot run the engine {path}: {err}")
    seen = []
    e.send("uci")
    e.expect("uciok", 5, seen)
    e.quit()
    spins = {}
    for line in seen:
        m = re.match(r"option name (.+) type spin default (-?\d+) min (-?\d+) max (-?\d+)$", line)
        if m:
            spins[m[1]] = (int(m[2]), int(m[3]), int(m[4]))
    return spins


def new_state(settings, names, r_end, seed):
    """theta at the defaults, and the schedule for settings' iterations x pairs game pairs."""
    spins = engine_spins(settings["engine"])
    steps = {p[0]: p[4] for p in header_params()}
    missing = [n for n in names if n not in spins]
    if missing:
        sys.exit(f"spsa.py: {settings['engine']} has no option {', '.join(missing)}: "
                 "not a tune build? (make build TUNE=1 builds build/tune/sparring)")
    total = settings["iterations"] * settings["pairs"]
    A = A_RATIO * total
    params = {}
    for n in names:
        default, lo, hi = spins[n]
        c_end = steps.get(n) or max(1, (hi - lo) // 20)
        params[n] = {"theta": float(default), "default": default, "min": lo, "max": hi, "c_end": c_end,
                     "c": c_end * total ** GAMMA, "a": r_end * c_end ** 2 * (A + total) ** ALPHA}
    return {"version": 1, "settings": settings, "schedule": {"A": A, "alpha": ALPHA, "gamma": GAMMA,
            "r_end": r_end, "planned_pairs": total, "seed": seed},
            "iteration": 0, "pairs": 0, "params": params}


def write_state(path, state):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def engine_value(p, x):
    """The integer an engine is given: x rounded (half up) and kept in the parameter's range."""
    return min(p["max"], max(p["min"], math.floor(x + 0.5)))


def play(settings, plus, minus, games, seed, out, iteration):
    """Plays `games` games plus-minus; returns (W, D, L) of plus, or exits with the runner's report."""
    engine = os.path.abspath(settings["engine"])
    runner = os.path.join(os.path.dirname(engine), "sparring-match")
    cmd = [runner, "--engine", f"cmd={engine}", "name=plus", *[f"option.{n}={v}" for n, v in plus.items()],
           "--engine", f"cmd={engine}", "name=minus", *[f"option.{n}={v}" for n, v in minus.items()],
           "--each", "option.Threads=1", f"option.Hash={settings['hash']}",
           "--openings", settings["openings"], "--order", "random", "--seed", str(seed),
           "--tc", settings["tc"], "--games", str(games), "--concurrency", str(settings["concurrency"]),
           "--pgn", os.path.join(out, "games.pgn"), "--event", f"SPSA iteration {iteration}"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    with open(os.path.join(out, "matches.log"), "a") as log:
        log.write(f"=== iteration {iteration}: {' '.join(cmd)}\n{run.stdout}{run.stderr}")
    m = re.search(r"^Score of plus vs minus: W/D/L (\d+)/(\d+)/(\d+)", run.stdout, re.M)
    if not m or sum(map(int, m.groups())) != games:
        sys.exit(f"spsa.py: iteration {iteration}: the match did not finish (exit {run.returncode}); "
                 f"its output is in {os.path.join(out, 'matches.log')}:\n{(run.stdout + run.stderr)[-1500:]}")
    failures = re.findall(r"^(plus|minus)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", run.stdout, re.M)
    bad = sum(int(x) for row in failures for x in row[1:])
    if bad:
        print(f"  warning: {bad} illegal moves, crashes, time forfeits or protocol errors (matches.log)")
    return tuple(map(int, m.groups()))


def show(state):
    cells = [f"{n} {p['theta']:.1f}" + (f" ({p['default']})" if engine_value(p, p["theta"]) != p["default"] else "")
             for n, p in state["params"].items()]
    line = " "
    for c in cells:
        if len(line) + len(c) > 110:
            print(line)
            line = " "
        line += "  " + c
    print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tc", help=f"time control BASE+INC in seconds (default {DEFAULTS['tc']})")
    ap.add_argument("--pairs", type=int, help="game pairs an iteration (default 1)")
    ap.add_argument("--iterations", type=int, help="iterations in all, counting those played (default 1000)")
    ap.add_argument("--concurrency", type=int, help="games at the same time (default 2)")
    ap.add_argument("--openings", help="EPD of openings, played in random order (default noob_2moves.epd)")
    ap.add_argument("--engine", help="the tune build (default build/tune/sparring; its sparring-match beside it)")
    ap.add_argument("--hash", type=int, help="Hash of each engine in MB (default 16)")
    ap.add_argument("--out", default=os.path.join(ROOT, "runs", "spsa"), help="the run's folder (default runs/spsa)")
    ap.add_argument("--params", help="first start: the parameters to tune, comma-separated (default all)")
    ap.add_argument("--r-end", type=float, default=0.002, help="first start: a_k / c_k^2 at the end (default 0.002)")
    ap.add_argument("--seed", type=int, default=1, help="first start: the signs' and openings' seed (default 1)")
    args = ap.parse_args()

    os.makedirs(args.out, exist_ok=True)
    state_path = os.path.join(args.out, "state.json")
    given = {k: getattr(args, k) for k in DEFAULTS if getattr(args, k) is not None}
    if os.path.exists(state_path):
        state = json.load(open(state_path))
        state["settings"].update(given)
        print(f"resuming {state_path} at iteration {state['iteration']} ({state['pairs']} pairs played)")
    else:
        settings = {**DEFAULTS, **given}
        known = [p[0] for p in header_params()]
        names = known if not args.params else [n.strip() for n in args.params.split(",") if n.strip()]
        unknown = [n for n in names if n not in known]
        if unknown:
            sys.exit(f"spsa.py: unknown parameter {', '.join(unknown)} (see {PARAMS_HEADER})")
        state = new_state(settings, names, args.r_end, args.seed)
        write_state(state_path, state)
        print(f"new run in {args.out}: {len(names)} parameters, {state['schedule']['planned_pairs']} game pairs planned")
    settings, schedule = state["settings"], state["schedule"]
    show(state)

    while state["iteration"] < settings["iterations"]:
        it, k = state["iteration"] + 1, state["pairs"] + 1
        rng = random.Random(schedule["seed"] * 1_000_003 + it)
        plus, minus, flips, gains = {}, {}, {}, {}
        for n, p in state["params"].items():
            c_k = p["c"] / k ** schedule["gamma"]
            a_k = p["a"] / (schedule["A"] + k) ** schedule["alpha"]
            flips[n] = rng.choice((-1, 1))
            plus[n] = engine_value(p, p["theta"] + c_k * flips[n])
            minus[n] = engine_value(p, p["theta"] - c_k * flips[n])
            gains[n] = a_k / c_k
        start = time.time()
        w, d, l = play(settings, plus, minus, 2 * settings["pairs"], schedule["seed"] * 1_000_003 + it, args.out, it)
        for n, p in state["params"].items():
            p["theta"] = min(p["max"], max(p["min"], p["theta"] + gains[n] * (w - l) * flips[n]))
        state["iteration"], state["pairs"] = it, state["pairs"] + settings["pairs"]
        with open(os.path.join(args.out, "history.jsonl"), "a") as f:
            f.write(json.dumps({"iteration": it, "pairs": state["pairs"], "wdl": [w, d, l], "flip": flips,
                                "plus": plus, "minus": minus,
                                "theta": {n: round(p["theta"], 3) for n, p in state["params"].items()}}) + "\n")
        write_state(state_path, state)
        print(f"iteration {it}/{settings['iterations']}: plus-minus W/D/L {w}/{d}/{l} ({w - l:+d}), "
              f"{time.time() - start:.0f} s, {state['pairs']} pairs in all")
        show(state)
    print("options: " + " ".join(f"option.{n}={engine_value(p, p['theta'])}" for n, p in state["params"].items()))


if __name__ == "__main__":
    main()
