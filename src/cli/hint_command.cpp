// `sparring hint`: the best move of a position and, on request, a few good alternatives, each with
// its score (the normal search with MultiPV).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>

#include <cxxopts.hpp>

#include "chess/notation.h"
#include "cli/commands.h"
#include "engine/search.h"

namespace sparring::cli {

namespace {

constexpr int DEFAULT_DEPTH = 12;

// "+0.35", "-1.20", "mate 3" (we mate) or "mated 2" (we are mated), from the side to move's view.
std::string describe_score(int v) {
  if (is_mate_score(v)) {
    int n = mate_in_moves(v);
    return n > 0 ? "mate in " + std::to_string(n) : "mated in " + std::to_string(-n);
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", v / 100.0);
  return buf;
}

}  // namespace

int hint_command(int argc, char** argv) {
  cxxopts::Options options("sparring hint", "Suggest the best move of a position, and optionally alternatives.");
  options.add_options()("f,fen", "the position", cxxopts::value<std::string>())(
      "a,alternatives", "also show this many further good moves (0-20)", cxxopts::value<int>()->default_value("0"))(
      "d,depth", "search depth in plies (1-64; default " + std::to_string(DEFAULT_DEPTH) + ")", cxxopts::value<int>())(
      "movetime", "search this many milliseconds instead of to a depth", cxxopts::value<int>())("h,help",
                                                                                                "show this help");
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help")) {
      std::cout << options.help() << std::flush;
      return 0;
    }
    if (!args.unmatched().empty()) throw std::invalid_argument("unexpected argument '" + args.unmatched()[0] + "'");
    if (!args.count("fen")) throw std::invalid_argument("--fen is required");
    if (args.count("depth") && args.count("movetime"))
      throw std::invalid_argument("give --depth or --movetime, not both");
    const int alternatives = args["alternatives"].as<int>();
    if (alternatives < 0 || alternatives > 20) throw std::invalid_argument("--alternatives must be from 0 to 20");
    SearchLimits limits;
    if (args.count("movetime")) {
      limits.movetime = args["movetime"].as<int>();
      if (limits.movetime < 1) throw std::invalid_argument("--movetime must be at least 1");
    } else {
      limits.depth = args.count("depth") ? args["depth"].as<int>() : DEFAULT_DEPTH;
      if (limits.depth < 1 || limits.depth > 64) throw std::invalid_argument("--depth must be from 1 to 64");
    }
    Position pos;
    if (std::string err = pos.set_fen(args["fen"].as<std::string>()); !err.empty())
      throw std::invalid_argument("bad FEN: " + err);
    if (!pos.has_legal_moves()) {
      std::printf("no legal moves: %s\n", pos.in_check() ? "checkmate" : "stalemate");
      return 0;
    }

    Search search;
    search.options().multiPV = 1 + alternatives;
    const std::vector<RootMove> moves = search.search_sync(pos, limits);
    const int shown = std::min<int>(1 + alternatives, int(moves.size()));
    for (int i = 0; i < shown; ++i) {
      const RootMove& rm = moves[i];
      const int score = rm.score != -VALUE_INFINITE ? rm.score : rm.previousScore;
      if (score == -VALUE_INFINITE) break;  // the search was stopped before reaching this move
      Position p = pos;
      std::printf("%-15s %-8s %-6s %s\n", i == 0 ? "best:" : ("alternative " + std::to_string(i) + ":").c_str(),
                  to_san(p, rm.move).c_str(), to_uci(pos, rm.move).c_str(), describe_score(score).c_str());
    }
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "sparring hint: " << e.what() << " (see --help)\n";
    return 2;
  }
}

}  // namespace sparring::cli
