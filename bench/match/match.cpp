#include "match.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "chess/position.h"
#include "openings.h"

namespace sparring::match {

namespace {

// An engine that fails to get ready this many games in a row ends the match.
constexpr int MAX_CONSECUTIVE_START_FAILURES = 3;

struct FailureCounts {
  int illegal = 0, crashes = 0, timeForfeits = 0, protocolErrors = 0, garbageLines = 0, restarts = 0;
};

// An engine process's resident size over a match: after its first game and after its last one
// (since its last start, so a restart does not look like a leak), and the peak seen after any game.
struct MemoryTrace {
  long firstKb = -1, lastKb = -1, peakKb = -1;
  void sample(long kb, bool restarted) {
    if (kb < 0) return;
    if (firstKb < 0 || restarted) firstKb = kb;
    lastKb = kb;
    peakKb = std::max(peakKb, kb);
  }
};

std::string format_elo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f", elo);
  return buf;
}

std::string format_margin(double m) {
  if (!std::isfinite(m)) return "inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", m);
  return buf;
}

std::string format_points(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", p);
  return buf;
}

std::string basename(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Shared by the worker threads: everything a finished game updates.
class MatchState {
 public:
  MatchState(const MatchConfig& c, const std::string names[2], PgnWriter& pgn) : cfg(c), pgn(pgn) {
    this->names[0] = names[0];
    this->names[1] = names[1];
  }

  // Records a finished game (game index `idx`, 0-based; `firstIsWhite`: engine 1 had White).
  void record(int idx, const GameRecord& g, bool firstIsWhite) {
    std::lock_guard lock(mutex);
    const double whitePoints = g.outcome == Outcome::WHITE_WINS ? 1 : g.outcome == Outcome::DRAW ? 0.5 : 0;
    const double firstPoints = firstIsWhite ? whitePoints : 1 - whitePoints;
    tally.add_game(firstPoints);
    if (auto it = pending.find(idx / 2); it != pending.end()) {
      tally.add_pair(it->second, firstPoints);
      pending.erase(it);
    } else {
      pending[idx / 2] = firstPoints;
    }
    ++terminations[g.short_reason().starts_with("illegal") ? "illegal move" : g.short_reason()];
    // Each engine's time a move (its own moves; book moves left out).
    const bool whiteFirst = g.startFen.find(" b ") == std::string::npos;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
      if (g.moves[i].book) continue;
      MoveTimes& t = times[((i % 2 == 0) == whiteFirst) == firstIsWhite ? 0 : 1];
      t.sum += g.moves[i].seconds, t.worst = std::max(t.worst, g.moves[i].seconds), ++t.moves;
    }

    std::string offenderNote;
    if (g.is_failure()) {
      const int who = (g.offender == WHITE) == firstIsWhite ? 0 : 1;
      offenderNote = " by " + names[who];
      FailureCounts& f = failures[who];
      switch (g.termination) {
        case Termination::ILLEGAL_MOVE: ++f.illegal; break;
        case Termination::CRASH: ++f.crashes; break;
        case Termination::TIME_FORFEIT: ++f.timeForfeits; break;
        default: break;
      }
      bool notReady = g.termination == Termination::CRASH && g.detail.starts_with("not ready");
      startFailures[who] = notReady ? startFailures[who] + 1 : 0;
      if (startFailures[who] >= MAX_CONSECUTIVE_START_FAILURES && !fatal) {
        fatal = true;
        fatalReason =
            names[who] + " failed to start " + std::to_string(startFailures[who]) + " times in a row: " + g.detail;
        stop_request::raise(false);
      }
    } else {
      for (int& n : startFailures) n = 0;
    }
    if (pgn.is_open()) pgn.write(g);

    ++completed;
    std::string line = "game " + std::to_string(g.round) + "/" + std::to_string(cfg.games) + ": " + g.white + " vs " +
                       g.black + " " + g.result_string() + " (" + g.short_reason() + offenderNote + ")";
    char buf[200];
    std::snprintf(buf, sizeof buf, "   score %s/%d [+%d =%d -%d]", format_points(tally.points()).c_str(), completed,
                  tally.wins, tally.draws, tally.losses);
    line += buf;
    if (cfg.sprt.enabled) {
      SprtStatus s = sprt_status(cfg.sprt, tally);
      std::snprintf(buf, sizeof buf, "   LLR %.2f (%.2f, %.2f)", s.llr, s.lower, s.upper);
      line += buf;
      if (s.verdict != SprtStatus::CONTINUE && !sprtDecided) {
        sprtDecided = true;
        stop_request::raise(false);
      }
    }
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  }

  void add_engine_counters(int who, const UciEngine& e) {
    std::lock_guard lock(mutex);
    failures[who].garbageLines += e.counters().garbageLines;
    failures[who].protocolErrors += e.counters().protocolErrors;
    failures[who].restarts += std::max(0, e.counters().starts - 1);
  }

  // Keeps the trace of the worker whose engine grew most.
  void add_memory(int who, const MemoryTrace& m) {
    std::lock_guard lock(mutex);
    if (m.firstKb < 0) return;
    MemoryTrace& t = memory[who];
    if (t.firstKb < 0 || m.lastKb - m.firstKb > t.lastKb - t.firstKb) t = MemoryTrace{m.firstKb, m.lastKb, t.peakKb};
    t.peakKb = std::max(t.peakKb, m.peakKb);
  }
  const MemoryTrace& memory_trace(int who) const { return memory[who]; }
  struct MoveTimes {
    double sum = 0, worst = 0;
    int moves = 0;
  };
  const MoveTimes& move_times(int who) const { return times[who]; }

  const Tally& result() const { return tally; }
  int games_completed() const { return completed; }
  bool sprt_decided() const { return sprtDecided; }
  bool fatal_error() const { return fatal; }
  const std::string& fatal_reason() const { return fatalReason; }
  const FailureCounts& failure_counts(int who) const { return failures[who]; }
  const std::map<std::string, int>& termination_counts() const { return terminations; }

 private:
  const MatchConfig& cfg;
  PgnWriter& pgn;
  std::string names[2];
  std::mutex mutex;
  Tally tally;
  std::map<int, double> pending;  // pair index -> first engine's points in the pair's finished game
  std::map<std::string, int> terminations;
  FailureCounts failures[2];
  MemoryTrace memory[2];
  MoveTimes times[2];
  int startFailures[2] = {0, 0};
  int completed = 0;
  bool sprtDecided = false;
  bool fatal = false;
  std::string fatalReason;
};

