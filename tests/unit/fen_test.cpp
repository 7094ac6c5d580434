// FEN input and output: round trips over the suites, X-FEN / Shredder-FEN castling, and rejected FENs.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <random>

#include "chess/movegen.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

namespace {

// The start of `text`, with bytes that are not printable ASCII shown as '?': for failure messages.
std::string printable(std::string_view text, size_t max = 100) {
  std::string s(text.substr(0, max));
  for (char& c : s)
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  return s;
}

bool has_en_passant_capture(const Position& pos) {
  MoveList moves(pos);
  return std::any_of(moves.begin(), moves.end(), [](Move m) { return m.kind() == EN_PASSANT; });
}

// The FEN with its field `index` (0 to 5) replaced by `value`.
std::string replace_field(std::string_view fen, size_t index, std::string_view value) {
  const std::vector<std::string> fields = fen_fields(fen);
  std::string s;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) s += ' ';
    s += i == index ? value : std::string_view(fields[i]);
  }
  return s;
}

// fen() must parse back to the same position: same FEN, same key, same castling rooks.
void check_reparses(const Position& pos) {
  Position again = position_from(pos.fen(), pos.is_chess960());
  CHECK(again.fen() == pos.fen());
  CHECK(again.key() == pos.key());
  CHECK(again.castling_rights() == pos.castling_rights());
  for (CastlingRights cr : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
    if (pos.can_castle(cr)) CHECK(again.castling_rook_square(cr) == pos.castling_rook_square(cr));
}

// The en-passant field: kept exactly when a capture is legal, and then it is part of the key.
void check_en_passant_field(const Position& pos, std::string_view givenFen) {
  const std::vector<std::string> given = fen_fields(givenFen), printed = fen_fields(pos.fen());
  REQUIRE(given.size() == 6);
  REQUIRE(printed.size() == 6);
  if (has_en_passant_capture(pos)) {
    CHECK(printed[3] == given[3]);
  } else {
    CHECK(printed[3] == "-");
    CHECK(pos.ep_square() == SQ_NONE);
  }
  if (given[3] != "-") {
    Position noEp = position_from(replace_field(givenFen, 3, "-"), pos.is_chess960());
    if (printed[3] == "-")
      CHECK(noEp.key() == pos.key());
    else
      CHECK(noEp.key() != pos.key());
  }
}

}  // namespace

TEST_CASE("FEN round trip on the standard suites", "[fen]") {
  for (const PerftSuite& suite : STANDARD_SUITES) {
    const std::vector<PerftEntry> entries = load_perft_suite(suite);
    REQUIRE(entries.size() == suite.positions);
    for (const PerftEntry& entry : entries) {
      INFO(suite.file << ":" << entry.line << ": " << entry.fen);
      Position pos = position_from(entry.fen);
      CHECK(pos.key() == pos.compute_key());
      if (entry.counts.contains(1)) CHECK(count_legal_moves(pos) == entry.counts.at(1));

      // Printed back exactly as given, except that an en-passant square with no legal capture is dropped.
      REQUIRE(fen_fields(entry.fen).size() == 6);
      CHECK(pos.fen() == (has_en_passant_capture(pos) ? entry.fen : replace_field(entry.fen, 3, "-")));
      check_en_passant_field(pos, entry.fen);
      check_reparses(pos);
    }
  }
}

TEST_CASE("FEN round trip on the Chess960 suite", "[fen][chess960]") {
  const std::vector<PerftEntry> entries = load_perft_suite(ETHEREAL_FISCHER);
  REQUIRE(entries.size() == ETHEREAL_FISCHER.positions);
  for (const PerftEntry& entry : entries) {
    INFO(ETHEREAL_FISCHER.file << ":" << entry.line << ": " << entry.fen);
    Position pos = position_from(entry.fen, true);
    CHECK(pos.key() == pos.compute_key());
    CHECK(count_legal_moves(pos) == entry.counts.at(1));

    const std::vector<std::string> given = fen_fields(entry.fen), printed = fen_fields(pos.fen());
    REQUIRE(given.size() == 6);
    REQUIRE(printed.size() == 6);
    CHECK(printed[0] == given[0]);
    CHECK(printed[1] == given[1]);
    CHECK(printed[4] == given[4]);
    CHECK(printed[5] == given[5]);
    check_en_passant_field(pos, entry.fen);

    // Shredder-FEN castling: each letter is the file of a castling rook on its side's back rank; the
    // right is king side when the rook stands on the king's right.
    int rights = 0;
    if (given[2] != "-")
      for (char letter : given[2]) {
        Color c = std::isupper(static_cast<unsigned char>(letter)) ? WHITE : BLACK;
        Square rook = relative_square(c, make_square(std::tolower(static_cast<unsigned char>(letter)) - 'a', 0));
        CastlingRights cr = castling_right(c, rook > pos.king_square(c));
        INFO("castling letter " << letter);
        CHECK(pos.can_castle(cr));
        CHECK(pos.castling_rook_square(cr) == rook);
        rights |= cr;
      }
    CHECK(pos.castling_rights() == rights);
    check_reparses(pos);
  }
}

