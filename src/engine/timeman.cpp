#include "timeman.h"

#include <algorithm>

namespace sparring {

void TimeManager::start(const TimeControl& tc, int movetime, int moveOverhead, int gamePly) {
  startTime = Clock::now();
  active = tc.time >= 0 || movetime > 0;
  if (movetime > 0) {
    optimumMs = maximumMs = std::max(1, movetime - moveOverhead);
    if (tc.time < 0) return;
  }
  if (tc.time < 0) return;

  // Plan as if `mtg` moves remain; in sudden death assume fewer as the game goes on.
  int mtg = tc.movesToGo > 0 ? std::min(tc.movesToGo, 50) : std::max(20, 50 - gamePly / 4);
  // What we may spend over those moves, keeping the overhead for each of them in reserve. The reserve
  // is capped at 40% of the clock: 30 ms for each of 42 moves would otherwise leave a 1 s clock
  // about 5 ms a move, and a short clock shrinks each later budget anyway.
  std::int64_t reserve =
      std::min<std::int64_t>(std::int64_t(moveOverhead) * (2 + std::min(mtg, 40)), std::int64_t(tc.time) * 2 / 5);
  std::int64_t left = std::max<std::int64_t>(1, tc.time + std::int64_t(tc.increment) * (mtg - 1) - reserve);
  std::int64_t opt = left / mtg;
  // Never plan to use more than a safe share of what is really on the clock now.
  std::int64_t ceiling = std::max<std::int64_t>(1, tc.time - moveOverhead);
  std::int64_t max = tc.movesToGo == 1 ? ceiling * 8 / 10 : std::min(ceiling * 7 / 10, opt * 5);
  opt = std::min(opt, max);
  if (movetime > 0) {
    optimumMs = std::min<std::int64_t>(optimumMs, max);
    maximumMs = std::min<std::int64_t>(maximumMs, max);
    return;
  }
  optimumMs = std::max<std::int64_t>(1, opt);
  maximumMs = std::max<std::int64_t>(1, max);
}

}  // namespace sparring
