// The human move model: for a position and a player's rating, the probability of every legal move
// being the one a person of that rating plays. A small network trained on rated human games
// (scripts/train_human_model.py; the inputs are policy_features.h), built into the binary.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/position.h"
#include "levels/policy_features.h"

namespace sparring {

// Where and how fast the game is played: the model learned each apart (a FIDE rating over the board
// is not a Lichess rating in a blitz game). Keep in step with the trainer.
enum class GameSource : int { BULLET, BLITZ, RAPID, CLASSICAL, LICHESS, OTB, NB };

struct MoveProbability {
  Move move;
  float logit;        // the model's score; probabilities are a softmax of these
  float probability;  // at temperature 1
};

class HumanPolicy {
 public:
  // Loads a network file (src/nn/net_file.h). On failure returns the reason and keeps the
  // network it had.
  std::string load(const std::uint8_t* bytes, std::size_t size);
  bool loaded() const { return h1 > 0; }

  // Every legal move of `pos` in MoveList order with its logit and probability. Empty when there
  // is no legal move.
  std::vector<MoveProbability> evaluate(const Position& pos, int elo, GameSource source) const;

  // The network built into the binary. Exits with a message if it is corrupt (never silently).
  static const HumanPolicy& embedded();

 private:
  // What the network reads of a legal move: its output index, its move-piece rows and its features
  // (policy_features.h).
  struct MoveInput {
    int index;
    int rows[3];
    float features[policy::MOVE_FEATURE_NB];
  };
  // The logit of every move of the position with these input features, or of its mirror image.
  void logits(const std::uint16_t* features, int active, const std::vector<MoveInput>& moves, int elo,
              GameSource source, bool mirror, std::vector<float>& logit) const;

  // Layer widths: the board's hidden layers, the query each move's vector is matched against, and
  // the additive head (0: none; human-policy-2 nets have one).
  int h1 = 0, h2 = 0, dq = 0, headWidth = 0;
  std::vector<float> input, b1, r1, s1, w2, b2, r2, s2, w3, b3, out, outBias, piece, featureVec, featureBias;
  std::vector<float> u, uBias, out2, piece2, featureVec2, head;
};

}  // namespace sparring
