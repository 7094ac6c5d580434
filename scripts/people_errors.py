#!/usr/bin/python3
"""How people err by their own rating: the review of a sample of rated Lichess games, and a fit of each
error rate against the mover's rating, read at each level's rating (docs/levels.md, "People by their own
rating").

  review DIR      judges every game of DIR/chunk-*.pgn (scripts/people_sample.py) with Stockfish 15.1 at
                  depth 10 through `sparring review --judge`, one DIR/chunk-NNN.json per chunk; a chunk
                  already judged is skipped, so a killed run resumes where it stopped
  levels JSON... each level's rates in reviewed level games (moves after ply 10, the levels' names in the
                  PGN's White / Black) beside its targets (--targets FILE, the fit's --json), with 95%
                  intervals (bootstrap over games) and the relative difference; a figure more than 20%
                  off its target is marked
  fit DIR         bins every move after ply 10 by its mover's rating (100 points; a player rated exactly
                  1500, Lichess's start and mostly a new account, is left out), fits each rate, prints the
                  bins with 95% intervals, the fit and each level's target; --svg FILE draws it, --json
                  FILE writes the targets
  scale DIR --people PEOPLE
                  another site's ratings on the Lichess scale (issue 55: chess.com's run a few hundred
                  points under Lichess's): each 100-point bin of DIR's reviewed games (people_sample.py
                  --sources more2/chesscom.pgn, then review) read as the Lichess rating at which the fit of
                  PEOPLE (the Lichess chunks) gives the same ACPL, blunder rate, balanced blunder rate;
                  with a line through the ACPL readings (--json FILE writes it)

The fit: ln(rate) = a + b (r - 1200) + c (r - 1200)^2, weighted least squares over the bins from --lo to
--hi (each bin weighted by its moves), where a rate is errors of a class per 100 moves (blunders,
mistakes, inaccuracies; in all positions, in balanced ones: the mover's Win% before the move within
25-75, and in decided ones) or ACPL. Intervals: 200 bootstrap resamples of the games. Below the data
(Beginner's 600) the fit is extrapolated; with --linear the quadratic term is dropped, the safer
extrapolation and the one the targets use when the two disagree.

Usage: scripts/people_errors.py review DIR [--sparring build/release/sparring] [--threads 2]
       scripts/people_errors.py fit DIR [--svg FILE] [--json FILE] [--lo 700] [--hi 2300]
       scripts/people_errors.py levels REVIEW.json [...] --targets FILE
       scripts/people_errors.py scale DIR --people PEOPLE [--json FILE]
"""
import argparse
import glob
import json
import math
import os
import random
import subprocess
import sys

LEVELS = [("Beginner", 600), ("Easy", 900), ("Medium", 1200), ("Hard", 1500), ("Expert", 1800), ("Master", 2100)]
CLASSES = ("blunder", "mistake", "inaccuracy")
OPENING_PLIES = 10  # as the levels' error rates are counted: moves after ply 10
# The rates fitted: (name, which moves, what is counted)
RATES = [(f"{c}s {state}", state, c) for state in ("all", "balanced", "decided") for c in CLASSES] + \
        [("ACPL all", "all", "cp"), ("ACPL balanced", "balanced", "cp")]


def review(args):
    chunks = sorted(glob.glob(os.path.join(args.dir, "chunk-*.pgn")))
    for pgn in chunks:
        out = pgn[:-4] + ".json"
        if os.path.exists(out):
            continue
        sys.stderr.write(f"reviewing {pgn}\n")
        with open(out + ".tmp", "w") as f:
            subprocess.run([args.sparring, "review", pgn, "--depth", "10", "--threads", str(args.threads),
                            "--judge", "/usr/games/stockfish", "--json"], stdout=f, stderr=subprocess.DEVNULL,
                           check=True)
        os.replace(out + ".tmp", out)
    sys.stderr.write(f"{len(chunks)} chunks reviewed\n")


def player_moves(paths, by_level=False):
    """Per game: a list of (rating or level name, state, judgement, cp_loss) for its moves after the opening."""
    games = []
    for path in paths:
        for g in json.load(open(path))["games"]:
            tags = g["tags"]
            rows = []
            for m in g["moves"]:
                if m["ply"] <= OPENING_PLIES:
                    continue
                side = "White" if m["color"] == "white" else "Black"
                if by_level:
                    rating = next((name for name, _ in LEVELS if name in tags.get(side, "").split()), None)
                    if rating is None:
                        continue
                else:
                    try:
                        rating = int(tags[side + "Elo"])
                    except (KeyError, ValueError):
                        continue
                    if rating == 1500:
                        continue
                state = "balanced" if 25 <= m["win_before"] <= 75 else "decided"
                rows.append((rating, state, m["judgement"], m["cp_loss"]))
            games.append(rows)
    return games


