// The file format of Sparring's neural networks, shared by every network (the human move model
// today, the evaluation later) and by the trainers that write it:
//
//   "SPNN"  u32 version (1)  char arch[32]  u32 tensor count
//   per tensor: char name[16]  u32 dtype (0 float32, 1 float16, 2 int16, 3 int32)  u32 rank
//               u32 shape[4]  data
//   u64 FNV-1a 64 checksum of every byte before it
//
// All little-endian. A network checks the architecture string and each tensor's shape itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sparring::nn {

struct Tensor {
  std::string name;
  int rank = 0;
  std::array<int, 4> shape{1, 1, 1, 1};
  std::vector<float> data;  // row-major, converted to float32 (integers exactly: int32 up to 2^24)
};

class NetFile {
 public:
  // Parses a whole file. On failure returns the reason and leaves this object empty.
  std::string parse(const std::uint8_t* bytes, std::size_t size);
  const std::string& arch() const { return archName; }
  // The tensor of that name with exactly that shape (missing dimensions are 1), or nullptr with
  // the reason in `error`.
  const Tensor* get(std::string_view name, std::array<int, 4> shape, std::string& error) const;

 private:
  std::string archName;
  std::vector<Tensor> tensors;
};

std::uint64_t fnv1a64(const std::uint8_t* bytes, std::size_t size);

// Reads a whole file into memory; returns false if it cannot be read.
bool read_file(const std::string& path, std::vector<std::uint8_t>& out);

}  // namespace sparring::nn
