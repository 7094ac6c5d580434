#include "evaluate.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace sparring {

namespace {

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

Bitboard adjacent_files(Square s) { return shift<EAST>(file_bb(file_of(s))) | shift<WEST>(file_bb(file_of(s))); }

// Squares in front of `s` from `c`'s view, on its file.
Bitboard forward_file(Color c, Square s) {
  Bitboard f = file_bb(file_of(s));
  return c == WHITE ? f & ~((square_bb(s) << 1) - 1) & ~square_bb(s) : f & ((square_bb(s)) - 1);
}

// Squares an enemy pawn must not occupy for a pawn on `s` to be passed.
Bitboard passed_span(Color c, Square s) {
  Bitboard span = forward_file(c, s);
  return span | shift<EAST>(span) | shift<WEST>(span);
}

// Terms are named for the report of the `eval` command.
enum Term { TermMaterial, TermPieces, TermMobility, TermPawns, TermPassed, TermKing, TermThreats, TERM_NB };
constexpr const char* TERM_NAMES[TERM_NB] = {"Material+PSQT", "Pieces",      "Mobility", "Pawns",
                                             "Passed pawns",  "King safety", "Threats"};

template <bool Traced>
class Evaluator {
 public:
  Evaluator(const Position& p, EvalTrace* t) : pos(p), trace(t) {}

  int run();
  Score terms[TERM_NB][COLOR_NB] = {};
  int phase = 0, scale = 64;

 private:
  void add(Term term, Color c, const Score& w, int n = 1) {
    terms[term][c] += w * n;
    if constexpr (Traced) trace->coeff[&w - reinterpret_cast<const Score*>(&evalParams)][c] += n;
  }
  void init_attacks(Color c);
  void pieces_and_mobility(Color c);
  void pawns(Color c);
  void king_safety(Color c);
  void threats(Color c);
  int endgame_scale() const;

  const Position& pos;
  EvalTrace* trace;
  const EvalParams& P = evalParams;
  Bitboard attackedBy[COLOR_NB][PIECE_TYPE_NB] = {};  // [c][0] is all of c's attacks
  Bitboard attackedTwice[COLOR_NB] = {};
  Bitboard kingZone[COLOR_NB] = {};
  int kingAttackerCount[COLOR_NB] = {};  // pieces of c attacking the enemy king zone
};

template <bool Traced>
void Evaluator<Traced>::init_attacks(Color c) {
  Square ksq = pos.king_square(c);
  attackedBy[c][KING] = king_attacks(ksq);
  attackedBy[c][PAWN] =
      c == WHITE ? pawn_attacks_bb<WHITE>(pos.pieces(c, PAWN)) : pawn_attacks_bb<BLACK>(pos.pieces(c, PAWN));
  attackedBy[c][0] = attackedBy[c][KING] | attackedBy[c][PAWN];
  attackedTwice[c] = attackedBy[c][KING] & attackedBy[c][PAWN];
  // The king zone: the king's neighbourhood plus one more rank towards the enemy.
  Bitboard zone = king_attacks(ksq) | square_bb(ksq);
  kingZone[c] = zone | (c == WHITE ? shift<NORTH>(zone) : shift<SOUTH>(zone));
}

template <bool Traced>
void Evaluator<Traced>::pieces_and_mobility(Color c) {
  const Color them = ~c;
  const Bitboard occ = pos.pieces();
  // Mobility counts squares not occupied by own pawns or king and not attacked by enemy pawns.
  const Bitboard mobilityArea = ~(pos.pieces(c, PAWN, KING) | attackedBy[them][PAWN]);

  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN}) {
    for (Bitboard b = pos.pieces(c, pt); b;) {
      Square s = pop_lsb(b);
      // Sliders see through their own queen (and rooks through own rooks): batteries count.
      Bitboard xrayOcc = occ;
      if (pt == BISHOP) xrayOcc ^= pos.pieces(c, QUEEN);
      if (pt == ROOK) xrayOcc ^= pos.pieces(c, ROOK, QUEEN) & ~square_bb(s);
      Bitboard att = attacks_bb(pt, s, xrayOcc);
      if (pos.blockers_for_king(c) & square_bb(s)) att &= line_bb(pos.king_square(c), s);

      attackedTwice[c] |= attackedBy[c][0] & att;
      attackedBy[c][0] |= att;
      attackedBy[c][pt] |= att;
      if (att & kingZone[them]) {
        kingAttackerCount[c]++;
        add(TermKing, c, P.kingZoneAttack[pt], popcount(att & kingZone[them]));
      }

      int mob = popcount(att & mobilityArea);
      switch (pt) {
        case KNIGHT: add(TermMobility, c, P.knightMobility[mob]); break;
        case BISHOP: add(TermMobility, c, P.bishopMobility[mob]); break;
        case ROOK: add(TermMobility, c, P.rookMobility[mob]); break;
        default: add(TermMobility, c, P.queenMobility[mob]); break;
      }

      if (pt == ROOK) {
        Bitboard file = file_bb(file_of(s));
        if (!(file & pos.pieces(PAWN)))
          add(TermPieces, c, P.rookOpenFile);
        else if (!(file & pos.pieces(c, PAWN)))
          add(TermPieces, c, P.rookSemiOpenFile);
      }
      const Bitboard front = c == WHITE ? shift<NORTH>(square_bb(s)) : shift<SOUTH>(square_bb(s));
      if ((pt == KNIGHT || pt == BISHOP) && (pos.pieces(c, PAWN) & front)) add(TermPieces, c, P.minorBehindPawn);
    }
  }
  if (pos.count(c, BISHOP) >= 2) add(TermPieces, c, P.bishopPair);
}

