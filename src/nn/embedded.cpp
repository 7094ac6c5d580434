#include "embedded.h"

#include <cstdio>
#include <cstdlib>

#if !defined(SPARRING_HUMAN_POLICY_NET) || !defined(SPARRING_EVAL_NET)
#error "SPARRING_HUMAN_POLICY_NET and SPARRING_EVAL_NET must name the network files"
#endif

#define SPARRING_STR2(x) #x
#define SPARRING_STR(x) SPARRING_STR2(x)

#ifdef _WIN32
#define SPARRING_RODATA ".section .rdata,\"dr\"\n"
#else
#define SPARRING_RODATA ".section .rodata\n"
#endif

// The bytes of a file, between two symbols.
#define SPARRING_INCBIN(name, file) \
  __asm__(SPARRING_RODATA \
          ".balign 16\n" \
          ".globl " #name "_begin\n" #name \
          "_begin:\n" \
          ".incbin \"" SPARRING_STR(file) "\"\n" \
          ".globl " #name "_end\n" #name \
          "_end:\n" \
          ".byte 0\n" \
          ".text\n")

SPARRING_INCBIN(sparring_human_policy, SPARRING_HUMAN_POLICY_NET);
SPARRING_INCBIN(sparring_eval_net, SPARRING_EVAL_NET);

extern "C" const std::uint8_t sparring_human_policy_begin[], sparring_human_policy_end[];
extern "C" const std::uint8_t sparring_eval_net_begin[], sparring_eval_net_end[];

namespace sparring::nn {

Blob embedded_human_policy() {
  return {sparring_human_policy_begin, std::size_t(sparring_human_policy_end - sparring_human_policy_begin)};
}

void require_usable(const std::string& loadError, const char* what) {
  if (loadError.empty()) return;
  std::fprintf(stderr, "sparring: %s is unusable: %s\n", what, loadError.c_str());
  std::exit(1);
}

Blob embedded_eval_net() {
  return {sparring_eval_net_begin, std::size_t(sparring_eval_net_end - sparring_eval_net_begin)};
}

}  // namespace sparring::nn
