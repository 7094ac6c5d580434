// End-to-end: the strength options as a GUI uses them, over pipes to the real binary.
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "../common/uci_session.h"
#include "chess/notation.h"
#include "match/uci_engine.h"

using namespace sparring;
using namespace std::chrono_literals;
using match::Clock;

namespace {

struct LevelSession : e2e::UciSession {
  // The `option name NAME ...` line of a fresh `uci` (read to its `uciok`).
  std::string option_line(const std::string& name) {
    send("uci");
    std::string found;
    for (std::string l = expect("option name " + name + " "); l.rfind("uciok", 0) != 0; l = expect(""))
      if (found.empty() && l.rfind("option name " + name + " ", 0) == 0) found = l;
    return found;
  }
  std::string bestmove_after(const std::string& position, const std::string& go) {
    send(position);
    send(go);
    return e2e::field(expect("bestmove"), "bestmove");
  }
};

}  // namespace

TEST_CASE("the strength options are announced with their ranges", "[e2e][levels]") {
  LevelSession s;
  REQUIRE(s.option_line("UCI_LimitStrength") == "option name UCI_LimitStrength type check default false");
  REQUIRE(s.option_line("UCI_Elo") == "option name UCI_Elo type spin default 2100 min 600 max 2100");
  REQUIRE(s.option_line("Level") ==
          "option name Level type combo default Full var Beginner var Easy var Medium var Hard var Expert var "
          "Master var Full");
  REQUIRE(s.option_line("Seed") == "option name Seed type spin default 0 min 0 max 2147483647");
}

TEST_CASE("a level plays legal moves quickly under any go and stops on request", "[e2e][levels]") {
  LevelSession s;
  s.send("setoption name Level value Beginner");
  s.send("setoption name Seed value 7");
  s.send("ucinewgame");
  const std::string pos = "position startpos moves e2e4 e7e5 g1f3";
  Position p;
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) p.make_move(parse_uci(p, m));
  for (const char* go : {"go wtime 60000 btime 60000 winc 1000 binc 1000", "go movetime 200", "go depth 3",
                         "go nodes 5000", "go wtime 100 btime 100"}) {
    auto start = Clock::now();
    std::string m = s.bestmove_after(pos, go);
    INFO(go << " -> " << m);
    REQUIRE(parse_uci(p, m));
    REQUIRE(Clock::now() - start < 5s);
  }
  // Honest evaluation lines are shown before the move.
  bool sawScore = false;
  for (const std::string& l : s.lines) sawScore = sawScore || l.find(" score cp ") != std::string::npos;
  REQUIRE(sawScore);
  // go infinite waits for stop even though the level has long chosen.
  s.lines.clear();
  s.send(pos);
  s.send("go infinite");
  std::this_thread::sleep_for(300ms);
  s.send("isready");
  s.expect("readyok");
  for (const std::string& l : s.lines) REQUIRE(l.rfind("bestmove", 0) != 0);
  s.send("stop");
  REQUIRE(parse_uci(p, s.expect("bestmove").substr(9, 4)));
}

TEST_CASE("a fixed seed replays a level's game and Full turns the limit off", "[e2e][levels]") {
  auto play = [](const std::string& level, const std::string& seed) {
    LevelSession s;
    s.send("setoption name Level value " + level);
    s.send("setoption name Seed value " + seed);
    s.send("ucinewgame");
    std::string moves;
    for (int ply = 0; ply < 12; ++ply) {
      std::string m = s.bestmove_after("position startpos" + (moves.empty() ? "" : " moves" + moves), "go depth 6");
      moves += " " + m;
    }
    return moves;
  };
  const std::string a = play("Easy", "3"), b = play("Easy", "3");
  REQUIRE(a == b);
  // Setting Level Full (or UCI_LimitStrength false) is the plain engine: deterministic at fixed depth.
  REQUIRE(play("Full", "3") == play("Full", "99"));
}

TEST_CASE("a mate in one is never missed at the lowest level", "[e2e][levels]") {
  LevelSession s;
  s.send("setoption name UCI_LimitStrength value true");
  s.send("setoption name UCI_Elo value 600");
  for (int seed = 1; seed <= 5; ++seed) {
    s.send("setoption name Seed value " + std::to_string(seed));
    s.send("ucinewgame");
    // Scholar's mate pattern: Qxf7# is the only mate.
    std::string m = s.bestmove_after("position fen r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                                     "go movetime 500");
    REQUIRE(m == "h5f7");
  }
}

TEST_CASE("a level stays within a short clock when proving a long mate", "[e2e][levels]") {
  // Positions from level games at 1 s + 10 ms where the guard finds a mate and the proof of it
  // once ran for 2 s with 0.9 s on the clock (a loss on time).
  const char* positions[] = {"position fen 2k1r2r/pbp5/3b4/1P3p2/5p1p/4p1nP/6P1/1R2K3 w - - 0 30 moves b1d1",
                             "position fen 4k3/3r3n/2Q3pp/N4P2/P4P2/1PP1R3/7P/7K b - - 0 34 moves e8f8",
                             "position fen 6k1/2p3rp/8/1p6/7K/7P/8/4b3 w - - 1 43 moves h4h5",
                             "position fen 8/5R2/P1k1p2B/8/1P5K/8/8/8 b - - 0 61 moves c6d6"};
  for (const char* level : {"Beginner", "Easy"}) {
    LevelSession s;
    s.send(std::string("setoption name Level value ") + level);
    for (const char* position : positions) {
      s.send("ucinewgame");
      const auto start = Clock::now();
      const std::string m = s.bestmove_after(position, "go wtime 900 btime 900 winc 10 binc 10");
      INFO(level << ", " << position << " -> " << m);
      REQUIRE(Clock::now() - start < 900ms);
    }
  }
}
