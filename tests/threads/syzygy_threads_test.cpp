// Syzygy probes from several search threads at once (ThreadSanitizer in `make test-tsan`): the tables
// are all opened by the load, so the threads' probes only read. Skipped, with a message, without
// the tables or libfathom1.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "../common/syzygy_tables.h"
#include "chess/movegen.h"
#include "engine/search.h"
#include "engine/syzygy.h"

using namespace sparring;
using namespace std::chrono_literals;

TEST_CASE("Syzygy probes from four threads, searches stopped at any moment", "[threads][syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  REQUIRE(syzygy::load(syzygy_tables_dir()).ok);
  // Five and six pieces: every capture leads into the tables.
  const char* fens[] = {"4k3/1n6/8/8/r6Q/8/8/4K3 w - - 0 1", "8/8/3k4/2n5/8/3P4/2R5/3K2b1 w - - 0 1",
                        "8/5k2/8/3pP3/8/2K5/8/8 w - d6 0 1"};
  Search s;
  s.options().threads = 4;
  for (int round = 0; round < 6; ++round)
    for (const char* fen : fens) {
      Position pos;
      REQUIRE(pos.set_fen(fen).empty());
      SearchLimits limits;
      limits.depth = 12;
      std::uint64_t tbHits = 0;
      SearchCallbacks cb;
      cb.onIteration = [&](const IterationInfo& info) { tbHits = info.tbHits; };
      s.start(pos, limits, cb);
      std::this_thread::sleep_for(std::chrono::milliseconds(5 * round));
      if (round % 2) s.stop();
      s.wait();
      CHECK(MoveList(pos).size() > 0);
      if (round == 5) CHECK(tbHits > 0);
    }
}
