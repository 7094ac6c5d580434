// Sparring's centipawns put on the scale of the engine that Lichess's Win% formula and the human
// targets were made with (Stockfish 15.1). Without it Sparring's smaller scores in ordinary
// positions would make every Win% drop smaller and the review would count too few mistakes.
#pragma once

namespace sparring::review {

// A monotone, sign-symmetric piecewise-linear map fitted by scripts/fit_cp_scale.py: the p-th
// percentile of |Sparring cp| goes to the p-th percentile of |Stockfish cp| on the same positions,
// so the two score distributions (and so the distributions of Win% drops) agree. Not for mate scores.
int to_reference_cp(int cp);

}  // namespace sparring::review
