// A small deterministic pseudo-random generator (xorshift64*), used for magics and Zobrist keys
// so that both are identical on every run and machine.
#pragma once

#include <cstdint>

namespace sparring {

// splitmix64's finaliser: every input bit moves every output bit. Seeds derived from a seed and
// an index (a game, a position) go through it, so that neighbouring inputs give unrelated values.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// splitmix64: the next value of a state stepped by the golden ratio.
constexpr std::uint64_t splitmix64(std::uint64_t x) { return mix64(x + 0x9E3779B97F4A7C15ULL); }

class Prng {
 public:
  explicit Prng(std::uint64_t seed) : s(seed ? seed : 1) {}
  std::uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  // Few bits set: magic candidates with few bits are far likelier to work.
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t s;
};

}  // namespace sparring
