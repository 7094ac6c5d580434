// The human choice model: how likely a player of a given rating is to choose a move, as a
// multinomial logit over the move's features, plus the level's appetite for errors. The weights
// are fitted per rating band on rated Lichess games by sparring-fit-levels (scripts/fit_levels.sh)
// and compiled in.
#pragma once

#include <array>

#include "levels/move_features.h"

namespace sparring {

// A move's error class by the Win% points it loses against the scan's best move (Lichess's
// thresholds): -1 for none.
enum ErrorClass : int { ERROR_INACCURACY, ERROR_MISTAKE, ERROR_BLUNDER, ERROR_CLASS_NB };
int error_class(double lossPoints);
// How much of the model's appetite a level keeps, per error class.
using AppetiteScale = std::array<double, ERROR_CLASS_NB>;

struct HumanModel {
  int elo = 0;
  // Below 1: sharper than the fitted choice, so the level plays the move a person of its rating
  // most likely plays...
  float temperature = 1.0f;
  // ...and, per error class, extra log-odds for moves of that class, set so that the level errs as
  // often as those people do (a sharpened choice alone would err far less). The model still decides
  // which error: the one a person would most likely make.
  std::array<float, ERROR_CLASS_NB> appetite{};
  std::array<float, FEATURE_NB> w{};
};

// The model for a rating: linear blend of the two nearest fitted bands.
HumanModel human_model(int elo);

// The move's log-odds of being chosen by the fitted model alone (up to a constant shared by all
// moves of the position).
double human_logit(const FeatureVector& f, const HumanModel& model);

// The level's log-odds: (human_logit + appetite × scale of the move's error class) / temperature.
double choice_logit(const FeatureVector& f, const HumanModel& model, const AppetiteScale& scale);

}  // namespace sparring
