// `go mate N` end to end: every mating first move listed under MultiPV (checked against a plain
// full-width search), no mate claimed when there is none, and `stop` answered at once.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../common/mate_reference.h"
#include "../common/uci_session.h"
#include "chess/notation.h"
#include "match/uci_engine.h"

using namespace sparring;
using namespace std::chrono_literals;
using match::Clock;

namespace {

using MateSession = e2e::UciSession;

using e2e::field;

bool claims_mate(const std::string& line) { return line.find(" score mate ") != std::string::npos; }

// `go mate N` with a large MultiPV must print exactly the reference's mating moves, one line each,
// shortest first, each with its mate length.
void check_all_mates_listed(const std::string& fen, int n) {
  INFO(fen << " go mate " << n);
  Position pos;
  REQUIRE(pos.set_fen(fen).empty());
  const std::vector<reference::Mate> expected = reference::mating_moves(pos, n);
  REQUIRE(!expected.empty());

  MateSession s;
  s.send("setoption name MultiPV value 50");
  s.send("position fen " + fen);
  s.send("go mate " + std::to_string(n));
  const std::string best = s.expect("bestmove", 30s);

  std::vector<std::string> mateLines;
  for (const std::string& l : s.lines)
    if (l.rfind("info", 0) == 0 && claims_mate(l)) mateLines.push_back(l);
  REQUIRE(mateLines.size() == expected.size());
  std::set<std::string> printed, wanted;
  int lastLength = 0;
  for (std::size_t i = 0; i < mateLines.size(); ++i) {
    const std::string& l = mateLines[i];
    INFO(l);
    CHECK(field(l, "multipv") == std::to_string(i + 1));
    const int length = std::stoi(field(l, "mate"));
    CHECK(length >= lastLength);
    lastLength = length;
    const std::string move = field(l, "pv");
    printed.insert(move + " " + std::to_string(length));
  }
  for (const reference::Mate& m : expected) wanted.insert(to_uci(pos, m.move) + " " + std::to_string(m.mateIn));
  CHECK(printed == wanted);
  CHECK(field(best, "bestmove") == field(mateLines.front(), "pv"));
}

}  // namespace

TEST_CASE("go mate with MultiPV lists every mating first move", "[e2e][mate]") {
  check_all_mates_listed("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1", 1);  // two back-rank mates
  check_all_mates_listed("4k3/8/4K3/8/8/8/8/R6R w - - 0 1", 2);         // mates in 1 and in 2
  check_all_mates_listed("5rk1/p1Q3pp/8/3p4/3q1R2/8/P1P3PP/R6K b - - 0 21", 2);
}

TEST_CASE("go mate with no mate plays a legal move and claims no mate", "[e2e][mate]") {
  MateSession s;
  s.send("setoption name MultiPV value 3");
  s.send("position startpos moves e2e4 e7e5");
  s.send("go mate 3");
  const std::string best = s.expect("bestmove", 30s);
  Position pos;
  pos.make_move(parse_uci(pos, "e2e4"));
  pos.make_move(parse_uci(pos, "e7e5"));
  CHECK(parse_uci(pos, field(best, "bestmove")));
  for (const std::string& l : s.lines) {
    INFO(l);
    CHECK_FALSE(claims_mate(l));
  }
  CHECK(std::find(s.lines.begin(), s.lines.end(), "info string no forced mate in 3") != s.lines.end());
}

TEST_CASE("stop during go mate answers at once and go mate keeps a node limit", "[e2e][mate]") {
  MateSession s;
  s.send("position startpos");
  s.send("go mate 30");
  std::this_thread::sleep_for(300ms);
  const auto t0 = Clock::now();
  s.send("stop");
  const std::string best = s.expect("bestmove", 5s);
  CHECK(Clock::now() - t0 < 2s);
  Position start;
  CHECK(parse_uci(start, field(best, "bestmove")));
  for (const std::string& l : s.lines) CHECK_FALSE(claims_mate(l));

  s.lines.clear();
  s.send("go mate 30 nodes 20000");
  const std::string limited = s.expect("bestmove", 20s);
  CHECK(parse_uci(start, field(limited, "bestmove")));
}
