// sparring-match: plays two UCI engines against each other (see README.md beside this file).
#include <cstdio>

#include "chess/position.h"
#include "match.h"
#include "options.h"
#include "uci_engine.h"

int main(int argc, char** argv) {
  using namespace sparring::match;
  MatchConfig config;
  try {
    if (!parse_command_line(argc, argv, config)) return 0;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "sparring-match: %s (see --help)\n", e.what());
    return 2;
  }
  if (!config.poolFiles.empty()) return pool_results(config.poolFiles);
  sparring::Position::init();
  stop_request::install_signal_handlers();
  return run_match(std::move(config));
}
