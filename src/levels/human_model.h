// The human choice model: how likely a player of a given rating is to choose a move, as a
// multinomial logit over the move's features. The weights are fitted per rating band on rated
// Lichess games by tools/sparring-fit-levels (scripts/fit_levels.sh) and compiled in.
#pragma once

#include "levels/move_features.h"

namespace sparring {

using ModelWeights = std::array<float, FEATURE_NB>;

// The weights for a rating: linear blend of the two nearest fitted bands.
ModelWeights human_model_weights(int elo);

// The move's log-odds of being chosen (up to a constant shared by all moves of the position).
double human_logit(const FeatureVector& f, const ModelWeights& w);

}  // namespace sparring