// Starts an engine once to learn its name and options, and to fail early if it cannot run.
std::string probe(const MatchConfig& cfg, int i, std::string& name) {
  UciEngine e(cfg.engines[i], cfg.game.chess960, "probe" + std::to_string(i + 1), cfg.debug);
  std::string err = e.start();
  if (!err.empty()) return err;
  name = !cfg.engines[i].name.empty() ? cfg.engines[i].name
         : !e.id_name().empty()       ? e.id_name()
                                      : basename(cfg.engines[i].cmd);
  const auto& declared = e.declared_options();
  auto has = [&](const std::string& opt) {
    return std::any_of(declared.begin(), declared.end(), [&](const std::string& d) {
      return std::equal(d.begin(), d.end(), opt.begin(), opt.end(), [](char a, char b) {
        return std::tolower((unsigned char)a) == std::tolower((unsigned char)b);
      });
    });
  };
  for (const auto& [opt, value] : cfg.engines[i].options)
    if (!has(opt)) std::fprintf(stderr, "warning: %s declares no option '%s'\n", name.c_str(), opt.c_str());
  if (cfg.game.chess960 && !has("UCI_Chess960"))
    std::fprintf(stderr, "warning: %s declares no UCI_Chess960 option\n", name.c_str());
  e.quit();
  return "";
}

