// The search's numeric margins, each once: X(name, default, min, max, step).
//
// A normal build makes each a `constexpr int`, so the search compiles to the same literals as before
// (same bench signature). A tune build (CMake -DSPARRING_TUNE=ON, `make build TUNE=1` into build/tune)
// makes them plain `inline int` globals that the UCI layer announces as spin options of the same names
// (`setoption name RFPMargin value 90`), for scripts/spsa.py (docs/strength.md, "Tuning the search").
// min and max bound what SPSA may try; step is the perturbation it ends with (its c_end).
// Units: centipawns of the search's evaluation (the network's read at NET_EVAL_PERCENT), plies, or as noted.
#pragma once

#include <string_view>

// clang-format off
#define SPARRING_SEARCH_PARAMS(X)                                                                               \
  /* Reverse futility: depth <= RFPDepth, eval - RFPMargin * (depth - improving) >= beta. */                   \
  X(RFPDepth,          8,    4,    12,    1)                                                                    \
  X(RFPMargin,        80,   40,   160,    8)                                                                    \
  /* Null move: R = NMPBase + depth / NMPDepthDiv + min((eval - beta) / NMPEvalDiv, 3). */                      \
  X(NMPBase,           3,    2,     5,    1)                                                                    \
  X(NMPDepthDiv,       4,    2,     8,    1)                                                                    \
  X(NMPEvalDiv,      200,  100,   400,   20)                                                                    \
  /* ProbCut: beta + ProbCutMargin, from depth ProbCutDepth, searched at depth - 4. */                          \
  X(ProbCutMargin,   200,  100,   350,   15)                                                                    \
  X(ProbCutDepth,      5,    3,     8,    1)                                                                    \
  /* Late-move pruning: from move (LMPBase + depth^2) / (2 - improving). */                                     \
  X(LMPBase,           3,    1,     8,    1)                                                                    \
  /* Futility: lmrDepth <= FutilityDepth, staticEval + FutilityBase + FutilityPerDepth * lmrDepth <= alpha. */ \
  X(FutilityBase,    120,   50,   250,   10)                                                                    \
  X(FutilityPerDepth, 110,  50,   200,   10)                                                                    \
  X(FutilityDepth,     8,    4,    12,    1)                                                                    \
  /* SEE pruning of quiets: SEE below -SEEQuietMargin * lmrDepth^2. */                                          \
  X(SEEQuietMargin,   25,   10,    60,    3)                                                                    \
  /* History pruning: lmrDepth <= HistPruneDepth, continuation history below -HistPruneMargin * depth. */      \
  X(HistPruneMargin, 2500, 1000, 5000,  200)                                                                    \
  X(HistPruneDepth,    4,    2,     8,    1)                                                                    \
  /* SEE pruning of captures: depth <= SEECaptureDepth, SEE below -SEECaptureMargin * depth. */                 \
  X(SEECaptureMargin, 90,   40,   160,    8)                                                                    \
  X(SEECaptureDepth,   8,    4,    12,    1)                                                                    \
  /* Singular extension: from depth SingularDepth, singular beta ttScore - SingularMargin * depth / 10 */      \
  /* (tenths of a centipawn a ply); two plies when below it by DoubleExtMargin. */                              \
  X(SingularDepth,     8,    5,    12,    1)                                                                    \
  X(SingularMargin,   20,    5,    50,    3)                                                                    \
  X(DoubleExtMargin,  20,    5,    50,    3)                                                                    \
  /* LMR: one ply less per LMRHistoryDiv of (2 x butterfly + continuation) history; the table's */            \
  /* int(LMRBase / 100 + ln(depth) ln(moveCount) / (LMRDivisor / 100)). */                                      \
  X(LMRHistoryDiv,  8192, 4096, 16384, 512)                                                                     \
  X(LMRBase,          75,    0,   150,    8)                                                                    \
  X(LMRDivisor,      225,  150,   350,   10)                                                                    \
  /* Aspiration windows: +-AspDelta around the last score, widened by AspGrowthPct % + 5 a fail. */            \
  X(AspDelta,         15,    6,    40,    2)                                                                    \
  X(AspGrowthPct,     50,   25,   100,    5)                                                                    \
  /* Quiescence: a capture that leaves staticEval + victim + QSFutilityMargin <= alpha is skipped. */          \
  X(QSFutilityMargin, 200,  80,   350,   15)
// clang-format on

namespace sparring {

struct SearchParam {
  std::string_view name;
  int defaultValue, min, max, step;
};

// Every parameter with its range, in the list's order (for the UCI options, spsa.py and the tests).
inline constexpr SearchParam SEARCH_PARAMS[] = {
#define SPARRING_PARAM_ENTRY(name, def, lo, hi, step) {#name, def, lo, hi, step},
    SPARRING_SEARCH_PARAMS(SPARRING_PARAM_ENTRY)
#undef SPARRING_PARAM_ENTRY
};

namespace search_params {
#ifdef SPARRING_TUNE
inline constexpr bool TUNABLE = true;
#define SPARRING_PARAM_VALUE(name, def, lo, hi, step) inline int name = def;
#else
inline constexpr bool TUNABLE = false;
#define SPARRING_PARAM_VALUE(name, def, lo, hi, step) constexpr int name = def;
#endif
SPARRING_SEARCH_PARAMS(SPARRING_PARAM_VALUE)
#undef SPARRING_PARAM_VALUE
}  // namespace search_params

// Sets a parameter by its exact name in a tune build (the value already within its range); false for an
// unknown name, and always false in a normal build, whose parameters are constants. Not while a search runs.
inline bool set_search_param([[maybe_unused]] std::string_view name, [[maybe_unused]] int value) {
#ifdef SPARRING_TUNE
#define SPARRING_PARAM_SET(p, def, lo, hi, step) \
  if (name == #p) {                              \
    search_params::p = value;                    \
    return true;                                 \
  }
  SPARRING_SEARCH_PARAMS(SPARRING_PARAM_SET)
#undef SPARRING_PARAM_SET
#endif
  return false;
}

}  // namespace sparring
