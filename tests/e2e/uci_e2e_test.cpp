// End-to-end tests: the real `sparring` binary driven over pipes, the way a GUI drives it.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/random_nnue.h"
#include "../common/uci_session.h"
#include "chess/notation.h"
#include "match/uci_engine.h"

using namespace sparring;
using namespace std::chrono_literals;
using match::Clock;

namespace {

using Session = e2e::UciSession;
using e2e::field;

// The bestmove's move must be legal in `fen` (after `moves`), and the last info before it must
// have a PV starting with it.
std::string check_bestmove(Session& s, const std::string& bestLine, const std::string& fen,
                           const std::vector<std::string>& moves = {}) {
  Position pos;
  REQUIRE(pos.set_fen(fen).empty());
  for (const std::string& m : moves) pos.make_move(parse_uci(pos, m));
  std::string best = field(bestLine, "bestmove");
  INFO(bestLine);
  REQUIRE(parse_uci(pos, best));
  for (auto it = s.lines.rbegin(); it != s.lines.rend(); ++it)
    if (it->rfind("info", 0) == 0 && it->find(" pv ") != std::string::npos) {
      CHECK(field(*it, "pv") == best);
      break;
    }
  return best;
}

}  // namespace

TEST_CASE("handshake announces identity and every option", "[e2e]") {
  Session s;
  CHECK(s.raw().id_name().rfind("Sparring", 0) == 0);
  const auto& opts = s.raw().declared_options();
  for (const char* name :
       {"Hash", "Clear Hash", "Threads", "MultiPV", "Move Overhead", "Ponder", "UCI_Chess960", "UCI_ShowWDL"})
    CHECK(std::find(opts.begin(), opts.end(), std::string(name)) != opts.end());
  s.send("uci");
  std::string hash;
  while (true) {
    std::string l = s.expect("");
    if (l.rfind("option name Hash ", 0) == 0) hash = l;
    if (l == "uciok") break;
  }
  CHECK(hash == "option name Hash type spin default 16 min 1 max 65536");
  s.ping();
}

TEST_CASE("go depth or nodes or movetime or clocks each end with a legal bestmove", "[e2e]") {
  Session s;
  s.send("ucinewgame");
  s.send("position startpos moves e2e4 e7e5");
  s.send("go depth 6");
  std::string best = s.expect("bestmove");
  check_bestmove(s, best, START_FEN, {"e2e4", "e7e5"});
  CHECK(std::any_of(s.lines.begin(), s.lines.end(), [](const std::string& l) { return field(l, "depth") == "6"; }));

  s.lines.clear();
  s.send("go nodes 20000");
  check_bestmove(s, s.expect("bestmove"), START_FEN, {"e2e4", "e7e5"});
  for (const std::string& l : s.lines)
    if (!field(l, "nodes").empty()) CHECK(std::stoull(field(l, "nodes")) <= 22000);

  s.lines.clear();
  auto t0 = Clock::now();
  s.send("go movetime 300");
  check_bestmove(s, s.expect("bestmove", 3s), START_FEN, {"e2e4", "e7e5"});
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  CHECK(ms >= 200);
  CHECK(ms <= 1500);

  s.lines.clear();
  t0 = Clock::now();
  s.send("go wtime 2000 btime 2000 winc 20 binc 20");
  check_bestmove(s, s.expect("bestmove", 3s), START_FEN, {"e2e4", "e7e5"});
  CHECK(Clock::now() - t0 < 2000ms);

  s.send("go wtime 60000 btime 1000 movestogo 1");  // White to move: may use a good part of 60 s...
  s.send("stop");                                   // ...but stop ends it at once
  check_bestmove(s, s.expect("bestmove", 2s), START_FEN, {"e2e4", "e7e5"});

  // A tiny clock: 50 ms and no increment is still answered with a legal move. (Bounds here are
  // loose on purpose: CI machines are shared; exact latencies are measured by scripts.)
  t0 = Clock::now();
  s.send("go wtime 50 btime 50");
  check_bestmove(s, s.expect("bestmove", 1s), START_FEN, {"e2e4", "e7e5"});
  CHECK(Clock::now() - t0 < 500ms);
}

