// A network of random weights within the engine's limits, for tests of the evaluation network.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "net_bytes.h"
#include "nn/nnue.h"

namespace sparring::nn {

struct RandomNet {
  std::vector<std::int16_t> w1, b1, w2;
  std::vector<std::int32_t> b2;
  explicit RandomNet(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> hidden(-900, 900), bias(-3000, 3000), out(-127, 127);
    for (int i = 0; i < NNUE_INPUTS * NNUE_HIDDEN; ++i) w1.push_back(std::int16_t(hidden(rng)));
    for (int i = 0; i < NNUE_HIDDEN; ++i) b1.push_back(std::int16_t(bias(rng)));
    for (int i = 0; i < NNUE_BUCKETS * 2 * NNUE_HIDDEN; ++i) w2.push_back(std::int16_t(out(rng)));
    for (int b = 0; b < NNUE_BUCKETS; ++b) b2.push_back(123456 - 20000 * b);
  }
  std::vector<std::uint8_t> bytes(const std::string& arch = "nnue-screlu 256x8") const {
    return net_file_bytes(arch, {{"ft_weight", 2, {NNUE_INPUTS, NNUE_HIDDEN}, int_bytes(w1)},
                                 {"ft_bias", 2, {NNUE_HIDDEN}, int_bytes(b1)},
                                 {"out_weight", 2, {NNUE_BUCKETS, 2 * NNUE_HIDDEN}, int_bytes(w2)},
                                 {"out_bias", 3, {NNUE_BUCKETS}, int_bytes(b2)}});
  }
  // The documented formula, computed plainly in 64 bits.
  int evaluate(const std::vector<int> features[2], int us, int bucket) const {
    std::int64_t sum = 0;
    for (int s = 0; s < 2; ++s) {
      const std::vector<int>& f = features[s == 0 ? us : us ^ 1];
      for (int i = 0; i < NNUE_HIDDEN; ++i) {
        std::int64_t a = b1[i];
        for (int x : f) a += w1[std::size_t(x) * NNUE_HIDDEN + i];
        const std::int64_t c = std::clamp<std::int64_t>(a, 0, NNUE_QA);
        sum += c * c * w2[std::size_t(bucket * 2 + s) * NNUE_HIDDEN + i];
      }
    }
    return int((sum / NNUE_QA + b2[std::size_t(bucket)]) * NNUE_SCALE / (NNUE_QA * NNUE_QB));
  }
};

}  // namespace sparring::nn
