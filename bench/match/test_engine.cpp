// sparring-match-testengine: a minimal UCI engine for testing the match runner. It plays a random
// legal move at once (the same one for the same position and seed) and can be told to misbehave:
//
//   sparring-match-testengine [--seed N] [--fault MODE --at N]
//
// MODE, at the Nth `go` of the process: illegal (bestmove a1a1), null (bestmove 0000), empty
// (bestmove with no move), crash (exit 3), hang (never answer), garbage (a non-UCI line before
// each bestmove from then on), stray (an extra bestmove after the real one).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"

using namespace sparring;

int main(int argc, char** argv) {
  Position::init();
  std::string fault;
  int at = 0;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--fault") fault = argv[i + 1];
    if (a == "--at") at = std::atoi(argv[i + 1]);
    if (a == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
  }

  Position pos;
  bool chess960 = false, hung = false;
  int gos = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd == "uci") {
      std::cout << "id name Sparring test engine\nid author Sparring\n"
                   "option name UCI_Chess960 type check default false\n"
                   "option name Hash type spin default 1 min 1 max 16\nuciok"
                << std::endl;
    } else if (cmd == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (cmd == "setoption") {
      std::string word, name, value;
      in >> word >> name >> word >> value;
      if (name == "UCI_Chess960") chess960 = value == "true";
    } else if (cmd == "position") {
      std::string word, fen;
      in >> word;
      if (word == "fen") {
        while (in >> word && word != "moves") {
          if (!fen.empty()) fen += ' ';
          fen += word;
        }
      } else {
        fen = START_FEN;
        in >> word;  // "moves", if any
      }
      pos.set_chess960(chess960);
      pos.set_fen(fen);
      while (in >> word) {
        Move m = parse_uci(pos, word);
        if (!m) break;
        pos.make_move(m);
      }
    } else if (cmd == "go") {
      ++gos;
      const bool now = gos == at;
      if (hung || (now && fault == "hang")) {
        hung = true;
        continue;
      }
      if (now && fault == "crash") return 3;
      if (fault == "garbage" && gos >= at) std::cout << "this line is no UCI" << std::endl;
      if (now && fault == "illegal") {
        std::cout << "bestmove a1a1" << std::endl;
        continue;
      }
      if (now && fault == "null") {
        std::cout << "bestmove 0000" << std::endl;
        continue;
      }
      if (now && fault == "empty") {
        std::cout << "bestmove" << std::endl;
        continue;
      }
      MoveList moves(pos);
      if (moves.size() == 0) {
        std::cout << "bestmove 0000" << std::endl;
        continue;
      }
      std::mt19937_64 rng(pos.key() ^ seed ^ std::uint64_t(pos.game_ply()));
      Move m = moves.begin()[rng() % moves.size()];
      std::cout << "info depth 1 score cp 0 nodes " << moves.size() << " pv " << to_uci(pos, m) << "\nbestmove "
                << to_uci(pos, m) << std::endl;
      if (now && fault == "stray") std::cout << "bestmove " << to_uci(pos, m) << std::endl;
    } else if (cmd == "quit") {
      return 0;
    }
  }
  return 0;
}
