// The evaluation's weights. Every weight is a middlegame/endgame pair; the evaluation is linear in
// them (apart from the phase blend and endgame scaling), which is what lets the tuner fit them.
#pragma once

#include <cstddef>

namespace sparring {

struct Score {
  int mg = 0, eg = 0;
  constexpr Score() = default;
  constexpr Score(int m, int e) : mg(m), eg(e) {}
  constexpr Score operator+(Score o) const { return {mg + o.mg, eg + o.eg}; }
  constexpr Score operator-(Score o) const { return {mg - o.mg, eg - o.eg}; }
  constexpr Score operator*(int k) const { return {mg * k, eg * k}; }
  constexpr Score& operator+=(Score o) { return mg += o.mg, eg += o.eg, *this; }
  constexpr Score& operator-=(Score o) { return mg -= o.mg, eg -= o.eg, *this; }
  constexpr bool operator==(const Score&) const = default;
};

// Field order is the tuner's parameter order; all fields are Score so the struct is an array.
struct EvalParams {
  Score pieceValue[6];  // pawn .. king (king unused)
  Score psqt[6][64];    // from White's side, a1 = 0
  Score knightMobility[9];
  Score bishopMobility[14];
  Score rookMobility[15];
  Score queenMobility[28];
  Score passedPawn[8];          // by relative rank
  Score passedBlocked[8];       // extra when the stop square is occupied
  Score passedKingDistance[8];  // per square of (enemy king distance - own king distance) to the stop square, by rank
  Score isolatedPawn;
  Score doubledPawn;
  Score backwardPawn;
  Score connectedPawn[8];  // supported or phalanx, by relative rank
  Score bishopPair;
  Score rookOpenFile;
  Score rookSemiOpenFile;
  Score minorBehindPawn;
  Score kingAttackers[8];   // by number of enemy pieces attacking the king zone
  Score kingZoneAttack[6];  // per attacked king-zone square, by attacker type
  Score kingShelter[4];     // own pawns on the king's file and its neighbours, in front of it, by count (0..3)
  Score safeCheck[6];       // per safe checking square, by checker type
  Score threatByPawn;       // pawn attacks an enemy piece
  Score threatByMinor[6];   // by the attacked piece type
  Score threatByRook[6];
  Score hangingPiece;  // attacked and not defended
  Score tempo;
};

constexpr std::size_t EVAL_PARAM_COUNT = sizeof(EvalParams) / sizeof(Score);

extern EvalParams evalParams;  // the weights in use (tuned values from eval_weights.inc)

}  // namespace sparring
