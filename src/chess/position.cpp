#include "position.h"

#include <charconv>
#include <cstring>
#include <sstream>

#include "movegen.h"
#include "notation.h"
#include "prng.h"

namespace sparring {

namespace zobrist {
Key psq[PIECE_NB][SQUARE_NB];
Key enPassant[8];
Key castling[CASTLING_RIGHT_NB];
Key side;
}  // namespace zobrist

namespace {

constexpr std::string_view PIECE_CHARS = " PNBRQK  pnbrqk";

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace((unsigned char)s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace((unsigned char)s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool parse_int(std::string_view s, int lo, int hi, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && out >= lo && out <= hi;
}

}  // namespace

void Position::init() {
  init_bitboards();
  Prng rng(0x1070372ULL);
  for (auto& perPiece : zobrist::psq)
    for (Key& k : perPiece) k = rng.next();
  for (Key& k : zobrist::enPassant) k = rng.next();
  // Castling keys are the xor of one key per right, so that losing a right is one xor pair.
  Key single[4];
  for (Key& k : single) k = rng.next();
  for (int cr = 0; cr < CASTLING_RIGHT_NB; ++cr) {
    zobrist::castling[cr] = 0;
    for (int b = 0; b < 4; ++b)
      if (cr & (1 << b)) zobrist::castling[cr] ^= single[b];
  }
  zobrist::side = rng.next();
}

Position::Position() { set_fen(START_FEN); }

void Position::put_piece(Piece p, Square s) {
  board[s] = p;
  byType[type_of(p)] |= square_bb(s);
  byColor[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board[s];
  byType[type_of(p)] ^= square_bb(s);
  byColor[color_of(p)] ^= square_bb(s);
  board[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board[from];
  Bitboard fromTo = square_bb(from) | square_bb(to);
  byType[type_of(p)] ^= fromTo;
  byColor[color_of(p)] ^= fromTo;
  board[from] = NO_PIECE;
  board[to] = p;
}

std::string Position::set_fen(std::string_view fen) {
  Position p{Blank{}};  // built aside, so a bad FEN leaves *this untouched
  std::memset(p.board, 0, sizeof(p.board));
  std::memset(p.byType, 0, sizeof(p.byType));
  std::memset(p.byColor, 0, sizeof(p.byColor));
  std::memset(p.castlingMask, 0, sizeof(p.castlingMask));
  std::memset(p.castlingPath, 0, sizeof(p.castlingPath));
  std::memset(p.castlingKingPath, 0, sizeof(p.castlingKingPath));
  for (Square& s : p.castlingRookSquare) s = SQ_NONE;
  p.chess960 = chess960;
  p.states.clear();
  p.states.reserve(1024);
  p.states.push_back(StateInfo{});
  StateInfo& si = p.states.back();
  si.epSquare = SQ_NONE;

  auto fields = split(fen);
  if (fields.size() < 4 || fields.size() > 6)
    return "FEN has " + std::to_string(fields.size()) + " fields, expected 6 (or 4 without the clocks)";

  // 1. Piece placement, from rank 8 down to rank 1.
  int rank = 7, file = 0;
  for (char c : fields[0]) {
    if (c == '/') {
      if (file != 8) return "FEN rank " + std::to_string(rank + 1) + " does not sum to 8 squares";
      if (--rank < 0) return "FEN has more than 8 ranks";
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) return "FEN rank " + std::to_string(rank + 1) + " does not sum to 8 squares";
    } else {
      size_t idx = PIECE_CHARS.find(c);
      if (c == ' ' || idx == std::string_view::npos) return std::string("FEN has a bad piece letter '") + c + "'";
      if (file >= 8) return "FEN rank " + std::to_string(rank + 1) + " does not sum to 8 squares";
      p.put_piece(Piece(idx), make_square(file++, rank));
    }
  }
  if (file != 8) return "FEN rank " + std::to_string(rank + 1) + " does not sum to 8 squares";
  if (rank != 0) return "FEN has " + std::to_string(8 - rank) + " ranks, expected 8";

  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "white" : "black";
    if (p.count(c, KING) != 1) return std::string("FEN must have exactly one ") + name + " king";
    if (p.count(c, PAWN) > 8) return std::string("FEN has more than 8 ") + name + " pawns";
    if (popcount(p.pieces(c)) > 16) return std::string("FEN has more than 16 ") + name + " pieces";
  }
  if (p.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) return "FEN has a pawn on the first or last rank";

  // 2. Side to move.
  if (fields[1] != "w" && fields[1] != "b") return "FEN side to move must be 'w' or 'b'";
  p.sideToMove = fields[1] == "w" ? WHITE : BLACK;

  // 3. Castling: KQkq (outermost rook, as X-FEN), or file letters (Shredder-FEN / X-FEN).
  if (fields[2] != "-") {
    for (char c : fields[2]) {
      Color col = std::isupper((unsigned char)c) ? WHITE : BLACK;
      char lc = char(std::tolower((unsigned char)c));
      Piece rook = make_piece(col, ROOK);
      Square ksq = p.king_square(col);
      if (relative_rank(col, ksq) != 0)
        return std::string("FEN castling right '") + c + "' but the king is not on its first rank";
      Square rsq = SQ_NONE;
      if (lc == 'k') {
        for (Square s = relative_square(col, SQ_H1); s > ksq; s = s - 1)
          if (p.board[s] == rook) {
            rsq = s;
            break;
          }
      } else if (lc == 'q') {
        for (Square s = relative_square(col, SQ_A1); s < ksq; s = s + 1)
          if (p.board[s] == rook) {
            rsq = s;
            break;
          }
      } else if (lc >= 'a' && lc <= 'h') {
        rsq = relative_square(col, make_square(lc - 'a', 0));
        if (p.board[rsq] != rook) rsq = SQ_NONE;
      } else {
        return std::string("FEN castling field has a bad letter '") + c + "'";
      }
      if (rsq == SQ_NONE) return std::string("FEN castling right '") + c + "' has no rook in place";
      bool kingSide = rsq > ksq;
      if (p.can_castle(castling_right(col, kingSide)))
        return std::string("FEN castling field repeats a right: '") + c + "'";
      p.add_castling_right(col, rsq);
    }
  }

  // 4. En passant: kept only if a capture is actually legal, so equal positions get equal keys.
  if (fields[3] != "-") {
    std::string_view f = fields[3];
    if (f.size() != 2 || f[0] < 'a' || f[0] > 'h' || f[1] < '1' || f[1] > '8')
      return "FEN en-passant square '" + std::string(f) + "' is not a square";
    Square ep = make_square(f[0] - 'a', f[1] - '1');
    Color us = p.sideToMove;
    if (relative_rank(us, ep) != 5 || !p.empty(ep) || !p.empty(ep + pawn_push(us)) ||
        p.piece_on(ep - pawn_push(us)) != make_piece(~us, PAWN))
      return "FEN en-passant square '" + std::string(f) + "' is impossible";
    si.epSquare = ep;
  }

  // 5-6. Clocks.
  int rule50 = 0, fullmove = 1;
  if (fields.size() >= 5 && !parse_int(fields[4], 0, 10000, rule50))
    return "FEN half-move clock '" + std::string(fields[4]) + "' is not a number from 0 to 10000";
  if (fields.size() == 6 && !parse_int(fields[5], 0, 100000, fullmove))
    return "FEN full-move number '" + std::string(fields[5]) + "' is not a number from 1 to 100000";
  fullmove = std::max(fullmove, 1);
  si.rule50 = rule50;
  p.gamePly = 2 * (fullmove - 1) + (p.sideToMove == BLACK);

  if (p.attackers_to(p.king_square(~p.sideToMove), p.pieces()) & p.pieces(p.sideToMove))
    return "FEN side not to move is in check";

  p.update_check_info();
  if (si.epSquare != SQ_NONE && !p.ep_capture_possible(si.epSquare)) si.epSquare = SQ_NONE;
  si.key = p.compute_key();
  *this = std::move(p);
  return "";
}

void Position::add_castling_right(Color c, Square rsq) {
  Square ksq = king_square(c);
  bool kingSide = rsq > ksq;
  CastlingRights cr = castling_right(c, kingSide);
  st().castling |= cr;
  castlingMask[ksq] |= castling_right(c, true) | castling_right(c, false);
  castlingMask[rsq] |= cr;
  castlingRookSquare[cr] = rsq;
  Square kto = relative_square(c, kingSide ? SQ_G1 : SQ_C1);
  Square rto = relative_square(c, kingSide ? SQ_F1 : SQ_D1);
  castlingPath[cr] = (between_bb(ksq, kto) | between_bb(rsq, rto)) & ~(square_bb(ksq) | square_bb(rsq));
  castlingKingPath[cr] = between_bb(ksq, kto) | square_bb(ksq);
}

Key Position::compute_key() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    Square s = pop_lsb(b);
    k ^= zobrist::psq[board[s]][s];
  }
  if (st().epSquare != SQ_NONE) k ^= zobrist::enPassant[file_of(st().epSquare)];
  k ^= zobrist::castling[st().castling];
  if (sideToMove == BLACK) k ^= zobrist::side;
  return k;
}

std::string Position::fen() const {
  std::string s;
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) {
      int empties = 0;
      for (; f < 8 && empty(make_square(f, r)); ++f) ++empties;
      if (empties) s += char('0' + empties);
      if (f < 8) s += PIECE_CHARS[board[make_square(f, r)]];
    }
    if (r) s += '/';
  }
  s += sideToMove == WHITE ? " w " : " b ";
  // X-FEN: K/Q when the rook is the outermost one on that side, else the rook's file letter.
  std::string castle;
  for (Color c : {WHITE, BLACK})
    for (bool kingSide : {true, false}) {
      CastlingRights cr = castling_right(c, kingSide);
      if (!can_castle(cr)) continue;
      Square rsq = castlingRookSquare[cr];
      Bitboard beyond =
          kingSide ? between_bb(rsq, relative_square(c, SQ_H1)) : between_bb(rsq, relative_square(c, SQ_A1));
      bool outermost = rsq == relative_square(c, kingSide ? SQ_H1 : SQ_A1) || !(beyond & pieces(c, ROOK));
      char letter = outermost ? (kingSide ? 'k' : 'q') : char('a' + file_of(rsq));
      castle += c == WHITE ? char(std::toupper(letter)) : letter;
    }
  s += castle.empty() ? "-" : castle;
  s += ' ';
  s += st().epSquare == SQ_NONE ? "-" : square_to_string(st().epSquare);
  s += ' ' + std::to_string(st().rule50) + ' ' + std::to_string(fullmove_number());
  return s;
}

