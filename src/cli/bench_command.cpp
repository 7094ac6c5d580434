// `sparring bench [depth]`: the fixed-depth bench; the last two lines are the signature and speed.
#include <charconv>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "engine/bench.h"
#include "engine/nnue_eval.h"

namespace sparring::cli {

int bench_command(int argc, char** argv) {
  int depth = BENCH_DEPTH;
  if (argc > 2 || (argc == 2 && (std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help"))) {
    std::cerr << "usage: sparring bench [depth]   (default depth " << BENCH_DEPTH << ")\n";
    return argc > 2 ? 2 : 0;
  }
  if (argc == 2) {
    std::string s = argv[1];
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), depth);
    if (ec != std::errc() || p != s.data() + s.size() || depth < 1 || depth > 64) {
      std::cerr << "sparring bench: depth must be a number from 1 to 64, not '" << s << "'\n";
      return 2;
    }
  }
  BenchResult r = run_bench(
      depth, [](const std::string& line) { std::cerr << line << '\n'; }, &builtin_eval_net());
  std::cout << "Nodes searched: " << r.nodes << "\nNodes/second: " << r.nps() << std::endl;
  return 0;
}

}  // namespace sparring::cli
