// A small deterministic pseudo-random generator (xorshift64*), used for magics and Zobrist keys
// so that both are identical on every run and machine.
#pragma once

#include <cstdint>

namespace sparring {

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