TEST_CASE("go infinite answers isready while searching and stops only on stop", "[e2e]") {
  Session s;
  s.send("position startpos");
  s.send("go infinite");
  CHECK(s.silent_for("bestmove", 300ms));
  auto t0 = Clock::now();
  s.ping();
  CHECK(Clock::now() - t0 < 500ms);
  CHECK(s.silent_for("bestmove", 200ms));
  t0 = Clock::now();
  s.send("stop");
  check_bestmove(s, s.expect("bestmove", 1s), START_FEN);
  CHECK(Clock::now() - t0 < 500ms);
  // go mate with a depth limit that is quickly exhausted still waits for stop in infinite mode.
  s.send("position fen 7k/8/8/8/8/8/8/K5R1 w - - 0 1");
  s.send("go infinite depth 3");
  CHECK(s.silent_for("bestmove", 300ms));
  s.send("stop");
  check_bestmove(s, s.expect("bestmove", 1s), "7k/8/8/8/8/8/8/K5R1 w - - 0 1");
}

TEST_CASE("ponder: no bestmove before ponderhit and then a normal move", "[e2e]") {
  Session s;
  s.send("setoption name Ponder value true");
  s.send("position startpos moves e2e4 e7e5 g1f3");
  s.send("go ponder wtime 3000 btime 3000 winc 0 binc 0");
  CHECK(s.silent_for("bestmove", 500ms));
  s.ping();
  s.send("ponderhit");
  std::string best = s.expect("bestmove", 3s);
  check_bestmove(s, best, START_FEN, {"e2e4", "e7e5", "g1f3"});
  // Pondering on a move that is not played: stop, then the GUI sends the real position.
  s.send("position startpos moves e2e4 e7e5");
  s.send("go ponder wtime 3000 btime 3000");
  CHECK(s.silent_for("bestmove", 200ms));
  s.send("stop");
  s.expect("bestmove", 1s);
}

TEST_CASE("MultiPV reports K distinct lines per depth", "[e2e]") {
  Session s;
  s.send("setoption name MultiPV value 3");
  s.send("position startpos");
  s.send("go depth 7");
  s.expect("bestmove");
  std::vector<std::string> firstMoves;
  for (const std::string& l : s.lines)
    if (field(l, "depth") == "7" && !field(l, "multipv").empty()) firstMoves.push_back(field(l, "pv"));
  REQUIRE(firstMoves.size() == 3);
  CHECK(firstMoves[0] != firstMoves[1]);
  CHECK(firstMoves[1] != firstMoves[2]);
  CHECK(firstMoves[0] != firstMoves[2]);
}

TEST_CASE("castling is printed per UCI_Chess960", "[e2e]") {
  Session s;
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  s.send("position fen " + fen);
  s.send("go perft 1");
  s.expect("Nodes searched");
  CHECK(std::count(s.lines.begin(), s.lines.end(), "e1g1: 1") == 1);
  CHECK(std::count(s.lines.begin(), s.lines.end(), "e1c1: 1") == 1);
  s.lines.clear();
  s.send("setoption name UCI_Chess960 value true");
  s.send("position fen " + fen);
  s.send("go perft 1");
  s.expect("Nodes searched");
  CHECK(std::count(s.lines.begin(), s.lines.end(), "e1h1: 1") == 1);
  CHECK(std::count(s.lines.begin(), s.lines.end(), "e1a1: 1") == 1);
  // A Chess960 position with Shredder-FEN castling; castling is accepted as king-takes-rook.
  s.send("position fen 4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1 moves e1g1");
  s.send("d");
  std::string fenLine = s.expect("Fen:");
  CHECK(fenLine.find("4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1") != std::string::npos);  // O-O: king g1, rook f1
}

TEST_CASE("bad input is refused and the engine keeps a valid position", "[e2e]") {
  Session s;
  const std::string fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  s.send("position fen " + fen);
  const std::vector<std::string> bad = {
      "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
      "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
      "position fen",
      "position startpos moves e2e4 e7e5 e1e3",
      "position startpos moves e2e5",
      "position startpos moves zzzz",
      "position banana",
      "flibbertigibbet",
      "setoption name NoSuchOption value 3",
      "setoption name Hash value lots",
      "go wtime -5 btime x depth",
      std::string(100000, 'x'),
      std::string("go\0depth\0", 10),
      "",
  };
  for (const std::string& line : bad) {
    s.send(line);
    s.ping();
  }
  // "go\0depth\0" was a plain `go` (the bad token ignored): an unlimited search, ended by stop.
  s.send("stop");
  s.expect("bestmove");
  s.lines.clear();
  s.send("go depth 5");
  check_bestmove(s, s.expect("bestmove"), fen);
  s.send("position startpos moves e2e4 e7e5 e1e3");
  std::string err = s.expect("info string error");
  CHECK(err == "info string error: illegal move e1e3 (ply 3)");
  s.send("setoption name MultiPV value 1000");
  CHECK(s.expect("info string") == "info string option MultiPV value 1000 out of range 1..256, set to 256");
  s.ping();
}

