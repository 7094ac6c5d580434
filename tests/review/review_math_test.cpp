// Lichess's review arithmetic on fixed inputs worked out by hand (values from the published
// formulas evaluated with a calculator).
#include <catch2/catch.hpp>
#include <vector>

#include "review/reference_scale.h"
#include "review/review_math.h"

using namespace sparring::review;
using Catch::Detail::Approx;

namespace {
int mate_in(int moves) { return MATE_SCORE - (2 * moves - 1); }  // the side to move mates
int mated_in(int moves) { return -(MATE_SCORE - 2 * moves); }    // the side to move is mated
}  // namespace

TEST_CASE("Win percent follows the logistic formula with evaluations capped at 1000") {
  CHECK(win_percent(0) == Approx(50.0));
  // 50 + 50 * (2 / (1 + e^-0.368208) - 1) = 59.1026
  CHECK(win_percent(100) == Approx(59.1026).margin(0.001));
  CHECK(win_percent(-250) == Approx(28.4852).margin(0.001));
  CHECK(win_percent(1000) == Approx(97.5447).margin(0.001));
  CHECK(win_percent(5000) == win_percent(1000));
  CHECK(win_percent(mate_in(3)) == win_percent(1000));
  CHECK(win_percent(mated_in(2)) == win_percent(-1000));
  CHECK(capped_cp(mated_in(1)) == -1000);
  CHECK(capped_cp(-1234) == -1000);
  CHECK(capped_cp(321) == 321);
}

TEST_CASE("Mate scores convert to signed move counts") {
  CHECK(is_mate(mate_in(1)));
  CHECK(mate_moves(mate_in(1)) == 1);
  CHECK(mate_moves(mate_in(3)) == 3);
  CHECK(mate_moves(mated_in(2)) == -2);
  CHECK(mate_moves(-mate_in(1)) == -1);  // the other side's view of a mate in one: mated in one
  CHECK(mate_moves(-mate_in(3)) == -3);
  CHECK(mate_moves(-mated_in(2)) == 2);
  CHECK(mate_moves(-MATE_SCORE) == 0);  // checkmated on the board
  CHECK(!is_mate(1000));
  CHECK(!is_mate(-5000));
}

TEST_CASE("Move accuracy is 103.1668 exp(-0.04354 drop) - 2.1669 clamped") {
  CHECK(move_accuracy(60, 60) == 100);
  CHECK(move_accuracy(40, 70) == 100);  // a gain is a perfect move
  // drop 10: 103.1668 * e^-0.4354 - 3.1669 + 1 = 64.5798
  CHECK(move_accuracy(60, 50) == Approx(64.5798).margin(0.001));
  CHECK(move_accuracy(55, 50) == Approx(80.8153).margin(0.001));
  CHECK(move_accuracy(100, 0) == 0);  // 103.17 * e^-4.354 - 2.17 < 0: clamped
}

TEST_CASE("Judgement thresholds are 15 10 and 5 Win percent points") {
  // From 0 cp (50%): -169 cp is a drop of 15.07, -168 of 14.99, -115 of 10.4, -105 of 9.55,
  // -55 of 5.05, -54 of 4.95.
  CHECK(judge(0, -169).judgement == Judgement::BLUNDER);
  CHECK(judge(0, -168).judgement == Judgement::MISTAKE);
  CHECK(judge(0, -115).judgement == Judgement::MISTAKE);
  CHECK(judge(0, -105).judgement == Judgement::INACCURACY);
  CHECK(judge(0, -55).judgement == Judgement::INACCURACY);
  CHECK(judge(0, -54).judgement == Judgement::NONE);
  CHECK(judge(-300, 200).judgement == Judgement::NONE);
  // Capped: from +1500 to +1000 loses nothing.
  CHECK(judge(1500, 1000).judgement == Judgement::NONE);
  CHECK(judge(0, -169).mate == MateChange::NONE);
}