// The score, the trinomial Elo with LOS, and the game pairs with the pentanomial Elo: three lines that
// pool_results() reads back.
void print_score(const std::string& first, const std::string& second, const Tally& t) {
  if (t.games() == 0) return;
  std::printf("Score of %s vs %s: W/D/L %d/%d/%d   %s/%d = %.1f%%   draws %.1f%%\n", first.c_str(), second.c_str(),
              t.wins, t.draws, t.losses, format_points(t.points()).c_str(), t.games(), 100.0 * t.points() / t.games(),
              100.0 * t.draws / t.games());
  EloEstimate tri = elo_trinomial(t);
  std::printf("Elo difference: %s +/- %s (95%%, trinomial)   LOS: %.1f%%\n", format_elo(tri.elo).c_str(),
              format_margin(tri.margin).c_str(), 100.0 * likelihood_of_superiority(t));
  if (t.pair_count() > 0) {
    EloEstimate penta = elo_pentanomial(t);
    std::printf("Pairs [LL LD DD+WL WD WW]: [%d %d %d+%d %d %d]   Elo %s +/- %s (95%%, pentanomial, %d pairs)\n",
                t.pairs[0], t.pairs[1], t.pairDD, t.pairWL, t.pairs[3], t.pairs[4], format_elo(penta.elo).c_str(),
                format_margin(penta.margin).c_str(), t.pair_count());
  }
}

void print_summary(const MatchConfig& cfg, const MatchState& st, const std::string names[2]) {
  const Tally& t = st.result();
  std::printf("\n=== %s vs %s: %d of %d games played", names[0].c_str(), names[1].c_str(), t.games(), cfg.games);
  if (st.sprt_decided()) std::printf(" (stopped by the SPRT)");
  std::printf(" ===\n");
  print_score(names[0], names[1], t);
  if (cfg.sprt.enabled) {
    SprtStatus s = sprt_status(cfg.sprt, t);
    const char* verdict = s.verdict == SprtStatus::H1   ? "H1 accepted"
                          : s.verdict == SprtStatus::H0 ? "H0 accepted"
                                                        : "no decision (continue)";
    std::printf("SPRT (%s): LLR %.2f (%.2f, %.2f) - %s\n", cfg.sprt.describe().c_str(), s.llr, s.lower, s.upper,
                verdict);
  }
  std::string ends;
  for (const auto& [why, n] : st.termination_counts())
    ends += (ends.empty() ? "" : ", ") + why + " " + std::to_string(n);
  if (!ends.empty()) std::printf("Game endings: %s\n", ends.c_str());
  size_t width = std::max<size_t>({6, names[0].size(), names[1].size()});
  std::printf("%-*s  %7s %7s %12s %15s %13s %8s\n", int(width), "Engine", "illegal", "crashes", "time-forfeit",
              "protocol-errors", "garbage-lines", "restarts");
  for (int i = 0; i < 2; ++i) {
    const FailureCounts& f = st.failure_counts(i);
    std::printf("%-*s  %7d %7d %12d %15d %13d %8d\n", int(width), names[i].c_str(), f.illegal, f.crashes,
                f.timeForfeits, f.protocolErrors, f.garbageLines, f.restarts);
  }
  // A leak shows as growth from the first game to the last (the hash is allocated before game 1).
  for (int i = 0; i < 2; ++i)
    if (const MemoryTrace& m = st.memory_trace(i); m.firstKb >= 0)
      std::printf("Memory %-*s  RSS after first game %.1f MB, after last %.1f MB (%+.1f), peak %.1f MB\n", int(width),
                  names[i].c_str(), m.firstKb / 1024.0, m.lastKb / 1024.0, (m.lastKb - m.firstKb) / 1024.0,
                  m.peakKb / 1024.0);
  for (int i = 0; i < 2; ++i)
    if (const auto& t = st.move_times(i); t.moves)
      std::printf("Move time %-*s  mean %.3f s, worst %.3f s (%d moves)\n", int(width), names[i].c_str(),
                  t.sum / t.moves, t.worst, t.moves);
  std::fflush(stdout);
}

}  // namespace

