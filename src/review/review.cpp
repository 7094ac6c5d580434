#include "review.h"

#include "chess/notation.h"
#include "review/reference_scale.h"

namespace sparring::review {

static_assert(MATE_SCORE == VALUE_MATE, "review_math's mate scores are the engine's");

SearchJudge::SearchJudge(Search& s, const ReviewSettings& st) : search(s), settings(st) {}

void SearchJudge::new_game() {
  search.options().threads = 1;
  search.options().multiPV = 1;
  search.clear();
}

Analysis SearchJudge::analyse(const Position& pos) {
  SearchLimits limits;
  if (settings.nodes)
    limits.nodes = settings.nodes;
  else
    limits.depth = settings.depth;
  std::vector<RootMove> result = search.search_sync(pos, limits);
  if (result.empty()) return {VALUE_DRAW, Move::none()};
  const RootMove& rm = result[0];
  int score = rm.score != -VALUE_INFINITE ? rm.score : rm.previousScore != -VALUE_INFINITE ? rm.previousScore : 0;
  if (settings.referenceScale && !is_mate(score)) score = to_reference_cp(score);
  return {score, rm.move};
}

namespace {

// The judge's view, or the rules' own verdict when the game is over on the board.
Analysis analyse(const Position& pos, Judge& judge) {
  if (!pos.has_legal_moves()) return {pos.in_check() ? -VALUE_MATE : VALUE_DRAW, Move::none()};
  return judge.analyse(pos);
}

}  // namespace

GameReview review_game(const PgnGame& game, const ReviewSettings& settings, Search& search) {
  SearchJudge judge(search, settings);
  return review_game(game, settings, judge);
}

GameReview review_game(const PgnGame& game, const ReviewSettings& settings, Judge& judge) {
  GameReview review;
  review.game = game;
  judge.new_game();

  Position pos = game.start_position();
  const int skip = std::min<int>(settings.skipPlies, int(game.moves.size()));
  for (int i = 0; i < skip; ++i) pos.make_move(game.moves[i].move);

  Analysis current = analyse(pos, judge);
  review.whiteScores.push_back(pos.side_to_move() == WHITE ? current.score : -current.score);
  for (int i = skip; i < int(game.moves.size()); ++i) {
    MoveReview mr;
    mr.ply = i;
    mr.mover = pos.side_to_move();
    mr.moveNumber = pos.fullmove_number();
    mr.move = game.moves[i].move;
    mr.best = current.best;
    mr.fen = pos.fen();
    mr.uci = to_uci(pos, mr.move);
    mr.san = to_san(pos, mr.move);
    mr.bestSan = current.best ? to_san(pos, current.best) : "";
    mr.before = current.score;
    mr.bestPlayed = mr.best == mr.move;
    mr.mateInOneAvailable = is_mate(mr.before) && mr.before > 0 && mate_moves(mr.before) == 1;
    mr.shortMateAvailable = is_mate(mr.before) && mr.before > 0 && mate_moves(mr.before) <= 3;

    pos.make_move(mr.move);
    mr.mateInOnePlayed = pos.is_checkmate();
    Analysis next = analyse(pos, judge);
    mr.after = -next.score;
    mr.winBefore = win_percent(mr.before);
    mr.winAfter = win_percent(mr.after);
    mr.accuracy = move_accuracy(mr.winBefore, mr.winAfter);
    mr.cpLoss = std::max(0, capped_cp(mr.before) - capped_cp(mr.after));
    mr.verdict = review::judge(mr.before, mr.after);  // the rules (review_math.h), not the engine

    PlayerSummary& p = review.players[mr.mover];
    ++p.moves;
    p.cpLossSum += mr.cpLoss;
    p.inaccuracies += mr.verdict.judgement == Judgement::INACCURACY;
    p.mistakes += mr.verdict.judgement == Judgement::MISTAKE;
    p.blunders += mr.verdict.judgement == Judgement::BLUNDER;

    review.moves.push_back(std::move(mr));
    review.whiteScores.push_back(pos.side_to_move() == WHITE ? next.score : -next.score);
    current = next;
  }

  // Game accuracy over White's Win% series. Like Lichess, a game from the standard start
  // position begins at its fixed +15 cp rather than at a searched score.
  std::vector<double> win;
  for (int s : review.whiteScores) win.push_back(win_percent(s));
  if (skip == 0 && game.startFen == START_FEN && !win.empty()) win[0] = win_percent(15);
  const bool whiteFirst = review.moves.empty() || review.moves[0].mover == WHITE;
  SideAccuracy acc = game_accuracy(win, whiteFirst);
  review.players[WHITE].accuracy = acc.white;
  review.players[BLACK].accuracy = acc.black;
  return review;
}

void ReviewTotals::add(const GameReview& review, Color side) {
  const PlayerSummary& p = review.players[side];
  if (!p.moves) return;
  ReviewTotals t;
  t.games = 1;
  t.moves = p.moves;
  t.inaccuracies = p.inaccuracies;
  t.mistakes = p.mistakes;
  t.blunders = p.blunders;
  t.cpLossSum = p.cpLossSum;
  t.accuracyCount = p.accuracy >= 0;
  t.accuracySum = p.accuracy >= 0 ? p.accuracy : 0;
  for (const MoveReview& m : review.moves) {
    if (m.mover != side) continue;
    t.bestPlayed += m.bestPlayed;
    t.mateInOneAvailable += m.mateInOneAvailable;
    t.mateInOneMissed += m.mateInOneAvailable && !m.mateInOnePlayed;
    t.shortMateAvailable += m.shortMateAvailable;
    t.shortMateLost += m.shortMateAvailable && m.verdict.mate == MateChange::MATE_LOST;
  }
  add(t);
}

void ReviewTotals::add(const ReviewTotals& o) {
  games += o.games;
  moves += o.moves;
  inaccuracies += o.inaccuracies;
  mistakes += o.mistakes;
  blunders += o.blunders;
  cpLossSum += o.cpLossSum;
  bestPlayed += o.bestPlayed;
  mateInOneAvailable += o.mateInOneAvailable;
  mateInOneMissed += o.mateInOneMissed;
  shortMateAvailable += o.shortMateAvailable;
  shortMateLost += o.shortMateLost;
  accuracySum += o.accuracySum;
  accuracyCount += o.accuracyCount;
}

}  // namespace sparring::review
