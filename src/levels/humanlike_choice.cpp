#include "humanlike_choice.h"

#include <algorithm>
#include <cmath>

#include "chess/prng.h"
#include "levels/policy_features.h"

namespace sparring {

namespace {

constexpr int QUEEN_DROP = 700;     // cp a move may not lose at a glance when another move does not
constexpr int RECAPTURE_GAP = 200;  // cp by which skipping a plain recapture must lose to be absurd
// Win% points lost from which a move is an inaccuracy, a mistake, a blunder (Lichess's lines).
constexpr double INACCURACY_LINE = 5, MISTAKE_LINE = 10, BLUNDER_LINE = 15;
constexpr double BLUNDER_SIZE_SPAN = 50;  // Win% points beyond the blunder line the size term counts

bool has(const Candidate& c, policy::MoveBit bit) { return c.bits >> bit & 1; }

}  // namespace

int error_class(double lossPoints) {
  return lossPoints >= BLUNDER_LINE      ? ERROR_BLUNDER
         : lossPoints >= MISTAKE_LINE    ? ERROR_MISTAKE
         : lossPoints >= INACCURACY_LINE ? ERROR_INACCURACY
                                         : -1;
}

double win_percent(int cp) {
  const double c = std::clamp(cp, -1000, 1000);
  return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * c)) - 1.0);
}

double loss_points(int best, int score) { return std::max(0.0, win_percent(best) - win_percent(score)); }

bool decided(int bestCp) {
  const double w = win_percent(bestCp);
  return w < 25 || w > 75;
}

bool won(int bestCp) { return win_percent(bestCp) >= 90; }

std::vector<bool> absurd_moves(const CandidateScan& scan) {
  const std::vector<Candidate>& c = scan.moves;
  std::vector<bool> absurd(c.size(), false);
  if (c.empty()) return absurd;
  int bestGlance = -VALUE_INFINITE, bestRecapture = -VALUE_INFINITE;
  for (const Candidate& m : c) {
    bestGlance = std::max(bestGlance, m.glance);
    if (has(m, policy::MB_RECAPTURE) && !has(m, policy::MB_SEE_LOSS)) bestRecapture = std::max(bestRecapture, m.glance);
  }
  for (std::size_t i = 0; i < c.size(); ++i) {
    const Candidate& m = c[i];
    if (bestGlance - m.glance >= QUEEN_DROP) absurd[i] = true;
    if (bestRecapture != -VALUE_INFINITE && !has(m, policy::MB_RECAPTURE) && bestRecapture - m.glance >= RECAPTURE_GAP)
      absurd[i] = true;
  }
  // When every move looks absurd (a lost position), none is.
  if (std::all_of(absurd.begin(), absurd.end(), [](bool a) { return a; })) absurd.assign(c.size(), false);
  return absurd;
}

namespace {

// Each scanned move's weight, proportional to the chance the level plays it (all 0: none allowed).
std::vector<double> humanlike_weights(const CandidateScan& scan, const std::vector<MoveProbability>& policy,
                                      const ChoiceParams& params) {
  const std::vector<Candidate>& c = scan.moves;
  std::vector<double> logit(c.size(), -INFINITY), weight(c.size(), 0.0);
  const std::vector<bool> absurd = absurd_moves(scan);
  const int bestDeep = c.empty() ? 0 : c[0].deep;  // scan.moves is sorted best first
  const double temperature = std::max(params.temperature, 1e-3);
  ErrorAppetite appetite = params.appetite;  // this position's: more of it once the game is decided
  const bool isDecided = decided(bestDeep), isWon = won(bestDeep);
  for (int e = 0; e < ERROR_CLASS_NB; ++e)
    appetite[e] += (isDecided ? params.decidedAppetite[e] : 0.0) + (isWon ? params.wonAppetite[e] : 0.0);
  double maxLogit = -INFINITY;
  for (std::size_t i = 0; i < c.size(); ++i) {
    const double loss = loss_points(bestDeep, c[i].deep);
    if (absurd[i] || (i > 0 && loss > params.maxLoss)) continue;
    auto it = std::find_if(policy.begin(), policy.end(), [&](const MoveProbability& p) { return p.move == c[i].move; });
    if (it == policy.end()) continue;
    logit[i] = it->logit / temperature;
    if (const int e = error_class(loss); e >= 0) logit[i] += appetite[e];
    if (loss >= BLUNDER_LINE) logit[i] += params.blunderSize * std::min(loss - BLUNDER_LINE, BLUNDER_SIZE_SPAN) / 10.0;
    maxLogit = std::max(maxLogit, logit[i]);
  }
  if (maxLogit != -INFINITY)
    for (std::size_t i = 0; i < c.size(); ++i) weight[i] = std::exp(logit[i] - maxLogit);
  return weight;
}

}  // namespace

std::vector<double> humanlike_probabilities(const CandidateScan& scan, const std::vector<MoveProbability>& policy,
                                            const ChoiceParams& params) {
  if (scan.moves.size() <= 1) return std::vector<double>(scan.moves.size(), 1.0);
  std::vector<double> p = humanlike_weights(scan, policy, params);
  double total = 0;
  for (double w : p) total += w;
  if (total == 0) p[0] = total = 1;  // nothing allowed: the scan's best move, as choose_humanlike plays
  for (double& w : p) w /= total;
  return p;
}

int choose_humanlike(const CandidateScan& scan, const std::vector<MoveProbability>& policy, const ChoiceParams& params,
                     double random) {
  if (scan.moves.size() <= 1) return 0;
  const std::vector<double> p = humanlike_weights(scan, policy, params);
  double total = 0;
  for (double w : p) total += w;
  if (total == 0) return 0;
  double r = random * total;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == 0) continue;
    if (r < p[i]) return int(i);
    r -= p[i];
  }
  for (std::size_t i = p.size(); i-- > 0;)
    if (p[i] > 0) return int(i);
  return 0;
}

double level_random(std::uint64_t seed, Key positionKey) {
  // The pair mixed: well spread, and the same for the same seed and position.
  const std::uint64_t z = mix64(seed * 0x9E3779B97F4A7C15ULL ^ positionKey);
  return double(z >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace sparring
