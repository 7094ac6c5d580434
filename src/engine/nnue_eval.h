// The evaluation network in the engine: which input feature a piece on a square is, and a stack of
// accumulators that follows the search's moves. A move only records what it changed; the arithmetic
// is done when a position is evaluated, from the nearest ancestor already computed (many positions
// are searched without ever being evaluated).
#pragma once

#include <memory>

#include "chess/position.h"
#include "nn/nnue.h"

namespace sparring {

constexpr int NNUE_STACK_PLIES = MAX_PLY + 10;  // as deep as the search's stack

// The feature of piece `pc` on `sq` seen from `perspective`: own pieces first, the board turned for black.
constexpr int nnue_feature(Color perspective, Piece pc, Square sq) {
  return (color_of(pc) != perspective) * 384 + (type_of(pc) - 1) * 64 + (perspective == WHITE ? sq : sq ^ 56);
}

// The accumulators of a position from scratch (both perspectives).
void nnue_refresh(const nn::NnueNet& net, const Position& pos, nn::NnueAccumulator& acc);
// The network's evaluation of a position from scratch, in centipawns for the side to move.
int nnue_evaluate(const nn::NnueNet& net, const Position& pos);
// The evaluation network built into the binary (src/engine/eval.nnw); an unusable one stops the
// program with a message on stderr.
const nn::NnueNet& builtin_eval_net();

class NnueStack {
 public:
  explicit NnueStack(const nn::NnueNet& net) : net(net) {}
  void reset(const Position& root);                    // ply 0 is the root, computed now
  void push(int ply, const Position& before, Move m);  // ply + 1 is `before` after m
  void push_null(int ply);                             // ply + 1 is ply with the other side to move
  int evaluate(const Position& pos, int ply);          // pos is the position at `ply`

 private:
  struct Entry {
    nn::NnueAccumulator acc;
    bool computed = false;
    int addedCount = 0, removedCount = 0;
    int added[2][2], removed[2][2];  // [perspective][k]: a move adds and removes at most two pieces
  };
  const nn::NnueNet& net;
  std::unique_ptr<Entry[]> entries = std::make_unique<Entry[]>(NNUE_STACK_PLIES);
};

}  // namespace sparring
