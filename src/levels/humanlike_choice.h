// Choosing a move the way a person of a given rating would: a sample of the human move model's
// probabilities at the level's rating (human_policy.h), sharpened or broadened by the level's
// temperature and tilted by its appetite for each class of error, after the "never absurd" rules
// have removed what no player of any level plays. Pure: the searches and the model run before,
// the random number is given.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "chess/position.h"
#include "levels/candidates.h"
#include "levels/human_policy.h"

namespace sparring {

// A move's error class by the Win% points it loses against the scan's best move (Lichess's
// thresholds): -1 for none.
enum ErrorClass : int { ERROR_INACCURACY, ERROR_MISTAKE, ERROR_BLUNDER, ERROR_CLASS_NB };
int error_class(double lossPoints);
// Log-odds a level adds to the moves of each error class (negative: fewer such errors).
using ErrorAppetite = std::array<double, ERROR_CLASS_NB>;

// Win% of a score for the side it belongs to, by Lichess's formula (cp capped at +-1000).
double win_percent(int cp);
// Win% points a move scored `score` loses against the best move's `best` (0 if none).
double loss_points(int best, int score);
// Whether a position whose best move scores `bestCp` for the mover is decided: Win% outside [25, 75].
bool decided(int bestCp);
// Whether the mover stands won: Win% of at least 90 (people there still throw games away, the levels
// hardly: docs/journal/levels.md, "The lower rungs at 200 games").
bool won(int bestCp);

struct ChoiceParams {
  double temperature = 1.0;  // divides the model's logits: below 1 sharper, above 1 broader
  ErrorAppetite appetite{};
  // Log-odds added to each error class when the position is decided (the scan's best move's Win%
  // outside [25, 75]): there the model's sample errs far less often than people, in balanced positions
  // about as often (docs/journal/levels.md, "Error rates by the state of the game").
  ErrorAppetite decidedAppetite{};
  // Log-odds added on top of decidedAppetite where the mover stands won (`won`).
  ErrorAppetite wonAppetite{};
  // Log-odds per 10 Win% points a blunder loses beyond the blunder line (15), counted up to 50 more:
  // above 0 the level's blunders are the bigger ones (a piece left hanging), below 0 the smaller.
  double blunderSize = 0.0;
  double maxLoss = 100.0;  // Win% a chosen move may lose against the best one
};

// Moves no person of any level plays: dropping at a glance a queen's worth (or more) of material
// when something else does not, or ignoring a plain recapture that would win back what was just
// taken for a move that loses at a glance.
std::vector<bool> absurd_moves(const CandidateScan& scan);

// The chance the level plays each move of scan.moves (in its order; they sum to 1): what
// choose_humanlike samples from.
std::vector<double> humanlike_probabilities(const CandidateScan& scan, const std::vector<MoveProbability>& policy,
                                            const ChoiceParams& params);

// The chosen move's index in scan.moves; `policy` holds the model's logit of every scanned move
// (any order); `random` is uniform in [0, 1).
int choose_humanlike(const CandidateScan& scan, const std::vector<MoveProbability>& policy, const ChoiceParams& params,
                     double random);

// A reproducible uniform number in [0, 1) for a seed and a position.
double level_random(std::uint64_t seed, Key positionKey);

}  // namespace sparring
