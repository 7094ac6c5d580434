// Shared by the libFuzzer targets: an invariant check that aborts (so libFuzzer records the input
// as a crash) and the positions the targets start from.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "chess/position.h"

#define FUZZ_CHECK(cond)                                                                \
  do {                                                                                  \
    if (!(cond)) {                                                                      \
      std::fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                     \
    }                                                                                   \
  } while (0)

namespace sparring::fuzz {

// Standard and Chess960 positions with castling, en passant, promotions, checks and pins, so a
// first input byte can pick a start that reaches every kind of move.
inline const char* const START_POSITIONS[] = {
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/P1k5/8/8/8/8/5Kp1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1",
    "3r4/8/8/8/8/8/3N4/3K3k w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "1r2k1r1/8/8/8/8/8/8/R3K1R1 w GAgb - 0 1",
    "7k/8/8/8/8/8/8/K7 w - - 99 150",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
};
constexpr int START_POSITION_COUNT = int(sizeof(START_POSITIONS) / sizeof(START_POSITIONS[0]));
// The positions from index 10 on use Chess960 castling.
inline bool is_chess960_start(int i) { return i >= 10 && i <= 13; }

// Sets up start position `i`; aborts if the table itself is wrong.
inline Position start_position(int i) {
  Position pos;
  pos.set_chess960(is_chess960_start(i));
  FUZZ_CHECK(pos.set_fen(START_POSITIONS[i]).empty());
  return pos;
}

}  // namespace sparring::fuzz
