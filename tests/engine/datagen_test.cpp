// Training data for the evaluation network: the 32-byte record and the self-play game.
#include <catch2/catch.hpp>
#include <string>

#include "engine/datagen.h"

using namespace sparring;

namespace {

Position position(const std::string& fen) {
  Position pos;
  std::string err = pos.set_fen(fen);
  INFO(fen);
  REQUIRE(err.empty());
  return pos;
}

}  // namespace

TEST_CASE("a training record holds the board, side, counters, score and result", "[datagen]") {
  const struct {
    const char* fen;
    int score, result;
  } cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 35, 1},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17", -1234, 0},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 99 140", 32767, 2},
      {"4k3/8/8/8/8/8/8/4K3 b - - 0 1", -32767, 1},
  };
  for (const auto& c : cases) {
    INFO(c.fen);
    const Position pos = position(c.fen);
    const TrainingRecord r = encode_record(pos, c.score, c.result);
    DecodedRecord d;
    REQUIRE(decode_record(r, d).empty());
    const std::string fen = c.fen;
    CHECK(d.placement == fen.substr(0, fen.find(' ')));
    CHECK(d.sideToMove == pos.side_to_move());
    CHECK(d.score == c.score);
    CHECK(d.result == c.result);
    CHECK(d.fullmove == pos.fullmove_number());
    CHECK(d.rule50 == pos.rule50());
    CHECK(d.version == TRAINING_RECORD_VERSION);
  }
  // Scores beyond 16 bits are clamped, and malformed records are refused with the reason.
  DecodedRecord d;
  REQUIRE(decode_record(encode_record(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 40000, 2), d).empty());
  CHECK(d.score == 32767);
  TrainingRecord bad = encode_record(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0, 1);
  bad[8] = 0x07;  // no piece has code 7
  CHECK(decode_record(bad, d).find("piece code") != std::string::npos);
  bad = encode_record(position("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), 0, 3);
  CHECK(decode_record(bad, d).find("result") != std::string::npos);
  bad[26] = 1;
  bad[31] = 99;
  CHECK(decode_record(bad, d).find("version") != std::string::npos);
}

TEST_CASE("a self-play game is repeatable, keeps only quiet positions and knows its result", "[datagen]") {
  const Position start = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  DatagenSettings settings;
  settings.nodes = 400;
  settings.skipPlies = 8;
  Search a, b;
  const DatagenGame g1 = play_datagen_game(a, start, settings);
  const DatagenGame g2 = play_datagen_game(b, start, settings);
  INFO(g1.ending << " after " << g1.plies << " plies");
  REQUIRE(g1.records == g2.records);
  CHECK(g1.whiteResult == g2.whiteResult);
  REQUIRE_FALSE(g1.records.empty());
  CHECK(g1.ending != "stopped");
  for (const TrainingRecord& r : g1.records) {
    DecodedRecord d;
    REQUIRE(decode_record(r, d).empty());
    Position pos = position(d.placement + (d.sideToMove == WHITE ? " w" : " b") + " - - 0 1");
    CHECK_FALSE(pos.in_check());
    CHECK_FALSE(is_mate_score(d.score));
    // The result is the game's, seen from the side to move.
    CHECK(d.result == (d.sideToMove == WHITE ? g1.whiteResult : 2 - g1.whiteResult));
  }
  // The same search object serves the next game as a fresh one would.
  CHECK(play_datagen_game(a, start, settings).records == g1.records);

  // A stop request ends the game with nothing kept.
  std::atomic<bool> stop{true};
  const DatagenGame stopped = play_datagen_game(a, start, settings, &stop);
  CHECK(stopped.records.empty());
  CHECK(stopped.ending == "stopped");
}
