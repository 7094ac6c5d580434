// Reviewing a game: every position searched with a fixed budget, each move judged by Lichess's
// rules (review_math.h), per-player summaries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess/pgn.h"
#include "engine/search.h"
#include "review/judge.h"
#include "review/review_math.h"

namespace sparring::review {

struct ReviewSettings {
  int depth = 10;           // search depth per position (used when nodes is 0)
  std::uint64_t nodes = 0;  // > 0: a node budget per position instead of a depth
  int skipPlies = 0;        // leave the first plies unjudged (opening book moves)
  // Put centipawns on the reference engine's scale (reference_scale.h) before judging; every
  // score of a review is then on that scale. False: Sparring's own centipawns.
  bool referenceScale = true;
};

struct MoveReview {
  int ply = 0;  // 0-based index into the game's moves
  Color mover = WHITE;
  int moveNumber = 1;  // the full-move number shown before the move
  std::string fen;     // the position before the move
  std::string uci;     // the move played, in UCI notation
  std::string san, bestSan;
  Move move, best;
  int before = 0;  // the mover's score before the move (the engine's best line)
  int after = 0;   // the mover's score after the move played
  double winBefore = 50, winAfter = 50;
  double accuracy = 100;
  int cpLoss = 0;  // capped at +-1000 on both sides
  Verdict verdict;
  bool bestPlayed = false;
  bool mateInOneAvailable = false, mateInOnePlayed = false;
  bool shortMateAvailable = false;  // a forced mate in <= 3 moves before the move
  double drop() const { return winBefore > winAfter ? winBefore - winAfter : 0; }
};

struct PlayerSummary {
  int moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0;
  long cpLossSum = 0;
  double accuracy = -1;  // Lichess game accuracy, -1 without a judged move
  double acpl() const { return moves ? double(cpLossSum) / moves : 0; }
};

struct GameReview {
  PgnGame game;
  std::vector<MoveReview> moves;  // the judged moves (after skipPlies)
  std::vector<int> whiteScores;   // White's score at each judged position, the last one included
  PlayerSummary players[COLOR_NB];
};

// Reviews one game with the given judge (told of the new game first, so a game's review does not
// depend on which games the judge saw before).
GameReview review_game(const PgnGame& game, const ReviewSettings& settings, Judge& judge);
// The same with Sparring's search as the judge (its hash cleared, one search thread).
GameReview review_game(const PgnGame& game, const ReviewSettings& settings, Search& search);

// Counts of one group of moves (a rating band, or everything), for the totals of many games.
struct ReviewTotals {
  int games = 0;  // player-games
  long moves = 0, inaccuracies = 0, mistakes = 0, blunders = 0, cpLossSum = 0, bestPlayed = 0;
  long mateInOneAvailable = 0, mateInOneMissed = 0, shortMateAvailable = 0, shortMateLost = 0;
  double accuracySum = 0;
  int accuracyCount = 0;
  void add(const GameReview& review, Color side);
  void add(const ReviewTotals& other);
};

}  // namespace sparring::review
