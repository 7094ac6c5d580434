#include "bitboard.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "prng.h"

namespace sparring {

namespace tables {
Bitboard pawnAttacks[COLOR_NB][SQUARE_NB];
Bitboard pseudoAttacks[PIECE_TYPE_NB][SQUARE_NB];
Bitboard between[SQUARE_NB][SQUARE_NB];
Bitboard line[SQUARE_NB][SQUARE_NB];
Magic rookMagics[SQUARE_NB];
Magic bishopMagics[SQUARE_NB];
}  // namespace tables

namespace {

Bitboard rookTable[0x19000];   // 102,400 entries: the sum of 2^bits over all squares
Bitboard bishopTable[0x1480];  // 5,248 entries

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// The target square if it is on the board and a king step away (guards against wrapping).
Bitboard safe_step(Square s, int step) {
  Square to = s + step;
  return is_ok(to) && distance(s, to) <= 2 ? square_bb(to) : 0;
}

// Lays out one slider type's tables. With `known` magics (the committed table, see magics.inc)
// each is checked while the table fills; a missing or failing one is searched for: a sparse random
// candidate is accepted when no two occupancy subsets with different attacks share an index. The
// search's seed is fixed, so `sparring magics` regenerates the same table on every machine.
void setup_magics(PieceType pt, Magic magics[], Bitboard table[], const Bitboard* known) {
  Bitboard occupancy[4096], reference[4096];
  int epoch[4096] = {}, attempt = 0;
  Prng rng(0x5BA77123ULL + pt);
  Bitboard* next = table;

  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    // Board edges never block, so they are left out of the mask unless the slider stands on them.
    Bitboard edges =
        ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) | ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = sliding_attacks_slow(pt, s, 0) & ~edges;
    m.shift = 64 - popcount(m.mask);
    m.attacks = next;

    // Carry-Rippler enumeration of every subset of the mask.
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = sliding_attacks_slow(pt, s, b);
      size++;
      b = (b - m.mask) & m.mask;
    } while (b);
    next += size;

    bool first = known != nullptr;
    for (int i = 0; i < size;) {
      if (first) {
        m.magic = known[s];
        first = false;
      } else {
        do {
          m.magic = rng.sparse();
        } while (popcount((m.magic * m.mask) >> 56) < 6);
      }
      ++attempt;
      for (i = 0; i < size; ++i) {
        unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          m.attacks[idx] = reference[i];
        } else if (m.attacks[idx] != reference[i]) {
          break;
        }
      }
    }
  }
}

constexpr Bitboard KNOWN_ROOK_MAGICS[64] = {
#include "magics_rook.inc"
};
constexpr Bitboard KNOWN_BISHOP_MAGICS[64] = {
#include "magics_bishop.inc"
};

void init_once() {
  using namespace tables;
  for (Square s = SQ_A1; s <= SQ_H8; ++s) {
    pawnAttacks[WHITE][s] = pawn_attacks_bb<WHITE>(square_bb(s));
    pawnAttacks[BLACK][s] = pawn_attacks_bb<BLACK>(square_bb(s));
    for (int step : {-9, -8, -7, -1, 1, 7, 8, 9}) pseudoAttacks[KING][s] |= safe_step(s, step);
    for (int step : {-17, -15, -10, -6, 6, 10, 15, 17}) pseudoAttacks[KNIGHT][s] |= safe_step(s, step);
  }

  setup_magics(ROOK, rookMagics, rookTable, KNOWN_ROOK_MAGICS);
  setup_magics(BISHOP, bishopMagics, bishopTable, KNOWN_BISHOP_MAGICS);

  for (Square a = SQ_A1; a <= SQ_H8; ++a) {
    pseudoAttacks[BISHOP][a] = bishop_attacks(a, 0);
    pseudoAttacks[ROOK][a] = rook_attacks(a, 0);
    pseudoAttacks[QUEEN][a] = pseudoAttacks[BISHOP][a] | pseudoAttacks[ROOK][a];
    for (PieceType pt : {BISHOP, ROOK})
      for (Square b = SQ_A1; b <= SQ_H8; ++b) {
        if (!(pseudoAttacks[pt][a] & square_bb(b))) continue;
        line[a][b] = (attacks_bb(pt, a, 0) & attacks_bb(pt, b, 0)) | square_bb(a) | square_bb(b);
        between[a][b] = attacks_bb(pt, a, square_bb(b)) & attacks_bb(pt, b, square_bb(a));
      }
    for (Square b = SQ_A1; b <= SQ_H8; ++b) between[a][b] |= square_bb(b);
  }
}

}  // namespace

Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occ) {
  static constexpr int rookSteps[4] = {8, -8, 1, -1};
  static constexpr int bishopSteps[4] = {9, 7, -7, -9};
  Bitboard attacks = 0;
  for (int step : pt == ROOK ? rookSteps : bishopSteps) {
    Square sq = s;
    while (Bitboard to = safe_step(sq, step)) {
      attacks |= to;
      sq = sq + step;
      if (occ & to) break;
    }
  }
  return attacks;
}

void init_bitboards() {
  static std::once_flag flag;
  std::call_once(flag, init_once);
}

std::string generate_magics_source() {
  static Magic magics[SQUARE_NB];
  static Bitboard scratch[0x19000];
  std::string out;
  for (PieceType pt : {ROOK, BISHOP}) {
    setup_magics(pt, magics, scratch, nullptr);
    out += std::string("// ") + (pt == ROOK ? "magics_rook.inc" : "magics_bishop.inc") + "\n";
    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "0x%016llXULL,%s", (unsigned long long)magics[s].magic,
                    file_of(s) == 7 ? "\n" : " ");
      out += buf;
    }
  }
  return out;
}

std::string to_string(Bitboard b) {
  std::string s = "+---------------+\n";
  for (int r = 7; r >= 0; --r) {
    s += '|';
    for (int f = 0; f < 8; ++f) s += (b & square_bb(make_square(f, r))) ? "X|" : " |";
    s += '\n';
  }
  return s + "+---------------+\n";
}

}  // namespace sparring
