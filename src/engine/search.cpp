#include "search.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "chess/movegen.h"
#include "engine/evaluate.h"
#include "engine/history.h"
#include "engine/mate_search.h"
#include "engine/movepick.h"
#include "engine/nnue_eval.h"
#include "engine/search_params.h"
#include "engine/see.h"
#include "engine/syzygy.h"

namespace sparring {

using namespace search_params;

namespace {

// Late-move reduction table: reductions grow with the log of depth and of the move number.
struct Reductions {
  int table[64][64];
  int base = 0, divisor = 0;  // the LMRBase and LMRDivisor it was computed with
  Reductions() { compute(); }
  void compute() {
    base = LMRBase;
    divisor = LMRDivisor;
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m)
        table[d][m] = int(LMRBase / 100.0 + std::log(d) * std::log(m) / (LMRDivisor / 100.0));
  }
  // A tune build's parameters change between searches (Search::run).
  void refresh() {
    if (base != LMRBase || divisor != LMRDivisor) compute();
  }
  int operator()(int depth, int moveCount) const { return table[std::min(depth, 63)][std::min(moveCount, 63)]; }
};
#ifdef SPARRING_TUNE
Reductions reduction;
#else
const Reductions reduction;
#endif

// Mate scores are stored in the TT relative to the node, and used relative to the root.
int score_to_tt(int v, int ply) {
  return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= -VALUE_MATE_IN_MAX_PLY ? v - ply : v;
}
int score_from_tt(int v, int ply, int rule50) {
  if (v >= VALUE_MATE_IN_MAX_PLY) return VALUE_MATE - v > 99 - rule50 ? VALUE_MATE_IN_MAX_PLY - 1 : v - ply;
  if (v <= -VALUE_MATE_IN_MAX_PLY) return VALUE_MATE + v > 99 - rule50 ? -VALUE_MATE_IN_MAX_PLY + 1 : v + ply;
  return v;
}

bool has_non_pawn_material(const Position& pos, Color c) { return pos.pieces(c) & ~pos.pieces(c, PAWN, KING); }

// Draws the search recognises: repetition (twice inside the tree, or a third time counting the
// game before the root), the 50-move rule (unless the move that reached 100 plies mated), and
// the dead positions of insufficient material.
bool is_draw(const Position& pos, int ply) {
  if (pos.rule50() >= 100 && (!pos.in_check() || pos.has_legal_moves())) return true;
  return pos.is_repetition_draw(ply) || pos.is_insufficient_material();
}

}  // namespace

struct StackEntry {
  Move move = Move::none();
  Piece movedPiece = NO_PIECE;
  Move killers[2] = {};
  Move excluded = Move::none();
  int staticEval = 0;
  int doubleExtensions = 0;        // on the line to this ply
  PieceToHistory* cont = nullptr;  // continuation history row of this ply's move
  Move pv[MAX_PLY + 1];
  int pvLength = 0;

  // The move made at this ply, with the piece it moves and its continuation-history row.
  void set_move(Move m, Piece pc, History& h) {
    move = m;
    movedPiece = pc;
    cont = &h.continuation[pc][m.to()];
  }

  // This ply's PV becomes `m` followed by the next ply's PV.
  void update_pv(Move m) {
    const StackEntry& child = this[1];
    pv[0] = m;
    std::copy(child.pv, child.pv + child.pvLength, pv + 1);
    pvLength = child.pvLength + 1;
  }
};

class Worker {
 public:
  Worker(Search& s, int i) : search(s), index(i) { history->clear(); }

