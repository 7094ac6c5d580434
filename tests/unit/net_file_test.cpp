// The networks' file format (src/nn/net_file.h): each data type read back exactly, damage refused.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "../common/net_bytes.h"
#include "nn/net_file.h"

using namespace sparring::nn;

TEST_CASE("net file: int16 and int32 tensors are read exactly", "[nn]") {
  const std::vector<std::int16_t> i16 = {0, 1, -1, 32767, -32768};
  NetFile f;
  std::vector<std::uint8_t> bytes = net_file_bytes("test", {{"t", 2, {5}, int_bytes(i16)}});
  REQUIRE(f.parse(bytes.data(), bytes.size()).empty());
  std::string err;
  const Tensor* t = f.get("t", {5, 1, 1, 1}, err);
  REQUIRE(t);
  CHECK(t->data == std::vector<float>{0, 1, -1, 32767, -32768});

  bytes = net_file_bytes("test", {{"t", 3, {3}, int_bytes(std::vector<std::int32_t>{123456, -(1 << 24), 1 << 24})}});
  REQUIRE(f.parse(bytes.data(), bytes.size()).empty());
  t = f.get("t", {3, 1, 1, 1}, err);
  REQUIRE(t);
  CHECK(t->data == std::vector<float>{123456, -(1 << 24), 1 << 24});

  // Beyond 2^24 a float would round it: refused. An unknown type, a flipped byte: refused.
  bytes = net_file_bytes("test", {{"t", 3, {1}, int_bytes(std::vector<std::int32_t>{(1 << 24) + 1})}});
  CHECK(f.parse(bytes.data(), bytes.size()).find("2^24") != std::string::npos);
  bytes = net_file_bytes("test", {{"t", 4, {1}, {0, 0, 0, 0}}});
  CHECK(f.parse(bytes.data(), bytes.size()).find("type") != std::string::npos);
  bytes = net_file_bytes("test", {{"t", 2, {5}, int_bytes(i16)}});
  bytes[bytes.size() - 9] ^= 1;
  CHECK(f.parse(bytes.data(), bytes.size()).find("checksum") != std::string::npos);
}
