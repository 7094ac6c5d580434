// PGN games in and out: a streamed reader (one game at a time, any file size) and a writer.
#pragma once

#include <istream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "position.h"

namespace sparring {

struct PgnMove {
  Move move;
  std::vector<int> nags;  // numeric annotation glyphs: 1 "!", 2 "?", 4 "??", 6 "?!", ...
  std::string comment;    // text of the comments after the move, without braces
};

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::string startFen = START_FEN;
  bool chess960 = false;
  std::string startComment;  // a comment before the first move
  std::vector<PgnMove> moves;
  std::string result = "*";  // the game termination marker of the movetext
  int line = 0;              // where the game starts in its file (1-based)

  std::string tag(std::string_view name) const;  // "" when absent
  void set_tag(const std::string& name, const std::string& value);
  Position start_position() const;  // the start position with its Chess960 flag set
};

enum class PgnStatus { GAME, ERROR, END };

// Reads games one by one from a stream; only the current game is held in memory. A game that
// cannot be read (bad tag syntax, an illegal or ambiguous move, a bad FEN) yields ERROR with the
// message "file:line: game N, ply P: reason"; the next call continues with the following game.
class PgnReader {
 public:
  PgnReader(std::istream& in, std::string fileName);
  PgnStatus read(PgnGame& game, std::string& error);
  int games_seen() const { return gameNumber; }

 private:
  int get();   // next character; CR LF and lone CR come out as '\n'
  int peek();  // next character without consuming it
  void skip_space();
  void skip_to_line_end();
  bool read_tag(std::string& name, std::string& value, std::string& error);
  std::string read_symbol();
  std::string apply_setup_tags(PgnGame& game, Position& pos);
  bool handle_move(const std::string& token, PgnGame& game, Position& pos, std::string& error);

  std::istream& in;
  std::string fileName;
  int lineNo = 1;
  bool lineStart = true;  // nothing but whitespace since the last line break
  int gameNumber = 0;
};

// Writes one game: the seven-tag roster (Event, Site, Date, Round, White, Black, Result) first, then
// the other tags in their order; SAN movetext with move numbers, NAGs and {comments}, lines wrapped
// at 80 columns; the result. The moves must be legal from the game's start position.
std::string format_pgn(const PgnGame& game, std::string_view finalComment = {});

// The seven-tag roster's defaults for missing values ("?", "????.??.??", "*").
std::string pgn_roster_default(std::string_view tagName);

}  // namespace sparring