  void prepare(const Position& p, const SearchLimits& limits) {
    pos = p;
    reportedBest = Move::none();
    featuresOff = effective_features_off(search.opts);
    const nn::NnueNet* net = featuresOff & FEATURE_NNUE ? nullptr : search.opts.evalNet;
    if (net != nnueNet) {
      nnueNet = net;
      nnue = nnueNet ? std::make_unique<NnueStack>(*nnueNet) : nullptr;
    }
    if (nnue) nnue->reset(pos);
    nodes.store(0, std::memory_order_relaxed);
    tbHits.store(0, std::memory_order_relaxed);
    tbCardinality = search.tb.cardinality;
    tbProbeDepth = search.tb.probeDepth;
    tbRule50 = search.tb.rule50;
    checkCounter = 0;  // a node limit then stops every search at the same node, whatever came before
    selDepth = 0;
    completedDepth = 0;
    rootMoves.clear();
    for (Move m : MoveList(pos))
      if (limits.searchMoves.empty() ||
          std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m) != limits.searchMoves.end())
        rootMoves.push_back(RootMove{m, -VALUE_INFINITE, -VALUE_INFINITE, 0, BOUND_EXACT, {m}});
  }

  void iterative_deepening();
  void clear_history() { history->clear(); }

  std::atomic<std::uint64_t> nodes{0}, tbHits{0};
  std::vector<RootMove> rootMoves;
  Move reportedBest = Move::none();  // the best move of the last line reported
  int completedDepth = 0;

 private:
  template <bool PvNode>
  int negamax(int alpha, int beta, int depth, int ply, bool cutNode);
  template <bool PvNode>
  int qsearch(int alpha, int beta, int ply);
  int root_search(int alpha, int beta, int depth, int pvIdx);
  void update_quiet_stats(int ply, Move best, int bonus, const Move* quiets, int quietCount);
  void update_continuation(int ply, Piece pc, Square to, int bonus);
  void report(int depth, int multiPV, int alpha, int beta);
  bool stopped() const { return search.stopFlag.load(std::memory_order_relaxed); }
  bool on(SearchFeature f) const { return !(featuresOff & f); }
  // Only this thread writes its counter, so a plain load and store (no locked add) is enough.
  void count_node() { nodes.store(nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  void count_tbhit() { tbHits.store(tbHits.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  void check_time();
  int static_eval(int ply) {
    if (!nnue) return evaluate(pos);
    const int v = nnue->evaluate(pos, ply);
    return on(FEATURE_NET_SCALE) ? net_eval_for_search(v) : v;
  }
  // Every move the search makes goes through these, so the network's accumulators follow.
  void make_move(int ply, Move m) {
    search.tt.prefetch(pos.key_after(m));  // the child's entry is on its way while the move is made
    if (nnue) nnue->push(ply, pos, m);
    pos.make_move(m);
  }
  void make_null_move(int ply) {
    if (nnue) nnue->push_null(ply);
    pos.make_null_move();
  }

  Search& search;
  const int index;
  Position pos;
  std::unique_ptr<History> history = std::make_unique<History>();
  StackEntry stack[MAX_PLY + 10];
  int selDepth = 0;
  int pvIdx = 0;
  int rootDepth = 0;
  int bestMoveChanges = 0;
  std::uint64_t checkCounter = 0;
  unsigned featuresOff = 0;
  int tbCardinality = 0, tbProbeDepth = 0;  // Search::tb's, for this search
  bool tbRule50 = true;
  const nn::NnueNet* nnueNet = nullptr;
  std::unique_ptr<NnueStack> nnue;  // when the search evaluates with a network
};

// ---------------------------------------------------------------------------------------------
// The main search.

template <bool PvNode>
int Worker::negamax(int alpha, int beta, int depth, int ply, bool cutNode) {
  if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply);

  StackEntry* ss = &stack[ply + 2];  // two entries below ply 0 keep [ss - 2] valid
  const bool rootNode = PvNode && ply == 0;
  ss->pvLength = 0;
  if (PvNode) selDepth = std::max(selDepth, ply + 1);

  count_node();
  if (index == 0 && ++checkCounter % 1024 == 0) check_time();

  if (!rootNode) {
    if (stopped()) return 0;
    if (is_draw(pos, ply)) return VALUE_DRAW;
    if (ply >= MAX_PLY) return pos.in_check() ? 0 : static_eval(ply);
    // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
    alpha = std::max(alpha, -VALUE_MATE + ply);
    beta = std::min(beta, VALUE_MATE - ply - 1);
    if (alpha >= beta) return alpha;
  }

  const bool inCheck = pos.in_check();
  const Key key = pos.key();
  const Move excluded = ss->excluded;
  TTData tte{};
  const bool ttHit = !excluded && search.tt.probe(key, tte);
  const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos.rule50()) : 0;
  Move ttMove = rootNode ? rootMoves[pvIdx].move : ttHit ? tte.move : Move::none();
  const bool ttPv = PvNode || (ttHit && tte.pv);

  // A deep enough TT result ends a non-PV node at once.
  if (!PvNode && ttHit && tte.depth >= depth && pos.rule50() < 90 &&
      (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER))) {
    // A quiet TT move that cuts again earns what a cutoff in the move loop would.
    if (on(FEATURE_TT_CUT_HISTORY) && ttScore >= beta && ttMove && !pos.is_capture(ttMove) &&
        ttMove.kind() != PROMOTION && pos.piece_on(ttMove.from()) != NO_PIECE &&
        color_of(pos.piece_on(ttMove.from())) == pos.side_to_move())
      update_quiet_stats(ply, ttMove, history_bonus(depth), nullptr, 0);
    return ttScore;
  }

  // Syzygy tables: after a capture or pawn move, with few enough pieces, the WDL value ends the node
  // where its bound allows, and bounds the node's score otherwise (at PV nodes). Never at the root.
  int tbBest = -VALUE_INFINITE, tbMax = VALUE_INFINITE;
  if (tbCardinality && !rootNode && !excluded && pos.rule50() == 0 && !pos.castling_rights()) {
    const int pieces = popcount(pos.pieces());
    syzygy::Wdl wdl;
    if (pieces <= tbCardinality && (pieces < tbCardinality || depth >= tbProbeDepth) && syzygy::probe_wdl(pos, wdl)) {
      count_tbhit();
      const int drawScore = tbRule50 ? 1 : 0;  // with the rule, cursed wins and blessed losses are near draws
      const int v = wdl < -drawScore  ? -VALUE_TB_WIN + ply
                    : wdl > drawScore ? VALUE_TB_WIN - ply
                                      : VALUE_DRAW + 2 * wdl * drawScore;
      const Bound b = wdl < -drawScore ? BOUND_UPPER : wdl > drawScore ? BOUND_LOWER : BOUND_EXACT;
      if (b == BOUND_EXACT || (b == BOUND_LOWER ? v >= beta : v <= alpha)) {
        search.tt.store(key, Move::none(), score_to_tt(v, ply), -VALUE_INFINITE, std::min(depth + 6, 127), b, ttPv);
        return v;
      }
      if (PvNode) {
        if (b == BOUND_LOWER)
          tbBest = v, alpha = std::max(alpha, v);
        else
          tbMax = v;
      }
    }
  }

  int eval;
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
  if (inCheck) {
    eval = ss->staticEval = -VALUE_INFINITE;
  } else if (excluded) {
    eval = ss->staticEval;  // the same node searched again without one move
  } else {
    ss->staticEval = eval = ttHit && tte.eval != -VALUE_INFINITE ? tte.eval : static_eval(ply);
    // The TT score is a better estimate than the static eval when its bound allows.
    if (ttHit && (tte.bound & (ttScore > eval ? BOUND_LOWER : BOUND_UPPER))) eval = ttScore;
  }
  bool improving = !inCheck && ply >= 2 && ss->staticEval > (ss - 2)->staticEval;
  // Two plies back was in check (no static eval): compare with four plies back if that is known.
  if (on(FEATURE_IMPROVING_MORE) && !inCheck && ply >= 4 && (ss - 2)->staticEval == -VALUE_INFINITE &&
      (ss - 4)->staticEval != -VALUE_INFINITE)
    improving = ss->staticEval > (ss - 4)->staticEval;

  if (!PvNode && !inCheck && !excluded) {
    // Reverse futility: far enough above beta that a quiet reply will not bring us back down.
    if (on(FEATURE_REVERSE_FUTILITY) && depth <= RFPDepth && eval - RFPMargin * (depth - improving) >= beta &&
        eval < VALUE_MATE_IN_MAX_PLY)
      return eval;

    // Null move: if passing still fails high, a real move surely would. Not in pawn endings,
    // where zugzwang makes passing a lie.
    if (on(FEATURE_NULL_MOVE) && depth >= 3 && eval >= beta && ss->staticEval >= beta &&
        (ss - 1)->move != Move::null() && has_non_pawn_material(pos, pos.side_to_move()) &&
        beta > -VALUE_MATE_IN_MAX_PLY) {
      int R = NMPBase + depth / NMPDepthDiv + std::min((eval - beta) / NMPEvalDiv, 3);
      ss->move = Move::null();
      ss->movedPiece = NO_PIECE;
      ss->cont = nullptr;
      make_null_move(ply);
      int v = -negamax<false>(-beta, -beta + 1, depth - R, ply + 1, !cutNode);
      pos.undo_null_move();
      if (stopped()) return 0;
      if (v >= beta) {
        if (v >= VALUE_MATE_IN_MAX_PLY) v = beta;
        if (depth < 12) return v;
        // At high depth, verify with a reduced normal search (guards against zugzwang).
        int verified = negamax<false>(beta - 1, beta, depth - R, ply, false);
        if (verified >= beta) return v;
      }
    }

    // ProbCut: a capture that beats beta by a margin at a shallow depth will beat it at full depth.
    const int probBeta = beta + ProbCutMargin;
    if (on(FEATURE_PROBCUT) && depth >= ProbCutDepth && std::abs(beta) < VALUE_MATE_IN_MAX_PLY &&
        !(ttHit && tte.depth >= depth - 3 && ttScore < probBeta)) {
      MovePicker noisy(pos, ttMove, *history);
      for (Move m = noisy.next(); m; m = noisy.next()) {
        if (!see_ge(pos, m, probBeta - ss->staticEval)) continue;
        ss->set_move(m, pos.piece_on(m.from()), *history);
        make_move(ply, m);
        int v = -qsearch<false>(-probBeta, -probBeta + 1, ply + 1);
        if (v >= probBeta) v = -negamax<false>(-probBeta, -probBeta + 1, depth - 4, ply + 1, !cutNode);
        pos.undo_move(m);
        if (stopped()) return 0;
        if (v >= probBeta) {
          search.tt.store(key, m, score_to_tt(v, ply), ss->staticEval, depth - 3, BOUND_LOWER, ttPv);
          return v;
        }
      }
    }
  }

  // Internal iterative reduction: without a TT move this node is probably less important.
  if (on(FEATURE_IIR) && !rootNode && !ttMove && depth >= 4 && (PvNode || cutNode)) depth--;

  const Move counter =
      ply >= 1 && (ss - 1)->movedPiece ? history->counterMove[(ss - 1)->movedPiece][(ss - 1)->move.to()] : Move::none();
  const PieceToHistory* cont[2] = {(ss - 1)->cont, (ss - 2)->cont};
  const bool ttNoisy = ttMove && (pos.is_capture(ttMove) || ttMove.kind() == PROMOTION);
  MovePicker picker(pos, ttMove, *history, ss->killers, counter, cont);

  int bestScore = tbBest, moveCount = 0, quietCount = 0;
  Move bestMove = Move::none();
  Move quiets[64], captures[32];
  int captureCount = 0;
  const int oldAlpha = alpha;

  for (Move m = picker.next(); m; m = picker.next()) {
    if (m == excluded) continue;
    if (rootNode && std::find_if(rootMoves.begin() + pvIdx, rootMoves.end(),
                                 [&](const RootMove& r) { return r.move == m; }) == rootMoves.end())
      continue;  // MultiPV: moves already reported, or excluded by searchmoves
    ++moveCount;
    if (rootNode && index == 0 && search.time.elapsed() > 1000 && search.callbacks.onCurrMove)
      search.callbacks.onCurrMove(depth, m, moveCount + pvIdx);

    const bool capture = pos.is_capture(m);
    const bool quiet = !capture && m.kind() != PROMOTION;
    const bool givesCheck = pos.gives_check(m);
    const Piece pc = pos.piece_on(m.from());
    int extension = 0;

    // Pruning of moves that will not matter, once a move has kept us out of a mate.
    if (!rootNode && bestScore > -VALUE_MATE_IN_MAX_PLY && has_non_pawn_material(pos, pos.side_to_move())) {
      if (quiet && !givesCheck) {
        // Late-move pruning: deep in the list at low depth, quiets are not worth a look.
        if (on(FEATURE_LATE_MOVE_PRUNING) && moveCount >= (LMPBase + depth * depth) / (2 - improving))
          picker.skip_quiets();
        int lmrDepth = std::max(0, depth - reduction(depth, moveCount));
        if (on(FEATURE_FUTILITY) && lmrDepth <= FutilityDepth && !inCheck &&
            ss->staticEval + FutilityBase + FutilityPerDepth * lmrDepth <= alpha) {
          picker.skip_quiets();
          continue;
        }
        if (on(FEATURE_SEE_PRUNING) && !see_ge(pos, m, -SEEQuietMargin * lmrDepth * lmrDepth)) continue;
        // History pruning: a quiet move that has failed after these moves before is not worth a look.
        if (on(FEATURE_HISTORY_PRUNING) && lmrDepth <= HistPruneDepth &&
            continuation_score(cont, pc, m.to()) < -HistPruneMargin * depth)
          continue;
      } else if (on(FEATURE_SEE_PRUNING) && capture && depth <= SEECaptureDepth &&
                 !see_ge(pos, m, -SEECaptureMargin * depth)) {
        continue;
      }
    }

    // Singular extension: when the TT move is much better than every alternative, look deeper.
    if (on(FEATURE_SINGULAR) && !rootNode && depth >= SingularDepth && m == ttMove && !excluded &&
        tte.depth >= depth - 3 && (tte.bound & BOUND_LOWER) && std::abs(ttScore) < VALUE_MATE_IN_MAX_PLY) {
      int singularBeta = ttScore - SingularMargin * depth / 10;
      ss->excluded = m;
      int v = negamax<false>(singularBeta - 1, singularBeta, (depth - 1) / 2, ply, cutNode);
      ss->excluded = Move::none();
      if (v < singularBeta) {
        extension = 1;
        // Far below every alternative: two plies, a limited number of times on a line.
        if (on(FEATURE_SINGULAR_MORE) && !PvNode && v < singularBeta - DoubleExtMargin &&
            (ss - 1)->doubleExtensions <= 5)
          extension = 2;
      } else if (singularBeta >= beta) {
        return singularBeta;  // multi-cut: several moves beat beta, this node fails high
      } else if (on(FEATURE_SINGULAR_MORE) && ttScore >= beta) {
        extension = -1;  // not singular, and expected to fail high anyway
      }
    } else if (givesCheck && on(FEATURE_CHECK_EXTENSION)) {
      extension = 1;
    }

    ss->set_move(m, pc, *history);
    ss->doubleExtensions = (ss - 1)->doubleExtensions + (extension == 2);
    make_move(ply, m);
    const int newDepth = depth - 1 + extension;
    int score;

    if (on(FEATURE_LMR) && depth >= 3 && moveCount > 1 + rootNode && !givesCheck &&
        (quiet || picker.is_bad_capture())) {
      // Late-move reduction, adjusted by what we know of this node and move.
      int r = reduction(depth, moveCount);
      r += !improving;
      r += cutNode;
      r -= ttPv;
      if (quiet) {
        int h = 2 * history->butterfly[~pos.side_to_move()][m.from()][m.to()] + (cont[0] ? (*cont[0])[pc][m.to()] : 0);
        r -= h / LMRHistoryDiv;
      }
      if (on(FEATURE_LMR_MORE)) {
        r += quiet && ttNoisy;  // the best move here is probably not quiet
        r -= m == ss->killers[0] || m == ss->killers[1] || m == counter;
      }
      int reduced = std::clamp(newDepth - r, 1, newDepth);
      score = -negamax<false>(-alpha - 1, -alpha, reduced, ply + 1, true);
      if (score > alpha && reduced < newDepth) score = -negamax<false>(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
    } else if (!PvNode || moveCount > 1) {
      score = -negamax<false>(-alpha - 1, -alpha, newDepth, ply + 1, !cutNode);
    } else {
      score = alpha + 1;  // force the full-window search below
    }
    if (PvNode && (moveCount == 1 || (score > alpha && (rootNode || score < beta))))
      score = -negamax<true>(-beta, -alpha, newDepth, ply + 1, false);
    pos.undo_move(m);

    if (stopped()) return 0;

    if (rootNode) {
      RootMove& rm = *std::find_if(rootMoves.begin(), rootMoves.end(), [&](const RootMove& r) { return r.move == m; });
      if (moveCount == 1 || score > alpha) {
        rm.score = score;
        rm.selDepth = selDepth;
        rm.bound = score >= beta ? BOUND_LOWER : score <= alpha ? BOUND_UPPER : BOUND_EXACT;
        rm.pv.assign(1, m);
        for (int i = 0; i < (ss + 1)->pvLength; ++i) rm.pv.push_back((ss + 1)->pv[i]);
        if (moveCount > 1) ++bestMoveChanges;
      } else {
        rm.score = -VALUE_INFINITE;  // sorted below the moves that were searched with a full window
      }
    }

    if (score > bestScore) {
      bestScore = score;
      if (score > alpha) {
        bestMove = m;
        if (PvNode) ss->update_pv(m);
        if (score >= beta) break;
        alpha = score;
      }
    }
    if (quiet && m != bestMove && quietCount < 64) quiets[quietCount++] = m;
    if (capture && m != bestMove && captureCount < 32) captures[captureCount++] = m;
  }

  if (!moveCount) return excluded ? alpha : inCheck ? -VALUE_MATE + ply : VALUE_DRAW;

  if (bestMove) {
    int bonus = history_bonus(depth);
    auto captureEntry = [&](Move m) -> std::int16_t& {
      PieceType victim = pos.captured_type(m);
      return history->capture[pos.piece_on(m.from())][m.to()][victim];
    };
    if (!pos.is_capture(bestMove) && bestMove.kind() != PROMOTION)
      update_quiet_stats(ply, bestMove, bonus, quiets, quietCount);
    else
      update_history(captureEntry(bestMove), bonus);
    // The captures tried before the best move were not as good as their ordering said.
    if (on(FEATURE_CAPTURE_MALUS))
      for (int i = 0; i < captureCount; ++i) update_history(captureEntry(captures[i]), -bonus);
  }

  // Every move failed low: the opponent's quiet move that led here was a good one.
  if (on(FEATURE_PRIOR_BONUS) && !bestMove && !excluded && ply >= 1 && (ss - 1)->movedPiece &&
      (ss - 1)->move.kind() != PROMOTION && pos.captured_piece() == NO_PIECE) {
    const Move prev = (ss - 1)->move;
    const int bonus = history_bonus(depth);
    update_history(history->butterfly[~pos.side_to_move()][prev.from()][prev.to()], bonus);
    update_continuation(ply - 1, (ss - 1)->movedPiece, prev.to(), bonus);
  }

  if (PvNode) bestScore = std::min(bestScore, tbMax);  // no better than the tables allow
  if (!excluded && !(rootNode && pvIdx > 0)) {
    Bound b = bestScore >= beta ? BOUND_LOWER : PvNode && bestMove && bestScore > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
    search.tt.store(key, bestMove, score_to_tt(bestScore, ply), ss->staticEval, depth, b, ttPv);
  }
  return bestScore;
}

template <bool PvNode>
int Worker::qsearch(int alpha, int beta, int ply) {
  StackEntry* ss = &stack[ply + 2];
  ss->pvLength = 0;
  if (PvNode) selDepth = std::max(selDepth, ply + 1);
  count_node();
  if (index == 0 && ++checkCounter % 1024 == 0) check_time();
  if (stopped()) return 0;
  if (is_draw(pos, ply)) return VALUE_DRAW;
  const bool inCheck = pos.in_check();
  if (ply >= MAX_PLY) return inCheck ? 0 : static_eval(ply);

  const Key key = pos.key();
  TTData tte{};
  const bool ttHit = search.tt.probe(key, tte);
  const int ttScore = ttHit ? score_from_tt(tte.score, ply, pos.rule50()) : 0;
  if (!PvNode && ttHit && (tte.bound & (ttScore >= beta ? BOUND_LOWER : BOUND_UPPER))) return ttScore;

  int bestScore, staticEval;
  if (inCheck) {
    bestScore = staticEval = -VALUE_INFINITE;
  } else {
    staticEval = bestScore = ttHit && tte.eval != -VALUE_INFINITE ? tte.eval : static_eval(ply);
    if (ttHit && (tte.bound & (ttScore > bestScore ? BOUND_LOWER : BOUND_UPPER))) bestScore = ttScore;
    // Stand pat: the side to move need not capture.
    if (bestScore >= beta) {
      if (!ttHit) search.tt.store(key, Move::none(), score_to_tt(bestScore, ply), staticEval, -1, BOUND_LOWER, false);
      return bestScore;
    }
    alpha = std::max(alpha, bestScore);
  }

  MovePicker picker(pos, ttHit ? tte.move : Move::none(), *history);
  Move bestMove = Move::none();
  const int oldAlpha = alpha;
  int moveCount = 0;
  for (Move m = picker.next(); m; m = picker.next()) {
    ++moveCount;
    if (!inCheck) {
      // Losing captures and captures that cannot reach alpha even winning the piece are skipped.
      if (!see_ge(pos, m, 0)) continue;
      PieceType victim = pos.captured_type(m);
      if (m.kind() != PROMOTION && staticEval + SEE_VALUE[victim] + QSFutilityMargin <= alpha) continue;
    } else if (bestScore > -VALUE_MATE_IN_MAX_PLY && !pos.is_capture(m) && m.kind() != PROMOTION && moveCount > 3) {
      continue;  // evasions beyond the first few quiet ones, once mate is ruled out
    }
    ss->set_move(m, pos.piece_on(m.from()), *history);
    make_move(ply, m);
    int score = -qsearch<PvNode>(-beta, -alpha, ply + 1);
    pos.undo_move(m);
    if (stopped()) return 0;
    if (score > bestScore) {
      bestScore = score;
      if (score > alpha) {
        bestMove = m;
        if (PvNode) ss->update_pv(m);
        if (score >= beta) break;
        alpha = score;
      }
    }
  }
  if (inCheck && bestScore == -VALUE_INFINITE) return -VALUE_MATE + ply;  // checkmate

  Bound b = bestScore >= beta ? BOUND_LOWER : PvNode && bestScore > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
  search.tt.store(key, bestMove, score_to_tt(bestScore, ply), staticEval, -1, b, false);
  return bestScore;
}

void Worker::update_continuation(int ply, Piece pc, Square to, int bonus) {
  for (int back : {1, 2}) {
    StackEntry* prev = &stack[ply + 2 - back];
    if (prev->cont) update_history((*prev->cont)[pc][to], bonus);
  }
}

void Worker::update_quiet_stats(int ply, Move best, int bonus, const Move* quiets, int quietCount) {
  StackEntry* ss = &stack[ply + 2];
  const Color us = pos.side_to_move();
  if (ss->killers[0] != best) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = best;
  }
  update_history(history->butterfly[us][best.from()][best.to()], bonus);
  update_continuation(ply, pos.piece_on(best.from()), best.to(), bonus);
  for (int i = 0; i < quietCount; ++i) {
    update_history(history->butterfly[us][quiets[i].from()][quiets[i].to()], -bonus);
    update_continuation(ply, pos.piece_on(quiets[i].from()), quiets[i].to(), -bonus);
  }
  if (ply >= 1 && (ss - 1)->movedPiece) history->counterMove[(ss - 1)->movedPiece][(ss - 1)->move.to()] = best;
}

