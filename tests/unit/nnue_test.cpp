// The evaluation network's integer arithmetic (src/nn/nnue.h): loading, incremental updates equal
// to a refresh, and the output equal to the formula computed plainly.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "../common/random_nnue.h"
#include "nn/nnue.h"

using namespace sparring::nn;

TEST_CASE("nnue: refresh, incremental updates and the output follow the formula", "[nn]") {
  const RandomNet ref(7);
  NnueNet net;
  const std::vector<std::uint8_t> bytes = ref.bytes();
  REQUIRE(net.load(bytes.data(), bytes.size()).empty());
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> feature(0, NNUE_INPUTS - 1);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<int> f[2];
    for (auto& side : f)
      for (int k = 0; k < 24; ++k) side.push_back(feature(rng));
    NnueAccumulator acc;
    for (int p = 0; p < 2; ++p) net.refresh(acc, p, f[p].data(), int(f[p].size()));
    for (int us = 0; us < 2; ++us)
      for (int b = 0; b < NNUE_BUCKETS; ++b) CHECK(net.evaluate(acc, us, b) == ref.evaluate(f, us, b));
    // A move: one feature replaced and one removed on each side, incrementally.
    NnueAccumulator next;
    for (int p = 0; p < 2; ++p) {
      const int added[] = {feature(rng)};
      const int removed[] = {f[p][3], f[p][5]};
      net.update(acc, next, p, added, 1, removed, 2);
      f[p].erase(f[p].begin() + 5);
      f[p][3] = added[0];
      NnueAccumulator fresh;
      net.refresh(fresh, p, f[p].data(), int(f[p].size()));
      CHECK(std::equal(fresh.v[p], fresh.v[p] + NNUE_HIDDEN, next.v[p]));
    }
    for (int us = 0; us < 2; ++us)
      for (int b = 0; b < NNUE_BUCKETS; ++b) CHECK(net.evaluate(next, us, b) == ref.evaluate(f, us, b));
    // Changes no move makes (three pieces added, then three removed) take the general path.
    for (int p = 0; p < 2; ++p) {
      const int three[] = {feature(rng), feature(rng), feature(rng)};
      NnueAccumulator grown, back;
      net.update(next, grown, p, three, 3, nullptr, 0);
      net.update(grown, back, p, nullptr, 0, three, 3);
      CHECK(std::equal(back.v[p], back.v[p] + NNUE_HIDDEN, next.v[p]));
      std::vector<int> more = f[p];
      more.insert(more.end(), three, three + 3);
      NnueAccumulator fresh;
      net.refresh(fresh, p, more.data(), int(more.size()));
      CHECK(std::equal(fresh.v[p], fresh.v[p] + NNUE_HIDDEN, grown.v[p]));
    }
  }
}

TEST_CASE("nnue: a wrong or damaged network is refused and the old one kept", "[nn]") {
  RandomNet ref(3);
  NnueNet net;
  std::vector<std::uint8_t> good = ref.bytes();
  REQUIRE(net.load(good.data(), good.size()).empty());
  const std::vector<int> f = {1, 100, 700};
  NnueAccumulator acc;
  net.refresh(acc, 0, f.data(), 3);
  net.refresh(acc, 1, f.data(), 3);
  const int before = net.evaluate(acc, 0, 3);

  std::vector<std::uint8_t> bytes = ref.bytes("nnue-screlu 256");  // the unbucketed nets before net 4
  CHECK(net.load(bytes.data(), bytes.size()).find("architecture") != std::string::npos);
  bytes = good;
  bytes.resize(bytes.size() / 2);
  CHECK_FALSE(net.load(bytes.data(), bytes.size()).empty());
  RandomNet wide = ref;
  wide.w2[0] = 128;  // c * w would leave 16 bits
  bytes = wide.bytes();
  CHECK(net.load(bytes.data(), bytes.size()).find("output weights") != std::string::npos);
  RandomNet big = ref;
  big.w1[5] = 2000;  // 32 of them would overflow the accumulator
  bytes = big.bytes();
  CHECK(net.load(bytes.data(), bytes.size()).find("16-bit sums") != std::string::npos);
  CHECK(net.evaluate(acc, 0, 3) == before);
}

TEST_CASE("nnue: the output bucket follows the number of pieces", "[nn]") {
  CHECK(nnue_bucket(2) == 0);
  CHECK(nnue_bucket(5) == 0);
  CHECK(nnue_bucket(6) == 1);
  CHECK(nnue_bucket(17) == 3);
  CHECK(nnue_bucket(29) == 6);
  CHECK(nnue_bucket(30) == 7);
  CHECK(nnue_bucket(32) == 7);
}
