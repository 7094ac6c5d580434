#include "perft.h"

#include "movegen.h"

namespace sparring {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  Move moves[MAX_MOVES];
  Move* end = generate_moves<LEGAL>(pos, moves);
  std::uint64_t nodes = 0;
  for (Move* m = moves; m != end; ++m) {
    pos.make_move(*m);
    nodes += perft(pos, depth - 1);
    pos.undo_move(*m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m);
  }
  return out;
}

}  // namespace sparring