template <bool Traced>
void Evaluator<Traced>::pawns(Color c) {
  const Color them = ~c;
  const Bitboard own = pos.pieces(c, PAWN), enemy = pos.pieces(them, PAWN);
  const Direction up = pawn_push(c);
  for (Bitboard b = own; b;) {
    Square s = pop_lsb(b);
    int r = relative_rank(c, s);
    Bitboard neighbours = own & adjacent_files(s);
    bool supported = neighbours & pawn_attacks(them, s);
    bool phalanx = neighbours & rank_bb(rank_of(s));

    if (!neighbours) add(TermPawns, c, P.isolatedPawn);
    if (forward_file(c, s) & own) add(TermPawns, c, P.doubledPawn);
    if (supported || phalanx) add(TermPawns, c, P.connectedPawn[r]);
    // Backward: no own pawn beside or behind can defend its advance, and the stop square is
    // controlled by an enemy pawn.
    Square stop = s + up;
    if (neighbours && !(neighbours & ~(passed_span(c, s) & ~forward_file(c, s))) && (pawn_attacks(c, stop) & enemy))
      add(TermPawns, c, P.backwardPawn);

    if (!(passed_span(c, s) & enemy)) {
      add(TermPassed, c, P.passedPawn[r]);
      if (!pos.empty(stop)) add(TermPassed, c, P.passedBlocked[r]);
      int kingDelta =
          std::min(distance(pos.king_square(them), stop), 5) - std::min(distance(pos.king_square(c), stop), 5);
      add(TermPassed, c, P.passedKingDistance[r], kingDelta);
    }
  }
}

template <bool Traced>
void Evaluator<Traced>::king_safety(Color c) {
  // Scored for `c` as the attacker of the enemy king.
  const Color them = ~c;
  const Square ksq = pos.king_square(them);
  add(TermKing, c, P.kingAttackers[std::min(kingAttackerCount[c], 7)]);

  const Bitboard occ = pos.pieces();
  const Bitboard safe = ~attackedBy[them][0] & ~pos.pieces(c);
  add(TermKing, c, P.safeCheck[KNIGHT], popcount(knight_attacks(ksq) & attackedBy[c][KNIGHT] & safe));
  add(TermKing, c, P.safeCheck[BISHOP], popcount(bishop_attacks(ksq, occ) & attackedBy[c][BISHOP] & safe));
  add(TermKing, c, P.safeCheck[ROOK], popcount(rook_attacks(ksq, occ) & attackedBy[c][ROOK] & safe));
  add(TermKing, c, P.safeCheck[QUEEN], popcount(queen_attacks(ksq, occ) & attackedBy[c][QUEEN] & safe));

  // The defender's pawn shelter, scored for the defender.
  Bitboard files = file_bb(file_of(ksq)) | adjacent_files(ksq);
  Bitboard front =
      files & (forward_file(them, ksq) | shift<EAST>(forward_file(them, ksq)) | shift<WEST>(forward_file(them, ksq)));
  add(TermKing, them, P.kingShelter[std::min(popcount(front & pos.pieces(them, PAWN)), 3)]);
}

template <bool Traced>
void Evaluator<Traced>::threats(Color c) {
  const Color them = ~c;
  const Bitboard nonPawns = pos.pieces(them) & ~pos.pieces(them, PAWN, KING);
  add(TermThreats, c, P.threatByPawn, popcount(attackedBy[c][PAWN] & nonPawns));
  for (Bitboard b = (attackedBy[c][KNIGHT] | attackedBy[c][BISHOP]) & pos.pieces(them) & ~pos.pieces(them, KING); b;)
    add(TermThreats, c, P.threatByMinor[type_of(pos.piece_on(pop_lsb(b)))]);
  for (Bitboard b = attackedBy[c][ROOK] & pos.pieces(them) & ~pos.pieces(them, KING); b;)
    add(TermThreats, c, P.threatByRook[type_of(pos.piece_on(pop_lsb(b)))]);
  add(TermThreats, c, P.hangingPiece,
      popcount(attackedBy[c][0] & ~attackedBy[them][0] & pos.pieces(them) & ~pos.pieces(them, KING)));
}