TEST_CASE("FEN with four fields gets clocks 0 and 1", "[fen]") {
  Position pos = position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
  CHECK(pos.fen() == START_FEN);
  CHECK(pos.key() == Position().key());
  CHECK(pos.rule50() == 0);
  CHECK(pos.fullmove_number() == 1);

  // Clocks are read, and surrounding white space is ignored.
  pos = position_from("  4k3/8/8/8/8/8/8/4K3 b - - 37 52 ");
  CHECK(pos.rule50() == 37);
  CHECK(pos.fullmove_number() == 52);
  CHECK(pos.game_ply() == 103);
  CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 37 52");
}

TEST_CASE("FEN en-passant square is kept only when the capture is legal", "[fen]") {
  // Legal capture: kept and part of the key.
  Position legal = position_from("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  CHECK(legal.ep_square() == SQ_F6);
  CHECK(legal.fen() == "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  CHECK(legal.key() != position_from("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").key());

  // No pawn next to the double-pushed one: dropped.
  Position noCapturer = position_from("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 2");
  CHECK(noCapturer.ep_square() == SQ_NONE);
  CHECK(noCapturer.fen() == "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");

  // The capture would expose the king along the fifth rank: dropped.
  Position pinned = position_from("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1");
  CHECK(pinned.ep_square() == SQ_NONE);
  CHECK(pinned.fen() == "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1");
  CHECK(pinned.key() == position_from("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1").key());
}

TEST_CASE("X-FEN and Shredder-FEN castling", "[fen][chess960]") {
  const Key standardKey = Position().key();
  for (bool chess960 : {false, true}) {
    INFO("chess960 " << chess960);
    for (const char* castling : {"HAha", "AHah", "KQha", "HAkq"}) {
      INFO("castling field " << castling);
      Position pos =
          position_from(std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ") + castling + " - 0 1", chess960);
      CHECK(pos.key() == standardKey);
      CHECK(pos.fen() == START_FEN);
      CHECK(pos.castling_rook_square(WHITE_OO) == SQ_H1);
      CHECK(pos.castling_rook_square(WHITE_OOO) == SQ_A1);
      CHECK(pos.castling_rook_square(BLACK_OO) == SQ_H8);
      CHECK(pos.castling_rook_square(BLACK_OOO) == SQ_A8);
    }
  }

  // Two rooks on the king's side: K means the outer one, a file letter the inner one. fen() writes
  // K/Q when the castling rook is the outermost one, else the file letter (X-FEN).
  Position outer = position_from("1k6/8/8/8/8/8/8/1K2R2R w K - 0 1", true);
  CHECK(outer.castling_rook_square(WHITE_OO) == SQ_H1);
  CHECK(outer.fen() == "1k6/8/8/8/8/8/8/1K2R2R w K - 0 1");
  CHECK(position_from("1k6/8/8/8/8/8/8/1K2R2R w H - 0 1", true).key() == outer.key());

  Position inner = position_from("1k6/8/8/8/8/8/8/1K2R2R w E - 0 1", true);
  CHECK(inner.castling_rook_square(WHITE_OO) == SQ_E1);
  CHECK(inner.fen() == "1k6/8/8/8/8/8/8/1K2R2R w E - 0 1");
  // The squares that must be empty: with the outer rook they include e1, so it cannot castle here.
  CHECK(inner.castling_path(WHITE_OO) == (square_bb(SQ_C1) | square_bb(SQ_D1) | square_bb(SQ_F1) | square_bb(SQ_G1)));
  CHECK(outer.castling_path(WHITE_OO) ==
        (square_bb(SQ_C1) | square_bb(SQ_D1) | square_bb(SQ_E1) | square_bb(SQ_F1) | square_bb(SQ_G1)));

  // Black with a Shredder letter on the queen side.
  Position black = position_from("r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1", true);
  CHECK(black.castling_rook_square(BLACK_OOO) == SQ_C8);
  CHECK(black.fen() == "r1r1k3/8/8/8/8/8/8/4K3 b c - 0 1");
}

TEST_CASE("bad FEN is rejected and leaves the position unchanged", "[fen]") {
  struct BadFen {
    const char* what;
    std::string fen;
    const char* reason;  // a word the error message must contain
  };
  std::mt19937 rng(20240601);
  std::string garbage(100'000, ' ');
  for (char& c : garbage) c = char(rng() % 256);
  std::string longToken(100'000, 'k');

  const std::vector<BadFen> cases = {
      {"3 fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fields"},
      {"7 fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1", "fields"},
      {"empty string", "", "fields"},
      {"only white space", "  \t\n ", "fields"},
      {"bad piece letter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "letter"},
      {"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "letter"},
      {"digit 0", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "letter"},
      {"rank of 7 squares", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},
      {"rank of 9 squares (pieces)", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},
      {"rank of 9 squares (digits)", "rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank"},
      {"rank of 9 squares (piece after 8)", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR8 w KQkq - 0 1", "rank"},
      {"last rank of 7 squares", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank"},
      {"7 ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "ranks"},
      {"9 ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "ranks"},
      {"no white king", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white king"},
      {"two white kings", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white king"},
      {"no black king", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black king"},
      {"two black kings", "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black king"},
      {"white pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn"},
      {"black pawn on rank 8", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn"},
      {"white pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn"},
      {"nine white pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "pawns"},
      {"castling K with no rook on h1", "r3k2r/8/8/8/8/8/8/R3K3 w Kkq - 0 1", "castling"},
      {"castling k with a white rook on h8", "r3kn1R/8/8/8/8/8/8/R3K3 w Qkq - 0 1", "castling"},
      {"castling with the king off its first rank", "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "castling"},
      {"castling Shredder letter with no rook there", "r3k2r/8/8/8/8/8/8/R3K2R w Gkq - 0 1", "castling"},
      {"castling right repeated", "r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1", "castling"},
      {"bad castling letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling"},
      {"en-passant square not a square", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant"},
      {"en-passant square on the wrong rank", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
       "en-passant"},
      {"en-passant square with no pawn that just double-pushed",
       "rnbqkbnr/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en-passant"},
      {"en-passant square with the pawn's start square occupied",
       "rnbqkbnr/ppp1pppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en-passant"},
      {"side not to move in check", "4k3/8/8/8/8/8/8/4K2r b - - 0 1", "check"},
      {"bad side-to-move letter", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
      {"upper-case side to move", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move"},
      {"non-numeric half-move clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "half-move"},
      {"negative half-move clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "half-move"},
      {"non-numeric full-move number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1x", "full-move"},
      {"100 kB of random bytes", garbage, ""},
      {"a 100 kB word", longToken, "fields"},
  };

  // A position with some history, so that an unchanged position also means unchanged history.
  Position pos = position_from("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  play(pos, {"a2a4", "b4a3", "e1g1"});
  const std::string fen = pos.fen();
  const Key key = pos.key();
  REQUIRE(fen == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/4P3/p1N2Q1p/1PPBBPPP/R4RK1 b kq - 1 2");

  for (const BadFen& bad : cases) {
    INFO(bad.what << ": \"" << printable(bad.fen) << "\"");
    const std::string error = pos.set_fen(bad.fen);
    INFO("error: " << error);
    CHECK_FALSE(error.empty());
    CHECK(error.find(bad.reason) != std::string::npos);
    CHECK(pos.fen() == fen);
    CHECK(pos.key() == key);
    CHECK(pos.history_size() == 3);
    CHECK(pos.last_move() == Move::make(SQ_E1, SQ_H1, CASTLING));
  }
}
