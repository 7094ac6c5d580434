#include "stats.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace sparring::match {

namespace {

constexpr double Z95 = 1.959963984540054;
constexpr double NELO_DIVIDER = 800.0 / 2.302585092994046;  // 800 / ln(10)
constexpr double INF = std::numeric_limits<double>::infinity();

struct Moments {
  double n = 0, mean = 0, variance = 0;
};

// Mean and variance of a discrete distribution given by counts over the scores x.
template <size_t N>
Moments moments(const std::array<double, N>& x, const std::array<double, N>& counts) {
  Moments m;
  for (double c : counts) m.n += c;
  if (m.n <= 0) return m;
  for (size_t i = 0; i < N; ++i) m.mean += x[i] * counts[i] / m.n;
  for (size_t i = 0; i < N; ++i) m.variance += (x[i] - m.mean) * (x[i] - m.mean) * counts[i] / m.n;
  return m;
}

Moments trinomial(const Tally& t) {
  return moments<3>({0.0, 0.5, 1.0}, {double(t.losses), double(t.draws), double(t.wins)});
}

Moments pentanomial(const Tally& t) {
  std::array<double, 5> counts;
  for (int i = 0; i < 5; ++i) counts[i] = t.pairs[i];
  return moments<5>({0.0, 0.25, 0.5, 0.75, 1.0}, counts);
}

EloEstimate estimate(const Moments& m) {
  EloEstimate e;
  if (m.n <= 0) return e;
  e.valid = true;
  e.score = m.mean;
  e.elo = elo_from_score(m.mean);
  const double dev = Z95 * std::sqrt(m.variance / m.n);
  const double hi = elo_from_score(m.mean + dev), lo = elo_from_score(m.mean - dev);
  e.margin = (hi - lo) / 2;
  return e;
}

}  // namespace

void Tally::add_game(double p) {
  if (p > 0.75)
    ++wins;
  else if (p > 0.25)
    ++draws;
  else
    ++losses;
}

void Tally::add_pair(double a, double b) {
  int idx = int(std::lround(2 * (a + b)));  // 0..4 half points
  ++pairs[idx];
  if (idx == 2) ++(a == 0.5 ? pairDD : pairWL);
}

Tally& Tally::operator+=(const Tally& o) {
  wins += o.wins;
  draws += o.draws;
  losses += o.losses;
  for (int i = 0; i < 5; ++i) pairs[i] += o.pairs[i];
  pairDD += o.pairDD;
  pairWL += o.pairWL;
  return *this;
}

double elo_from_score(double score) {
  if (score <= 0) return -INF;
  if (score >= 1) return INF;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate elo_trinomial(const Tally& t) { return estimate(trinomial(t)); }
EloEstimate elo_pentanomial(const Tally& t) { return estimate(pentanomial(t)); }

double likelihood_of_superiority(const Tally& t) {
  if (t.wins + t.losses == 0) return 0.5;
  return 0.5 * (1.0 + std::erf((t.wins - t.losses) / std::sqrt(2.0 * (t.wins + t.losses))));
}

std::string SprtConfig::describe() const {
  char buf[160];
  std::snprintf(buf, sizeof buf, "elo0=%g elo1=%g alpha=%g beta=%g, %s Elo, %s", elo0, elo1, alpha, beta,
                normalized ? "normalized" : "logistic", pentanomial ? "pentanomial" : "trinomial");
  return buf;
}

SprtStatus sprt_status(const SprtConfig& c, const Tally& t) {
  SprtStatus s;
  s.lower = std::log(c.beta / (1 - c.alpha));
  s.upper = std::log((1 - c.beta) / c.alpha);
  const Moments m = c.pentanomial ? pentanomial(t) : trinomial(t);
  if (m.n <= 0 || m.variance <= 0) return s;  // no information yet
  double s0, s1;
  if (c.normalized) {
    // Normalized Elo: the Elo unit scaled by the per-game standard deviation (fishtest's nElo).
    const double sigma = c.pentanomial ? std::sqrt(2 * m.variance) : std::sqrt(m.variance);
    s0 = 0.5 + c.elo0 / NELO_DIVIDER * sigma;
    s1 = 0.5 + c.elo1 / NELO_DIVIDER * sigma;
  } else {
    s0 = 1 / (1 + std::pow(10.0, -c.elo0 / 400));
    s1 = 1 / (1 + std::pow(10.0, -c.elo1 / 400));
  }
  s.llr = m.n * (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance);
  s.verdict = s.llr >= s.upper ? SprtStatus::H1 : s.llr <= s.lower ? SprtStatus::H0 : SprtStatus::CONTINUE;
  return s;
}

}  // namespace sparring::match
