// Every test suite's entry point: Catch2's runner, after the rules library's tables are built.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "chess/position.h"

int main(int argc, char* argv[]) {
  sparring::Position::init();
  return Catch::Session().run(argc, argv);
}
