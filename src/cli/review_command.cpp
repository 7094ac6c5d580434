// `sparring review <file.pgn>`: every move of every game judged by Lichess's rules; reports as
// text or JSON, annotated PGN, evaluation graphs, and totals per rating band.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <cxxopts.hpp>

#include "chess/pgn.h"
#include "cli/commands.h"
#include "cli/parse_args.h"
#include "review/review.h"
#include "review/review_report.h"
#include "review/review_svg.h"
#include "review/uci_judge.h"

namespace sparring::cli {

namespace {

using namespace sparring::review;

struct ReviewJob {
  std::string path;
  ReviewSettings settings;
  int threads = 1;
  int hashMb = 16;
  int maxGames = 0;  // 0: all
  bool json = false, totalsOnly = false, progress = true;
  std::string pgnOut, svg, jsonOut;  // jsonOut: the whole review as JSON, whatever stdout shows
  UciJudgeConfig judge;              // cmd empty: Sparring's own search judges
};

// Counts the games of a file cheaply (tag blocks), for the progress line's time estimate.
int count_games(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  int games = 0;
  bool inTags = false;
  while (std::getline(in, line)) {
    const bool tag = !line.empty() && line[0] == '[';
    if (tag && !inTags) ++games;
    if (!line.empty() && line != "\r") inTags = tag;
  }
  return games;
}

// "graph.svg" -> "graph-3.svg" when the file holds several games.
std::string svg_path(const std::string& base, int index, bool several) {
  if (!several) return base;
  const size_t dot = base.rfind('.');
  const size_t slash = base.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return base + "-" + std::to_string(index);
  return base.substr(0, dot) + "-" + std::to_string(index) + base.substr(dot);
}

std::string duration(double seconds) {
  const long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, s / 60 % 60);
  else
    std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  return buf;
}

// Opens an optional output file (no path: nothing to open); false, with the reason printed, if it cannot.
bool open_output(const std::string& path, std::ofstream& out) {
  if (path.empty()) return true;
  out.open(path);
  if (!out) std::cerr << "sparring review: cannot write '" << path << "'\n";
  return bool(out);
}

int run_review(const ReviewJob& job) {
  std::ifstream in(job.path, std::ios::binary);
  if (!in) {
    std::cerr << "sparring review: cannot open '" << job.path << "'\n";
    return 2;
  }
  int expected = count_games(job.path);
  if (job.maxGames && (expected == 0 || expected > job.maxGames)) expected = job.maxGames;
  const bool severalGames = expected != 1;

  std::ofstream jsonFile, pgnOut;
  if (!open_output(job.jsonOut, jsonFile) || !open_output(job.pgnOut, pgnOut)) return 2;
  const bool gamesAsJson = (job.json && !job.totalsOnly) || jsonFile.is_open();
  // The JSON document goes to stdout with --json (games left out with --totals-only) and, every game
  // in it, to --json-out's file: one review gives both the printed totals and the moves to check.
  auto json = [&](const std::string& text, bool game) {
    if (job.json && !(game && job.totalsOnly)) std::cout << text;
    if (jsonFile.is_open()) jsonFile << text;
  };

  PgnReader reader(in, job.path);
  std::mutex mutex;  // guards the reader, the output queue and the totals
  int taken = 0, printed = 0, badGames = 0, failures = 0;
  std::map<int, GameReview> finished;  // reviewed games waiting for their turn to be printed
  ReviewTotals bands[BAND_NB], all;
  const auto t0 = std::chrono::steady_clock::now();
  bool firstJson = true;

  json("{\"games\":[", false);
  // Prints the games that are next in file order (called under the lock).
  auto flush = [&]() {
    for (auto it = finished.find(printed + 1); it != finished.end(); it = finished.find(printed + 1)) {
      const GameReview& r = it->second;
      ++printed;
      if (!job.totalsOnly && !job.json) std::cout << format_text(r, printed) << '\n';
      if (gamesAsJson) {
        json((firstJson ? "\n" : ",\n") + format_json(r, printed), true);
        firstJson = false;
      }
      if (pgnOut.is_open()) pgnOut << format_pgn(annotate(r));
      if (!job.svg.empty()) {
        const std::string path = svg_path(job.svg, printed, severalGames);
        std::ofstream svg(path);
        svg << render_svg(r);
        if (!svg) {
          std::cerr << "sparring review: cannot write '" << path << "'\n";
          ++failures;
        }
      }
      for (Color c : {WHITE, BLACK}) {
        ReviewTotals t;
        t.add(r, c);
        bands[rating_band(r.game.tag(c == WHITE ? "WhiteElo" : "BlackElo"))].add(t);
        all.add(t);
      }
      finished.erase(it);
      if (job.progress) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::string left =
            expected > printed ? ", about " + duration(elapsed / printed * (expected - printed)) + " left" : "";
        std::cerr << "\rreviewed " << printed << (expected ? "/" + std::to_string(expected) : "") << " games in "
                  << duration(elapsed) << left << "   " << std::flush;
      }
    }
  };

