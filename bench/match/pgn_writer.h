// Writing finished games as PGN: the seven-tag roster plus FEN/SetUp, TimeControl, Termination and
// PlyCount; SAN moves with a {score/depth time} comment on each engine move.
#pragma once

#include <fstream>
#include <mutex>
#include <string>

#include "game.h"

namespace sparring::match {

struct PgnHeader {
  std::string event = "Sparring match";
  std::string site = "?";
  std::string timeControl = "-";
};

std::string format_pgn(const GameRecord& game, const PgnHeader& header);

// Appends games to a file, one at a time from any thread, flushed after each.
class PgnWriter {
 public:
  std::string open(const std::string& path, PgnHeader header);  // "" or the reason
  bool is_open() const { return out.is_open(); }
  void write(const GameRecord& game);

 private:
  std::mutex mutex;
  std::ofstream out;
  PgnHeader header;
};

}  // namespace sparring::match