// Endgames that are drawish though material says otherwise, as a factor out of 64.
template <bool Traced>
int Evaluator<Traced>::endgame_scale() const {
  int egWhite = terms[TermMaterial][WHITE].eg, egBlack = terms[TermMaterial][BLACK].eg;
  Color strong = egWhite >= egBlack ? WHITE : BLACK;
  Color weak = ~strong;
  auto nonPawn = [&](Color c) {
    return 3 * pos.count(c, KNIGHT) + 3 * pos.count(c, BISHOP) + 5 * pos.count(c, ROOK) + 9 * pos.count(c, QUEEN);
  };
  // Without pawns the stronger side needs more than a minor piece's edge to win.
  if (!pos.count(strong, PAWN) && nonPawn(strong) - nonPawn(weak) <= 3) return nonPawn(strong) <= 3 ? 0 : 8;
  // Opposite-coloured bishops, nothing else but pawns.
  if (pos.count(WHITE, BISHOP) == 1 && pos.count(BLACK, BISHOP) == 1 && !pos.pieces(KNIGHT, ROOK) &&
      !pos.pieces(QUEEN) &&
      bool(pos.pieces(WHITE, BISHOP) & DARK_SQUARES) != bool(pos.pieces(BLACK, BISHOP) & DARK_SQUARES))
    return 32;
  return 64;
}

template <bool Traced>
int Evaluator<Traced>::run() {
  for (Color c : {WHITE, BLACK}) {
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
      for (Bitboard b = pos.pieces(c, pt); b;) {
        Square s = pop_lsb(b);
        if (pt != KING) add(TermMaterial, c, P.pieceValue[pt - 1]);
        add(TermMaterial, c, P.psqt[pt - 1][relative_square(c, s)]);
      }
    init_attacks(c);
  }
  for (Color c : {WHITE, BLACK}) pieces_and_mobility(c);
  for (Color c : {WHITE, BLACK}) {
    pawns(c);
    king_safety(c);
    threats(c);
  }
  add(TermPieces, pos.side_to_move(), P.tempo);

  Score total;
  for (auto& t : terms) total += t[WHITE] - t[BLACK];
  phase = std::min(PHASE_MAX, pos.count(WHITE, KNIGHT) + pos.count(BLACK, KNIGHT) + pos.count(WHITE, BISHOP) +
                                  pos.count(BLACK, BISHOP) + 2 * (pos.count(WHITE, ROOK) + pos.count(BLACK, ROOK)) +
                                  4 * (pos.count(WHITE, QUEEN) + pos.count(BLACK, QUEEN)));
  scale = endgame_scale();
  if constexpr (Traced) {
    trace->phase = phase;
    trace->scale = scale;
  }
  // Scale 0: the material cannot win, so the middlegame part (a few cp with a minor or two on the
  // board) must not leak a score into a drawn ending either.
  int v = scale ? (total.mg * phase + total.eg * (PHASE_MAX - phase) * scale / 64) / PHASE_MAX : 0;
  return pos.side_to_move() == WHITE ? v : -v;
}

}  // namespace

int evaluate(const Position& pos) { return Evaluator<false>(pos, nullptr).run(); }

int evaluate_traced(const Position& pos, EvalTrace& t) {
  t = EvalTrace{};
  return Evaluator<true>(pos, &t).run();
}

std::string eval_breakdown(const Position& pos) {
  Evaluator<false> e(pos, nullptr);
  int v = e.run();
  std::string out =
      "      Term      |    White    |    Black    |    Total\n                |   MG    EG  |   MG    EG  |   MG    "
      "EG\n";
  out += "----------------+-------------+-------------+------------\n";
  char buf[128];
  for (int t = 0; t < TERM_NB; ++t) {
    Score w = e.terms[t][WHITE], b = e.terms[t][BLACK];
    std::snprintf(buf, sizeof buf, "%15s | %5d %5d | %5d %5d | %5d %5d\n", TERM_NAMES[t], w.mg, w.eg, b.mg, b.eg,
                  w.mg - b.mg, w.eg - b.eg);
    out += buf;
  }
  int white = pos.side_to_move() == WHITE ? v : -v;
  std::snprintf(buf, sizeof buf,
                "\nPhase %d/%d, endgame scale %d/64\nFinal evaluation: %+d cp (White's view), %+d cp (side to move)\n",
                e.phase, PHASE_MAX, e.scale, white, v);
  return out + buf;
}

}  // namespace sparring
