// What a person notices about a candidate move before choosing it: the inputs of the human
// choice model. Static features come from the position alone; the two loss features come from
// searches (what is obvious at a glance, and what a deeper look shows).
#pragma once

#include <array>

#include "chess/position.h"

namespace sparring {

enum Feature : int {
  // From the searches, in Win% points / 10 lost against the best move of that search.
  F_LOSS_STATIC,  // the position after the move as it stands, no reply considered
  F_LOSS_STATIC_SQRT,
  F_LOSS_GLANCE,       // after a one-ply look with captures resolved
  F_LOSS_GLANCE_SQRT,  // the same, square-rooted: small losses weigh relatively more
  F_LOSS_DEEP,         // after the level's deeper search
  F_LOSS_DEEP_SQRT,
  F_LOSS_GLANCE_CP,  // the glance loss in pawns (capped at 10): material, as people count it
  F_LOSS_DEEP_CP,
  F_BEST_GLANCE,  // the glance's first choice (or tied with it)
  F_BEST_DEEP,    // the deeper search's first choice
  // The move itself.
  F_CAPTURE,
  F_CAPTURE_GAIN,   // captured piece value in pawns
  F_WINS_MATERIAL,  // the exchange on the target square wins at least a pawn
  F_RECAPTURE,      // takes on the square the opponent just moved to
  F_CHECK,
  F_KNIGHT,
  F_BISHOP,
  F_ROOK,
  F_QUEEN,
  F_KING,  // a king walk (castling is its own feature)
  F_CASTLE,
  F_PROMOTION,
  F_DISTANCE,       // squares travelled / 7
  F_BACKWARD,       // a piece (not a pawn) retreating toward its own side
  F_LONG_DIAGONAL,  // a diagonal slide of four squares or more
  F_ESCAPES,        // the piece stood attacked by a cheaper piece or undefended
  F_TO_ATTACKED,    // the target square is attacked by the opponent
  F_TO_DEFENDED,    // the target square is defended by another of our pieces
  F_SEE_LOSS,       // the exchange on the target square loses material
  F_DEVELOPS,       // a knight or bishop leaves its home rank
  F_EARLY_QUEEN,    // a queen move in the first ten moves
  F_SAME_PIECE,     // moves the piece that moved last time
  F_NEAR_KING,      // lands next to (or a knight's jump from) the enemy king's zone
  F_PAWN_ADVANCE,   // pawn move: how far up the board it lands / 7
  F_CENTER,         // lands in the central 4x4 squares
  // Where the move ranks among all moves in each view: people compare moves, so being the second
  // or third candidate matters beyond the size of the loss. Filled by set_ranks.
  F_STATIC_RANK_LOG,  // log of the rank (1 = best) by the static view
  F_GLANCE_RANK2,
  F_GLANCE_RANK3,
  F_GLANCE_RANK_LOG,
  F_DEEP_RANK2,
  F_DEEP_RANK3,
  F_DEEP_RANK_LOG,
  FEATURE_NB
};

constexpr const char* FEATURE_NAMES[FEATURE_NB] = {"loss_static",     "loss_static_sqrt",
                                                   "loss_glance",     "loss_glance_sqrt",
                                                   "loss_deep",       "loss_deep_sqrt",
                                                   "loss_glance_cp",  "loss_deep_cp",
                                                   "best_glance",     "best_deep",
                                                   "capture",         "capture_gain",
                                                   "wins_material",   "recapture",
                                                   "check",           "knight",
                                                   "bishop",          "rook",
                                                   "queen",           "king",
                                                   "castle",          "promotion",
                                                   "distance",        "backward",
                                                   "long_diag",       "escapes",
                                                   "to_attacked",     "to_defended",
                                                   "see_loss",        "develops",
                                                   "early_queen",     "same_piece",
                                                   "near_king",       "pawn_advance",
                                                   "center",          "static_rank_log",
                                                   "glance_rank2",    "glance_rank3",
                                                   "glance_rank_log", "deep_rank2",
                                                   "deep_rank3",      "deep_rank_log"};

using FeatureVector = std::array<float, FEATURE_NB>;

// Fills the static features of a legal move (the loss features are left at zero).
void describe_move(const Position& pos, Move m, FeatureVector& f);

// Win% of a score for the side it belongs to, by Lichess's formula (cp capped at ±1000).
double win_percent(int cp);

// How a move's outcome looks at three depths of attention, each from the mover's side.
struct MoveViews {
  int stat = 0;    // static evaluation of the position after the move
  int glance = 0;  // one ply, captures resolved
  int deep = 0;    // the level's deeper search
};

// Fills the loss and best-move features from a move's views and the best of each view.
void set_losses(FeatureVector& f, const MoveViews& move, const MoveViews& best);

// Fills the rank features of every move of a position from their loss features (set_losses first).
void set_ranks(FeatureVector* const* moves, int n);

}  // namespace sparring
