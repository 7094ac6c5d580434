// Playing one game between two UCI engines: the clocks, the rules, the adjudication and every way an
// engine can fail.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "adjudication.h"
#include "chess/types.h"
#include "openings.h"
#include "uci_engine.h"

namespace sparring::match {

struct TimeControl {
  std::uint64_t nodes = 0;  // > 0: `go nodes N` every move and no clock
  std::chrono::microseconds base{0};
  std::chrono::microseconds increment{0};

  bool fixed_nodes() const { return nodes > 0; }
  std::string pgn_tag() const;   // "10+0.1" (PGN seconds), "-" without a clock
  std::string describe() const;  // for the match banner
};

struct GameSettings {
  TimeControl tc;
  std::chrono::microseconds timeMargin{10000};                      // grace after the clock runs out
  std::chrono::microseconds moveTimeout{std::chrono::seconds(60)};  // fixed nodes: longest wait for a move
  AdjudicationRules adjudication;
  bool chess960 = false;
};

enum class Termination {
  CHECKMATE,
  STALEMATE,
  INSUFFICIENT_MATERIAL,
  REPETITION,
  FIFTY_MOVES,
  RESIGN_ADJUDICATION,
  DRAW_ADJUDICATION,
  MAX_MOVES,
  // Engine failures: the offender loses (on time against a bare king: a draw).
  TIME_FORFEIT,
  ILLEGAL_MOVE,
  CRASH,
  PROTOCOL_ERROR,
  ABORTED  // the runner stopped the game: no result
};

enum class Outcome { WHITE_WINS, BLACK_WINS, DRAW, NONE };

struct MoveRecord {
  Move move;
  std::string san;
  bool book = false;  // from the opening, not from an engine
  SearchInfo info;
  double seconds = 0;
};

struct GameRecord {
  int round = 0;  // 1-based game number
  std::string white, black;
  int whiteElo = 0, blackElo = 0;  // PGN rating tags; 0: none
  std::string startFen;
  bool standardStart = false;
  bool chess960 = false;
  std::string date;  // "YYYY.MM.DD" when the game started
  std::vector<MoveRecord> moves;
  Outcome outcome = Outcome::NONE;
  Termination termination = Termination::ABORTED;
  Color offender = WHITE;  // for the engine failures
  std::string detail;      // the illegal move, how the engine ended, ...

  bool is_failure() const { return termination >= Termination::TIME_FORFEIT && termination < Termination::ABORTED; }
  std::string result_string() const;    // "1-0", "0-1", "1/2-1/2", "*"
  std::string reason() const;           // "White mates", "Black loses on time", ...
  std::string short_reason() const;     // "checkmate", "time forfeit", ...
  std::string pgn_termination() const;  // the PGN Termination tag
};

// Plays one game. The engines are (re)started when not running; `ucinewgame` precedes the game.
// An engine that cannot be made ready loses the game as a crash.
GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& whiteName, const std::string& blackName,
                     const Opening& opening, const GameSettings& settings, int round);

}  // namespace sparring::match
