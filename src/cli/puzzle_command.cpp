// `sparring puzzle`: which moves force mate in N (all of them, proven by the mate prover), whether a
// given move is one of them, and a check of a whole EPD file of mate puzzles against its `dm`/`pv`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <cxxopts.hpp>

#include "chess/notation.h"
#include "cli/commands.h"
#include "engine/mate_search.h"

namespace sparring::cli {

namespace {

constexpr std::uint64_t DEFAULT_NODES = 50'000'000;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A move in UCI ("e2e4") or SAN ("Nf3", "O-O"); Move::none() if it is neither legal form.
Move parse_any_move(const Position& pos, const std::string& text) {
  if (Move m = parse_uci(pos, text)) return m;
  return parse_san(pos, text);
}

std::string san_of(const Position& pos, Move m) {
  Position p = pos;
  return to_san(p, m);
}

// One EPD record of a mate puzzle: the position, `dm N` and the first move of `pv`.
struct MatePuzzle {
  std::string fen, firstMove, id;
  int dm = 0;
};

// EPD: four FEN fields, optionally the two move counters, then `opcode operands;` operations.
std::string parse_epd_line(const std::string& line, MatePuzzle& out) {
  std::istringstream is(line);
  std::string field, fen;
  for (int i = 0; i < 4 && is >> field; ++i) fen += (i ? " " : "") + field;
  std::string rest;
  std::getline(is, rest);
  std::istringstream counters(rest);
  std::string half, full;
  if (counters >> half >> full && std::all_of(half.begin(), half.end(), ::isdigit) && !half.empty() &&
      std::all_of(full.begin(), full.end(), ::isdigit) && !full.empty()) {
    fen += " " + half + " " + full;
    std::getline(counters, rest);
  }
  out.fen = fen;
  std::istringstream ops(rest);
  std::string op;
  while (std::getline(ops, op, ';')) {
    std::istringstream words(op);
    std::string code;
    words >> code;
    if (code == "dm") words >> out.dm;
    if (code == "pv") words >> out.firstMove;
    if (code == "id") words >> out.id;
  }
  if (out.dm < 1) return "no 'dm N' operation";
  if (out.firstMove.empty()) return "no 'pv' operation";
  return "";
}

int check_epd(const std::string& path, std::uint64_t budget) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read '" + path + "'");
  int total = 0, agree = 0, disagree = 0, unknown = 0, lineNo = 0;
  std::uint64_t nodes = 0;
  double slowest = 0;
  auto t0 = std::chrono::steady_clock::now();
  std::string line;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    ++total;
    MatePuzzle puzzle;
    Position pos;
    std::string err = parse_epd_line(line, puzzle);
    if (err.empty()) err = pos.set_fen(puzzle.fen);
    Move stored = err.empty() ? parse_any_move(pos, puzzle.firstMove) : Move::none();
    if (err.empty() && !stored) err = "pv move '" + puzzle.firstMove + "' is not legal";
    if (!err.empty()) {
      ++disagree;
      std::printf("line %d: BAD RECORD: %s\n", lineNo, err.c_str());
      continue;
    }
    auto t1 = std::chrono::steady_clock::now();
    MateSearchLimits limits;
    limits.maxMoves = puzzle.dm;
    limits.nodeBudget = budget;
    MateSearchResult r = search_mates(pos, limits);
    slowest = std::max(slowest, seconds_since(t1));
    nodes += r.nodes;
    const bool listed =
        std::any_of(r.moves.begin(), r.moves.end(), [&](const MatingMove& m) { return m.move == stored; });
    const int shortest = r.moves.empty() ? 0 : r.moves.front().mateIn;
    if (!r.complete) {
      ++unknown;
      std::printf("line %d %s: UNKNOWN: node budget exhausted (%llu nodes)\n", lineNo, puzzle.id.c_str(),
                  (unsigned long long)r.nodes);
    } else if (!listed || shortest != puzzle.dm) {
      ++disagree;
      std::printf("line %d %s: DISAGREE: dm %d, pv %s; prover: %s, shortest mate %d\n", lineNo, puzzle.id.c_str(),
                  puzzle.dm, puzzle.firstMove.c_str(), listed ? "pv move listed" : "pv move NOT listed", shortest);
    } else {
      ++agree;
    }
  }
  const double secs = seconds_since(t0);
  std::printf(
      "%s: %d positions, %d agree, %d disagree, %d unknown; %llu nodes, %.2f s (%.1f ms per position, "
      "slowest %.1f ms)\n",
      agree == total ? "ok" : "FAIL", total, agree, disagree, unknown, (unsigned long long)nodes, secs,
      total ? 1000 * secs / total : 0.0, 1000 * slowest);
  return agree == total ? 0 : 1;
}

