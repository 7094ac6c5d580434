// The common start of every subcommand: parse, answer --help, refuse stray arguments.
#pragma once

#include <iostream>
#include <stdexcept>

#include <cxxopts.hpp>

namespace sparring::cli {

// Returns false when --help was asked for (the help is printed); throws std::invalid_argument on
// arguments that are not options.
inline bool parse_args(cxxopts::Options& options, int argc, char** argv, cxxopts::ParseResult& out) {
  out = options.parse(argc, argv);
  if (out.count("help")) {
    std::cout << options.help() << std::flush;
    return false;
  }
  if (!out.unmatched().empty()) throw std::invalid_argument("unexpected argument '" + out.unmatched()[0] + "'");
  return true;
}

}  // namespace sparring::cli
