#include "level.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace sparring {

namespace {

struct Anchor {
  int elo;
  int scanDepth;
  AppetiteScale appetiteScale;
  double temperatureScale;
};
// Set on the ladder of levels (each named level about 300 Elo above the one below, measured with
// sparring-levels selfplay and scripts/calibrate.sh ladder) and on the error rates of each level's
// human band (calibration-targets.md). Below Expert the appetite for errors sets the strength; from
// Expert up there is none: a broader sampling of the human choice (temperature) and the scan depth do.
// The bands' error rates are too close (900-1100 and 1100-1300 blunder 9.3 and 8.6 times a hundred
// moves) for levels whose strength follows their errors to stand 300 Elo apart at the targets
// themselves: Beginner and Easy err near the top of their +-20% windows, Medium and Hard near the
// bottom.
constexpr Anchor ANCHORS[] = {
    {600, 4, {3.3, 2.0, 2.1}, 1.0},    // Beginner
    {900, 4, {3.0, 1.8, 1.9}, 1.0},    // Easy
    {1200, 4, {2.3, 1.75, 1.3}, 1.0},  // Medium
    {1500, 6, {1.55, 1.3, 1.1}, 1.0},  // Hard
    {1800, 6, {0.0, 0.0, 0.0}, 4.5},   // Expert
    {2100, 7, {0.0, 0.0, 0.0}, 2.75},  // Master
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
  p.temperatureScale = mix(lo->temperatureScale, hi->temperatureScale);
  return p;
}

}  // namespace sparring
