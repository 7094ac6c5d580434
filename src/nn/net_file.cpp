#include "net_file.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

namespace sparring::nn {

namespace {

constexpr std::uint32_t VERSION = 1;

class Reader {
 public:
  Reader(const std::uint8_t* p, std::size_t n) : p(p), n(n) {}
  bool take(void* out, std::size_t k) {
    if (n - pos < k) return false;
    std::memcpy(out, p + pos, k);
    pos += k;
    return true;
  }
  bool u32(std::uint32_t& v) {
    std::uint8_t b[4];
    if (!take(b, 4)) return false;
    v = std::uint32_t(b[0]) | std::uint32_t(b[1]) << 8 | std::uint32_t(b[2]) << 16 | std::uint32_t(b[3]) << 24;
    return true;
  }
  std::size_t left() const { return n - pos; }
  const std::uint8_t* here() const { return p + pos; }
  void skip(std::size_t k) { pos += k; }

 private:
  const std::uint8_t* p;
  std::size_t n, pos = 0;
};

float half_to_float(std::uint16_t h) {
  const int sign = h >> 15, exponent = (h >> 10) & 31, mantissa = h & 1023;
  float v;
  if (exponent == 0)
    v = std::ldexp(float(mantissa), -24);
  else if (exponent == 31)
    v = mantissa ? NAN : INFINITY;
  else
    v = std::ldexp(float(mantissa | 1024), exponent - 25);
  return sign ? -v : v;
}

}  // namespace

std::uint64_t fnv1a64(const std::uint8_t* bytes, std::size_t size) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ bytes[i]) * 0x100000001B3ULL;
  return h;
}

bool read_file(const std::string& path, std::vector<std::uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

std::string NetFile::parse(const std::uint8_t* bytes, std::size_t size) {
  archName.clear();
  tensors.clear();
  if (size < 4 + 4 + 32 + 4 + 8) return "file too short for a network";
  if (std::memcmp(bytes, "SPNN", 4) != 0) return "not a Sparring network (bad magic)";
  std::uint64_t stored = 0;
  for (int i = 0; i < 8; ++i) stored |= std::uint64_t(bytes[size - 8 + i]) << (8 * i);
  if (fnv1a64(bytes, size - 8) != stored) return "checksum mismatch (truncated or corrupted file)";
  Reader r(bytes + 4, size - 12);
  std::uint32_t version = 0, count = 0;
  char arch[33] = {};
  r.u32(version);
  if (version != VERSION) return "unsupported network version " + std::to_string(version);
  r.take(arch, 32);
  archName = arch;
  if (!r.u32(count) || count > 1000) return "bad tensor count";
  std::vector<Tensor> parsed;
  for (std::uint32_t t = 0; t < count; ++t) {
    Tensor ten;
    char name[17] = {};
    std::uint32_t dtype = 0, rank = 0, shape[4];
    if (!r.take(name, 16) || !r.u32(dtype) || !r.u32(rank)) return "truncated tensor header";
    for (auto& s : shape)
      if (!r.u32(s)) return "truncated tensor header";
    ten.name = name;
    if (rank < 1 || rank > 4 || dtype > 3) return "tensor '" + ten.name + "': bad rank or type";
    std::uint64_t elements = 1;
    for (int d = 0; d < 4; ++d) {
      if (shape[d] < 1 || shape[d] > (1u << 24)) return "tensor '" + ten.name + "': bad shape";
      ten.shape[d] = int(shape[d]);
      elements *= shape[d];
    }
    ten.rank = int(rank);
    const std::uint64_t bytesNeeded = elements * (dtype == 0 || dtype == 3 ? 4 : 2);
    if (elements > (1u << 26) || r.left() < bytesNeeded) return "tensor '" + ten.name + "': data truncated";
    ten.data.resize(std::size_t(elements));
    const std::uint8_t* d = r.here();
    for (std::size_t i = 0; i < elements; ++i) {
      if (dtype == 0 || dtype == 3) {
        std::uint32_t u = std::uint32_t(d[4 * i]) | std::uint32_t(d[4 * i + 1]) << 8 |
                          std::uint32_t(d[4 * i + 2]) << 16 | std::uint32_t(d[4 * i + 3]) << 24;
        if (dtype == 0) {
          std::memcpy(&ten.data[i], &u, 4);
        } else {
          // Integers are held as floats: exact up to 2^24, so larger ones are refused.
          const std::int32_t v = std::int32_t(u);
          if (v > (1 << 24) || v < -(1 << 24)) return "tensor '" + ten.name + "': integer beyond 2^24";
          ten.data[i] = float(v);
        }
      } else if (dtype == 1) {
        ten.data[i] = half_to_float(std::uint16_t(d[2 * i] | d[2 * i + 1] << 8));
      } else {
        ten.data[i] = float(std::int16_t(std::uint16_t(d[2 * i] | d[2 * i + 1] << 8)));
      }
      if (!std::isfinite(ten.data[i])) return "tensor '" + ten.name + "': not a finite number";
    }
    r.skip(std::size_t(bytesNeeded));
    parsed.push_back(std::move(ten));
  }
  if (r.left() != 0) return "trailing bytes after the last tensor";
  tensors = std::move(parsed);
  return {};
}

const Tensor* NetFile::get(std::string_view name, std::array<int, 4> shape, std::string& error) const {
  for (const Tensor& t : tensors)
    if (t.name == name) {
      if (t.shape != shape) {
        error = "tensor '" + std::string(name) + "' has the wrong shape";
        return nullptr;
      }
      return &t;
    }
  error = "tensor '" + std::string(name) + "' missing";
  return nullptr;
}

}  // namespace sparring::nn
