// The interruptible perft_divide (`go perft`): the same counts as the plain one when left alone,
// a prompt partial count when stopped, and the position left as it was either way.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "chess/perft.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

namespace {

const char* const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

}  // namespace

TEST_CASE("perft stoppable divide: unstopped, the same moves and counts as perft_divide", "[perft]") {
  for (auto [fen, depth] : {std::pair{START_FEN, 4}, std::pair{KIWIPETE, 3}, std::pair{START_FEN, 1}}) {
    INFO(fen << " depth " << depth);
    Position pos = position_from(fen);
    const auto expected = perft_divide(pos, depth);
    std::vector<std::pair<Move, std::uint64_t>> got;
    std::atomic<bool> stop{false};
    PerftResult r = perft_divide(pos, depth, stop, [&](Move m, std::uint64_t n) {
      CHECK(pos.fen() == fen);  // called at the root
      got.emplace_back(m, n);
    });
    CHECK(!r.stopped);
    CHECK(got == expected);
    CHECK(r.nodes == perft(pos, depth));
    CHECK(pos.fen() == fen);
  }
}

TEST_CASE("perft stoppable divide: a stop already set gives up at once", "[perft]") {
  Position pos = position_from(KIWIPETE);
  std::atomic<bool> stop{true};
  int reported = 0;
  PerftResult r = perft_divide(pos, 6, stop, [&](Move, std::uint64_t) { ++reported; });
  CHECK(r.stopped);
  CHECK(reported == 0);  // no root move's count was complete
  CHECK(pos.fen() == KIWIPETE);
}

TEST_CASE("perft stoppable divide: a stop from another thread ends a long count promptly", "[perft]") {
  Position pos = position_from(START_FEN);
  std::atomic<bool> stop{false};
  PerftResult r;
  std::chrono::steady_clock::time_point stoppedAt;
  std::thread counter([&] { r = perft_divide(pos, 12, stop, [](Move, std::uint64_t) {}); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  stoppedAt = std::chrono::steady_clock::now();
  stop = true;
  counter.join();
  CHECK(std::chrono::steady_clock::now() - stoppedAt < std::chrono::milliseconds(500));  // microseconds, really
  CHECK(r.stopped);
  CHECK(r.nodes > 0);  // what was counted up to the stop
  CHECK(pos.fen() == START_FEN);
}
