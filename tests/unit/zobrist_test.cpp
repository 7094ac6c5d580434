// Zobrist keys: the incremental key of make/undo equals a from-scratch one along random games.
#include <catch2/catch.hpp>
#include <random>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

namespace {

struct Snapshot {
  std::string fen;
  Key key;
};

// Plays up to `plies` random legal moves from `pos`, checking the key after every move, then takes
// them all back, checking that each undo restores the earlier position exactly. Returns the plies played.
int random_walk(Position& pos, std::mt19937& rng, int plies) {
  std::vector<Snapshot> before;
  std::vector<Move> played;
  for (int ply = 0; ply < plies; ++ply) {
    MoveList moves(pos);
    if (moves.size() == 0) break;
    const Move m = *(moves.begin() + rng() % moves.size());
    const std::string uci = to_uci(pos, m);
    before.push_back({pos.fen(), pos.key()});
    played.push_back(m);
    const Key predicted = pos.key_after(m);
    const int rights = pos.castling_rights();
    pos.make_move(m);

    INFO("after " << uci << " from " << before.back().fen);
    REQUIRE(pos.key() == pos.compute_key());
    // key_after leaves out castling, promotion, en passant, castling rights and a new en passant square; else it is
    // exact.
    if (m.kind() == NORMAL && pos.castling_rights() == rights && pos.ep_square() == SQ_NONE)
      CHECK(predicted == pos.key());
    // The same position set from its FEN has the same key: make_move keeps castling and en-passant
    // rights exactly as set_fen would.
    Position fromFen = position_from(pos.fen(), pos.is_chess960());
    CHECK(fromFen.key() == pos.key());

    // A null move flips the side to move and nothing else.
    if (!pos.in_check() && ply % 5 == 0) {
      const Key key = pos.key();
      pos.make_null_move();
      CHECK(pos.key() == pos.compute_key());
      CHECK(pos.key() != key);
      pos.undo_null_move();
      CHECK(pos.key() == key);
    }
  }
  for (size_t i = played.size(); i-- > 0;) {
    pos.undo_move(played[i]);
    INFO("undo " << to_uci(pos, played[i]) << " back to " << before[i].fen);
    REQUIRE(pos.fen() == before[i].fen);
    REQUIRE(pos.key() == before[i].key);
    REQUIRE(pos.key() == pos.compute_key());
  }
  return int(played.size());
}

}  // namespace

TEST_CASE("Zobrist keys stay exact along random games", "[zobrist]") {
  std::mt19937 rng(12345);
  int plies = 0, walks = 0;
  for (const PerftSuite& suite : ALL_SUITES)
    for (const PerftEntry& entry : load_perft_suite(suite)) {
      INFO(suite.file << ":" << entry.line << ": " << entry.fen);
      Position pos = position_from(entry.fen, suite.chess960);
      const std::string fen = pos.fen();
      const Key key = pos.key();
      plies += random_walk(pos, rng, 40);
      ++walks;
      CHECK(pos.fen() == fen);
      CHECK(pos.key() == key);
      CHECK(pos.history_size() == 0);
    }
  CHECK(walks == 609);
  CHECK(plies > 10000);
}

TEST_CASE("Zobrist keys stay exact along long random games from the start position", "[zobrist]") {
  std::mt19937 rng(2024);
  for (int game = 0; game < 20; ++game) {
    Position pos;
    random_walk(pos, rng, 200);
    CHECK(pos.fen() == START_FEN);
    CHECK(pos.key() == Position().key());
  }
}

TEST_CASE("Zobrist keys tell apart side to move and castling and en passant", "[zobrist]") {
  const Key start = Position().key();
  CHECK(position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").key() != start);
  CHECK(position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1").key() != start);
  CHECK(position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1").key() != start);
  // The clocks are not part of the key.
  CHECK(position_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 17 30").key() == start);

  // Transpositions reach the same key.
  Position a, b;
  play(a, {"g1f3", "g8f6", "b1c3"});
  play(b, {"b1c3", "g8f6", "g1f3"});
  CHECK(a.key() == b.key());
  CHECK(a.key() == a.compute_key());
}
