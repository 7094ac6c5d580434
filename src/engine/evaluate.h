// Static evaluation: tapered middlegame/endgame sum of weighted terms, from the side to move's view.
#pragma once

#include <string>

#include "chess/position.h"
#include "engine/eval_params.h"

namespace sparring {

constexpr int PHASE_MAX = 24;  // knights and bishops count 1, rooks 2, queens 4

// Coefficients of every weight for one position, so the tuner can fit the weights linearly.
struct EvalTrace {
  int coeff[EVAL_PARAM_COUNT][COLOR_NB];
  int phase;
  int scale;  // endgame scale factor, out of 64
};

int evaluate(const Position& pos);                       // centipawns, side to move's view
int evaluate_traced(const Position& pos, EvalTrace& t);  // the same, recording the trace
std::string eval_breakdown(const Position& pos);         // the `eval` command's table

}  // namespace sparring
