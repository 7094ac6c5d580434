// `bench`: a fixed-depth search of fixed positions. Its node total is the build's signature.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace sparring::nn {
class NnueNet;
}

namespace sparring {

constexpr int BENCH_DEPTH = 12;

struct BenchResult {
  std::uint64_t nodes = 0;
  std::int64_t ms = 0;
  std::uint64_t nps() const { return ms > 0 ? nodes * 1000 / std::uint64_t(ms) : nodes; }
};

// Searches every bench position to `depth` with a fresh 16 MB hash and one thread, evaluating with
// `evalNet` (none: the hand-written evaluation); `print` receives a progress line per position.
BenchResult run_bench(int depth, const std::function<void(const std::string&)>& print,
                      const nn::NnueNet* evalNet = nullptr);

}  // namespace sparring