def tally(games, width=100):
    """bin (or level name) -> {(state, what): count}, with 'moves' per state."""
    bins = {}
    for rows in games:
        for rating, state, judgement, cp in rows:
            t = bins.setdefault(rating // width * width if isinstance(rating, int) else rating, {})
            for s in ("all", state):
                t[s, "moves"] = t.get((s, "moves"), 0) + 1
                t[s, "cp"] = t.get((s, "cp"), 0) + cp
                if judgement in CLASSES:
                    t[s, judgement] = t.get((s, judgement), 0) + 1
    return bins


def rate(t, state, what):
    n = t.get((state, "moves"), 0)
    if not n:
        return None, 0
    per = 1 if what == "cp" else 100
    return per * t.get((state, what), 0) / n, n


def fit(points, linear):
    """Weighted least squares of ln(rate) on (r - 1200)/1000 (and its square): coefficients."""
    deg = 1 if linear else 2
    rows = [([((r - 1200) / 1000) ** k for k in range(deg + 1)], math.log(y), w) for r, y, w in points if y > 0]
    n = deg + 1
    ata = [[sum(w * x[i] * x[j] for x, _, w in rows) for j in range(n)] for i in range(n)]
    atb = [sum(w * x[i] * y for x, y, w in rows) for i in range(n)]
    # Gaussian elimination (3 x 3 at most)
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(ata[k][i]))
        ata[i], ata[p], atb[i], atb[p] = ata[p], ata[i], atb[p], atb[i]
        for k in range(i + 1, n):
            f = ata[k][i] / ata[i][i]
            ata[k] = [a - f * b for a, b in zip(ata[k], ata[i])]
            atb[k] -= f * atb[i]
    coef = [0.0] * n
    for i in reversed(range(n)):
        coef[i] = (atb[i] - sum(ata[i][j] * coef[j] for j in range(i + 1, n))) / ata[i][i]
    return coef


def predict(coef, r):
    x = (r - 1200) / 1000
    return math.exp(sum(c * x ** k for k, c in enumerate(coef)))


def curves(games, lo, hi, linear):
    bins = tally(games)
    out = {}
    for name, state, what in RATES:
        pts = []
        for b, t in bins.items():
            y, n = rate(t, state, what)
            if lo <= b < hi and y is not None and n >= 200:
                pts.append((b + 50, y, n))
        out[name] = fit(pts, linear)
    return bins, out


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))]