int solve_position(const Position& pos, int maxMoves, const std::string& moveText, std::uint64_t budget) {
  Move asked = Move::none();
  if (!moveText.empty() && !(asked = parse_any_move(pos, moveText)))
    throw std::invalid_argument("'" + moveText + "' is not a legal move here (UCI or SAN)");

  auto t0 = std::chrono::steady_clock::now();
  MateSearchLimits limits;
  limits.maxMoves = maxMoves;
  limits.nodeBudget = budget;
  MateSearchResult r = search_mates(pos, limits);
  const double secs = seconds_since(t0);

  if (asked) {
    auto it = std::find_if(r.moves.begin(), r.moves.end(), [&](const MatingMove& m) { return m.move == asked; });
    const std::string name = san_of(pos, asked) + " (" + to_uci(pos, asked) + ")";
    if (it != r.moves.end()) {
      std::printf("%s: correct, mate in %d\n", name.c_str(), it->mateIn);
      return 0;
    }
    if (!r.complete)
      std::printf("%s: unknown, the node budget (%llu) ran out before it was proven either way\n", name.c_str(),
                  (unsigned long long)budget);
    else
      std::printf("%s: not correct, it does not force mate in %d or fewer\n", name.c_str(), maxMoves);
    return 1;
  }

  std::printf("%zu move%s mate%s in %d or fewer (%s; %llu nodes, %.3f s)\n", r.moves.size(),
              r.moves.size() == 1 ? "" : "s", r.moves.size() == 1 ? "s" : "", maxMoves,
              r.complete ? "complete" : "INCOMPLETE: node budget exhausted, more moves may mate",
              (unsigned long long)r.nodes, secs);
  for (const MatingMove& m : r.moves)
    std::printf("  %-8s %-6s mate in %d\n", san_of(pos, m.move).c_str(), to_uci(pos, m.move).c_str(), m.mateIn);
  return 0;
}

}  // namespace

int puzzle_command(int argc, char** argv) {
  cxxopts::Options options("sparring puzzle", "List every move that forces mate in N, or check a mate-puzzle EPD.");
  options.add_options()("f,fen", "the puzzle position", cxxopts::value<std::string>())(
      "m,mate", "mate in at most this many moves (1-" + std::to_string(MAX_MATE_MOVES) + ")", cxxopts::value<int>())(
      "move", "a proposed solution (UCI or SAN): exit 0 if it forces mate in N, 1 if not",
      cxxopts::value<std::string>())("epd", "check every `dm N; pv ...` record of this EPD file",
                                     cxxopts::value<std::string>())(
      "nodes", "node budget per position",
      cxxopts::value<std::uint64_t>()->default_value(std::to_string(DEFAULT_NODES)))("h,help", "show this help");
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help")) {
      std::cout << options.help() << std::flush;
      return 0;
    }
    if (!args.unmatched().empty()) throw std::invalid_argument("unexpected argument '" + args.unmatched()[0] + "'");
    const std::uint64_t budget = args["nodes"].as<std::uint64_t>();
    if (budget == 0) throw std::invalid_argument("--nodes must be at least 1");
    if (args.count("epd")) {
      if (args.count("fen") || args.count("mate") || args.count("move"))
        throw std::invalid_argument("--epd takes no --fen, --mate or --move");
      return check_epd(args["epd"].as<std::string>(), budget);
    }
    if (!args.count("fen") || !args.count("mate"))
      throw std::invalid_argument("--fen and --mate are required (or --epd)");
    const int maxMoves = args["mate"].as<int>();
    if (maxMoves < 1 || maxMoves > MAX_MATE_MOVES)
      throw std::invalid_argument("--mate must be from 1 to " + std::to_string(MAX_MATE_MOVES));
    Position pos;
    if (std::string err = pos.set_fen(args["fen"].as<std::string>()); !err.empty())
      throw std::invalid_argument("bad FEN: " + err);
    return solve_position(pos, maxMoves, args.count("move") ? args["move"].as<std::string>() : "", budget);
  } catch (const std::exception& e) {
    std::cerr << "sparring puzzle: " << e.what() << " (see --help)\n";
    return 2;
  }
}

}  // namespace sparring::cli
