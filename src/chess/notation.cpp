#include "notation.h"

#include "movegen.h"

namespace sparring {

namespace {

constexpr std::string_view PIECE_LETTERS = "  NBRQK";

Square castling_king_destination(const Position& pos, Move m) {
  return relative_square(pos.side_to_move(), m.to() > m.from() ? SQ_G1 : SQ_C1);
}

std::string uci_form(const Position& pos, Move m, bool chess960) {
  Square to = m.to();
  if (m.kind() == CASTLING && !chess960) to = castling_king_destination(pos, m);
  std::string s = square_to_string(m.from()) + square_to_string(to);
  if (m.kind() == PROMOTION) s += "  nbrq"[m.promotion()];
  return s;
}

}  // namespace

std::string square_to_string(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string to_uci(const Position& pos, Move m) {
  if (!m.is_ok()) return "0000";
  return uci_form(pos, m, pos.is_chess960());
}

Move parse_uci(const Position& pos, std::string_view text) {
  if (text.size() < 4 || text.size() > 5) return Move::none();
  std::string lower(text);
  for (char& c : lower) c = char(std::tolower((unsigned char)c));
  for (Move m : MoveList(pos))
    if (uci_form(pos, m, pos.is_chess960()) == lower || (m.kind() == CASTLING && uci_form(pos, m, true) == lower))
      return m;
  return Move::none();
}

std::string to_san(Position& pos, Move m) {
  std::string san;
  const Square from = m.from(), to = m.to();
  const PieceType pt = type_of(pos.piece_on(from));

  if (m.kind() == CASTLING) {
    san = to > from ? "O-O" : "O-O-O";
  } else if (pt == PAWN) {
    if (pos.is_capture(m)) san = std::string(1, char('a' + file_of(from))) + 'x';
    san += square_to_string(to);
    if (m.kind() == PROMOTION) san += std::string("=") + PIECE_LETTERS[m.promotion()];
  } else {
    san = PIECE_LETTERS[pt];
    // Disambiguate by file if that suffices, else by rank, else by both.
    bool clash = false, sameFile = false, sameRank = false;
    for (Move o : MoveList(pos)) {
      if (o == m || o.to() != to || o.kind() == CASTLING || type_of(pos.piece_on(o.from())) != pt) continue;
      clash = true;
      sameFile |= file_of(o.from()) == file_of(from);
      sameRank |= rank_of(o.from()) == rank_of(from);
    }
    if (clash) {
      if (!sameFile)
        san += char('a' + file_of(from));
      else if (!sameRank)
        san += char('1' + rank_of(from));
      else
        san += square_to_string(from);
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_to_string(to);
  }

  if (pos.gives_check(m)) {
    pos.make_move(m);
    san += pos.has_legal_moves() ? '+' : '#';
    pos.undo_move(m);
  }
  return san;
}

Move parse_san(const Position& pos, std::string_view text, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why + " '" + std::string(text) + "'";
    return Move::none();
  };
  std::string s(text);
  while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos) s.pop_back();
  if (s.size() > 4 && s.ends_with("e.p.")) s.resize(s.size() - 4);
  if (s.empty()) return fail("empty move");

  std::string castle = s;
  for (char& c : castle)
    if (c == '0') c = 'O';
  if (castle == "O-O" || castle == "O-O-O") {
    bool kingSide = castle == "O-O";
    for (Move m : MoveList(pos))
      if (m.kind() == CASTLING && (m.to() > m.from()) == kingSide) return m;
    return fail("illegal castling");
  }

  PieceType pt = PAWN, promo = NO_PIECE_TYPE;
  size_t i = 0;
  if (std::string_view("NBRQK").find(s[0]) != std::string_view::npos) {
    pt = PieceType(PIECE_LETTERS.find(s[0]));
    i = 1;
  } else if (s[0] == 'P') {
    i = 1;
  }
  // Promotion suffix: "=Q", "Q", "(Q)" or "q".
  if (s.size() >= 2) {
    char last = s.back();
    size_t p = std::string_view("NBRQnbrq").find(last);
    if (p != std::string_view::npos && pt == PAWN) {
      promo = PieceType(KNIGHT + p % 4);
      s.pop_back();
      if (!s.empty() && s.back() == '=') s.pop_back();
    }
  }
  // What remains is [from-file][from-rank][x]to-square.
  std::string rest;
  for (size_t j = i; j < s.size(); ++j)
    if (s[j] != 'x' && s[j] != ':' && s[j] != '-') rest += s[j];
  if (rest.size() < 2) return fail("malformed move");
  std::string dest = rest.substr(rest.size() - 2);
  if (dest[0] < 'a' || dest[0] > 'h' || dest[1] < '1' || dest[1] > '8') return fail("malformed move");
  Square to = make_square(dest[0] - 'a', dest[1] - '1');
  int fromFile = -1, fromRank = -1;
  for (char c : rest.substr(0, rest.size() - 2)) {
    if (c >= 'a' && c <= 'h')
      fromFile = c - 'a';
    else if (c >= '1' && c <= '8')
      fromRank = c - '1';
    else
      return fail("malformed move");
  }

  Move found = Move::none();
  int matches = 0;
  for (Move m : MoveList(pos)) {
    if (m.kind() == CASTLING || m.to() != to || type_of(pos.piece_on(m.from())) != pt) continue;
    if (fromFile >= 0 && file_of(m.from()) != fromFile) continue;
    if (fromRank >= 0 && rank_of(m.from()) != fromRank) continue;
    if ((m.kind() == PROMOTION ? m.promotion() : NO_PIECE_TYPE) != promo) continue;
    found = m;
    ++matches;
  }
  if (matches == 0) return fail("illegal move");
  if (matches > 1) return fail("ambiguous move");
  return found;
}

}  // namespace sparring
