#include "bench.h"

#include <chrono>

#include "chess/position.h"
#include "engine/search.h"

namespace sparring {

namespace {

// Openings, middlegames (Bratko-Kopec, WAC), the standard perft positions, endgames, positions
// in check and with promotions: a varied, fixed set.
constexpr const char* BENCH_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/ppp1pppp/5n2/3p4/8/4PN2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "rnbqkb1r/ppppppp1/5n1p/8/8/4P1P1/PPPP1P1P/RNBQKBNR w KQkq - 0 3",
    "rnbqkbnr/pp1pppp1/2p4p/8/1PP5/8/P2PPPPP/RNBQKBNR w KQkq - 0 3",
    "rnbqk1nr/ppppbppp/4p3/8/8/3P4/PPPNPPPP/R1BQKBNR w KQkq - 2 3",
    "rnbqkb1r/p1pppppp/1p3n2/8/8/P3P3/1PPP1PPP/RNBQKBNR w KQkq - 0 3",
    "r1bqkbnr/pppnpppp/3p4/8/8/3BP3/PPPP1PPP/RNBQK1NR w KQkq - 2 3",
    "rnbqkbnr/pp2pppp/2pp4/8/8/1PN5/P1PPPPPP/R1BQKBNR w KQkq - 0 3",
    "rnbqkbnr/pppp1p1p/6p1/4p3/8/2P5/PPQPPPPP/RNB1KBNR w KQkq - 0 3",
    "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    "2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - 0 1",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
    "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1",
    "2r1nrk1/p2q1ppp/bp1p4/n1pPp3/P1P1P3/2PBB1N1/4QPPP/R4RK1 w - - 0 1",
    "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
    "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    "r2q1rk1/1ppnbppp/p2p1nb1/3Pp3/2P1P1P1/2N2N1P/PPB1QP2/R1B2RK1 b - - 0 1",
    "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
    "3rn2k/ppb2rpp/2ppqp2/5N2/2P1P3/1P5Q/PB3PPP/3RR1K1 w - - 0 1",
    "r1bqk2r/pp2bppp/2p5/3pP3/P2Q1P2/2N1B3/1PP3PP/R4RK1 b kq - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "8/p1q2pkp/2Pr2p1/8/P3Q3/6P1/5P1P/2R3K1 w - - 0 1",
    "r1brnbk1/ppq2pp1/4p2p/4N3/3P4/P1PB1Q2/3B1PPP/R3R1K1 w - - 0 1",
    "r1b1k1nr/pp3pQp/4pq2/3pn3/8/P1P5/2P2PPP/R1B1KBNR w KQkq - 0 1",
    "6k1/1b2rp2/1p4p1/3P4/PQ4P1/2N2q2/5P2/3R2K1 b - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
    "r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "8/2k1p3/3pP3/3P2K1/8/8/8/8 b - - 0 1",
    "8/3k4/3p4/8/3P4/3K4/8/8 b - - 0 1",
    "7k/8/8/3p4/8/8/3P4/K7 b - - 0 1",
    "8/1k6/8/5N2/8/4n3/8/2K5 w - - 0 1",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "8/8/8/4k3/8/8/2K5/3Q4 w - - 0 1",
    "8/5k2/8/8/8/8/5K2/4R3 w - - 0 1",
    "8/8/1p1k4/p2p4/P2P4/1P2K3/8/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/6pk/8/8/8/8/1r4PP/R5K1 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
};

}  // namespace

BenchResult run_bench(int depth, const std::function<void(const std::string&)>& print, const nn::NnueNet* evalNet) {
  Search search;
  search.set_hash(16);
  search.options() = SearchOptions{};  // one thread, one PV
  search.options().evalNet = evalNet;
  BenchResult result;
  auto t0 = std::chrono::steady_clock::now();
  int n = 0;
  for (const char* fen : BENCH_FENS) {
    Position pos;
    pos.set_fen(fen);
    SearchLimits limits;
    limits.depth = depth;
    search.search_sync(pos, limits);
    result.nodes += search.last_nodes();
    print("Position " + std::to_string(++n) + "/" + std::to_string(std::size(BENCH_FENS)) + ": " + fen);
  }
  result.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  return result;
}

}  // namespace sparring
