// Sparring's entry point: with no arguments it speaks UCI on stdin/stdout; otherwise it runs a
// subcommand (perft, bench, ...).
#include <cstring>
#include <iostream>
#include <string>

#include "chess/bitboard.h"
#include "chess/position.h"
#include "cli/commands.h"
#include "uci/uci.h"

using namespace sparring;

namespace {

void usage(std::ostream& os) {
  os << "usage: sparring [command] [options]\n"
        "  (no command)   speak the UCI protocol on stdin/stdout\n"
        "  perft          count leaf nodes of the move tree (sparring perft --help)\n"
        "  bench [depth]  search the fixed bench positions; prints the node signature and speed\n"
        "  review FILE    judge every move of the games in a PGN file (sparring review --help)\n"
        "  puzzle         every move that forces mate in N, or check a mate EPD (sparring puzzle --help)\n"
        "  hint           the best move and a few good alternatives (sparring hint --help)\n"
        "  datagen        self-play training data for the evaluation network (sparring datagen --help)\n"
        "  magics         search the magic multipliers anew and print them as C++ tables\n";
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  if (argc < 2) {
    UciLoop uci(std::cin, std::cout);
    uci.run();
    return 0;
  }
  std::string cmd = argv[1];
  if (cmd == "perft") return cli::perft_command(argc - 1, argv + 1);
  if (cmd == "bench") return cli::bench_command(argc - 1, argv + 1);
  if (cmd == "review") return cli::review_command(argc - 1, argv + 1);
  if (cmd == "puzzle") return cli::puzzle_command(argc - 1, argv + 1);
  if (cmd == "hint") return cli::hint_command(argc - 1, argv + 1);
  if (cmd == "datagen") return cli::datagen_command(argc - 1, argv + 1);
  if (cmd == "magics") {
    std::cout << generate_magics_source();
    return 0;
  }
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    usage(std::cout);
    return 0;
  }
  std::cerr << "sparring: unknown command '" << cmd
            << "' (see sparring --help)\n";  // one line, as for every bad argument
  return 2;
}
