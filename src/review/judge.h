// The judge of a review: whatever gives a position's score and best move. Sparring's own search
// by default; any UCI engine (review/uci_judge.h) to review with another engine's eyes.
#pragma once

#include "chess/position.h"
#include "engine/search.h"

namespace sparring::review {

struct ReviewSettings;

struct Analysis {
  int score = 0;  // the side to move's point of view: centipawns or a mate score (review_math.h)
  Move best;      // Move::none() when the judge named none
};

class Judge {
 public:
  virtual ~Judge() = default;
  // Called before each game, so that a game's review does not depend on the games before it.
  virtual void new_game() = 0;
  // The position has at least one legal move.
  virtual Analysis analyse(const Position& pos) = 0;
};

// Sparring's search with the review's budget, one thread; centipawns mapped onto the reference
// scale when the settings ask for it.
class SearchJudge : public Judge {
 public:
  SearchJudge(Search& search, const ReviewSettings& settings);
  void new_game() override;
  Analysis analyse(const Position& pos) override;

 private:
  Search& search;
  const ReviewSettings& settings;
};

}  // namespace sparring::review