int run_match(MatchConfig cfg) {
  // Openings first: a bad file is a bad argument.
  OpeningSuite suite;
  if (!cfg.openingsPath.empty()) {
    if (std::string err = load_openings(cfg.openingsPath, cfg.game.chess960, cfg.openingPlies, suite); !err.empty()) {
      std::fprintf(stderr, "sparring-match: %s\n", err.c_str());
      return 2;
    }
    if (suite.skipped)
      std::fprintf(stderr, "warning: %d openings skipped, the first at %s\n", suite.skipped, suite.firstError.c_str());
  } else {
    suite.openings.push_back(Opening{.fen = START_FEN, .moves = {}, .standardStart = true});
  }
  if (cfg.randomOrder && !cfg.seedGiven)
    cfg.seed = std::random_device{}() | (std::uint64_t(std::random_device{}()) << 32);
  const std::vector<int> order = opening_order(int(suite.openings.size()), cfg.randomOrder, cfg.seed);

  PgnWriter pgn;
  if (!cfg.pgnPath.empty())
    if (std::string err = pgn.open(cfg.pgnPath, cfg.pgnHeader); !err.empty()) {
      std::fprintf(stderr, "sparring-match: %s\n", err.c_str());
      return 2;
    }

  std::string names[2];
  for (int i = 0; i < 2; ++i)
    if (std::string err = probe(cfg, i, names[i]); !err.empty()) {
      std::fprintf(stderr, "sparring-match: engine %d (%s) cannot be used: %s\n", i + 1, cfg.engines[i].cmd.c_str(),
                   err.c_str());
      return 1;
    }
  if (names[0] == names[1]) {
    names[0] += " #1";
    names[1] += " #2";
  }

  std::printf("%s vs %s: %d games, %s, %d at a time, openings %s", names[0].c_str(), names[1].c_str(), cfg.games,
              cfg.game.tc.describe().c_str(), cfg.concurrency,
              cfg.openingsPath.empty() ? "none (start position)" : basename(cfg.openingsPath).c_str());
  if (!cfg.openingsPath.empty()) {
    std::printf(" (%zu, %s", suite.openings.size(), cfg.randomOrder ? "random" : "sequential");
    if (cfg.randomOrder) std::printf(", seed %llu", (unsigned long long)cfg.seed);
    std::printf(")");
  }
  std::printf("%s\n", cfg.game.chess960 ? ", Chess960" : "");
  if (cfg.sprt.enabled) std::printf("SPRT: %s\n", cfg.sprt.describe().c_str());
  std::fflush(stdout);

  MatchState state(cfg, names, pgn);
  std::atomic<int> next{0};
  auto worker = [&](int w) {
    // Each worker owns its engine processes, started and ended in this thread.
    UciEngine engines[2] = {
        UciEngine(cfg.engines[0], cfg.game.chess960, names[0] + "@" + std::to_string(w + 1), cfg.debug),
        UciEngine(cfg.engines[1], cfg.game.chess960, names[1] + "@" + std::to_string(w + 1), cfg.debug)};
    MemoryTrace memory[2];
    int starts[2] = {0, 0};
    for (;;) {
      if (stop_request::raised()) break;
      const int idx = next.fetch_add(1);
      if (idx >= cfg.games) break;
      const Opening& opening = suite.openings[order[(idx / 2) % order.size()]];
      const bool firstIsWhite = idx % 2 == 0;
      UciEngine& white = engines[firstIsWhite ? 0 : 1];
      UciEngine& black = engines[firstIsWhite ? 1 : 0];
      GameRecord g =
          play_game(white, black, names[firstIsWhite ? 0 : 1], names[firstIsWhite ? 1 : 0], opening, cfg.game, idx + 1);
      if (g.termination == Termination::ABORTED) break;
      g.whiteElo = cfg.engines[firstIsWhite ? 0 : 1].elo;
      g.blackElo = cfg.engines[firstIsWhite ? 1 : 0].elo;
      state.record(idx, g, firstIsWhite);
      for (int i = 0; i < 2; ++i) {
        memory[i].sample(engines[i].rss_kb(), engines[i].counters().starts != starts[i]);
        starts[i] = engines[i].counters().starts;
      }
    }
    for (int i = 0; i < 2; ++i) state.add_memory(i, memory[i]);
    for (UciEngine& e : engines) e.quit();
    state.add_engine_counters(0, engines[0]);
    state.add_engine_counters(1, engines[1]);
  };
  std::vector<std::thread> threads;
  for (int w = 0; w < std::min(cfg.concurrency, cfg.games); ++w) threads.emplace_back(worker, w);
  for (std::thread& t : threads) t.join();

  print_summary(cfg, state, names);
  if (state.fatal_error()) {
    std::fprintf(stderr, "sparring-match: match aborted: %s\n", state.fatal_reason().c_str());
    return 1;
  }
  if (stop_request::by_user()) {
    std::fprintf(stderr, "sparring-match: interrupted after %d games\n", state.games_completed());
    return 1;
  }
  return 0;
}

