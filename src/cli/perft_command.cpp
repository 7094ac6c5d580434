// `sparring perft`: leaf counts for one position, or a check of the documented counts.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include <cxxopts.hpp>

#include "chess/notation.h"
#include "chess/perft.h"
#include "cli/commands.h"
#include "cli/parse_args.h"

namespace sparring::cli {

namespace {

struct KnownCount {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t nodes;
};

// Published counts (chessprogramming.org "Perft Results"); --verify recomputes and compares.
constexpr KnownCount KNOWN[] = {
    {"start", START_FEN, 1, 20},
    {"start", START_FEN, 2, 400},
    {"start", START_FEN, 3, 8902},
    {"start", START_FEN, 4, 197281},
    {"start", START_FEN, 5, 4865609},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422333},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int verify() {
  int failures = 0;
  for (const KnownCount& k : KNOWN) {
    Position pos;
    pos.set_fen(k.fen);
    std::uint64_t n = perft(pos, k.depth);
    bool ok = n == k.nodes;
    failures += !ok;
    std::printf("%-4s %-20s depth %d  expected %12llu  got %12llu\n", ok ? "ok" : "FAIL", k.name, k.depth,
                (unsigned long long)k.nodes, (unsigned long long)n);
  }
  std::printf("%s: %d of %zu counts match\n", failures ? "FAIL" : "ok", int(std::size(KNOWN)) - failures,
              std::size(KNOWN));
  return failures ? 1 : 0;
}

}  // namespace

int perft_command(int argc, char** argv) {
  cxxopts::Options options("sparring perft", "Count the leaf nodes of the legal move tree (perft).");
  options.add_options()("d,depth", "plies to search (1-20)", cxxopts::value<int>())(
      "f,fen", "position to start from (default: the start position)",
      cxxopts::value<std::string>()->default_value(START_FEN))("divide", "also print the count below each root move")(
      "chess960", "print castling moves as king-takes-rook (Chess960 UCI form)")(
      "verify",
      "recompute the published counts (start position to depth 5, the standard test positions) and report ok/FAIL")(
      "h,help", "show this help");
  try {
    cxxopts::ParseResult args;
    if (!parse_args(options, argc, argv, args)) return 0;
    if (args.count("verify")) return verify();
    if (!args.count("depth")) throw std::invalid_argument("--depth is required (or use --verify)");
    int depth = args["depth"].as<int>();
    if (depth < 1 || depth > 20) throw std::invalid_argument("--depth must be from 1 to 20");

    Position pos;
    pos.set_chess960(args.count("chess960") > 0);
    if (std::string err = pos.set_fen(args["fen"].as<std::string>()); !err.empty()) throw std::invalid_argument(err);

    auto t0 = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (args.count("divide")) {
      for (auto& [m, n] : perft_divide(pos, depth)) {
        std::printf("%s: %llu\n", to_uci(pos, m).c_str(), (unsigned long long)n);
        nodes += n;
      }
      std::printf("\n");
    } else {
      nodes = perft(pos, depth);
    }
    double secs = seconds_since(t0);
    std::printf("Nodes: %llu\nTime: %.3f s\nNodes/second: %.0f\n", (unsigned long long)nodes, secs,
                secs > 0 ? nodes / secs : 0.0);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "sparring perft: " << e.what() << " (see --help)\n";
    return 2;
  }
}

}  // namespace sparring::cli