// The pieces of either colour that alone stand between king `c` and an enemy slider, and those sliders.
void Position::update_slider_blockers(Color c) {
  StateInfo& si = st();
  const Square ksq = king_square(c);
  Bitboard snipers =
      (rook_attacks(ksq, 0) & pieces(~c, ROOK, QUEEN)) | (bishop_attacks(ksq, 0) & pieces(~c, BISHOP, QUEEN));
  const Bitboard occ = pieces() ^ snipers;
  si.blockers[c] = si.pinners[c] = 0;
  while (snipers) {
    const Square s = pop_lsb(snipers);
    const Bitboard b = between_bb(ksq, s) & occ;
    if (b && !more_than_one(b)) {
      si.blockers[c] |= b;
      if (b & pieces(c)) si.pinners[c] |= square_bb(s);
    }
  }
}

void Position::update_check_info() {
  st().checkers = attackers_to(king_square(sideToMove), pieces()) & pieces(~sideToMove);
  update_slider_blockers(WHITE);
  update_slider_blockers(BLACK);
}

// True when the side to move has a legal en-passant capture onto `ep`.
bool Position::ep_capture_possible(Square ep) const {
  Color us = sideToMove;
  Square capsq = ep - pawn_push(us);
  Square ksq = king_square(us);
  for (Bitboard b = pawn_attacks(~us, ep) & pieces(us, PAWN); b;) {
    Square from = pop_lsb(b);
    Bitboard occ = (pieces() ^ square_bb(from) ^ square_bb(capsq)) | square_bb(ep);
    if (!(attackers_to(ksq, occ) & pieces(~us) & ~square_bb(capsq))) return true;
  }
  return false;
}

