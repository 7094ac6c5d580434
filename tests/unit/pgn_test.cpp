// PGN: every construct of the reader (tags, SAN and UCI move text, comments, NAGs, variations,
// set-up positions, Chess960, CRLF), broken games reported and skipped, and the writer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess/notation.h"
#include "chess/pgn.h"

using namespace sparring;

namespace {

struct ReadResult {
  std::vector<PgnGame> games;
  std::vector<std::string> errors;
};

ReadResult read_stream(std::istream& in, const std::string& name) {
  ReadResult r;
  PgnReader reader(in, name);
  PgnGame g;
  std::string error;
  for (PgnStatus s; (s = reader.read(g, error)) != PgnStatus::END;) {
    if (s == PgnStatus::GAME)
      r.games.push_back(g);
    else
      r.errors.push_back(error);
  }
  return r;
}

ReadResult read_file(const std::string& name) {
  std::ifstream in(std::string(SPARRING_TEST_DATA) + "/pgn/" + name, std::ios::binary);
  REQUIRE(in);
  return read_stream(in, name);
}

ReadResult read_text(const std::string& text) {
  std::istringstream in(text);
  return read_stream(in, "text.pgn");
}

// The moves of a game as UCI text, replayed from its start position.
std::string uci_moves(const PgnGame& g) {
  Position pos = g.start_position();
  std::string s;
  for (const PgnMove& m : g.moves) {
    if (!s.empty()) s += ' ';
    s += to_uci(pos, m.move);
    pos.make_move(m.move);
  }
  return s;
}

Position final_position(const PgnGame& g) {
  Position pos = g.start_position();
  for (const PgnMove& m : g.moves) pos.make_move(m.move);
  return pos;
}

}  // namespace

TEST_CASE("PGN reads tags with escapes and the movetext with comments and NAGs") {
  ReadResult r = read_file("constructs.pgn");
  CHECK(r.errors == std::vector<std::string>{});
  REQUIRE(r.games.size() == 6);
  const PgnGame& g = r.games[0];
  CHECK(g.line == 2);
  CHECK(g.tag("White") == "Alice \"The Rook\"");
  CHECK(g.tag("Black") == "Bob\\Carol");
  CHECK(g.tag("Missing").empty());
  CHECK(g.result == "1-0");
  REQUIRE(g.moves.size() == 20);
  // "1.e4!? $1": glued move number, a suffix glyph and a numeric NAG.
  CHECK(g.moves[0].nags == std::vector<int>{5, 1});
  CHECK(g.moves[0].comment == "A comment over two lines");
  CHECK(g.moves[1].nags == std::vector<int>{2});
  // The variations (2. f4 ...) are skipped: the main line goes on with 2. Nf3 Nc6.
  CHECK(uci_moves(g).substr(0, 19) == "e2e4 e7e5 g1f3 b8c6");
  CHECK(g.moves[3].comment == "to the end of the line");
  CHECK(to_uci(g.start_position(), g.moves[0].move) == "e2e4");
}

TEST_CASE("PGN reads set-up positions with black to move and 12... numbers") {
  ReadResult r = read_file("constructs.pgn");
  REQUIRE(r.games.size() == 6);
  const PgnGame& g = r.games[1];
  CHECK(g.startFen == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12");
  CHECK(uci_moves(g) == "g8f6 b1c3 f8b4");
  CHECK(g.result == "*");
}

TEST_CASE("PGN reads Chess960 games with castling") {
  ReadResult r = read_file("constructs.pgn");
  REQUIRE(r.games.size() == 6);
  const PgnGame& g = r.games[2];
  CHECK(g.chess960);
  REQUIRE(g.moves.size() == 2);
  CHECK(g.moves[0].move.kind() == CASTLING);
  CHECK(g.moves[1].move.kind() == CASTLING);
  // O-O: king to g1, rook to f1; O-O-O: king to c8, rook to d8.
  CHECK(final_position(g).fen().substr(0, 32) == "2kr3r/8/8/8/8/8/8/1R3RK1 w - - 2");
  CHECK(g.result == "1/2-1/2");
}

TEST_CASE("PGN reads UCI move text and upper-case promotions") {
  ReadResult r = read_file("constructs.pgn");
  REQUIRE(r.games.size() == 6);
  CHECK(uci_moves(r.games[3]) == "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 f8c5");
  CHECK(r.games[3].tag("WhiteElo") == "1510");
  const PgnGame& promo = r.games[4];
  REQUIRE(promo.moves.size() == 3);
  CHECK(promo.moves[0].move.kind() == PROMOTION);
  CHECK(promo.moves[0].move.promotion() == QUEEN);
}

TEST_CASE("PGN reads a game without a result up to the end of the file") {
  ReadResult r = read_file("constructs.pgn");
  REQUIRE(r.games.size() == 6);
  CHECK(uci_moves(r.games[5]) == "d2d4 d7d5 c2c4");
  CHECK(r.games[5].result == "*");
}

TEST_CASE("PGN reads CRLF line endings") {
  ReadResult r = read_file("crlf.pgn");
  CHECK(r.errors == std::vector<std::string>{});
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].tag("Event") == "CRLF");
  CHECK(final_position(r.games[0]).is_checkmate());
  CHECK(r.games[0].result == "0-1");
  CHECK(r.games[1].line == 7);
  CHECK(r.games[1].moves.size() == 1);
}