// ---------------------------------------------------------------------------------------------
// Iterative deepening, aspiration windows, MultiPV, time decisions.

void Worker::check_time() {
  if (search.should_stop_hard()) search.stopFlag.store(true, std::memory_order_relaxed);
}

void Worker::report(int depth, int multiPV, int alpha, int beta) {
  if (index != 0 || !search.callbacks.onIteration) return;
  const std::uint64_t total = search.total_nodes();
  const std::int64_t ms = search.time.elapsed();
  for (int i = 0; i < multiPV; ++i) {
    const RootMove& rm = rootMoves[i];
    bool updated = rm.score != -VALUE_INFINITE;
    if (!updated && rm.previousScore == -VALUE_INFINITE) continue;  // never searched
    IterationInfo info;
    info.depth = updated ? depth : std::max(1, depth - 1);
    info.selDepth = rm.selDepth;
    info.multiPV = i + 1;
    info.score = search.shown_score(rm.move, updated ? rm.score : rm.previousScore);
    info.bound = BOUND_EXACT;
    if (i == pvIdx && updated && !search.tb.rootInTables)
      info.bound = rm.score >= beta ? BOUND_LOWER : rm.score <= alpha ? BOUND_UPPER : BOUND_EXACT;
    search.fill_info(info);
    info.nodes = total;
    info.timeMs = ms;
    info.pv = rm.pv;
    search.callbacks.onIteration(info);
  }
  reportedBest = rootMoves[0].move;
}

