// The evaluation network (NNUE), as scripts/train_nnue.py trains and exports it: NNUE_INPUTS
// features per perspective -> NNUE_HIDDEN units (the same weights for both perspectives) -> squared
// clipped ReLU -> one of NNUE_BUCKETS outputs on [side to move's units, the other side's], chosen by
// the number of pieces on the board (an endgame weighs the units otherwise than the middlegame does).
// Integers throughout, so the scalar and the AVX2 paths give the same result bit for bit:
//
//   accumulator[p][i] = bias[i] + sum of weight[f][i] over the active features f of perspective p
//                       (int16; the trainer's floats x NNUE_QA)
//   c = clamp(accumulator, 0, NNUE_QA)
//   b = nnue_bucket(pieces on the board)
//   out = (sum c_us[i]^2 * w[b][i] + sum c_them[i]^2 * w[b][H + i]) / NNUE_QA + bias_out[b]   (w x NNUE_QB)
//   centipawns = out * NNUE_SCALE / (NNUE_QA * NNUE_QB)
//
// Knows nothing of chess: which feature a piece on a square is, is the caller's (the evaluation's).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sparring::nn {

// The hidden layer's width is a build setting (CMake -DNNUE_HIDDEN=512, with a net of that width built in
// through -DSPARRING_EVAL_NET=...), for trying a wider net; 256 is the release's.
#ifndef SPARRING_NNUE_HIDDEN
#define SPARRING_NNUE_HIDDEN 256
#endif
constexpr int NNUE_INPUTS = 768, NNUE_HIDDEN = SPARRING_NNUE_HIDDEN, NNUE_BUCKETS = 8;
static_assert(NNUE_HIDDEN % 16 == 0, "the AVX2 path works in blocks of 16 units");
constexpr int NNUE_QA = 255, NNUE_QB = 64, NNUE_SCALE = 400;

// The output bucket of a position with this many pieces (kings included): 2-5 pieces 0, ..., 30-32 7.
constexpr int nnue_bucket(int pieces) { return std::clamp((pieces - 2) / 4, 0, NNUE_BUCKETS - 1); }

struct alignas(32) NnueAccumulator {
  std::int16_t v[2][NNUE_HIDDEN];  // [perspective]
};

class NnueNet {
 public:
  // Reads a net file (net_file.h) of architecture "nnue-screlu 256x8" (NNUE_HIDDEN units x buckets). On failure returns
  // the reason and keeps the network it had.
  std::string load(const std::uint8_t* bytes, std::size_t size);
  bool loaded() const { return !ftWeight.empty(); }

  // One perspective from scratch, from its active features.
  void refresh(NnueAccumulator& acc, int perspective, const int* features, int count) const;
  // One perspective updated: `to` = `from` plus the added features minus the removed ones.
  void update(const NnueAccumulator& from, NnueAccumulator& to, int perspective, const int* added, int addedCount,
              const int* removed, int removedCount) const;
  // The evaluation in centipawns for the side to move (`us` is its perspective), with the output of
  // bucket nnue_bucket(pieces on the board).
  int evaluate(const NnueAccumulator& acc, int us, int bucket) const;

 private:
  std::vector<std::int16_t> ftWeight;   // [NNUE_INPUTS][NNUE_HIDDEN]
  std::vector<std::int16_t> ftBias;     // [NNUE_HIDDEN]
  std::vector<std::int16_t> outWeight;  // [NNUE_BUCKETS][2 * NNUE_HIDDEN]: the side to move's units first
  std::vector<std::int32_t> outBias;    // [NNUE_BUCKETS]
};

}  // namespace sparring::nn