TEST_CASE("Losing a forced mate is a blunder unless still far ahead") {
  CHECK(judge(mate_in(2), 300).judgement == Judgement::BLUNDER);
  CHECK(judge(mate_in(2), 700).judgement == Judgement::BLUNDER);
  CHECK(judge(mate_in(2), 701).judgement == Judgement::MISTAKE);
  CHECK(judge(mate_in(2), 999).judgement == Judgement::MISTAKE);
  CHECK(judge(mate_in(2), 1000).judgement == Judgement::INACCURACY);
  CHECK(judge(mate_in(2), 1000).mate == MateChange::MATE_LOST);
  CHECK(judge(mate_in(1), mated_in(3)).judgement == Judgement::BLUNDER);
  CHECK(judge(mate_in(1), mated_in(3)).mate == MateChange::MATE_LOST);
  // A slower mate is still a mate: no judgement.
  CHECK(judge(mate_in(1), mate_in(4)).judgement == Judgement::NONE);
}

TEST_CASE("Walking into a forced mate is judged by the evaluation before") {
  CHECK(judge(0, mated_in(3)).judgement == Judgement::BLUNDER);
  CHECK(judge(0, mated_in(3)).mate == MateChange::MATE_CREATED);
  CHECK(judge(-700, mated_in(3)).judgement == Judgement::BLUNDER);
  CHECK(judge(-701, mated_in(3)).judgement == Judgement::MISTAKE);
  CHECK(judge(-999, mated_in(3)).judgement == Judgement::MISTAKE);
  CHECK(judge(-1000, mated_in(3)).judgement == Judgement::INACCURACY);
  // Already being mated: a faster mate against is no new error, and escaping is none either.
  CHECK(judge(mated_in(5), mated_in(2)).judgement == Judgement::NONE);
  CHECK(judge(mated_in(5), -400).judgement == Judgement::NONE);
}

TEST_CASE("Game accuracy on a hand-computed series") {
  // White's Win%: 50 40 45 30 35, four moves, window size clamp(4/10, 2, 8) = 2.
  // Window standard deviations: [50,40] 5, [40,45] 2.5, [45,30] 7.5, [30,35] 2.5.
  // White: drops 10 (weight 5) and 15 (weight 7.5): accuracies 64.5798 and 51.5208;
  //   weighted mean 56.7444, harmonic mean 57.3159, game accuracy 57.0302.
  // Black: drops 5 and 5 (its Win% 60 -> 55, 70 -> 65): 80.8153 twice.
  SideAccuracy a = game_accuracy({50, 40, 45, 30, 35}, true);
  CHECK(a.white == Approx(57.0302).margin(0.001));
  CHECK(a.black == Approx(80.8153).margin(0.001));
  // Black moving first swaps the sides.
  SideAccuracy b = game_accuracy({50, 40, 45, 30, 35}, false);
  CHECK(b.black == Approx(100.0));  // Black's Win% rises 50 -> 60 and 55 -> 70
  CHECK(b.white == Approx(100.0));  // White's rises 40 -> 45 and 30 -> 35
  CHECK(game_accuracy({50}, true).white == -1);
}

TEST_CASE("Game accuracy weights flat stretches at 0.5 and windows grow with the game") {
  // 30 moves: window 3. White loses 10 points once, at move index 20 (Win% 50 -> 40), every
  // other move keeps the Win%. Weights: windows [18..20] = {50,50,50} -> 0.5 for move 19,
  // [19..21] = {50,50,40} -> 4.714 for move 20. White's accuracies: 14 x 100 and 64.5798 with
  // weight 4.714 among weights of 0.5: weighted (14*0.5*100 + 4.714*64.5798) / (7 + 4.714) =
  // 85.75; harmonic 15 / (14/100 + 1/64.5798) = 96.47; game accuracy 91.11.
  std::vector<double> win(31, 50.0);
  for (int i = 21; i <= 30; ++i) win[i] = 40;
  SideAccuracy a = game_accuracy(win, true);
  CHECK(a.white == Approx(91.11).margin(0.01));
  CHECK(a.black == Approx(100.0));
}

TEST_CASE("The reference scale is monotone, sign-symmetric and passes through its knots") {
  CHECK(to_reference_cp(0) == 0);
  CHECK(to_reference_cp(110) == 166);  // the median knot
  CHECK(to_reference_cp(-110) == -166);
  CHECK(to_reference_cp(60) == 81);  // between the knots (48, 62) and (77, 107): 62 + 45 * 12 / 29 = 80.6
  int previous = 0;
  for (int cp = 1; cp <= 3000; ++cp) {
    const int r = to_reference_cp(cp);
    CHECK(r >= previous);
    CHECK(to_reference_cp(-cp) == -r);
    previous = r;
  }
  CHECK(to_reference_cp(2000) > 1000);  // beyond the last knot the last segment goes on
}
