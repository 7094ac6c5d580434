// The strength levels: named points on one continuous Elo scale, and what each rating means for
// the search budget and the humanlike choice.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "levels/human_model.h"

namespace sparring {

constexpr int LEVEL_ELO_MIN = 600, LEVEL_ELO_MAX = 2100;

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
  int scanDepth = 4;  // plies of the deeper look at every move
  // How much of the human model's error appetite the level keeps, per error class (inaccuracy,
  // mistake, blunder): set on the ladder of levels (see level.cpp); none from Expert up (no
  // deliberate errors).
  AppetiteScale appetiteScale{1.0, 1.0, 1.0};
  // Multiplies the human model's temperature: above 1 the level samples the human choice more
  // broadly, so it errs the way people do without any appetite for errors (Expert and up).
  double temperatureScale = 1.0;
  // Win% a chosen move may lose against the level's own best move. No level is capped (100): a cap
  // made Expert and Master far too strong; it stays for calibration experiments (--set cap=W) and
  // the rules' tests.
  double maxLoss = 100.0;
};

// Parameters for any rating in [LEVEL_ELO_MIN, LEVEL_ELO_MAX], interpolated between the named levels.
LevelParams level_params(int elo);

}  // namespace sparring
