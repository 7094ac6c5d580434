// Move notation: UCI long algebraic and SAN, both ways.
#pragma once

#include <string>
#include <string_view>

#include "position.h"

namespace sparring {

std::string square_to_string(Square s);

// UCI long algebraic ("e2e4", "e7e8q"). Castling is "e1g1", or "e1h1" (king takes rook) when the
// position is in Chess960 mode. A null or empty move prints as "0000".
std::string to_uci(const Position& pos, Move m);

// Parses a UCI move and returns it if it is legal here, else Move::none(). Castling is accepted
// in the king-takes-rook form always, and in the king-destination form outside Chess960 mode.
Move parse_uci(const Position& pos, std::string_view text);

// Standard algebraic notation with minimal disambiguation and +/# suffixes; O-O and O-O-O.
std::string to_san(Position& pos, Move m);

// Parses SAN leniently (check marks, annotations, "0-0", missing "=" and over-disambiguation are
// accepted). Returns Move::none() and sets `error` when the move is illegal or ambiguous.
Move parse_san(const Position& pos, std::string_view text, std::string* error = nullptr);

}  // namespace sparring
