// Shared by the unit tests: the perft suites in tests/data, and small helpers to set up positions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"

namespace sparring::test {

// One EPD file of perft counts in tests/data.
struct PerftSuite {
  const char* file;
  bool chess960;          // Shredder-FEN castling letters; castling is printed as king-takes-rook
  std::size_t positions;  // how many the file holds: a check that the whole file was read
};

inline constexpr PerftSuite ETHEREAL_STANDARD{"ethereal_standard.epd", false, 128};
inline constexpr PerftSuite CW_PERFT{"cw_perft.epd", false, 174};
inline constexpr PerftSuite CPW_SIX{"cpw_six_standard_positions.epd", false, 7};
inline constexpr PerftSuite ETHEREAL_FISCHER{"ethereal_fischer_300.epd", true, 300};

inline constexpr PerftSuite STANDARD_SUITES[] = {ETHEREAL_STANDARD, CW_PERFT, CPW_SIX};
inline constexpr PerftSuite ALL_SUITES[] = {ETHEREAL_STANDARD, CW_PERFT, CPW_SIX, ETHEREAL_FISCHER};

// One position of a suite and the leaf counts the file lists for it (not always every depth).
struct PerftEntry {
  std::string fen;
  std::map<int, std::uint64_t> counts;  // depth -> leaves
  int line;                             // 1-based line in the file, for failure messages
};

// Reads a suite. Both EPD styles are accepted: "FEN ;D1 20 ;D2 400" and "FEN; D1 20; D2 400"; other
// operations (id "...") are ignored, and so are stray carriage returns and NUL bytes. A line that
// cannot be read fails the calling test.
std::vector<PerftEntry> load_perft_suite(const PerftSuite& suite);

// A position set from `fen`; the calling test fails if the FEN is rejected.
Position position_from(std::string_view fen, bool chess960 = false);

// Plays moves given in UCI notation; the calling test fails on the first one that is not legal.
void play(Position& pos, std::initializer_list<std::string_view> uciMoves);

// A FEN's whitespace-separated fields.
std::vector<std::string> fen_fields(std::string_view fen);

}  // namespace sparring::test
