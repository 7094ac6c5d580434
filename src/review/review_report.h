// A reviewed game as text for people, JSON for scripts, and annotated PGN; totals by rating band.
#pragma once

#include <string>
#include <vector>

#include "review/review.h"

namespace sparring::review {

// "+0.35", "-2.10", "#3", "#-2" (White's point of view, as Lichess prints evaluations).
std::string format_score(int whiteScore);

// The per-game report: each player's accuracy, ACPL and error counts, then every flagged move
// with the engine's better move.
std::string format_text(const GameReview& review, int index);

// One game as a JSON object (no trailing newline).
std::string format_json(const GameReview& review, int index);

// The game with a [%eval] comment after every judged move, NAGs ?! ? ?? and the better move on
// flagged moves, ready for format_pgn.
PgnGame annotate(const GameReview& review);

// Rating bands by a player's Elo: <900, 900-1100, ... 2300-2500, >=2500, and "unrated".
constexpr int BAND_NB = 11;
int rating_band(const std::string& eloTag);  // 0..9, or 10 for a missing or unreadable rating
const char* band_name(int band);

// The totals table (one line per band with moves, and the overall line).
std::string format_totals_text(const ReviewTotals (&bands)[BAND_NB], const ReviewTotals& all);
std::string format_totals_json(const ReviewTotals (&bands)[BAND_NB], const ReviewTotals& all);

std::string json_string(const std::string& s);  // quoted and escaped

}  // namespace sparring::review
