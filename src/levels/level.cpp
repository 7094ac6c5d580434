#include "level.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace sparring {

namespace {

// Calibrated with scripts/calibrate.sh (see README: Strength levels).
struct Anchor {
  int elo;
  int scanDepth;
  AppetiteScale appetiteScale;
  double maxLoss;
};
constexpr Anchor ANCHORS[] = {
    {600, 4, {2.0, 2.0, 2.0}, 100.0},      // Beginner
    {900, 4, {1.8, 1.8, 1.8}, 100.0},      // Easy
    {1200, 4, {1.4, 1.4, 1.4}, 100.0},     // Medium
    {1500, 4, {0.75, 0.75, 0.75}, 100.0},  // Hard
    {1800, 4, {0, 0, 0}, 100.0},           // Expert
    {2100, 6, {0, 0, 0}, 3.0},             // Master
};

bool iequal(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<int> named_level_elo(const std::string& name) {
  for (const NamedLevel& l : NAMED_LEVELS)
    if (iequal(name, l.name)) return l.elo;
  return std::nullopt;
}

std::string level_name(int elo) {
  std::string name = NAMED_LEVELS[0].name;
  for (const NamedLevel& l : NAMED_LEVELS)
    if (elo >= l.elo) name = l.name;
  return name;
}

LevelParams level_params(int elo) {
  elo = std::clamp(elo, LEVEL_ELO_MIN, LEVEL_ELO_MAX);
  const Anchor* hi = std::begin(ANCHORS);
  while (hi->elo < elo) ++hi;
  const Anchor* lo = hi == std::begin(ANCHORS) ? hi : hi - 1;
  const double t = hi == lo ? 0.0 : double(elo - lo->elo) / (hi->elo - lo->elo);
  auto mix = [t](double a, double b) { return a + (b - a) * t; };
  LevelParams p;
  p.elo = elo;
  p.scanDepth = int(std::lround(mix(lo->scanDepth, hi->scanDepth)));
  for (int c = 0; c < ERROR_CLASS_NB; ++c) p.appetiteScale[c] = mix(lo->appetiteScale[c], hi->appetiteScale[c]);
  // Caps blend geometrically so that the step from "no cap" to a few points is gradual.
  p.maxLoss = std::exp(mix(std::log(lo->maxLoss), std::log(hi->maxLoss)));
  return p;
}

}  // namespace sparring