TEST_CASE("no legal move gives bestmove 0000", "[e2e]") {
  Session s;
  s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");  // stalemate
  s.send("go depth 5");
  CHECK(s.expect("bestmove") == "bestmove 0000");
  s.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");  // checkmate
  s.send("go movetime 100");
  CHECK(s.expect("bestmove") == "bestmove 0000");
}

TEST_CASE("quit during a search exits promptly", "[e2e]") {
  Session s;
  s.send("go infinite");
  CHECK(s.silent_for("bestmove", 100ms));
  s.send("quit");
  std::string line;
  auto status = match::ReadStatus::Line;
  auto deadline = Clock::now() + 1s;
  while ((status = s.raw().read_line(line, deadline, false)) == match::ReadStatus::Line) {
  }
  CHECK(status == match::ReadStatus::Eof);
}

TEST_CASE("bench ends with the node signature and speed lines", "[e2e]") {
  Session s;
  s.send("bench 4");
  s.expect("Nodes searched:", 30s);
  std::string nps = s.expect("Nodes/second:", 5s);
  CHECK(std::stoull(field(s.lines[s.lines.size() - 2], "searched:")) > 0);
  CHECK(!field(nps, "Nodes/second:").empty());
  s.ping();
}

TEST_CASE("several threads and a hash resize between games still give legal moves", "[e2e]") {
  Session s;
  s.send("setoption name Threads value 3");
  s.send("setoption name Hash value 32");
  s.send("ucinewgame");
  s.send("position startpos moves d2d4 d7d5 c2c4");
  s.send("go depth 9");
  check_bestmove(s, s.expect("bestmove"), START_FEN, {"d2d4", "d7d5", "c2c4"});
  s.send("setoption name Hash value 8");
  s.send("ucinewgame");
  s.send("position startpos");
  s.send("go movetime 200");
  check_bestmove(s, s.expect("bestmove", 3s), START_FEN);
  s.ping();
}

TEST_CASE("EvalFile loads a network, refuses a bad file and keeps the evaluation it had", "[e2e]") {
  const std::string dir = std::filesystem::temp_directory_path().string();
  const std::string good = dir + "/sparring-e2e-net-" + std::to_string(getpid()) + ".nnw";
  const std::string torn = dir + "/sparring-e2e-torn-" + std::to_string(getpid()) + ".nnw";
  const std::vector<std::uint8_t> bytes = nn::RandomNet(4).bytes();
  std::ofstream(good, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  std::ofstream(torn, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), 1000);
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  Session s;
  auto score_at_depth_6 = [&] {
    s.send("ucinewgame");  // the same search from the same start every time
    s.send("position fen " + fen);
    s.send("go depth 6");
    const std::string best = s.expect("bestmove");
    check_bestmove(s, best, fen);
    for (auto it = s.lines.rbegin(); it != s.lines.rend(); ++it)
      if (it->rfind("info depth 6 ", 0) == 0) return field(*it, "cp");
    FAIL("no depth 6 line");
    return std::string();
  };
  const std::string builtIn = score_at_depth_6();
  s.send("setoption name EvalFile value " + good);
  s.expect("info string EvalFile: loaded");
  const std::string network = score_at_depth_6();
  CHECK(network != builtIn);  // the random network's scores are nothing like the built-in one's
  for (const std::string& bad : {torn, dir + "/no-such-net.nnw"}) {
    s.send("setoption name EvalFile value " + bad);
    CHECK(s.expect("info string").rfind("info string error: EvalFile " + bad, 0) == 0);
    CHECK(score_at_depth_6() == network);
  }
  s.send("setoption name EvalFile value <empty>");
  s.expect("info string EvalFile: the built-in network");
  CHECK(score_at_depth_6() == builtIn);
  std::filesystem::remove(good);
  std::filesystem::remove(torn);
}
