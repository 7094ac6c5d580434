// Time management: how long to think on this move, given the clock.
#pragma once

#include <chrono>
#include <cstdint>

namespace sparring {

struct TimeControl {
  int time = -1;      // ms left on our clock, -1 = no clock
  int increment = 0;  // ms added after each move
  int movesToGo = 0;  // moves until the next time control, 0 = rest of the game
};

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // Sets the soft (optimum) and hard (maximum) budgets for this move.
  void start(const TimeControl& tc, int movetime, int moveOverhead, int gamePly);
  void restart_clock() { startTime = Clock::now(); }

  std::int64_t elapsed() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - startTime).count();
  }
  std::int64_t optimum() const { return optimumMs; }
  std::int64_t maximum() const { return maximumMs; }
  bool enabled() const { return active; }

 private:
  Clock::time_point startTime = Clock::now();
  std::int64_t optimumMs = 0, maximumMs = 0;
  bool active = false;
};

}  // namespace sparring