void Position::make_move(Move m) {
  states.push_back(states.back());
  StateInfo& si = states.back();
  si.rule50++;
  si.pliesFromNull++;
  si.move = m;
  gamePly++;

  const Color us = sideToMove, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board[from];
  Key k = si.key ^ zobrist::side;

  if (si.epSquare != SQ_NONE) {
    k ^= zobrist::enPassant[file_of(si.epSquare)];
    si.epSquare = SQ_NONE;
  }

  Piece captured = NO_PIECE;
  if (m.kind() == CASTLING) {
    bool kingSide = to > from;
    Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
    Square rto = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
    Piece rook = board[to];
    remove_piece(from);
    remove_piece(to);
    put_piece(pc, kto);
    put_piece(rook, rto);
    k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][kto] ^ zobrist::psq[rook][to] ^ zobrist::psq[rook][rto];
  } else {
    Square capsq = m.kind() == EN_PASSANT ? to - pawn_push(us) : to;
    captured = board[capsq];
    if (captured) {
      remove_piece(capsq);
      k ^= zobrist::psq[captured][capsq];
      si.rule50 = 0;
    }
    move_piece(from, to);
    k ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
    if (type_of(pc) == PAWN) {
      si.rule50 = 0;
      if (m.kind() == PROMOTION) {
        Piece promo = make_piece(us, m.promotion());
        remove_piece(to);
        put_piece(promo, to);
        k ^= zobrist::psq[pc][to] ^ zobrist::psq[promo][to];
      }
    }
  }

  if (si.castling && (castlingMask[from] | castlingMask[to])) {
    k ^= zobrist::castling[si.castling];
    si.castling &= ~(castlingMask[from] | castlingMask[to]);
    k ^= zobrist::castling[si.castling];
  }

  si.captured = captured;
  sideToMove = them;
  si.checkers = attackers_to(king_square(them), pieces()) & pieces(us);
  update_slider_blockers(WHITE);
  update_slider_blockers(BLACK);

  // A double push sets the en-passant square only when the reply can really use it.
  if (type_of(pc) == PAWN && (int(to) ^ int(from)) == 16) {
    Square ep = to - pawn_push(us);
    if ((pawn_attacks(us, ep) & pieces(them, PAWN)) && ep_capture_possible(ep)) {
      si.epSquare = ep;
      k ^= zobrist::enPassant[file_of(ep)];
    }
  }
  si.key = k;
