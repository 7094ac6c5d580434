#include "eval_params.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>

namespace sparring {

namespace {

// Starting values before tuning: round numbers from chess knowledge. `sparring tune` (see
// bench/tune) fits them to game results and writes eval_weights.inc, which replaces them.
[[maybe_unused]] EvalParams hand_weights() {
  EvalParams p{};
  const Score values[5] = {{80, 100}, {320, 300}, {330, 320}, {460, 520}, {950, 950}};
  for (int i = 0; i < 5; ++i) p.pieceValue[i] = values[i];
  for (int s = 0; s < 64; ++s) {
    int f = s % 8, r = s / 8;
    int centre = 3 - std::max(std::abs(2 * f - 7), std::abs(2 * r - 7)) / 2;  // 0 at the rim .. 3 in the centre
    p.psqt[0][s] = r == 0 || r == 7 ? Score{} : Score{(f >= 2 && f <= 5) ? 3 * (r - 1) : r - 1, 4 * (r - 1)};
    p.psqt[1][s] = {8 * centre - 12, 6 * centre - 10};
    p.psqt[2][s] = {4 * centre - 5, 4 * centre - 6};
    p.psqt[3][s] = {r == 6 ? 15 : 0, r == 6 ? 10 : 0};
    p.psqt[4][s] = {2 * centre - 3, 5 * centre - 8};
    p.psqt[5][s] = {r == 0 ? (f <= 2 || f >= 6 ? 20 : 0) : -15 * r, 10 * centre - 15};
  }
  for (int m = 0; m < 9; ++m) p.knightMobility[m] = {4 * (m - 4), 4 * (m - 4)};
  for (int m = 0; m < 14; ++m) p.bishopMobility[m] = {4 * (m - 6), 4 * (m - 6)};
  for (int m = 0; m < 15; ++m) p.rookMobility[m] = {2 * (m - 7), 4 * (m - 7)};
  for (int m = 0; m < 28; ++m) p.queenMobility[m] = {1 * (m - 13), 2 * (m - 13)};
  const int passedMg[8] = {0, 5, 5, 10, 20, 35, 60, 0}, passedEg[8] = {0, 10, 15, 25, 45, 75, 120, 0};
  const int connected[8] = {0, 5, 8, 12, 20, 35, 60, 0};
  for (int r = 0; r < 8; ++r) {
    p.passedPawn[r] = {passedMg[r], passedEg[r]};
    p.passedBlocked[r] = {-passedMg[r] / 4, -passedEg[r] / 4};
    p.passedKingDistance[r] = {0, 2 * std::max(r - 1, 0)};
    p.connectedPawn[r] = {connected[r], connected[r]};
  }
  p.isolatedPawn = {-10, -12};
  p.doubledPawn = {-10, -20};
  p.backwardPawn = {-8, -8};
  p.bishopPair = {30, 50};
  p.rookOpenFile = {40, 10};
  p.rookSemiOpenFile = {20, 5};
  p.minorBehindPawn = {10, 0};
  const int attackers[8] = {0, 0, 10, 25, 45, 65, 80, 90};
  for (int n = 0; n < 8; ++n) p.kingAttackers[n] = {attackers[n], 0};
  p.kingZoneAttack[2] = {8, 0};
  p.kingZoneAttack[2 + 1] = {6, 0};
  p.kingZoneAttack[2 + 2] = {8, 0};
  p.kingZoneAttack[2 + 3] = {10, 0};
  const Score shelter[4] = {{-30, 0}, {-10, 0}, {5, 0}, {10, 0}};
  for (int n = 0; n < 4; ++n) p.kingShelter[n] = shelter[n];
  p.safeCheck[2] = {40, 0};
  p.safeCheck[2 + 1] = {20, 0};
  p.safeCheck[2 + 2] = {40, 0};
  p.safeCheck[2 + 3] = {30, 0};
  p.threatByPawn = {50, 40};
  const Score byMinor[6] = {{}, {5, 10}, {20, 20}, {20, 20}, {40, 30}, {50, 40}};
  const Score byRook[6] = {{}, {5, 10}, {20, 20}, {20, 20}, {0, 0}, {40, 30}};
  for (int t = 0; t < 6; ++t) p.threatByMinor[t] = byMinor[t], p.threatByRook[t] = byRook[t];
  p.hangingPiece = {20, 15};
  p.tempo = {15, 5};
  return p;
}

#if __has_include("eval_weights.inc")
constexpr Score TUNED_WEIGHTS[] = {
#include "eval_weights.inc"
};
static_assert(std::size(TUNED_WEIGHTS) == EVAL_PARAM_COUNT, "eval_weights.inc does not match EvalParams");
EvalParams tuned_weights() {
  EvalParams p;
  std::copy(std::begin(TUNED_WEIGHTS), std::end(TUNED_WEIGHTS), reinterpret_cast<Score*>(&p));
  return p;
}
#endif

}  // namespace

#if __has_include("eval_weights.inc")
EvalParams evalParams = tuned_weights();
#else
EvalParams evalParams = hand_weights();
#endif

}  // namespace sparring
