// Move notation: UCI and SAN round trips over every legal move of the suites, and hand-checked cases.
#include <catch2/catch.hpp>
#include <string_view>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

namespace {

// SAN as to_san writes it, in parts: castling, or [piece][origin file][origin rank][x]destination
// [=promotion], then an optional check or mate mark. Returns false for any other shape.
struct SanParts {
  std::string piece, file, rank, capture, dest, promotion;
  bool castling = false;
};

bool split_san(std::string s, SanParts& p) {
  auto one_of = [](char c, std::string_view set) { return set.find(c) != std::string_view::npos; };
  if (!s.empty() && one_of(s.back(), "+#")) s.pop_back();
  if (s == "O-O" || s == "O-O-O") return p.castling = true;
  if (s.size() >= 2 && s[s.size() - 2] == '=') {
    if (!one_of(s.back(), "NBRQ")) return false;
    p.promotion = s.back();
    s.resize(s.size() - 2);
  }
  std::size_t i = 0;
  if (!s.empty() && one_of(s[0], "NBRQK")) p.piece = s[i++];
  if (s.size() < i + 2) return false;
  p.dest = s.substr(s.size() - 2);
  if (!one_of(p.dest[0], "abcdefgh") || !one_of(p.dest[1], "12345678")) return false;
  const std::size_t end = s.size() - 2;
  if (i < end && one_of(s[i], "abcdefgh")) p.file = s[i++];
  if (i < end && one_of(s[i], "12345678")) p.rank = s[i++];
  if (i < end && s[i] == 'x') p.capture = s[i++];
  if (i != end) return false;
  if (p.piece.empty())  // pawns: no origin rank, the origin file exactly when capturing
    return p.rank.empty() && p.file.empty() == p.capture.empty();
  return p.promotion.empty();
}

// SAN names a piece's origin only as far as needed: with less, the move would be ambiguous.
// (The file is preferred: the rank is given only when the file is not enough.)
void check_minimal_disambiguation(const Position& pos, Move m, const std::string& san) {
  SanParts part;
  if (!split_san(san, part) || part.piece.empty()) return;
  const std::string rest = part.capture + part.dest;
  if (part.file.empty() && part.rank.empty()) return;
  CHECK(parse_san(pos, part.piece + rest) == Move::none());
  if (!part.rank.empty()) CHECK(parse_san(pos, part.piece + char('a' + file_of(m.from())) + rest) == Move::none());
  if (!part.file.empty() && !part.rank.empty()) CHECK(parse_san(pos, part.piece + part.rank + rest) == Move::none());
}

// The UCI text a move must have: from and to squares, castling as king-takes-rook in Chess960 mode
// and as the king's destination otherwise, and a lower-case promotion letter.
std::string expected_uci(const Position& pos, Move m) {
  Square to = m.to();
  if (m.kind() == CASTLING && !pos.is_chess960())
    to = relative_square(pos.side_to_move(), m.to() > m.from() ? SQ_G1 : SQ_C1);
  std::string s = square_to_string(m.from()) + square_to_string(to);
  if (m.kind() == PROMOTION) s += "  nbrq"[m.promotion()];
  return s;
}

void check_every_move(Position& pos) {
  const std::string fen = pos.fen();
  for (Move m : MoveList(pos)) {
    const std::string uci = to_uci(pos, m);
    INFO(fen << "  move " << uci);
    CHECK(uci == expected_uci(pos, m));
    CHECK(parse_uci(pos, uci) == m);
    CHECK(pos.is_legal(m));

    const std::string san = to_san(pos, m);
    INFO("SAN " << san);
    SanParts parts;
    CHECK(split_san(san, parts));
    std::string error;
    CHECK(parse_san(pos, san, &error) == m);
    CHECK(error.empty());
    check_minimal_disambiguation(pos, m, san);

    // The suffix, checked against the position after the move.
    const bool givesCheck = pos.gives_check(m);
    pos.make_move(m);
    const bool check = pos.in_check(), mate = pos.is_checkmate();
    pos.undo_move(m);
    CHECK(givesCheck == check);
    CHECK((san.back() == '#') == mate);
    CHECK((san.back() == '+') == (check && !mate));
  }
  CHECK(pos.fen() == fen);  // to_san made and unmade its moves cleanly
}

// The move from `from` to `to` in the position (any kind), or Move::none().
Move find_move(const Position& pos, Square from, Square to, PieceType promotion = NO_PIECE_TYPE) {
  for (Move m : MoveList(pos))
    if (m.from() == from && m.to() == to && (m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) == promotion)
      return m;
  return Move::none();
}

std::string san_of(Position& pos, Square from, Square to, PieceType promotion = NO_PIECE_TYPE) {
  Move m = find_move(pos, from, to, promotion);
  INFO(pos.fen() << "  " << square_to_string(from) << square_to_string(to));
  REQUIRE(m != Move::none());
  return to_san(pos, m);
}

}  // namespace