#ifndef NDEBUG
  if (k != compute_key()) std::abort();  // the incremental key must equal a from-scratch one
#endif
}

void Position::undo_move(Move m) {
  const StateInfo& si = states.back();
  sideToMove = ~sideToMove;
  const Color us = sideToMove;
  const Square from = m.from(), to = m.to();

  if (m.kind() == CASTLING) {
    bool kingSide = to > from;
    Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
    Square rto = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
    Piece king = board[kto], rook = board[rto];
    remove_piece(kto);
    remove_piece(rto);
    put_piece(king, from);
    put_piece(rook, to);
  } else {
    if (m.kind() == PROMOTION) {
      remove_piece(to);
      put_piece(make_piece(us, PAWN), to);
    }
    move_piece(to, from);
    if (si.captured) put_piece(si.captured, m.kind() == EN_PASSANT ? to - pawn_push(us) : to);
  }
  states.pop_back();
  gamePly--;
}

void Position::make_null_move() {
  states.push_back(states.back());
  StateInfo& si = states.back();
  si.move = Move::null();
  si.captured = NO_PIECE;
  si.rule50++;
  si.pliesFromNull = 0;
  si.key ^= zobrist::side;
  if (si.epSquare != SQ_NONE) {
    si.key ^= zobrist::enPassant[file_of(si.epSquare)];
    si.epSquare = SQ_NONE;
  }
  sideToMove = ~sideToMove;
  gamePly++;
  si.checkers = 0;  // null moves are only made when not in check
}

void Position::undo_null_move() {
  states.pop_back();
  sideToMove = ~sideToMove;
  gamePly--;
}

