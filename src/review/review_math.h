// The pure arithmetic of a game review, after Lichess's published rules: Win%, move accuracy, the
// judgement of a move (inaccuracy, mistake, blunder, the forced-mate rules) and game accuracy.
// Scores are in the engine's units, from one side's point of view: centipawns, or a mate score
// MATE_SCORE - plies (the side mates) / -(MATE_SCORE - plies) (the side is mated). No search here.
#pragma once

#include <vector>

namespace sparring::review {

constexpr int MATE_SCORE = 32000;              // the engine's VALUE_MATE (checked where both are seen)
constexpr int MATE_BOUND = MATE_SCORE - 1000;  // at least this far out: a mate score
constexpr int EVAL_CAP = 1000;                 // centipawns; a mate counts as this much

inline bool is_mate(int score) { return score >= MATE_BOUND || score <= -MATE_BOUND; }
// Moves to mate, signed: > 0 the side mates, < 0 it is mated (0: checkmate on the board). Plies
// round up to moves either way: the other side's "mates in 1" (1 ply) is "mated in 1" here.
inline int mate_moves(int score) { return score > 0 ? (MATE_SCORE - score + 1) / 2 : -(MATE_SCORE + score + 1) / 2; }
// Centipawns capped at +-EVAL_CAP, a mate as +-EVAL_CAP.
int capped_cp(int score);

// Win% = 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1), cp capped.
double win_percent(int score);
// 103.1668 * exp(-0.04354 * drop) - 3.1669 + 1 for a drop of the mover's Win%, clamped to [0, 100].
double move_accuracy(double winBefore, double winAfter);

enum class Judgement { NONE, INACCURACY, MISTAKE, BLUNDER };
enum class MateChange { NONE, MATE_CREATED, MATE_LOST };  // walked into a forced mate / let one slip
struct Verdict {
  Judgement judgement = Judgement::NONE;
  MateChange mate = MateChange::NONE;
};
// Judges a move from the mover's scores before (the best play) and after the move played.
Verdict judge(int before, int after);
const char* judgement_name(Judgement j);  // "inaccuracy", "mistake", "blunder", ""
int judgement_nag(Judgement j);           // 6 (?!), 2 (?), 4 (??), 0

// Lichess's game accuracy for both sides. `whiteWin` is White's Win% at every position of the
// game, the start included (n moves: n + 1 values); the first move is White's when `whiteFirst`.
// A side with no move gets -1.
struct SideAccuracy {
  double white = -1, black = -1;
};
SideAccuracy game_accuracy(const std::vector<double>& whiteWin, bool whiteFirst);

}  // namespace sparring::review