int Worker::root_search(int alpha, int beta, int depth, int pv) {
  pvIdx = pv;
  selDepth = 0;
  return negamax<true>(alpha, beta, depth, 0, false);
}

void Worker::iterative_deepening() {
  for (int i = 0; i < MAX_PLY + 10; ++i) stack[i] = StackEntry{};
  const SearchLimits& limits = search.limits;
  const int multiPV = std::min<int>(search.opts.multiPV, int(rootMoves.size()));
  const int maxDepth = limits.depth > 0 ? std::min(limits.depth, MAX_PLY - 1) : MAX_PLY - 1;
  int lastBestScore = -VALUE_INFINITE;
  Move lastBest = Move::none();
  int stableIterations = 0;
  double bestMoveInstability = 0;

  for (rootDepth = 1; rootDepth <= maxDepth && !stopped(); ++rootDepth) {
    // Helper threads skip some depths so they do not all search the same tree.
    if (index > 0 && rootDepth > 1 && ((rootDepth + index) % 3 == 0)) continue;
    for (RootMove& rm : rootMoves) rm.previousScore = rm.score;
    bestMoveChanges = 0;

    for (int pv = 0; pv < multiPV && !stopped(); ++pv) {
      int prev = rootMoves[pv].previousScore;
      int delta = AspDelta;
      int alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (on(FEATURE_ASPIRATION) && rootDepth >= 4 && prev != -VALUE_INFINITE && !is_mate_score(prev)) {
        alpha = std::max(prev - delta, -VALUE_INFINITE);
        beta = std::min(prev + delta, VALUE_INFINITE);
      }
      while (true) {
        int score = root_search(alpha, beta, rootDepth, pv);
        std::stable_sort(rootMoves.begin() + pv, rootMoves.end());
        if (stopped()) break;
        if (score <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(score - delta, -VALUE_INFINITE);
        } else if (score >= beta) {
          beta = std::min(score + delta, VALUE_INFINITE);
        } else {
          break;
        }
        delta += delta * AspGrowthPct / 100 + 5;
        if (rootDepth >= 12 && search.time.elapsed() > 3000) report(rootDepth, multiPV, alpha, beta);
      }
      std::stable_sort(rootMoves.begin(), rootMoves.begin() + pv + 1);
    }
    if (stopped()) {
      // An interrupted iteration's first move is still trustworthy if it was searched fully.
      break;
    }
    completedDepth = rootDepth;
    report(rootDepth, multiPV, -VALUE_INFINITE, VALUE_INFINITE);
    if (index != 0) continue;

    const RootMove& best = rootMoves[0];
    // Stop once a mate as short as asked for is proven.
    if (limits.mate && best.score >= VALUE_MATE_IN_MAX_PLY && mate_in_moves(best.score) <= limits.mate) break;
    if (limits.nodes && search.total_nodes() >= limits.nodes) break;

    // `go movetime` means that long exactly (UCI), so only a clock gets the soft budget.
    if (search.time.enabled() && !search.ponderFlag.load() && limits.movetime == 0) {
      // Spend more when the best move keeps changing or the score is falling, less when stable.
      stableIterations = best.move == lastBest ? stableIterations + 1 : 0;
      bestMoveInstability = bestMoveInstability / 2 + bestMoveChanges;
      double stability = std::clamp(1.3 - 0.07 * stableIterations, 0.6, 1.3);
      double instability = 1.0 + 0.5 * std::min(bestMoveInstability, 3.0);
      double falling =
          lastBestScore == -VALUE_INFINITE ? 1.0 : std::clamp(1.0 + (lastBestScore - best.score) / 100.0, 0.8, 1.6);
      double budget = search.time.optimum() * stability * instability * falling;
      if (rootMoves.size() == 1) budget = std::min(budget, 0.2 * search.time.optimum());
      if (search.time.elapsed() > std::min<double>(budget, search.time.maximum())) break;
    }
    lastBest = best.move;
    lastBestScore = best.score;
  }
}