def levels_cmd(args):
    games = player_moves(args.review, by_level=True)
    targets = json.load(open(args.targets))["targets"]
    levels = tally(games)
    rng = random.Random(2026)
    boots = [tally([games[rng.randrange(len(games))] for _ in games]) for _ in range(args.resamples)]
    names = [n for n, _, _ in RATES]
    print(f"{sum(len(g) for g in games)} level moves after ply {OPENING_PLIES} of {len(games)} games; each cell: the"
          f" level's rate (95%, {args.resamples} resamples of games), its target, the difference; * beyond 20%\n")
    print("| level | moves | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    worst = {}
    for level, _ in LEVELS:
        if level not in levels:
            continue
        cells = []
        for name, state, what in RATES:
            y, n = rate(levels[level], state, what)
            ys = [v for v in (rate(b.get(level, {}), state, what)[0] for b in boots) if v is not None]
            goal = targets[level][name][0]
            diff = 100 * (y - goal) / goal
            worst[level, name] = diff
            cells.append(f"{y:.1f} ({pct(ys, .025):.1f}-{pct(ys, .975):.1f}) / {goal:.1f} {diff:+.0f}%"
                         + ("*" if abs(diff) > 20 else ""))
        print(f"| {level} | {levels[level].get(('all', 'moves'), 0)} | " + " | ".join(cells) + " |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({f"{k[0]} {k[1]}": round(v, 1) for k, v in worst.items()}, f, indent=1)


def fit_cmd(args):
    games = player_moves(sorted(glob.glob(os.path.join(args.dir, "chunk-*.json"))))
    bins, coefs = curves(games, args.lo, args.hi, args.linear)
    rng = random.Random(2026)
    boot_bins, boot_coefs = [], []
    for _ in range(args.resamples):
        sample = [games[rng.randrange(len(games))] for _ in games]
        b, c = curves(sample, args.lo, args.hi, args.linear)
        boot_bins.append(b)
        boot_coefs.append(c)
    form = "ln(rate) linear in the rating" if args.linear else "ln(rate) quadratic in the rating"
    print(f"{sum(len(g) for g in games)} moves after ply {OPENING_PLIES} of {len(games)} games; "
          f"fit over bins {args.lo}-{args.hi}, {form}; 95% intervals of {args.resamples} bootstrap resamples of games\n")
    names = [n for n, _, _ in RATES]
    print("| bin | moves | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    for b in sorted(bins):
        t = bins[b]
        cells = []
        for name, state, what in RATES:
            y, n = rate(t, state, what)
            if y is None:
                cells.append("-")
                continue
            ys = [rate(bb.get(b, {}), state, what)[0] for bb in boot_bins]
            ys = [v for v in ys if v is not None]
            cells.append(f"{y:.1f} ({pct(ys, .025):.1f}-{pct(ys, .975):.1f})")
        print(f"| {b} | {t.get(('all', 'moves'), 0)} | " + " | ".join(cells) + " |")
    print("\nTargets: the fit at each level's rating (95% interval)\n")
    print("| level | rating | " + " | ".join(names) + " |")
    print("|---" * (len(names) + 2) + "|")
    targets = {}
    for level, r in LEVELS:
        cells = []
        targets[level] = {"rating": r}
        for name in names:
            v = predict(coefs[name], r)
            vs = [predict(c[name], r) for c in boot_coefs]
            lo, hi = pct(vs, .025), pct(vs, .975)
            targets[level][name] = [round(v, 2), round(lo, 2), round(hi, 2)]
            cells.append(f"{v:.1f} ({lo:.1f}-{hi:.1f})")
        print(f"| {level} | {r} | " + " | ".join(cells) + " |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"fit": form, "bins": [args.lo, args.hi], "targets": targets}, f, indent=1)
    if args.svg:
        draw(args, bins, boot_bins, coefs, boot_coefs)


def equivalent(coef, y, lo=100, hi=2400):
    """The rating at which the fitted rate equals y (bisection; the fits fall with the rating over the
    range), or None if y is outside what the fit gives between lo and hi."""
    f = lambda r: predict(coef, r) - y  # noqa: E731
    if f(lo) < 0 or f(hi) > 0:
        return None
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
    return (lo + hi) / 2


def scale_cmd(args):
    """Each 100-point bin of another site's ratings, read as the Lichess rating whose people err as much."""
    people = player_moves(sorted(glob.glob(os.path.join(args.people, "chunk-*.json"))))
    _, coefs = curves(people, args.lo, args.hi, False)
    games = player_moves(sorted(glob.glob(os.path.join(args.dir, "chunk-*.json"))))
    rates = ("ACPL all", "blunders all", "blunders balanced")
    rng = random.Random(2026)
    boots = [tally([games[rng.randrange(len(games))] for _ in games]) for _ in range(args.resamples)]
    bins = tally(games)
    print(f"{sum(len(g) for g in games)} moves after ply {OPENING_PLIES} of {len(games)} games of {args.dir}, "
          f"read against the Lichess fit of {args.people} (bins {args.lo}-{args.hi}); each cell: the bin's rate, "
          f"the Lichess rating whose people err as much (95%: {args.resamples} resamples of games)\n")
    print("| bin | moves | " + " | ".join(rates) + " |")
    print("|---" * (len(rates) + 2) + "|")
    points = []  # (bin centre, Lichess rating by ACPL, moves)
    spec = {name: (state, what) for name, state, what in RATES}
    for b in sorted(bins):
        t = bins[b]
        if t.get(("all", "moves"), 0) < args.min_moves:
            continue
        cells = []
        for name in rates:
            y, _ = rate(t, *spec[name])
            r = equivalent(coefs[name], y) if y else None
            eqs = [equivalent(coefs[name], v) for v in (rate(bb.get(b, {}), *spec[name])[0] for bb in boots) if v]
            eqs = [e for e in eqs if e is not None]
            iv = f" ({pct(eqs, .025):.0f}-{pct(eqs, .975):.0f})" if eqs else ""
            cells.append(f"{y:.1f} → {r:.0f}{iv}" if r is not None else f"{y:.1f} → outside the fit")
            if name == "ACPL all" and r is not None:
                points.append((b + 50, r, t[("all", "moves")]))
        print(f"| {b} | {t[('all', 'moves')]} | " + " | ".join(cells) + " |")
    if len(points) >= 2:
        w = sum(n for _, _, n in points)
        mx = sum(x * n for x, _, n in points) / w
        my = sum(y * n for _, y, n in points) / w
        slope = sum(n * (x - mx) * (y - my) for x, y, n in points) / sum(n * (x - mx) ** 2 for x, _, n in points)
        print(f"\nBy ACPL, weighted by moves: Lichess ≈ {my - slope * mx:.0f} + {slope:.2f} × rating "
              f"(over bins {points[0][0] - 50}-{points[-1][0] - 50})")
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"by": "ACPL all", "intercept": round(my - slope * mx, 1), "slope": round(slope, 3),
                           "bins": [[x - 50, round(y)] for x, y, _ in points]}, f, indent=1)


def draw(args, bins, boot_bins, coefs, boot_coefs):
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text as text: a smaller file
    import matplotlib.pyplot as plt
    panels = [("blunders all", "blunders / 100 moves"), ("mistakes all", "mistakes / 100 moves"),
              ("inaccuracys all", "inaccuracies / 100 moves"), ("ACPL all", "ACPL")]
    fig, axes = plt.subplots(2, 2, figsize=(10, 7.5))
    xs = list(range(500, 2401, 10))
    for ax, (name, label) in zip(axes.flat, panels):
        state, what = next((s, w) for n, s, w in RATES if n == name)
        bx, by, blo, bhi = [], [], [], []
        for b in sorted(bins):
            y, n = rate(bins[b], state, what)
            if y is None or n < 200:
                continue
            ys = [v for v in (rate(bb.get(b, {}), state, what)[0] for bb in boot_bins) if v is not None]
            bx.append(b + 50)
            by.append(y)
            blo.append(y - pct(ys, .025))
            bhi.append(pct(ys, .975) - y)
        ax.errorbar(bx, by, yerr=[blo, bhi], fmt="o", ms=4, color="k", label="people (100-point bins, 95%)")
        ax.plot(xs, [predict(coefs[name], x) for x in xs], color="tab:blue", label="fit")
        band = [[predict(c[name], x) for c in boot_coefs] for x in xs]
        ax.fill_between(xs, [pct(v, .025) for v in band], [pct(v, .975) for v in band], color="tab:blue",
                        alpha=0.2, lw=0)
        ax.axvspan(500, args.lo, color="0.9", lw=0)
        for level, r in LEVELS:
            ax.plot([r], [predict(coefs[name], r)], "s", color="tab:red", ms=6)
            ax.annotate(level, (r, predict(coefs[name], r)), textcoords="offset points", xytext=(4, 6), fontsize=7,
                        color="tab:red")
        ax.set_xlabel("mover's Lichess rating")
        ax.set_ylabel(label)
        ax.set_xlim(500, 2400)
        ax.grid(alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    fig.suptitle("How people err by their own rating (Stockfish 15.1 depth 10, Lichess's rules; moves after ply 10)"
                 "\nsquares: each level's target; grey: below the data, extrapolated", fontsize=10)
    fig.tight_layout()
    fig.savefig(args.svg)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("review")
    r.add_argument("dir")
    r.add_argument("--sparring", default="build/release/sparring")
    r.add_argument("--threads", type=int, default=2)
    f = sub.add_parser("fit")
    f.add_argument("dir")
    f.add_argument("--svg")
    f.add_argument("--json")
    f.add_argument("--lo", type=int, default=700)
    f.add_argument("--hi", type=int, default=2300)
    f.add_argument("--linear", action="store_true")
    f.add_argument("--resamples", type=int, default=200)
    lv = sub.add_parser("levels")
    lv.add_argument("review", nargs="+")
    lv.add_argument("--targets", required=True)
    lv.add_argument("--json")
    lv.add_argument("--resamples", type=int, default=200)
    sc = sub.add_parser("scale", help="another site's ratings on the Lichess scale, by how much people err")
    sc.add_argument("dir", help="reviewed chunks of the other site's games (people_sample.py --sources ...)")
    sc.add_argument("--people", required=True, help="the reviewed Lichess chunks the targets were fitted on")
    sc.add_argument("--lo", type=int, default=700)
    sc.add_argument("--hi", type=int, default=2300)
    sc.add_argument("--min-moves", type=int, default=500)
    sc.add_argument("--json")
    sc.add_argument("--resamples", type=int, default=100)
    args = ap.parse_args()
    {"review": review, "fit": fit_cmd, "levels": levels_cmd, "scale": scale_cmd}[args.cmd](args)


if __name__ == "__main__":
    main()
