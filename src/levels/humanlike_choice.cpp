#include "humanlike_choice.h"

#include <algorithm>
#include <cmath>

namespace sparring {

namespace {

constexpr int QUEEN_DROP = 700;     // cp a move may not lose at a glance when another move does not
constexpr int RECAPTURE_GAP = 200;  // cp by which skipping a plain recapture must lose to be absurd

double loss_points(int best, int score) { return std::max(0.0, win_percent(best) - win_percent(score)); }

}  // namespace

std::vector<bool> absurd_moves(const CandidateScan& scan) {
  const std::vector<Candidate>& c = scan.moves;
  std::vector<bool> absurd(c.size(), false);
  if (c.empty()) return absurd;
  int bestGlance = -VALUE_INFINITE, bestRecapture = -VALUE_INFINITE;
  for (const Candidate& m : c) {
    bestGlance = std::max(bestGlance, m.glance);
    if (m.features[F_RECAPTURE] > 0 && m.features[F_SEE_LOSS] == 0) bestRecapture = std::max(bestRecapture, m.glance);
  }
  for (std::size_t i = 0; i < c.size(); ++i) {
    const Candidate& m = c[i];
    if (bestGlance - m.glance >= QUEEN_DROP) absurd[i] = true;
    if (bestRecapture != -VALUE_INFINITE && m.features[F_RECAPTURE] == 0 && bestRecapture - m.glance >= RECAPTURE_GAP)
      absurd[i] = true;
  }
  // When every move looks absurd (a lost position), none is.
  if (std::all_of(absurd.begin(), absurd.end(), [](bool a) { return a; })) absurd.assign(c.size(), false);
  return absurd;
}

int choose_humanlike(const CandidateScan& scan, const LevelParams& params, const HumanModel& model, double random) {
  const std::vector<Candidate>& c = scan.moves;
  if (c.size() <= 1) return 0;
  const std::vector<bool> absurd = absurd_moves(scan);
  const int bestDeep = c[0].deep;  // scan.moves is sorted best first
  std::vector<double> logit(c.size(), -INFINITY);
  double maxLogit = -INFINITY;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (absurd[i] || (i > 0 && loss_points(bestDeep, c[i].deep) > params.maxLoss)) continue;
    logit[i] = choice_logit(c[i].features, model, params.appetiteScale);
    maxLogit = std::max(maxLogit, logit[i]);
  }
  if (maxLogit == -INFINITY) return 0;
  double total = 0;
  std::vector<double> p(c.size(), 0.0);
  for (std::size_t i = 0; i < c.size(); ++i) total += p[i] = std::exp(logit[i] - maxLogit);
  double r = random * total;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (p[i] == 0) continue;
    if (r < p[i]) return int(i);
    r -= p[i];
  }
  for (std::size_t i = c.size(); i-- > 0;)
    if (p[i] > 0) return int(i);
  return 0;
}

double level_random(std::uint64_t seed, Key positionKey) {
  // splitmix64 of the pair: well mixed, and the same for the same seed and position.
  std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL ^ positionKey;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return double(z >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace sparring
