// `go perft` end to end: it counts off the UCI reading thread, so `isready` is answered while it
// runs, `stop` ends it with a partial count reported as such, `quit` exits at once, and a new `go`
// or `position` behaves as during a search. The refused depths are in hardening_e2e_test.cpp (Bad
// input table). Time bounds are loose on purpose (CI machines are shared): the engine answers in a
// few milliseconds.
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "../common/uci_session.h"
#include "match/uci_engine.h"

using namespace std::chrono_literals;
using match_clock = sparring::match::Clock;
using sparring::match::ReadStatus;

namespace {

// Counts far beyond any test's patience (startpos depth 12: about 6e16 leaves).
const char* const ENDLESS_PERFT = "go perft 12";
const std::string KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// The engine over pipes; every line read is kept in `lines`.
class PerftSession : public e2e::UciSession {
 public:
  bool any_line_starts(const std::string& prefix) const {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
  }
  // The `move: count` lines collected, in order.
  std::vector<std::string> move_lines() const {
    std::vector<std::string> out;
    for (const std::string& l : lines)
      if (l.size() > 6 && l.find(": ") != std::string::npos && l.rfind("Nodes searched", 0) != 0 &&
          l.rfind("info", 0) != 0)
        out.push_back(l);
    return out;
  }
};

}  // namespace

TEST_CASE("go perft: depth 3 from the start position prints each root move, then Nodes searched: 8902", "[e2e]") {
  PerftSession s;
  s.send("position startpos");
  s.send("go perft 3");
  CHECK(s.expect("Nodes searched", 10s) == "Nodes searched: 8902");
  const std::vector<std::string> moves = s.move_lines();
  CHECK(moves.size() == 20);
  unsigned long long sum = 0;
  for (const std::string& l : moves) sum += std::stoull(l.substr(l.find(": ") + 2));
  CHECK(sum == 8902);
  CHECK(std::count(s.lines.begin(), s.lines.end(), "e2e4: 600") == 1);
  REQUIRE(s.lines.size() >= 2);
  CHECK(s.lines[s.lines.size() - 2].empty());  // Stockfish's format: a blank line before the total
  CHECK(!s.any_line_starts("info string"));
}

TEST_CASE("go perft: isready is answered at once while it counts", "[e2e]") {
  PerftSession s;
  s.send("position startpos");
  s.send(ENDLESS_PERFT);
  CHECK(s.silent_for("Nodes searched", 200ms));
  for (int i = 0; i < 3; ++i) {
    auto t0 = match_clock::now();
    s.send("isready");
    s.expect("readyok", 2s);
    CHECK(match_clock::now() - t0 < 1s);
  }
  CHECK(!s.any_line_starts("Nodes searched"));
}

TEST_CASE("go perft: stop ends it with 'info string perft stopped' and no Nodes searched line", "[e2e]") {
  PerftSession s;
  s.send("position startpos");
  s.send(ENDLESS_PERFT);
  CHECK(s.silent_for("Nodes searched", 300ms));
  auto t0 = match_clock::now();
  s.send("stop");
  s.expect("info string perft stopped", 2s);
  CHECK(match_clock::now() - t0 < 1s);
  CHECK(s.silent_for("Nodes searched", 300ms));
  CHECK(!s.any_line_starts("Nodes searched"));
  s.send("isready");
  s.expect("readyok", 2s);
  // A second stop has nothing to stop, and the engine counts again as before.
  s.lines.clear();
  s.send("stop");
  s.send("go perft 3");
  CHECK(s.expect("Nodes searched", 10s) == "Nodes searched: 8902");
  CHECK(!s.any_line_starts("info string"));
}

TEST_CASE("go perft: quit while it counts makes the engine exit promptly", "[e2e]") {
  PerftSession s;
  s.send("position startpos");
  s.send(ENDLESS_PERFT);
  CHECK(s.silent_for("Nodes searched", 200ms));
  auto t0 = match_clock::now();
  s.send("quit");
  std::string line;
  auto status = ReadStatus::Line;
  auto deadline = t0 + 2s;  // loose: the engine exits within a few milliseconds
  while ((status = s.raw().read_line(line, deadline, false)) == ReadStatus::Line) {
  }
  CHECK(status == ReadStatus::Eof);
  CHECK(match_clock::now() - t0 < 2s);
}

TEST_CASE("go perft: a new go or position while it counts behaves as during a search", "[e2e]") {
  PerftSession s;
  s.send("position startpos");
  s.send(ENDLESS_PERFT);
  CHECK(s.silent_for("Nodes searched", 200ms));
  // `position` changes the next command's position, not the running count's.
  s.send("position fen " + KIWIPETE);
  s.send("isready");
  s.expect("readyok", 2s);
  CHECK(!s.any_line_starts("info string"));
  // A new `go` stops the running count first (reported as stopped), then runs on the new position.
  s.send("go perft 1");
  s.expect("info string a search is running; stopping it first", 2s);
  s.expect("info string perft stopped", 2s);
  s.lines.clear();
  CHECK(s.expect("Nodes searched", 10s) == "Nodes searched: 48");
  CHECK(s.move_lines().size() == 48);
  // A search's `go` stops the running count first too.
  s.send(ENDLESS_PERFT);
  s.send("go depth 1");
  s.expect("info string perft stopped", 2s);
  s.expect("bestmove", 10s);
}

TEST_CASE("go perft: piped in, the end of input lets the count finish", "[e2e]") {
  // `printf 'position startpos\ngo perft 4\n' | sparring` printed the count before perft ran on
  // its own thread, and still must: the end of input waits for it, as the old loop did.
  FILE* p = popen(("printf 'position startpos\\ngo perft 4\\n' | '" + std::string(SPARRING_BINARY) + "'").c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = pclose(p);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(out.find("\nNodes searched: 197281\n") != std::string::npos);
  CHECK(out.find("perft stopped") == std::string::npos);
}
