// The networks built into the binary (see CMakeLists.txt: the .nnw files are assembled in with
// .incbin, so a missing file fails the build).
#pragma once

#include <cstddef>
#include <cstdint>

namespace sparring::nn {

struct Blob {
  const std::uint8_t* data;
  std::size_t size;
};

Blob embedded_human_policy();  // src/levels/human_policy.nnw

}  // namespace sparring::nn
