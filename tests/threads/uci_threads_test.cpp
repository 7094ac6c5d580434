// The UCI loop in-process while its search thread prints: commands that arrive during a
// multi-threaded search (position, isready, setoption, ucinewgame, stop, ponderhit) must not race
// with the search's output. Under ThreadSanitizer (`make test-tsan`) any race fails the run.
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <ostream>
#include <random>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>

#include "chess/notation.h"
#include "uci/uci.h"

using namespace sparring;
using namespace std::chrono_literals;

namespace {

// An output stream that hands complete lines to the reading (test) thread.
class LineSink : public std::streambuf {
 public:
  // Waits up to `timeout` for a line starting with `prefix`, dropping the others; "" on timeout.
  std::string expect(const std::string& prefix, std::chrono::milliseconds timeout = 20s) {
    std::unique_lock<std::mutex> lock(mutex);
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      if (!ready.wait_until(lock, deadline, [&] { return !lines.empty(); })) return "";
      std::string line = std::move(lines.front());
      lines.pop_front();
      if (line.rfind(prefix, 0) == 0) return line;
    }
  }
  // Counts (and drops) the queued lines starting with `prefix`.
  int drain(const std::string& prefix) {
    std::lock_guard<std::mutex> lock(mutex);
    int n = 0;
    for (const std::string& l : lines) n += l.rfind(prefix, 0) == 0;
    lines.clear();
    return n;
  }

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return 0;
    std::lock_guard<std::mutex> lock(mutex);
    if (c == '\n') {
      lines.push_back(std::move(partial));
      partial.clear();
      ready.notify_all();
    } else {
      partial += char(c);
    }
    return c;
  }

 private:
  std::mutex mutex;
  std::condition_variable ready;
  std::string partial;
  std::deque<std::string> lines;
};

struct Engine {
  LineSink sink;
  std::ostream out{&sink};
  std::istringstream in;
  UciLoop uci{in, out};
  void send(const std::string& line) { REQUIRE(uci.handle(line)); }
};

bool legal_in(const std::string& fenAndMoves, const std::string& bestLine) {
  std::istringstream is(fenAndMoves), bl(bestLine);
  std::string tok, fen, best;
  bl >> tok >> best;
  Position pos;
  while (is >> tok && tok != "moves") fen += tok + ' ';
  if (!pos.set_fen(fen).empty()) return false;
  while (is >> tok) pos.make_move(parse_uci(pos, tok));
  return bool(parse_uci(pos, best));
}

}  // namespace

TEST_CASE("commands during a threaded UCI search: one legal bestmove per go", "[threads]") {
  Engine e;
  e.send("setoption name Threads value 3");
  e.send("setoption name MultiPV value 2");
  std::mt19937 rng(7);
  const std::string fen = std::string(START_FEN) + " moves e2e4 c7c5 g1f3";
  for (int i = 0; i < 40; ++i) {
    e.send("position fen " + fen);
    e.send("go infinite");
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 4000));
    e.send("isready");
    // A new position while thinking: the search keeps its own root; output must not mix them.
    e.send("position startpos moves d2d4");
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 2000));
    e.send(i % 3 == 0 ? "ucinewgame" : "stop");
    std::string best = e.sink.expect("bestmove");
    INFO("round " << i << ": " << best);
    REQUIRE(!best.empty());
    CHECK(legal_in(fen, best));
    e.send("isready");
    REQUIRE(e.sink.expect("readyok") == "readyok");
    CHECK(e.sink.drain("bestmove") == 0);  // exactly one
  }
}

TEST_CASE("setoption Hash and Threads between threaded searches over UCI", "[threads]") {
  Engine e;
  const char* hashes[] = {"1", "8", "2", "4"};
  for (int i = 0; i < 8; ++i) {
    e.send(std::string("setoption name Hash value ") + hashes[i % 4]);
    e.send("setoption name Threads value " + std::to_string(2 + i % 3));
    e.send("ucinewgame");
    e.send("position startpos moves g1f3 d7d5");
    e.send("go nodes 8000");
    if (i % 2) e.send("setoption name Clear Hash");  // stops the search first
    std::string best = e.sink.expect("bestmove");
    REQUIRE(!best.empty());
    CHECK(legal_in(std::string(START_FEN) + " moves g1f3 d7d5", best));
  }
}

TEST_CASE("ponderhit and stop over UCI with helper threads", "[threads]") {
  Engine e;
  e.send("setoption name Threads value 4");
  e.send("setoption name Ponder value true");
  for (int i = 0; i < 6; ++i) {
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 500 btime 500");
    std::this_thread::sleep_for(10ms);
    CHECK(e.sink.drain("bestmove") == 0);
    e.send(i % 2 ? "ponderhit" : "stop");
    std::string best = e.sink.expect("bestmove");
    REQUIRE(!best.empty());
    CHECK(legal_in(std::string(START_FEN) + " moves e2e4 e7e5", best));
  }
  CHECK(!e.uci.handle("quit"));
}