TEST_CASE("UCI and SAN round trip for every move of the standard suites", "[notation]") {
  int positions = 0, moves = 0;
  for (const PerftSuite& suite : STANDARD_SUITES)
    for (const PerftEntry& entry : load_perft_suite(suite)) {
      Position pos = position_from(entry.fen);
      check_every_move(pos);
      ++positions;
      moves += MoveList(pos).size();
    }
  CHECK(positions == 128 + 174 + 7);
  CHECK(moves > 3000);  // the suites' positions have about 12 moves each
}

TEST_CASE("UCI and SAN round trip for every move of the Chess960 suite", "[notation][chess960]") {
  int positions = 0, moves = 0, castlings = 0;
  for (const PerftEntry& entry : load_perft_suite(ETHEREAL_FISCHER)) {
    Position pos = position_from(entry.fen, true);
    check_every_move(pos);
    ++positions;
    for (Move m : MoveList(pos)) castlings += m.kind() == CASTLING;
    moves += MoveList(pos).size();
  }
  CHECK(positions == 300);
  CHECK(moves > 5000);  // about 30 moves each
  CHECK(castlings > 10);
}

TEST_CASE("SAN disambiguation", "[notation]") {
  SECTION("by file") {
    Position pos = position_from("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3");
    CHECK(san_of(pos, SQ_B8, SQ_D7) == "Nbd7");
    CHECK(san_of(pos, SQ_F6, SQ_D7) == "Nfd7");
    CHECK(san_of(pos, SQ_B8, SQ_C6) == "Nc6");
  }
  SECTION("by rank") {
    Position pos = position_from("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    CHECK(san_of(pos, SQ_A1, SQ_A3) == "R1a3");
    CHECK(san_of(pos, SQ_A5, SQ_A3) == "R5a3");
    CHECK(san_of(pos, SQ_A1, SQ_B1) == "Rb1");
  }
  SECTION("by file and rank") {
    Position pos = position_from("K1k5/8/8/8/4Q2Q/8/8/7Q w - - 0 1");
    CHECK(san_of(pos, SQ_H4, SQ_E1) == "Qh4e1");
    CHECK(san_of(pos, SQ_H1, SQ_E1) == "Q1e1");
    CHECK(san_of(pos, SQ_E4, SQ_E1) == "Qee1");
  }
  SECTION("a pinned piece does not count") {
    // Both knights reach d5, but the one on e3 is pinned by the rook on e8: no disambiguation.
    Position pos = position_from("4r1k1/8/8/8/8/2N1N3/8/4K3 w - - 0 1");
    CHECK(san_of(pos, SQ_C3, SQ_D5) == "Nd5");
    CHECK(find_move(pos, SQ_E3, SQ_D5) == Move::none());
  }
}

TEST_CASE("SAN of castling and en passant and promotion and checks", "[notation]") {
  Position castling = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(san_of(castling, SQ_E1, SQ_H1) == "O-O");
  CHECK(san_of(castling, SQ_E1, SQ_A1) == "O-O-O");

  Position castlingCheck = position_from("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(san_of(castlingCheck, SQ_E1, SQ_H1) == "O-O+");

  Position enPassant = position_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  CHECK(san_of(enPassant, SQ_E5, SQ_D6) == "exd6");
  CHECK(find_move(enPassant, SQ_E5, SQ_D6).kind() == EN_PASSANT);

  Position promotion = position_from("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(san_of(promotion, SQ_E7, SQ_E8, QUEEN) == "e8=Q+");
  CHECK(san_of(promotion, SQ_E7, SQ_E8, ROOK) == "e8=R+");
  CHECK(san_of(promotion, SQ_E7, SQ_E8, BISHOP) == "e8=B");
  CHECK(san_of(promotion, SQ_E7, SQ_E8, KNIGHT) == "e8=N");

  Position promotionMate = position_from("k7/4P3/1K6/8/8/8/8/8 w - - 0 1");
  CHECK(san_of(promotionMate, SQ_E7, SQ_E8, QUEEN) == "e8=Q#");
  CHECK(san_of(promotionMate, SQ_E7, SQ_E8, ROOK) == "e8=R#");

  Position underpromotion = position_from("4k3/8/8/8/8/8/5p2/K5R1 b - - 0 1");
  CHECK(san_of(underpromotion, SQ_F2, SQ_G1, KNIGHT) == "fxg1=N");
  CHECK(san_of(underpromotion, SQ_F2, SQ_F1, QUEEN) == "f1=Q+");

  Position foolsMate = position_from("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  CHECK(san_of(foolsMate, SQ_D8, SQ_H4) == "Qh4#");

  Position capture = position_from("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3");
  CHECK(san_of(capture, SQ_B5, SQ_C6) == "Bxc6");
  CHECK(san_of(capture, SQ_F3, SQ_E5) == "Nxe5");
  CHECK(san_of(capture, SQ_E1, SQ_H1) == "O-O");
  CHECK(san_of(capture, SQ_E1, SQ_F1) == "Kf1");
}

TEST_CASE("SAN parsing is lenient", "[notation]") {
  Position castling = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(parse_san(castling, "0-0") == Move::make(SQ_E1, SQ_H1, CASTLING));
  CHECK(parse_san(castling, "0-0-0") == Move::make(SQ_E1, SQ_A1, CASTLING));
  CHECK(parse_san(castling, "O-O+") == Move::make(SQ_E1, SQ_H1, CASTLING));

  Position promotion = position_from("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(parse_san(promotion, "e8Q") == Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN));
  CHECK(parse_san(promotion, "e8=N") == Move::make(SQ_E7, SQ_E8, PROMOTION, KNIGHT));
  CHECK(parse_san(promotion, "e8=Q+") == Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN));

  Position start;
  CHECK(parse_san(start, "Nb1c3") == Move(SQ_B1, SQ_C3));
  CHECK(parse_san(start, "Nbc3") == Move(SQ_B1, SQ_C3));
  CHECK(parse_san(start, "e4") == Move(SQ_E2, SQ_E4));
  CHECK(parse_san(start, "Pe4") == Move(SQ_E2, SQ_E4));

  Position ruyLopez = position_from("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  CHECK(parse_san(ruyLopez, "Bb5+!?") == Move(SQ_F1, SQ_B5));
  CHECK(parse_san(ruyLopez, "Bb5") == Move(SQ_F1, SQ_B5));
  CHECK(parse_san(ruyLopez, "Nxe5") == Move(SQ_F3, SQ_E5));
  CHECK(parse_san(ruyLopez, "Ne5") == Move(SQ_F3, SQ_E5));

  Position enPassant = position_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  CHECK(parse_san(enPassant, "exd6") == Move::make(SQ_E5, SQ_D6, EN_PASSANT));
  CHECK(parse_san(enPassant, "exd6e.p.") == Move::make(SQ_E5, SQ_D6, EN_PASSANT));
}

TEST_CASE("SAN parsing errors", "[notation]") {
  std::string error;
  SECTION("ambiguous") {
    Position pos = position_from("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3");
    CHECK(parse_san(pos, "Nd7", &error) == Move::none());
    CHECK(error.find("ambiguous") != std::string::npos);
    CHECK(parse_san(pos, "Nbd7", &error) == Move(SQ_B8, SQ_D7));
  }
  SECTION("illegal") {
    Position start;
    CHECK(parse_san(start, "Ke2", &error) == Move::none());
    CHECK(error.find("illegal") != std::string::npos);
    error.clear();
    CHECK(parse_san(start, "e5", &error) == Move::none());
    CHECK(error.find("illegal") != std::string::npos);
    error.clear();
    CHECK(parse_san(start, "O-O", &error) == Move::none());
    CHECK(error.find("illegal") != std::string::npos);
    error.clear();
    CHECK(parse_san(start, "Nbd2", &error) == Move::none());  // the square is occupied
    CHECK_FALSE(error.empty());
  }
  SECTION("malformed") {
    Position start;
    for (const char* text : {"", "+", "Nz9", "N", "xx", "e", "Ke2e3e4"}) {
      INFO("SAN '" << text << "'");
      error.clear();
      CHECK(parse_san(start, text, &error) == Move::none());
      CHECK_FALSE(error.empty());
    }
    CHECK(parse_san(start, "Zf3") == Move::none());  // without an error string
  }
}

TEST_CASE("UCI castling in standard and Chess960 mode", "[notation][chess960]") {
  Position pos = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move shortCastle = Move::make(SQ_E1, SQ_H1, CASTLING), longCastle = Move::make(SQ_E1, SQ_A1, CASTLING);
  REQUIRE(pos.is_legal(shortCastle));
  REQUIRE(pos.is_legal(longCastle));

  CHECK(to_uci(pos, shortCastle) == "e1g1");
  CHECK(to_uci(pos, longCastle) == "e1c1");
  CHECK(parse_uci(pos, "e1g1") == shortCastle);
  CHECK(parse_uci(pos, "e1c1") == longCastle);
  CHECK(parse_uci(pos, "e1h1") == shortCastle);  // king takes rook is accepted in standard mode too
  CHECK(parse_uci(pos, "e1a1") == longCastle);

  pos.set_chess960(true);
  CHECK(to_uci(pos, shortCastle) == "e1h1");
  CHECK(to_uci(pos, longCastle) == "e1a1");
  CHECK(parse_uci(pos, "e1h1") == shortCastle);
  CHECK(parse_uci(pos, "e1a1") == longCastle);
  CHECK(parse_uci(pos, "e1g1") == Move::none());  // the king's destination is not a Chess960 castling move

  // A Chess960 castling where the king does not move: king g1, rook h1.
  Position chess960 = position_from("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1", true);
  const Move kingStays = Move::make(SQ_G1, SQ_H1, CASTLING);
  CHECK(to_uci(chess960, kingStays) == "g1h1");
  CHECK(parse_uci(chess960, "g1h1") == kingStays);
  CHECK(to_san(chess960, kingStays) == "O-O");
  chess960.make_move(kingStays);
  CHECK(chess960.fen() == "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1");  // both black rooks are outermost: X-FEN k and q
}

TEST_CASE("UCI parsing and printing", "[notation]") {
  Position start;
  CHECK(parse_uci(start, "e2e4") == Move(SQ_E2, SQ_E4));
  CHECK(parse_uci(start, "E2E4") == Move(SQ_E2, SQ_E4));
  CHECK(parse_uci(start, "g1f3") == Move(SQ_G1, SQ_F3));
  for (const char* bad : {"", "e2", "e2e5", "e2e4q", "e7e5", "zzzz", "e2e4e5", "0000"}) {
    INFO("UCI '" << bad << "'");
    CHECK(parse_uci(start, bad) == Move::none());
  }
  CHECK(to_uci(start, Move::none()) == "0000");
  CHECK(to_uci(start, Move::null()) == "0000");

  Position promotion = position_from("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  CHECK(parse_uci(promotion, "e7e8q") == Move::make(SQ_E7, SQ_E8, PROMOTION, QUEEN));
  CHECK(parse_uci(promotion, "e7e8n") == Move::make(SQ_E7, SQ_E8, PROMOTION, KNIGHT));
  CHECK(parse_uci(promotion, "e7e8") == Move::none());  // a promotion needs its piece
  CHECK(to_uci(promotion, Move::make(SQ_E7, SQ_E8, PROMOTION, ROOK)) == "e7e8r");
}
