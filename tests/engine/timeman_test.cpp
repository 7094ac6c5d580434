// Time management invariants: budgets never exceed a safe share of the clock, and a short clock
// with the default Move Overhead still gets a usable share of it.
#include <catch2/catch.hpp>

#include "engine/timeman.h"

using namespace sparring;

namespace {

TimeManager budget(int time, int inc, int movesToGo, int overhead, int ply, int movetime = 0) {
  TimeManager tm;
  tm.start(TimeControl{time, inc, movesToGo}, movetime, overhead, ply);
  return tm;
}

}  // namespace

TEST_CASE("budgets stay within a safe share of the clock", "[timeman]") {
  for (int time : {50, 200, 1000, 10000, 60000, 600000})
    for (int inc : {0, 10, 100, 1000})
      for (int mtg : {0, 1, 2, 10, 40})
        for (int overhead : {0, 30, 100})
          for (int ply : {0, 40, 200}) {
            TimeManager tm = budget(time, inc, mtg, overhead, ply);
            INFO("time " << time << " inc " << inc << " mtg " << mtg << " overhead " << overhead << " ply " << ply);
            REQUIRE(tm.enabled());
            REQUIRE(tm.optimum() >= 1);
            REQUIRE(tm.optimum() <= tm.maximum());
            // The hard limit plus the overhead never reaches the clock (and 1 ms is the floor).
            REQUIRE((tm.maximum() + overhead <= time * 8 / 10 + overhead || tm.maximum() == 1));
            REQUIRE((tm.maximum() <= std::max(1, time - overhead)));
          }
}

TEST_CASE("a 1 s + 10 ms clock with the default overhead is not starved", "[timeman]") {
  // The overhead reserve once took almost all of a one-second clock (5 ms a move).
  TimeManager start = budget(1000, 10, 0, 30, 0);
  CHECK(start.optimum() >= 15);
  CHECK(start.maximum() <= 700);
  TimeManager late = budget(300, 10, 0, 30, 120);
  CHECK(late.optimum() >= 8);
  CHECK(late.maximum() <= 210);
  // A long clock is planned as before: about time/mtg.
  TimeManager rapid = budget(600000, 0, 0, 30, 0);
  CHECK(rapid.optimum() >= 11000);
  CHECK(rapid.optimum() <= 12100);
}

TEST_CASE("movetime and movestogo are honoured", "[timeman]") {
  TimeManager fixed = budget(-1, 0, 0, 30, 0, 500);
  CHECK(fixed.optimum() == 470);
  CHECK(fixed.maximum() == 470);
  // The last move before the time control may use more of the clock, never all of it.
  TimeManager last = budget(1000, 0, 1, 30, 0);
  CHECK(last.maximum() <= 800);
  CHECK(last.optimum() >= 500);
  // A movetime longer than the clock is cut down to what the clock allows.
  TimeManager capped = budget(1000, 0, 0, 30, 0, 5000);
  CHECK(capped.maximum() <= 700);
}