// ---------------------------------------------------------------------------------------------
// Search: threads and control.

Search::Search() { Position::init(); }

Search::~Search() {
  stop();
  wait();
}

std::size_t Search::set_hash(std::size_t megabytes) {
  wait();
  return tt.resize(megabytes);
}

void Search::clear() {
  wait();
  tt.clear();
  for (auto& w : workers) w->clear_history();
}

std::uint64_t Search::total_nodes() const {
  std::uint64_t n = 0;
  for (const auto& w : workers) n += w->nodes.load(std::memory_order_relaxed);
  return n;
}

std::uint64_t Search::total_tbhits() const {
  std::uint64_t n = tb.rootHits;
  for (const auto& w : workers) n += w->tbHits.load(std::memory_order_relaxed);
  return n;
}

void Search::fill_info(IterationInfo& info) const {
  info.nodes = total_nodes();
  info.timeMs = time.elapsed();
  info.hashfull = tt.hashfull();
  info.tablebases = tb.used;
  info.tbHits = total_tbhits();
}

namespace {

// The score shown for a root move ranked by the tables (syzygy::RankedMove), as Stockfish shows it: a
// win as a tablebase win, a cursed win or blessed loss as a few centipawns (more the nearer the 50-move
// rule would let it be decided), a draw as 0. With the rule off, every win is a win.
int tb_rank_score(int rank, bool rule50) {
  const int bound = rule50 ? 900 : 1;
  return rank >= bound   ? VALUE_TB_WIN
         : rank > 0      ? std::max(3, rank - 800) / 2
         : rank == 0     ? VALUE_DRAW
         : rank > -bound ? std::min(-3, rank + 800) / 2
                         : -VALUE_TB_WIN;
}

}  // namespace