TEST_CASE("PGN reports broken games with file line game and ply and reads on") {
  ReadResult r = read_file("broken.pgn");
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].tag("Event") == "Good 1");
  CHECK(r.games[1].tag("Event") == "Good 2");
  CHECK(final_position(r.games[1]).is_checkmate());
  REQUIRE(r.errors.size() == 3);
  CHECK(r.errors[0].starts_with("broken.pgn:7: game 2, ply 0: bad tag Result"));
  CHECK(r.errors[1].starts_with("broken.pgn:14: game 3, ply 3: illegal move 'Ke3'"));
  CHECK(r.errors[2].starts_with("broken.pgn:20: game 4, ply 3: ambiguous move 'Nd2'"));
}

TEST_CASE("PGN reports bad FENs variants and unbalanced variations") {
  ReadResult r = read_text(
      "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n"
      "[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n"
      "[Event \"3\"]\n1. e4 (1. d4 d5 *\n\n"
      "[Event \"4\"]\n1. e4 ) e5 *\n\n"
      "[Event \"5\"]\n1. e4 {never closed\n");
  CHECK(r.games.empty());
  REQUIRE(r.errors.size() == 5);
  CHECK(r.errors[0].find("game 1, ply 0: bad FEN") != std::string::npos);
  CHECK(r.errors[1].find("game 2, ply 0: unsupported variant 'Crazyhouse'") != std::string::npos);
  CHECK(r.errors[2].find("game 3, ply 2: unterminated variation") != std::string::npos);
  CHECK(r.errors[3].find("game 4, ply 2: ')' without '('") != std::string::npos);
  CHECK(r.errors[4].find("game 5, ply 2: unterminated comment") != std::string::npos);
}

TEST_CASE("PGN writer puts the seven-tag roster first and wraps at 80 columns") {
  ReadResult r = read_file("constructs.pgn");
  REQUIRE(r.games.size() == 6);
  PgnGame g = r.games[3];  // UCI move text, tags Event WhiteElo BlackElo Result only
  g.moves[0].comment = "[%eval 0.3]";
  g.moves[1].nags = {2};
  const std::string text = format_pgn(g, "White resigns");
  CHECK(
      text.starts_with("[Event \"UCI move text\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
                       "[Black \"?\"]\n[Result \"1-0\"]\n[WhiteElo \"1510\"]\n[BlackElo \"1490\"]\n\n"));
  std::string movetext = text.substr(text.find("\n\n") + 2);
  std::replace(movetext.begin(), movetext.end(), '\n', ' ');
  CHECK(movetext == "1. e4 {[%eval 0.3]} 1... e5 $2 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 {White resigns} 1-0  ");

  // A long game: every line within 80 columns, and reading it back gives the same game.
  const PgnGame& longGame = r.games[0];
  const std::string longText = format_pgn(longGame);
  std::istringstream lines(longText);
  int movetextLines = 0;
  for (std::string line; std::getline(lines, line);) {
    CHECK(line.size() <= 80);
    movetextLines += !line.empty() && line[0] != '[';
  }
  CHECK(movetextLines >= 2);
  ReadResult back = read_text(longText);
  REQUIRE(back.games.size() == 1);
  CHECK(uci_moves(back.games[0]) == uci_moves(longGame));
  CHECK(back.games[0].moves[0].nags == longGame.moves[0].nags);
  CHECK(back.games[0].moves[0].comment == longGame.moves[0].comment);
  CHECK(back.games[0].tag("White") == "Alice \"The Rook\"");
}

TEST_CASE("PGN writer numbers a set-up game that starts with black") {
  ReadResult r = read_file("constructs.pgn");
  REQUIRE(r.games.size() == 6);
  const std::string text = format_pgn(r.games[1]);
  CHECK(text.find("[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12\"]") != std::string::npos);
  CHECK(text.find("\n12... Nf6 13. Nc3 Bb4 *\n") != std::string::npos);
}

TEST_CASE("PGN writer keeps a closing brace inside a comment from ending it early") {
  // A ';' comment may hold a '}'; written as a brace comment it must not cut the movetext.
  ReadResult r = read_text("[Event \"x\"]\n\n1. e4 ; ends } here\ne5 2. Nf3 {plain} Nc6 1-0\n");
  REQUIRE(r.games.size() == 1);
  REQUIRE(r.errors.empty());
  const std::string text = format_pgn(r.games[0]);
  ReadResult again = read_text(text);
  INFO(text);
  REQUIRE(again.errors.empty());
  REQUIRE(again.games.size() == 1);
  CHECK(uci_moves(again.games[0]) == uci_moves(r.games[0]));
  CHECK(again.games[0].result == "1-0");
}
