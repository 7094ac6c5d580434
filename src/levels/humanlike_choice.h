// Choosing a move the way a person of a given rating would: a softmax over the level's log-odds
// of every scanned move (the human model with its error appetite and temperature: choice_logit),
// after the "never absurd" rules have removed what no player of any level plays. Pure: the
// searches happen before, the random number is given.
#pragma once

#include <cstdint>
#include <vector>

#include "chess/position.h"
#include "levels/candidates.h"
#include "levels/human_model.h"
#include "levels/level.h"

namespace sparring {

// Moves no person of any level plays: dropping at a glance a queen's worth (or more) of material
// when something else does not, or ignoring a plain recapture that would win back what was just
// taken for a move that loses at a glance. `scan.moves` must have its features filled.
std::vector<bool> absurd_moves(const CandidateScan& scan);

// The chosen move's index in scan.moves; `random` is uniform in [0, 1).
int choose_humanlike(const CandidateScan& scan, const LevelParams& params, const HumanModel& model, double random);

// A reproducible uniform number in [0, 1) for a seed and a position.
double level_random(std::uint64_t seed, Key positionKey);

}  // namespace sparring
