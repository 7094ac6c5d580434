#include "perft.h"

#include "movegen.h"

namespace sparring {

namespace {

struct StopCheck {
  const std::atomic<bool>& flag;
  bool stopped = false;
};

// perft() with a look at the stop flag at every node above the last two plies.
std::uint64_t perft_stoppable(Position& pos, int depth, StopCheck& stop) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  if (stop.flag.load(std::memory_order_relaxed)) {
    stop.stopped = true;
    return 0;
  }
  Move moves[MAX_MOVES];
  Move* end = generate_moves<LEGAL>(pos, moves);
  std::uint64_t nodes = 0;
  for (Move* m = moves; m != end && !stop.stopped; ++m) {
    pos.make_move(*m);
    nodes += perft_stoppable(pos, depth - 1, stop);
    pos.undo_move(*m);
  }
  return nodes;
}

}  // namespace

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

PerftResult perft_divide(Position& pos, int depth, const std::atomic<bool>& stop,
                         const std::function<void(Move, std::uint64_t)>& onMove) {
  PerftResult result;
  StopCheck check{stop};
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    const std::uint64_t n = perft_stoppable(pos, depth - 1, check);
    pos.undo_move(m);
    result.nodes += n;
    if (check.stopped) break;
    onMove(m, n);
  }
  result.stopped = check.stopped;
  return result;
}

}  // namespace sparring
