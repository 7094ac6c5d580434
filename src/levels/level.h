// The strength levels: named points on one continuous Elo scale, and what each rating means for
// the search budget and the humanlike choice.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "levels/humanlike_choice.h"

namespace sparring {

constexpr int LEVEL_ELO_MIN = 600, LEVEL_ELO_MAX = 2100;
// From this rating up (Expert, Master) a level keeps to the moves that keep the Syzygy tables' best
// result, when tables are loaded (level_player.cpp).
constexpr int LEVEL_TABLEBASE_ELO = 1800;
// The opening is repertoire more than calculation: for the game's first plies a level draws from the
// human move model as it is (temperature 1, and no appetite below 0: it shuns no error people make
// there; the guard and the "never absurd" rules still hold), so its openings spread like those of
// people of its rating; after them it samples at its own temperature and appetites.
constexpr int LEVEL_OPENING_PLIES = 10;
// On a clock, a move with less than this (ms) left of its budget after the mate guard skips the scan:
// its search takes about 2 ms whatever its limit, more than the full-strength search spends then.
constexpr int LEVEL_SCAN_FLOOR_MS = 5;

struct NamedLevel {
  const char* name;
  int elo;
};
// The named levels are exactly these UCI_Elo values with UCI_LimitStrength on.
constexpr NamedLevel NAMED_LEVELS[] = {{"Beginner", 600}, {"Easy", 900},    {"Medium", 1200},
                                       {"Hard", 1500},    {"Expert", 1800}, {"Master", 2100}};

std::optional<int> named_level_elo(const std::string& name);  // case-insensitive
std::string level_name(int elo);                              // the named level at or below `elo`

struct LevelParams {
  int elo = LEVEL_ELO_MAX;
  int scanDepth = 4;  // plies of the deeper look at every move (the error classes and the absurd filter)
  // The rating the human move model is asked for, and how the level samples it (see level.cpp).
  int modelElo = LEVEL_ELO_MAX;
  ChoiceParams choice;
};

// Parameters for any rating in [LEVEL_ELO_MIN, LEVEL_ELO_MAX], interpolated between the named levels.
LevelParams level_params(int elo);

}  // namespace sparring
