// The command line of sparring-match.
#pragma once

#include <stdexcept>

#include "match.h"

namespace sparring::match {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Fills `config` from the arguments. Returns false when only the help was asked for (and printed).
// Throws UsageError with a one-line reason for anything invalid.
bool parse_command_line(int argc, char** argv, MatchConfig& config);

}  // namespace sparring::match
