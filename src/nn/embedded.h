// The networks built into the binary (see CMakeLists.txt: the .nnw files are assembled in with
// .incbin, so a missing file fails the build).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace sparring::nn {

struct Blob {
  const std::uint8_t* data;
  std::size_t size;
};

Blob embedded_human_policy();  // src/levels/human_policy.nnw
Blob embedded_eval_net();      // src/engine/eval.nnw

// An error loading a built-in network (a build defect) stops the program with a message on stderr;
// "" (loaded) does nothing.
void require_usable(const std::string& loadError, const char* what);

}  // namespace sparring::nn
