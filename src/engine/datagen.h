// Training data for the evaluation network from Sparring's own games: self-play at a fixed node
// budget, each kept position written as one 32-byte record with its search score and the result.
//
// The record (little-endian, no padding; scripts/train_nnue.py reads the same layout):
//   bytes  0-7   occupied squares, a bitboard (a1 = bit 0)
//   bytes  8-23  one 4-bit piece code per occupied square, in square order, low nibble first
//                (the Piece enum: 1-6 white pawn..king, 9-14 black pawn..king)
//   bytes 24-25  the search score in centipawns, from the side to move's view (int16)
//   byte  26     the game's result from the side to move's view: 0 lost, 1 draw, 2 won
//   byte  27     the side to move: 0 white, 1 black
//   bytes 28-29  the full-move number (uint16)
//   byte  30     the half-move clock (plies since a capture or pawn move, at most 255)
//   byte  31     the format version, TRAINING_RECORD_VERSION
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/search.h"

namespace sparring {

constexpr std::size_t TRAINING_RECORD_SIZE = 32;
constexpr std::uint8_t TRAINING_RECORD_VERSION = 1;

using TrainingRecord = std::array<std::uint8_t, TRAINING_RECORD_SIZE>;

// `result` from the side to move's view: 0 lost, 1 draw, 2 won.
TrainingRecord encode_record(const Position& pos, int score, int result);

struct DecodedRecord {
  std::string placement;  // the FEN's first field
  Color sideToMove = WHITE;
  int score = 0, result = 1, fullmove = 1, rule50 = 0, version = 0;
};
// The reason if the record is malformed (empty on success).
std::string decode_record(const TrainingRecord& r, DecodedRecord& out);

struct DatagenSettings {
  std::uint64_t nodes = 5000;  // search nodes a move
  int skipPlies = 16;          // positions before this game ply are not kept
  int maxPlies = 400;          // a game this long (from its start position) is a draw
  // Adjudication, in centipawns from the side to move's view of each search: a win when every score of
  // the last WIN_PLIES plies says the same side is at least this much ahead; a draw when, from ply
  // DRAW_FROM on, the last DRAW_PLIES scores are all within this much of zero.
  int winScore = 1500, winPlies = 6;
  int drawScore = 10, drawPlies = 12, drawFrom = 80;
};

struct DatagenGame {
  std::vector<TrainingRecord> records;
  int plies = 0;        // played from the start position
  int whiteResult = 1;  // 0 black won, 1 draw, 2 white won
  std::string ending;   // "checkmate", "adjudicated win", "stalemate", "repetition", ...
};

// Plays one game from `start` with `search` (cleared first, so a game depends only on its start),
// both sides at the same node budget, and returns the kept positions. `stop` ends it early (the
// game is then incomplete: its records must not be used).
DatagenGame play_datagen_game(Search& search, const Position& start, const DatagenSettings& settings,
                              const std::atomic<bool>* stop = nullptr);

}  // namespace sparring
