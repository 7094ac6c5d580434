// The game-state rules: insufficient material, repetition, the 50/75-move clock, checkmate and stalemate.
#include <catch2/catch.hpp>

#include "chess/movegen.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

namespace {

// Knights out and back: four plies that return to the position they started from.
constexpr std::string_view KNIGHT_SHUFFLE[] = {"g1f3", "g8f6", "f3g1", "f6g8"};

void shuffle_knights(Position& pos) {
  for (std::string_view move : KNIGHT_SHUFFLE) play(pos, {move});
}

bool insufficient(std::string_view fen) { return position_from(fen).is_insufficient_material(); }

}  // namespace

TEST_CASE("insufficient material is exactly K v K or K + minor v K or same-coloured bishops", "[draw]") {
  CHECK(insufficient("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
  CHECK(insufficient("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));
  CHECK(insufficient("4kn2/8/8/8/8/8/8/4K3 w - - 0 1"));
  CHECK(insufficient("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"));
  CHECK(insufficient("4kb2/8/8/8/8/8/8/4K3 b - - 0 1"));
  // Bishops on c1 and f8 are both on dark squares; c1 and c8 are not.
  CHECK(insufficient("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"));
  CHECK_FALSE(insufficient("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1"));
  // Any number of bishops, of either side, all on one colour.
  CHECK(insufficient("4k3/8/8/8/8/8/1B6/2B1K3 w - - 0 1"));
  CHECK(insufficient("4kb2/6b1/8/8/8/8/1B6/2B1K3 w - - 0 1"));
  CHECK_FALSE(insufficient("4kb2/6b1/8/8/8/8/8/1BB1K3 w - - 0 1"));

  // Mate is possible, however unlikely: not insufficient by this rule set.
  CHECK_FALSE(insufficient("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"));    // K+N v K+N
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1"));    // K+NN v K
  CHECK_FALSE(insufficient("4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1"));   // K+B v K+N
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/2BNK3 w - - 0 1"));    // K+B+N v K
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));    // a pawn
  CHECK_FALSE(insufficient("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1"));    // a black pawn
  CHECK_FALSE(insufficient("4k3/8/8/8/8/8/8/4K2R w - - 0 1"));     // a rook
  CHECK_FALSE(insufficient("3qk3/8/8/8/8/8/8/4K3 w - - 0 1"));     // a queen
  CHECK_FALSE(insufficient("4kb2/8/8/8/8/8/8/2B1K2R w - - 0 1"));  // same-coloured bishops and a rook
  CHECK_FALSE(insufficient(START_FEN));
}

TEST_CASE("repetition counts the occurrences of the position", "[draw]") {
  Position pos;
  CHECK(pos.repetition_count() == 1);
  // The position after ply p first occurred at ply p % 4, and recurs every 4 plies.
  for (int ply = 1; ply <= 16; ++ply) {
    play(pos, {KNIGHT_SHUFFLE[(ply - 1) % 4]});
    INFO("ply " << ply);
    CHECK(pos.repetition_count() == 1 + ply / 4);
  }
  CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9");
  CHECK(pos.repetition_count() == 5);  // fivefold after 16 plies
}

TEST_CASE("repetition starts anew after a pawn move", "[draw]") {
  Position pos;
  shuffle_knights(pos);
  CHECK(pos.repetition_count() == 2);
  play(pos, {"e2e3"});
  CHECK(pos.repetition_count() == 1);
  play(pos, {"e7e6"});
  CHECK(pos.repetition_count() == 1);
  shuffle_knights(pos);
  CHECK(pos.repetition_count() == 2);
  shuffle_knights(pos);
  CHECK(pos.repetition_count() == 3);
}

TEST_CASE("is_repetition_draw: once within the search or twice before it", "[draw]") {
  Position pos;
  CHECK_FALSE(pos.is_repetition_draw(0));
  shuffle_knights(pos);  // the start position again, 4 plies later
  CHECK(pos.is_repetition_draw(4));
  CHECK(pos.is_repetition_draw(10));
  CHECK_FALSE(pos.is_repetition_draw(3));  // one earlier occurrence, before the search: not yet
  shuffle_knights(pos);                    // a third occurrence
  CHECK(pos.is_repetition_draw(0));
  CHECK(pos.is_repetition_draw(4));
  play(pos, {"g1f3"});
  CHECK(pos.is_repetition_draw(0));  // this position occurred at plies 1 and 5 too
  play(pos, {"e7e5"});
  CHECK_FALSE(pos.is_repetition_draw(100));  // a pawn move: nothing before it can repeat
}

TEST_CASE("trim_history keeps the position and forgets earlier occurrences", "[draw]") {
  Position pos;
  shuffle_knights(pos);
  shuffle_knights(pos);
  REQUIRE(pos.repetition_count() == 3);
  const Key key = pos.key();
  pos.trim_history();
  CHECK(pos.history_size() == 0);
  CHECK(pos.key() == key);
  CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
  CHECK(pos.repetition_count() == 1);
  shuffle_knights(pos);
  CHECK(pos.repetition_count() == 2);
}

TEST_CASE("positions differing in castling rights are not repetitions", "[draw]") {
  Position pos = position_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Key before = pos.key();
  play(pos, {"h1h2", "h8h7", "h2h1", "h7h8"});  // the same placement, but without the king-side rights
  CHECK(pos.fen() == "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
  CHECK(pos.key() != before);
  CHECK(pos.repetition_count() == 1);
  play(pos, {"h1h2", "h8h7", "h2h1", "h7h8"});
  CHECK(pos.repetition_count() == 2);
  play(pos, {"h1h2", "h8h7", "h2h1", "h7h8"});
  CHECK(pos.repetition_count() == 3);
}

TEST_CASE("positions differing in side to move are not repetitions", "[draw]") {
  Position pos = position_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const Key whiteToMove = pos.key();
  play(pos, {"e1d1", "e8e7", "d1d2", "e7e8", "d2e1"});  // a triangle: the same placement, black to move
  CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 5 3");
  CHECK(pos.key() == (whiteToMove ^ zobrist::side));
  CHECK(pos.repetition_count() == 1);
  play(pos, {"e8e7", "e1d1", "e7e8", "d1e1"});
  CHECK(pos.repetition_count() == 2);
}

TEST_CASE("an en-passant right matters for repetition only when the capture is legal", "[draw]") {
  SECTION("legal capture: not a repetition") {
    Position pos = position_from("4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(pos, {"d7d5"});
    REQUIRE(pos.ep_square() == SQ_D6);
    const Key withEp = pos.key();
    shuffle_knights(pos);
    CHECK(pos.ep_square() == SQ_NONE);
    CHECK(pos.key() == (withEp ^ zobrist::enPassant[3]));
    CHECK(pos.repetition_count() == 1);
    shuffle_knights(pos);
    CHECK(pos.repetition_count() == 2);
  }
  SECTION("capture pinned along the rank: a repetition") {
    // exd6 would leave the white king on a5 open to the rook on h5.
    Position pos = position_from("4k1n1/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1");
    play(pos, {"d7d5"});
    REQUIRE(pos.ep_square() == SQ_NONE);
    const Key afterPush = pos.key();
    shuffle_knights(pos);
    CHECK(pos.key() == afterPush);
    CHECK(pos.repetition_count() == 2);
  }
  SECTION("no pawn to capture: a repetition") {
    Position pos = position_from("4k1n1/3p4/8/P7/8/8/8/4K1N1 b - - 0 1");
    play(pos, {"d7d5"});
    REQUIRE(pos.ep_square() == SQ_NONE);
    shuffle_knights(pos);
    CHECK(pos.repetition_count() == 2);
  }
}

TEST_CASE("the half-move clock counts plies since the last capture or pawn move", "[draw]") {
  Position pos = position_from("r3k1n1/8/8/8/8/8/7P/R3K1N1 w - - 0 1");
  for (int ply = 1; ply <= 150; ++ply) {
    play(pos, {KNIGHT_SHUFFLE[(ply - 1) % 4]});
    INFO("ply " << ply);
    REQUIRE(pos.rule50() == ply);
  }
  CHECK(pos.fen() == "r3k3/8/5n2/8/8/5N2/7P/R3K3 w - - 150 76");  // 50 moves at ply 100, 75 at ply 150
  play(pos, {"h2h3"});
  CHECK(pos.rule50() == 0);
  play(pos, {"f6g8"});
  CHECK(pos.rule50() == 1);
  play(pos, {"a1a8"});  // Rxa8+
  CHECK(pos.rule50() == 0);
  CHECK(pos.in_check());
  play(pos, {"e8e7"});
  CHECK(pos.rule50() == 1);
  CHECK(pos.fen() == "R5n1/4k3/8/8/8/5N1P/8/4K3 w - - 1 78");

  // Castling does not reset the clock; the FEN's clock is the starting value.
  Position castle = position_from("4k3/8/8/8/8/8/8/4K2R w K - 99 60");
  play(castle, {"e1g1"});
  CHECK(castle.rule50() == 100);
}

TEST_CASE("checkmate and stalemate", "[draw]") {
  SECTION("fool's mate") {
    Position pos;
    play(pos, {"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(pos.in_check());
    CHECK(pos.is_checkmate());
    CHECK_FALSE(pos.is_stalemate());
    CHECK_FALSE(pos.has_legal_moves());
    CHECK(MoveList(pos).size() == 0);
  }
  SECTION("back-rank mate") {
    Position pos = position_from("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    CHECK(pos.is_checkmate());
    CHECK_FALSE(pos.is_stalemate());
  }
  SECTION("check that can be parried is not mate") {
    Position pos;
    play(pos, {"e2e4", "f7f6", "d1h5"});
    CHECK(pos.in_check());
    CHECK_FALSE(pos.is_checkmate());
    CHECK_FALSE(pos.is_stalemate());
    CHECK(MoveList(pos).size() == 1);  // only g7-g6
  }
  SECTION("stalemates") {
    for (const char* fen : {"k7/8/1Q6/8/8/8/8/7K b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                            "5k2/5P2/5K2/8/8/8/8/8 b - - 0 1", "k7/P7/K7/8/8/8/8/8 b - - 0 1",
                            // black's bishop is pinned along the a-file, and its pawn blocked
                            "k7/b1K5/8/7p/7P/8/8/R7 b - - 0 1"}) {
      INFO(fen);
      Position pos = position_from(fen);
      CHECK_FALSE(pos.in_check());
      CHECK(pos.is_stalemate());
      CHECK_FALSE(pos.is_checkmate());
    }
  }
  SECTION("the start position is neither") {
    Position pos;
    CHECK_FALSE(pos.is_checkmate());
    CHECK_FALSE(pos.is_stalemate());
  }
}

TEST_CASE("claimable draws: threefold and 50 moves; automatic: fivefold and 75 moves", "[draw]") {
  Position pos;
  for (int ply = 1; ply <= 16; ++ply) {
    play(pos, {KNIGHT_SHUFFLE[(ply - 1) % 4]});
    INFO("ply " << ply);
    // The position after ply p has occurred 1 + p / 4 times: a third time from ply 8, a fifth at 16.
    CHECK(pos.can_claim_draw() == (ply >= 8));
    CHECK(pos.is_automatic_draw() == (ply >= 16));
  }

  Position fifty = position_from("r3k3/8/8/8/8/8/7P/R3K3 w - - 99 80");
  CHECK_FALSE(fifty.can_claim_draw());
  play(fifty, {"a1b1"});
  CHECK(fifty.can_claim_draw());
  CHECK_FALSE(fifty.is_automatic_draw());
  Position seventyFive = position_from("r3k3/8/8/8/8/8/7P/R3K3 w - - 149 80");
  CHECK_FALSE(seventyFive.is_automatic_draw());
  play(seventyFive, {"a1b1"});
  CHECK(seventyFive.is_automatic_draw());

  // A mate on the 150th ply stands: the game is won, not drawn.
  Position mate = position_from("7k/8/6K1/8/8/8/8/R7 w - - 149 120");
  play(mate, {"a1a8"});
  CHECK(mate.rule50() == 150);
  CHECK(mate.is_checkmate());
  CHECK_FALSE(mate.is_automatic_draw());
  CHECK_FALSE(mate.can_claim_draw());
  // Stalemate and dead positions are automatic draws.
  CHECK(position_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").is_automatic_draw());
  CHECK(position_from("8/8/8/4k3/8/8/2KB4/8 w - - 0 1").is_automatic_draw());
  CHECK_FALSE(position_from("8/8/8/4k3/8/8/2KR4/8 w - - 0 1").is_automatic_draw());
}
