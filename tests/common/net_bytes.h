// Writes a network file (src/nn/net_file.h) in memory, for tests of the readers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nn/net_file.h"

struct TestTensor {
  std::string name;
  std::uint32_t dtype;               // 0 float32, 1 float16, 2 int16, 3 int32
  std::vector<std::uint32_t> shape;  // 1 to 4 dimensions
  std::vector<std::uint8_t> data;    // the elements' little-endian bytes
};

inline void put_u32(std::vector<std::uint8_t>& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
}

inline std::vector<std::uint8_t> net_file_bytes(const std::string& arch, const std::vector<TestTensor>& tensors) {
  std::vector<std::uint8_t> b = {'S', 'P', 'N', 'N'};
  put_u32(b, 1);
  std::string a = arch;
  a.resize(32, '\0');
  b.insert(b.end(), a.begin(), a.end());
  put_u32(b, std::uint32_t(tensors.size()));
  for (const TestTensor& t : tensors) {
    std::string name = t.name;
    name.resize(16, '\0');
    b.insert(b.end(), name.begin(), name.end());
    put_u32(b, t.dtype);
    put_u32(b, std::uint32_t(t.shape.size()));
    for (std::size_t d = 0; d < 4; ++d) put_u32(b, d < t.shape.size() ? t.shape[d] : 1);
    b.insert(b.end(), t.data.begin(), t.data.end());
  }
  const std::uint64_t sum = sparring::nn::fnv1a64(b.data(), b.size());
  for (int i = 0; i < 8; ++i) b.push_back(std::uint8_t(sum >> (8 * i)));
  return b;
}

// Little-endian bytes of 16- and 32-bit integers.
template <class Int>
std::vector<std::uint8_t> int_bytes(const std::vector<Int>& values) {
  std::vector<std::uint8_t> b;
  for (Int v : values)
    for (std::size_t i = 0; i < sizeof(Int); ++i) b.push_back(std::uint8_t(std::uint64_t(v) >> (8 * i)));
  return b;
}
