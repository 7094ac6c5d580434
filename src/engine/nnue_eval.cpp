#include "nnue_eval.h"

#include "nn/embedded.h"

namespace sparring {

void nnue_refresh(const nn::NnueNet& net, const Position& pos, nn::NnueAccumulator& acc) {
  for (Color perspective : {WHITE, BLACK}) {
    int features[32], n = 0;
    for (Bitboard b = pos.pieces(); b && n < 32;) {
      const Square sq = pop_lsb(b);
      features[n++] = nnue_feature(perspective, pos.piece_on(sq), sq);
    }
    net.refresh(acc, perspective, features, n);
  }
}

int nnue_evaluate(const nn::NnueNet& net, const Position& pos) {
  nn::NnueAccumulator acc;
  nnue_refresh(net, pos, acc);
  return net.evaluate(acc, pos.side_to_move(), nn::nnue_bucket(popcount(pos.pieces())));
}

const nn::NnueNet& builtin_eval_net() {
  static const nn::NnueNet net = [] {
    nn::NnueNet n;
    const nn::Blob blob = nn::embedded_eval_net();
    nn::require_usable(n.load(blob.data, blob.size), "the built-in evaluation network");
    return n;
  }();
  return net;
}

void NnueStack::reset(const Position& root) {
  nnue_refresh(net, root, entries[0].acc);
  entries[0].computed = true;
}

void NnueStack::push(int ply, const Position& before, Move m) {
  Entry& e = entries[ply + 1];
  e.computed = false;
  e.addedCount = e.removedCount = 0;
  auto add = [&](Piece pc, Square sq) {
    for (Color p : {WHITE, BLACK}) e.added[p][e.addedCount] = nnue_feature(p, pc, sq);
    ++e.addedCount;
  };
  auto remove = [&](Piece pc, Square sq) {
    for (Color p : {WHITE, BLACK}) e.removed[p][e.removedCount] = nnue_feature(p, pc, sq);
    ++e.removedCount;
  };
  const Color us = before.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece moved = before.piece_on(from);
  if (m.kind() == CASTLING) {  // encoded as the king taking its own rook
    const bool kingSide = to > from;
    remove(moved, from);
    remove(before.piece_on(to), to);
    add(moved, relative_square(us, kingSide ? SQ_G1 : SQ_C1));
    add(before.piece_on(to), relative_square(us, kingSide ? SQ_F1 : SQ_D1));
    return;
  }
  remove(moved, from);
  add(m.kind() == PROMOTION ? make_piece(us, m.promotion()) : moved, to);
  if (m.kind() == EN_PASSANT)
    remove(make_piece(~us, PAWN), to - pawn_push(us));
  else if (before.piece_on(to) != NO_PIECE)
    remove(before.piece_on(to), to);
}

void NnueStack::push_null(int ply) {
  Entry& e = entries[ply + 1];
  e.computed = false;
  e.addedCount = e.removedCount = 0;
}

int NnueStack::evaluate(const Position& pos, int ply) {
  int last = ply;
  while (!entries[last].computed) --last;
  for (int k = last + 1; k <= ply; ++k) {
    Entry& e = entries[k];
    for (Color p : {WHITE, BLACK})
      net.update(entries[k - 1].acc, e.acc, p, e.added[p], e.addedCount, e.removed[p], e.removedCount);
    e.computed = true;
  }
  return net.evaluate(entries[ply].acc, pos.side_to_move(), nn::nnue_bucket(popcount(pos.pieces())));
}

}  // namespace sparring
