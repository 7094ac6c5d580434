#include "embedded.h"

#ifndef SPARRING_HUMAN_POLICY_NET
#error "SPARRING_HUMAN_POLICY_NET must name the human policy network file"
#endif

#define SPARRING_STR2(x) #x
#define SPARRING_STR(x) SPARRING_STR2(x)

#ifdef _WIN32
#define SPARRING_RODATA ".section .rdata,\"dr\"\n"
#else
#define SPARRING_RODATA ".section .rodata\n"
#endif

// The bytes of the file, between two symbols.
__asm__(SPARRING_RODATA
        ".balign 16\n"
        ".globl sparring_human_policy_begin\n"
        "sparring_human_policy_begin:\n"
        ".incbin \"" SPARRING_STR(SPARRING_HUMAN_POLICY_NET) "\"\n"
        ".globl sparring_human_policy_end\n"
        "sparring_human_policy_end:\n"
        ".byte 0\n"
        ".text\n");

extern "C" const std::uint8_t sparring_human_policy_begin[], sparring_human_policy_end[];

namespace sparring::nn {

Blob embedded_human_policy() {
  return {sparring_human_policy_begin, std::size_t(sparring_human_policy_end - sparring_human_policy_begin)};
}

}  // namespace sparring::nn