void Search::setup_tablebases(const Position& pos, SearchLimits& lim) {
  tb = Tablebases{};
  const int largest = opts.tablebases ? syzygy::max_pieces() : 0;
  if (!largest) return;
  tb.used = true;
  tb.rule50 = opts.tb50MoveRule;
  tb.cardinality = std::min(opts.tbProbeLimit, largest);
  // A limit above the largest table: every table is probed at any depth (as in Stockfish).
  tb.probeDepth = opts.tbProbeLimit > largest ? 0 : opts.tbProbeDepth;
  std::vector<syzygy::RankedMove> best;
  bool byDtz = false;
  int probed = 0;
  const bool inTables =
      syzygy::keep_best_root_moves(pos, tb.rule50, tb.cardinality, lim.searchMoves, best, byDtz, probed);
  tb.rootHits = std::uint64_t(probed);
  if (!inTables) return;
  // Only the moves that keep the best result: the search chooses among them.
  for (const syzygy::RankedMove& r : best) tb.rootScores.emplace_back(r.move, tb_rank_score(r.rank, tb.rule50));
  tb.rootInTables = true;
  // With DTZ the ranking alone keeps the result, and the search's evaluation finds the way among equal
  // wins; probes would only flatten them. With WDL alone, probes help a winning side make progress.
  if (byDtz || best[0].rank <= 0) tb.cardinality = 0;
}