  // One search per thread, made here: constructing a Search touches shared tables.
  std::vector<std::unique_ptr<Search>> searches;
  if (job.judge.cmd.empty())
    for (int i = 0; i < job.threads; ++i) {
      searches.push_back(std::make_unique<Search>());
      searches.back()->set_hash(job.hashMb);
    }
  bool judgeFailed = false;
  auto worker = [&](int thread) {
    // An external judge belongs to the thread that starts it (see match/uci_engine.h).
    std::unique_ptr<Judge> judge;
    try {
      if (job.judge.cmd.empty())
        judge = std::make_unique<SearchJudge>(*searches[thread], job.settings);
      else
        judge = std::make_unique<UciJudge>(job.judge, job.settings);
    } catch (const std::exception& e) {
      std::lock_guard lock(mutex);
      std::cerr << "sparring review: " << e.what() << '\n';
      judgeFailed = true;
      return;
    }
    for (;;) {
      PgnGame game;
      int index;
      {
        std::lock_guard lock(mutex);
        if (judgeFailed || (job.maxGames && taken >= job.maxGames)) return;
        std::string error;
        PgnStatus status;
        while ((status = reader.read(game, error)) == PgnStatus::ERROR) {
          ++badGames;
          std::cerr << (job.progress && printed ? "\n" : "") << error << " (game skipped)\n";
        }
        if (status == PgnStatus::END) return;
        index = ++taken;
      }
      try {
        GameReview r = review_game(game, job.settings, *judge);
        std::lock_guard lock(mutex);
        finished.emplace(index, std::move(r));
        flush();
      } catch (const std::exception& e) {
        // A judge that died or misbehaved cannot be trusted for the rest of the file either.
        std::lock_guard lock(mutex);
        std::cerr << "\nsparring review: game " << index << ": " << e.what() << '\n';
        judgeFailed = true;
        return;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int i = 0; i < job.threads; ++i) pool.emplace_back(worker, i);
  for (auto& t : pool) t.join();
  if (job.progress && printed) std::cerr << '\n';

  json("\n],\"totals\":" + format_totals_json(bands, all) + ",\"skipped_games\":" + std::to_string(badGames) + "}\n",
       false);
  if (!job.json && (printed > 1 || job.totalsOnly)) std::cout << format_totals_text(bands, all);
  if (jsonFile.is_open() && !jsonFile.flush()) {
    std::cerr << "sparring review: cannot write '" << job.jsonOut << "'\n";
    ++failures;
  }
  if (badGames) std::cerr << "sparring review: " << badGames << " game(s) could not be read and were skipped\n";
  return failures || judgeFailed || (printed == 0 && badGames) ? 1 : 0;
}

}  // namespace

int review_command(int argc, char** argv) {
  cxxopts::Options options("sparring review", "Review the games of a PGN file: accuracy, mistakes, blunders.");
  options.positional_help("<file.pgn>");
  options.add_options()("file", "the PGN file", cxxopts::value<std::string>())(
      "d,depth", "search depth per position (default 10)", cxxopts::value<int>())(
      "n,nodes", "search nodes per position instead of a depth", cxxopts::value<std::uint64_t>())(
      "t,threads", "games reviewed in parallel (one search thread each)", cxxopts::value<int>()->default_value("1"))(
      "hash", "transposition table per thread, MB", cxxopts::value<int>()->default_value("16"))(
      "json", "print JSON instead of text")("json-out", "also write the whole review as JSON, every game, to FILE",
                                            cxxopts::value<std::string>())(
      "pgn-out", "write the games with [%eval] comments and NAGs to FILE", cxxopts::value<std::string>())(
      "svg", "write the evaluation graph to FILE (FILE-N.svg for game N of several)", cxxopts::value<std::string>())(
      "max-games", "review at most N games", cxxopts::value<int>())(
      "skip-plies", "leave the first N plies of each game unjudged", cxxopts::value<int>()->default_value("0"))(
      "raw-cp", "judge with Sparring's own centipawns, not mapped onto Stockfish's scale")(
      "judge", "judge with this UCI engine instead of Sparring (e.g. /usr/games/stockfish)",
      cxxopts::value<std::string>())("judge-option", "NAME=VALUE: a UCI option for the judge (repeatable)",
                                     cxxopts::value<std::vector<std::string>>())(
      "totals-only", "print only the totals, not each game")("no-progress", "no progress line on stderr")(
      "h,help", "show this help");
  options.parse_positional({"file"});
  try {
    cxxopts::ParseResult args;
    if (!parse_args(options, argc, argv, args)) return 0;
    if (!args.count("file")) throw std::invalid_argument("a PGN file is required");
    ReviewJob job;
    job.path = args["file"].as<std::string>();
    if (args.count("depth") && args.count("nodes")) throw std::invalid_argument("give --depth or --nodes, not both");
    if (args.count("depth")) {
      job.settings.depth = args["depth"].as<int>();
      if (job.settings.depth < 1 || job.settings.depth > 64) throw std::invalid_argument("--depth must be 1 to 64");
    }
    if (args.count("nodes")) {
      job.settings.nodes = args["nodes"].as<std::uint64_t>();
      if (job.settings.nodes < 1) throw std::invalid_argument("--nodes must be at least 1");
    }
    job.threads = args["threads"].as<int>();
    if (job.threads < 1 || job.threads > 256) throw std::invalid_argument("--threads must be 1 to 256");
    job.hashMb = args["hash"].as<int>();
    if (job.hashMb < 1 || job.hashMb > 65536) throw std::invalid_argument("--hash must be 1 to 65536 MB");
    if (args.count("max-games")) {
      job.maxGames = args["max-games"].as<int>();
      if (job.maxGames < 1) throw std::invalid_argument("--max-games must be at least 1");
    }
    job.settings.skipPlies = args["skip-plies"].as<int>();
    if (job.settings.skipPlies < 0) throw std::invalid_argument("--skip-plies must not be negative");
    job.settings.referenceScale = !args.count("raw-cp");
    if (args.count("judge")) {
      job.judge.cmd = args["judge"].as<std::string>();
      job.judge.hashMb = job.hashMb;
      job.settings.referenceScale = false;  // the judge's centipawns are its own scale
    }
    if (args.count("judge-option")) {
      if (job.judge.cmd.empty()) throw std::invalid_argument("--judge-option needs --judge");
      for (const std::string& o : args["judge-option"].as<std::vector<std::string>>()) {
        const size_t eq = o.find('=');
        if (eq == std::string::npos || eq == 0)
          throw std::invalid_argument("--judge-option wants NAME=VALUE, got '" + o + "'");
        job.judge.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
      }
    }
    job.json = args.count("json");
    job.totalsOnly = args.count("totals-only");
    job.progress = !args.count("no-progress");
    if (args.count("pgn-out")) job.pgnOut = args["pgn-out"].as<std::string>();
    if (args.count("svg")) job.svg = args["svg"].as<std::string>();
    if (args.count("json-out")) job.jsonOut = args["json-out"].as<std::string>();
    return run_review(job);
  } catch (const std::exception& e) {
    std::cerr << "sparring review: " << e.what() << '\n';
    return 2;
  }
}

}  // namespace sparring::cli
