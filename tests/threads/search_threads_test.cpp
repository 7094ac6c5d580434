// Multi-threaded search under concurrent control: Threads 2-4, stop storms, hash resize and clear
// between searches, MultiPV and ponder with helpers. Built with ThreadSanitizer by `make test-tsan`,
// where any data race fails the run; the checks here are what must hold with or without it.
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "chess/movegen.h"
#include "engine/search.h"

using namespace sparring;
using namespace std::chrono_literals;

namespace {

const char* const POSITIONS[] = {
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
};

Position from_fen(const std::string& fen) {
  Position pos;
  REQUIRE(pos.set_fen(fen).empty());
  return pos;
}

// Records every bestmove callback; written by the search thread, read by the test thread.
struct BestMoves {
  std::mutex mutex;
  std::vector<Move> moves;
  SearchCallbacks callbacks() {
    SearchCallbacks cb;
    cb.onBestMove = [this](Move best, Move) {
      std::lock_guard<std::mutex> lock(mutex);
      moves.push_back(best);
    };
    return cb;
  }
  std::size_t count() {
    std::lock_guard<std::mutex> lock(mutex);
    return moves.size();
  }
  Move last() {
    std::lock_guard<std::mutex> lock(mutex);
    return moves.empty() ? Move::none() : moves.back();
  }
};

}  // namespace

TEST_CASE("Threads 2 to 4 each return a legal best move", "[threads]") {
  Search s;
  for (int threads = 2; threads <= 4; ++threads)
    for (const char* fen : POSITIONS) {
      Position pos = from_fen(fen);
      s.options().threads = threads;
      SearchLimits limits;
      limits.depth = 6;
      auto result = s.search_sync(pos, limits);
      INFO(fen << " threads " << threads);
      REQUIRE(!result.empty());
      CHECK(pos.is_legal(result[0].move));
      CHECK(result[0].pv.size() >= 1);
      CHECK(s.last_nodes() > 0);
    }
}

TEST_CASE("stop storm: every start gives exactly one legal bestmove", "[threads]") {
  Search s;
  std::mt19937 rng(2026);
  BestMoves seen;
  for (int i = 0; i < 120; ++i) {
    Position pos = from_fen(POSITIONS[i % std::size(POSITIONS)]);
    s.options().threads = 2 + i % 3;
    SearchLimits limits;
    limits.infinite = true;
    s.start(pos, limits, seen.callbacks());
    // Delays from none at all (stop races the start-up) to a few milliseconds into the search.
    int delayUs = int(rng() % 4) == 0 ? 0 : int(rng() % 3000);
    std::this_thread::sleep_for(std::chrono::microseconds(delayUs));
    s.stop();
    s.wait();
    INFO("start " << i << " after " << delayUs << " us");
    REQUIRE(seen.count() == std::size_t(i + 1));
    CHECK(pos.is_legal(seen.last()));
    CHECK(!s.searching());
  }
}

TEST_CASE("hash resize and clear between multi-threaded searches", "[threads]") {
  Search s;
  BestMoves seen;
  const std::size_t sizes[] = {1, 4, 2, 8, 1};
  int searches = 0;
  for (std::size_t mb : sizes) {
    REQUIRE(s.set_hash(mb) == mb);
    s.options().threads = 3;
    for (const char* fen : POSITIONS) {
      Position pos = from_fen(fen);
      SearchLimits limits;
      limits.nodes = 8000;
      s.start(pos, limits, seen.callbacks());
      // set_hash and clear must wait for the running search rather than pull the table from under it.
      if (++searches % 2)
        s.clear();
      else
        REQUIRE(s.set_hash(mb) == mb);
      s.wait();
      CHECK(pos.is_legal(seen.last()));
    }
  }
  CHECK(seen.count() == std::size_t(searches));
}

TEST_CASE("MultiPV with helper threads reports distinct legal lines", "[threads]") {
  Search s;
  s.options().threads = 3;
  s.options().multiPV = 3;
  Position pos = from_fen(POSITIONS[1]);
  std::mutex mutex;
  std::vector<IterationInfo> infos;
  SearchCallbacks cb;
  cb.onIteration = [&](const IterationInfo& info) {
    std::lock_guard<std::mutex> lock(mutex);
    infos.push_back(info);
  };
  SearchLimits limits;
  limits.depth = 6;
  auto result = s.search_sync(pos, limits, cb);
  REQUIRE(result.size() >= 3);
  std::set<std::uint16_t> firsts;
  for (int i = 0; i < 3; ++i) {
    CHECK(pos.is_legal(result[i].move));
    firsts.insert(result[i].move.raw());
  }
  CHECK(firsts.size() == 3);
  std::set<int> lastDepthPvs;
  for (const IterationInfo& info : infos)
    if (info.depth == 6) lastDepthPvs.insert(info.multiPV);
  CHECK(lastDepthPvs == std::set<int>{1, 2, 3});
}

TEST_CASE("ponder with helpers: no bestmove before ponderhit or stop", "[threads]") {
  Search s;
  s.options().threads = 3;
  BestMoves seen;
  Position pos = from_fen(POSITIONS[0]);
  for (int round = 0; round < 6; ++round) {
    SearchLimits limits;
    limits.ponder = true;
    limits.clock.time = 400;
    s.start(pos, limits, seen.callbacks());
    std::this_thread::sleep_for(std::chrono::milliseconds(5 + 10 * round));
    CHECK(seen.count() == std::size_t(round));
    if (round % 2)
      s.ponderhit();  // normal timing from here: ends on its own
    else
      s.stop();
    s.wait();
    REQUIRE(seen.count() == std::size_t(round + 1));
    CHECK(pos.is_legal(seen.last()));
  }
}
