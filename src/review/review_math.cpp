#include "review_math.h"

#include <algorithm>
#include <cmath>

namespace sparring::review {

int capped_cp(int score) {
  if (is_mate(score)) return score > 0 ? EVAL_CAP : -EVAL_CAP;
  return std::clamp(score, -EVAL_CAP, EVAL_CAP);
}

double win_percent(int score) {
  const double cp = capped_cp(score);
  return 50 + 50 * (2 / (1 + std::exp(-0.00368208 * cp)) - 1);
}

double move_accuracy(double winBefore, double winAfter) {
  if (winAfter >= winBefore) return 100;
  const double drop = winBefore - winAfter;
  return std::clamp(103.1668100711649 * std::exp(-0.04354415386753951 * drop) - 3.166924740191411 + 1, 0.0, 100.0);
}

Verdict judge(int before, int after) {
  const bool mateBefore = is_mate(before), mateAfter = is_mate(after);
  // Lichess's mate sequences: a forced mate against the mover appears, or the mover's own
  // forced mate disappears (no mate any more, or a mate the other way).
  if (!mateBefore && mateAfter && after < 0) {
    const Judgement j = before < -999 ? Judgement::INACCURACY : before < -700 ? Judgement::MISTAKE : Judgement::BLUNDER;
    return {j, MateChange::MATE_CREATED};
  }
  if (mateBefore && before > 0 && (!mateAfter || after < 0)) {
    const int cpAfter = mateAfter ? 0 : after;
    const Judgement j = cpAfter > 999 ? Judgement::INACCURACY : cpAfter > 700 ? Judgement::MISTAKE : Judgement::BLUNDER;
    return {j, MateChange::MATE_LOST};
  }
  if (mateBefore || mateAfter) return {};
  // On Lichess's winning-chances scale [-1, 1]: 0.3 / 0.2 / 0.1 = 15 / 10 / 5 Win% points.
  const double delta = (win_percent(before) - win_percent(after)) / 50;
  if (delta >= 0.3) return {Judgement::BLUNDER, MateChange::NONE};
  if (delta >= 0.2) return {Judgement::MISTAKE, MateChange::NONE};
  if (delta >= 0.1) return {Judgement::INACCURACY, MateChange::NONE};
  return {};
}

const char* judgement_name(Judgement j) {
  switch (j) {
    case Judgement::INACCURACY: return "inaccuracy";
    case Judgement::MISTAKE: return "mistake";
    case Judgement::BLUNDER: return "blunder";
    default: return "";
  }
}

int judgement_nag(Judgement j) {
  switch (j) {
    case Judgement::INACCURACY: return 6;
    case Judgement::MISTAKE: return 2;
    case Judgement::BLUNDER: return 4;
    default: return 0;
  }
}

namespace {

double standard_deviation(std::vector<double>::const_iterator first, std::vector<double>::const_iterator last) {
  const double n = double(last - first);
  double mean = 0, var = 0;
  for (auto it = first; it != last; ++it) mean += *it;
  mean /= n;
  for (auto it = first; it != last; ++it) var += (*it - mean) * (*it - mean);
  return std::sqrt(var / n);
}

}  // namespace

SideAccuracy game_accuracy(const std::vector<double>& win, bool whiteFirst) {
  SideAccuracy result;
  const int moves = int(win.size()) - 1;
  if (moves < 1) return result;
  // Volatility weights: the standard deviation of White's Win% over a sliding window; the first
  // windows repeat the opening one so that there is one weight per move.
  const int window = std::clamp(moves / 10, 2, 8);
  std::vector<double> weights;
  for (int i = 0; i < moves; ++i) {
    const int start = std::max(0, i - (window - 2));
    const int end = std::min(int(win.size()), start + window);
    weights.push_back(std::clamp(standard_deviation(win.begin() + start, win.begin() + end), 0.5, 12.0));
  }
  for (int side = 0; side < 2; ++side) {
    double weighted = 0, weightSum = 0, inverseSum = 0;
    int count = 0;
    for (int i = 0; i < moves; ++i) {
      const bool whiteMoves = (i % 2 == 0) == whiteFirst;
      if (whiteMoves != (side == 0)) continue;
      const double acc = whiteMoves ? move_accuracy(win[i], win[i + 1]) : move_accuracy(100 - win[i], 100 - win[i + 1]);
      weighted += acc * weights[i];
      weightSum += weights[i];
      inverseSum += 1 / std::max(1.0, acc);
      ++count;
    }
    if (!count) continue;
    const double value = (weighted / weightSum + count / inverseSum) / 2;
    (side == 0 ? result.white : result.black) = value;
  }
  return result;
}

}  // namespace sparring::review