int pool_results(const std::vector<std::string>& files) {
  Tally total;
  std::string pairing;  // "A vs B", the same in every file
  for (const std::string& path : files) {
    std::FILE* f = std::fopen(path.c_str(), "r");
    if (!f) {
      std::fprintf(stderr, "sparring-match: --pool: cannot read %s\n", path.c_str());
      return 2;
    }
    // The last summary in the file counts (a file may hold several runs' outputs one after the other).
    Tally t;
    std::string names;
    bool pairsSeen = false;
    char line[4096];
    while (std::fgets(line, sizeof line, f)) {
      const std::string l = line;
      const size_t wdl = l.find(": W/D/L ");
      if (l.starts_with("Score of ") && wdl != std::string::npos) {
        t = Tally{};
        pairsSeen = false;
        const bool read = std::sscanf(l.c_str() + wdl + 8, "%d/%d/%d", &t.wins, &t.draws, &t.losses) == 3;
        names = read ? l.substr(9, wdl - 9) : "";
      } else if (l.starts_with("Pairs [LL LD DD+WL WD WW]: [")) {
        pairsSeen = std::sscanf(l.c_str() + 28, "%d %d %d+%d %d %d", &t.pairs[0], &t.pairs[1], &t.pairDD, &t.pairWL,
                                &t.pairs[3], &t.pairs[4]) == 6;
        t.pairs[2] = t.pairDD + t.pairWL;
      }
    }
    std::fclose(f);
    if (names.empty() || (t.games() >= 2 && !pairsSeen)) {
      std::fprintf(stderr, "sparring-match: --pool: %s holds no match summary (its 'Score of' and 'Pairs' lines)\n",
                   path.c_str());
      return 2;
    }
    if (!pairing.empty() && names != pairing) {
      std::fprintf(stderr, "sparring-match: --pool: %s is %s, %s is %s\n", path.c_str(), names.c_str(),
                   files[0].c_str(), pairing.c_str());
      return 2;
    }
    pairing = names;
    std::printf("%s: %d games (W/D/L %d/%d/%d), %d pairs [%d %d %d+%d %d %d]\n", path.c_str(), t.games(), t.wins,
                t.draws, t.losses, t.pair_count(), t.pairs[0], t.pairs[1], t.pairDD, t.pairWL, t.pairs[3], t.pairs[4]);
    total += t;
  }
  const size_t vs = pairing.find(" vs ");
  std::printf("\n=== %s: %zu file%s pooled, %d games ===\n", pairing.c_str(), files.size(),
              files.size() == 1 ? "" : "s", total.games());
  print_score(pairing.substr(0, vs), pairing.substr(vs + 4), total);
  return 0;
}

}  // namespace sparring::match
