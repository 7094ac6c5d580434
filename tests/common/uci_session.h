// The real `sparring` binary over pipes, driven the way a GUI drives it, for the end-to-end tests.
#pragma once

#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "match/uci_engine.h"

namespace e2e {

// One engine process (after the UCI handshake) and every line it has printed since, in `lines`.
class UciSession {
 public:
  // `shell`: commands /bin/sh runs before the engine replaces it, e.g. "ulimit -v 3000000" or
  // "export VAR=value".
  explicit UciSession(const std::string& shell = "") : engine(config(shell), false, "e2e", false) {
    REQUIRE(engine.start().empty());
  }
  ~UciSession() { engine.quit(); }
  UciSession(const UciSession&) = delete;
  UciSession& operator=(const UciSession&) = delete;

  sparring::match::UciEngine& raw() { return engine; }
  void send(const std::string& line) { REQUIRE(engine.send(line)); }

  // Reads until a line starting with `prefix` and returns it; fails the test on timeout or end of output.
  std::string expect(const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    const auto deadline = sparring::match::Clock::now() + timeout;
    std::string line;
    while (true) {
      INFO("waiting for '" << prefix << "'");
      REQUIRE(engine.read_line(line, deadline, false) == sparring::match::ReadStatus::Line);
      lines.push_back(line);
      if (line.rfind(prefix, 0) == 0) return line;
    }
  }
  // True if no line starting with `prefix` arrives within `window` (the lines are still kept).
  bool silent_for(const std::string& prefix, std::chrono::milliseconds window) {
    const auto deadline = sparring::match::Clock::now() + window;
    std::string line;
    while (engine.read_line(line, deadline, false) == sparring::match::ReadStatus::Line) {
      lines.push_back(line);
      if (line.rfind(prefix, 0) == 0) return false;
    }
    return true;
  }
  // `isready` is answered promptly, even while the engine searches.
  void ping(std::chrono::milliseconds timeout = std::chrono::seconds(2)) {
    send("isready");
    expect("readyok", timeout);
  }

  std::vector<std::string> lines;

 private:
  static sparring::match::EngineConfig config(const std::string& shell) {
    sparring::match::EngineConfig c;
    c.name = "sparring";
    c.cmd = SPARRING_BINARY;
    if (!shell.empty()) {
      c.cmd = "/bin/sh";
      c.args = {"-c", shell + " && exec '" + std::string(SPARRING_BINARY) + "'"};
    }
    return c;
  }
  sparring::match::UciEngine engine;
};

// The word after `key` in `line` ("" if there is none), e.g. field(line, "bestmove").
inline std::string field(const std::string& line, const std::string& key) {
  std::istringstream is(line);
  for (std::string w; is >> w;)
    if (w == key && is >> w) return w;
  return "";
}

}  // namespace e2e