int Search::shown_score(Move m, int score) const {
  if (!tb.rootInTables || is_mate_score(score)) return score;
  for (const auto& [move, tbScore] : tb.rootScores)
    if (move == m) return tbScore;
  return score;
}

bool Search::should_stop_hard() {
  if (limits.nodes && total_nodes() >= limits.nodes) return true;
  if (ponderFlag.load(std::memory_order_relaxed) || limits.infinite) return false;
  return time.enabled() && time.elapsed() >= time.maximum();
}

void Search::start(const Position& pos, const SearchLimits& lim, SearchCallbacks cbs) {
  wait();
  // Set here, not in the search thread, so a `stop` sent right after `go` is never lost.
  stopFlag = false;
  ponderFlag = lim.ponder;
  running = true;
  // The clock starts here, on the caller's thread, before the search thread exists: ponderhit()
  // reads it from this thread while the search runs, so it must not be written by the search.
  time.start(lim.clock, lim.movetime, opts.moveOverhead, pos.game_ply());
  mainThread = std::thread([this, pos, lim, cbs]() { run(pos, lim, cbs); });
}

void Search::run(Position pos, SearchLimits lim, SearchCallbacks cbs) {
  setup_tablebases(pos, lim);
#ifdef SPARRING_TUNE
  reduction.refresh();  // before any worker reads it
#endif
  limits = lim;
  callbacks = std::move(cbs);
  tt.new_search();

  const int threads = std::max(1, opts.threads);
  while (int(workers.size()) < threads) workers.push_back(std::make_unique<Worker>(*this, int(workers.size())));
  while (int(workers.size()) > threads) workers.pop_back();
  for (auto& w : workers) w->prepare(pos, lim);

  Move best = Move::none(), ponder = Move::none();
  const bool mateProven = limits.mate && !workers[0]->rootMoves.empty() && prove_mate(pos, best, ponder);
  if (mateProven) {
    while ((limits.infinite || ponderFlag.load()) && !stopFlag.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  } else if (!workers[0]->rootMoves.empty()) {
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i) helpers.emplace_back([this, i] { workers[i]->iterative_deepening(); });
    workers[0]->iterative_deepening();
    // In infinite or ponder mode the GUI expects no bestmove before it says stop (or ponderhit).
    while ((limits.infinite || ponderFlag.load()) && !stopFlag.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    stopFlag = true;
    for (auto& h : helpers) h.join();

    // Prefer a helper whose deeper completed iteration found a better score.
    Worker* chosen = workers[0].get();
    for (auto& w : workers)
      if (w->completedDepth > chosen->completedDepth && w->rootMoves[0].score > chosen->rootMoves[0].score &&
          !w->rootMoves[0].pv.empty())
        chosen = w.get();
    // The last line before bestmove must show the move played.
    if (callbacks.onIteration && chosen->rootMoves[0].move != workers[0]->reportedBest) {
      IterationInfo info;
      const RootMove& rm = chosen->rootMoves[0];
      info.depth = std::max(1, chosen->completedDepth);
      info.selDepth = rm.selDepth;
      info.score = shown_score(rm.move, rm.score != -VALUE_INFINITE           ? rm.score
                                        : rm.previousScore != -VALUE_INFINITE ? rm.previousScore
                                                                              : 0);
      fill_info(info);
      info.pv = rm.pv;
      callbacks.onIteration(info);
    }
    lastResult = chosen->rootMoves;
    best = lastResult[0].move;
    if (lastResult[0].pv.size() > 1) ponder = lastResult[0].pv[1];
  } else {
    while ((limits.infinite || ponderFlag.load()) && !stopFlag.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    lastResult.clear();
  }
  if (!mateProven) lastNodes = total_nodes();
  // No longer searching once the GUI can see bestmove: its next command may come at once.
  running = false;
  if (callbacks.onBestMove) callbacks.onBestMove(best, ponder);
}

bool Search::prove_mate(const Position& pos, Move& best, Move& ponder) {
  MateSearchLimits mateLimits;
  mateLimits.maxMoves = std::min(limits.mate, MAX_MATE_MOVES);
  mateLimits.nodeBudget = limits.nodes;
  mateLimits.pvLines = std::max(1, opts.multiPV);
  mateLimits.rootMoves = limits.searchMoves;
  mateLimits.interrupted = [this] { return stopFlag.load(std::memory_order_relaxed) || should_stop_hard(); };
  const MateSearchResult proof = search_mates(pos, mateLimits);

  if (proof.moves.empty()) {
    if (callbacks.onNoMate) callbacks.onNoMate(mateLimits.maxMoves, proof.complete);
    // No mate (or no time to find one): the normal search picks the move, with what is left of
    // the node budget, and to a modest depth unless the GUI limited the search otherwise.
    limits.mate = 0;
    if (limits.nodes) limits.nodes = std::max<std::uint64_t>(1, limits.nodes - std::min(limits.nodes, proof.nodes));
    if (!limits.nodes && !limits.depth && !limits.use_time() && !limits.infinite)
      limits.depth = std::clamp(2 * mateLimits.maxMoves + 2, 6, 20);
    return false;
  }

  // Every proven mating move, shortest first; each is an exact mate length, so each line is final.
  lastResult.clear();
  const int lines = std::min<int>(std::max(1, opts.multiPV), int(proof.moves.size()));
  for (int i = 0; i < int(proof.moves.size()); ++i) {
    const MatingMove& mm = proof.moves[i];
    RootMove rm;
    rm.move = mm.move;
    rm.score = rm.previousScore = VALUE_MATE - (2 * mm.mateIn - 1);
    rm.pv = mm.pv.empty() ? std::vector<Move>{mm.move} : mm.pv;
    rm.selDepth = int(rm.pv.size());
    lastResult.push_back(rm);
    if (i >= lines || !callbacks.onIteration) continue;
    IterationInfo info;
    info.depth = 2 * mm.mateIn - 1;
    info.selDepth = rm.selDepth;
    info.multiPV = i + 1;
    info.score = rm.score;
    info.nodes = proof.nodes;
    info.timeMs = time.elapsed();
    info.hashfull = tt.hashfull();
    info.pv = rm.pv;
    callbacks.onIteration(info);
  }
  best = lastResult[0].move;
  if (lastResult[0].pv.size() > 1) ponder = lastResult[0].pv[1];
  lastNodes = proof.nodes;
  return true;
}

void Search::stop() { stopFlag = true; }

void Search::ponderhit() {
  ponderFlag = false;
  // Thinking continues under the normal time limits, counted from the `go`.
  if (time.enabled() && time.elapsed() >= time.optimum()) stopFlag = true;
}

void Search::wait() {
  if (mainThread.joinable()) mainThread.join();
}

std::vector<RootMove> Search::search_sync(const Position& pos, const SearchLimits& lim, SearchCallbacks cbs) {
  start(pos, lim, std::move(cbs));
  wait();
  return lastResult;
}

// ---------------------------------------------------------------------------------------------
// Switching selective features off, for measuring them.

namespace {

constexpr std::pair<std::string_view, SearchFeature> FEATURE_NAMES[] = {
    {"nmp", FEATURE_NULL_MOVE},
    {"rfp", FEATURE_REVERSE_FUTILITY},
    {"fp", FEATURE_FUTILITY},
    {"lmp", FEATURE_LATE_MOVE_PRUNING},
    {"see", FEATURE_SEE_PRUNING},
    {"lmr", FEATURE_LMR},
    {"iir", FEATURE_IIR},
    {"se", FEATURE_SINGULAR},
    {"check", FEATURE_CHECK_EXTENSION},
    {"asp", FEATURE_ASPIRATION},
    {"nnue", FEATURE_NNUE},
    {"probcut", FEATURE_PROBCUT},
    {"hp", FEATURE_HISTORY_PRUNING},
    {"cmalus", FEATURE_CAPTURE_MALUS},
    {"ttcut", FEATURE_TT_CUT_HISTORY},
    {"se2", FEATURE_SINGULAR_MORE},
    {"lmr2", FEATURE_LMR_MORE},
    {"prior", FEATURE_PRIOR_BONUS},
    {"imp", FEATURE_IMPROVING_MORE},
    {"netscale", FEATURE_NET_SCALE},
};

}  // namespace

std::string parse_search_features(std::string_view names, unsigned& mask) {
  mask = 0;
  while (!names.empty()) {
    const size_t comma = names.find(',');
    const std::string_view name = names.substr(0, comma);
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
    if (name.empty()) continue;
    auto it = std::find_if(std::begin(FEATURE_NAMES), std::end(FEATURE_NAMES),
                           [&](const auto& f) { return f.first == name; });
    if (it == std::end(FEATURE_NAMES)) return std::string(name);
    mask |= it->second;
  }
  return "";
}

unsigned effective_features_off(const SearchOptions& options) {
  const bool network = options.evalNet && !(options.featuresOff & FEATURE_NNUE);
  return options.featuresOff | (network ? 0 : FEATURE_NNUE | FEATURES_NETWORK_ONLY);
}

int score_in_net_units(int score, const SearchOptions& options) {
  const bool scaled = !(effective_features_off(options) & FEATURE_NET_SCALE);
  return scaled && !is_mate_score(score) ? score * 100 / NET_EVAL_PERCENT : score;
}

unsigned search_features_off_from_environment() {
  static const unsigned mask = [] {
    const char* env = std::getenv("SPARRING_SEARCH_OFF");
    unsigned m = 0;
    if (!env) return m;
    const std::string unknown = parse_search_features(env, m);
    if (unknown.empty()) return m;
    std::cerr << "SPARRING_SEARCH_OFF: unknown feature '" << unknown << "', nothing switched off\n";
    return 0u;
  }();
  return mask;
}

}  // namespace sparring