bool Position::gives_check(Move m) const {
  const Color us = sideToMove;
  const Square from = m.from(), to = m.to();
  const Square ksq = king_square(~us);
  Bitboard occ = pieces() ^ square_bb(from);
  Square dest = to;
  PieceType pt = type_of(board[from]);
  if (m.kind() == CASTLING) {
    bool kingSide = to > from;
    dest = relative_square(us, kingSide ? SQ_F1 : SQ_D1);
    Square kto = relative_square(us, kingSide ? SQ_G1 : SQ_C1);
    occ = (pieces() ^ square_bb(from) ^ square_bb(to)) | square_bb(kto) | square_bb(dest);
    return rook_attacks(dest, occ) & square_bb(ksq);
  }
  if (m.kind() == PROMOTION) pt = m.promotion();
  if (m.kind() == EN_PASSANT) occ ^= square_bb(to - pawn_push(us));
  occ |= square_bb(to);
  // Direct check from the moved piece.
  if (pt == PAWN ? (pawn_attacks(us, to) & square_bb(ksq)) : (attacks_bb(pt, to, occ) & square_bb(ksq))) return true;
  // Discovered check: a slider of ours now sees the king. Only a piece that alone shields their king from
  // one of our sliders can uncover it (or en passant, which also takes a pawn off the board).
  if (!(st().blockers[~us] & square_bb(from)) && m.kind() != EN_PASSANT) return false;
  Bitboard sliders = pieces(us) & ~square_bb(from) & ~square_bb(to);
  return (bishop_attacks(ksq, occ) & sliders & pieces(BISHOP, QUEEN)) ||
         (rook_attacks(ksq, occ) & sliders & pieces(ROOK, QUEEN));
}

bool Position::is_legal(Move m) const {
  if (!m.is_ok()) return false;
  MoveList list(*this);
  return list.contains(m);
}

bool Position::has_legal_moves() const { return MoveList(*this).size() > 0; }

void Position::trim_history() {
  StateInfo cur = states.back();
  states.clear();
  states.push_back(cur);
}

int Position::repetition_count() const {
  const StateInfo& cur = st();
  int end = std::min(cur.rule50, cur.pliesFromNull);
  int n = 1;
  int last = int(states.size()) - 1;
  for (int i = 4; i <= end && last - i >= 0; i += 2)
    if (states[last - i].key == cur.key) ++n;
  return n;
}

bool Position::is_repetition_draw(int plies) const {
  const StateInfo& cur = st();
  int end = std::min(cur.rule50, cur.pliesFromNull);
  int last = int(states.size()) - 1;
  int earlier = 0;
  for (int i = 4; i <= end && last - i >= 0; i += 2)
    if (states[last - i].key == cur.key && (i <= plies || ++earlier == 2)) return true;
  return false;
}

bool Position::has_repeated() const {
  const int last = int(states.size()) - 1;
  for (int j = last; j >= 0 && last - j <= std::min(st().rule50, st().pliesFromNull); --j) {
    const StateInfo& s = states[j];
    const int end = std::min(s.rule50, s.pliesFromNull);
    for (int i = 4; i <= end && j - i >= 0; i += 2)
      if (states[j - i].key == s.key) return true;
  }
  return false;
}

bool Position::is_insufficient_material() const {
  if (pieces(PAWN, ROOK) || pieces(QUEEN)) return false;
  Bitboard minors = pieces(KNIGHT, BISHOP);
  if (popcount(minors) <= 1) return true;  // K v K, K + minor v K
  // Only bishops (of either side), all on squares of one colour: no mate is possible.
  if (pieces(KNIGHT)) return false;
  Bitboard bishops = pieces(BISHOP);
  return !(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES);
}

std::string Position::pretty() const {
  std::ostringstream os;
  os << "\n +---+---+---+---+---+---+---+---+\n";
  for (int r = 7; r >= 0; --r) {
    for (int f = 0; f < 8; ++f) os << " | " << PIECE_CHARS[board[make_square(f, r)]];
    os << " | " << r + 1 << "\n +---+---+---+---+---+---+---+---+\n";
  }
  os << "   a   b   c   d   e   f   g   h\n\nFen: " << fen() << "\nKey: " << std::hex << std::uppercase;
  os.width(16);
  os.fill('0');
  os << key() << std::dec << "\nCheckers:";
  for (Bitboard b = checkers(); b;) os << ' ' << square_to_string(pop_lsb(b));
  os << '\n';
  return os.str();
}

}  // namespace sparring
