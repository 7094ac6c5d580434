// The evaluation graph of a reviewed game as a self-contained SVG image.
#pragma once

#include <string>

#include "review/review.h"

namespace sparring::review {

// White's Win% (0-100) over the move number: a curve with the area below it shaded, the 50% line,
// labelled axes, a title with the players and result, and a marker (with a tooltip) on every
// inaccuracy, mistake and blunder.
std::string render_svg(const GameReview& review);

}  // namespace sparring::review
