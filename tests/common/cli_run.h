// Runs the sparring binary with a command line, as a user's shell would, for the end-to-end tests.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

struct CliRun {
  int exitCode = -1;
  std::string out;  // stdout and stderr together
};

// `args` goes to the shell after the binary's path: quote as on a command line.
inline CliRun run_cli(const std::string& args) {
  CliRun r;
  FILE* p = popen((std::string(SPARRING_BINARY) + " " + args + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  const int status = pclose(p);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}
