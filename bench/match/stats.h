// Match statistics from the first engine's point of view: the score, the logistic Elo difference
// with its 95% interval (trinomial and pentanomial), LOS, and the SPRT log-likelihood ratio.
#pragma once

#include <array>
#include <string>

namespace sparring::match {

struct Tally {
  int wins = 0, draws = 0, losses = 0;
  // Game pairs (one opening, both colours) by the first engine's points in the pair:
  // [0] LL, [1] LD, [2] DD or WL, [3] WD, [4] WW. pairDD and pairWL split [2].
  std::array<int, 5> pairs{};
  int pairDD = 0, pairWL = 0;

  int games() const { return wins + draws + losses; }
  int pair_count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
  double points() const { return wins + 0.5 * draws; }
  void add_game(double points);  // 1, 0.5 or 0
  void add_pair(double firstPoints, double secondPoints);
  Tally& operator+=(const Tally& other);  // the games and pairs of both
};

struct EloEstimate {
  bool valid = false;  // needs at least one game (pair)
  double score = 0.5;  // mean score per game
  double elo = 0;      // may be +-infinity for a 100% or 0% score
  double margin = 0;   // half the width of the 95% interval, in Elo (may be infinite)
};

double elo_from_score(double score);  // logistic: -400 log10(1/score - 1)
EloEstimate elo_trinomial(const Tally& t);
EloEstimate elo_pentanomial(const Tally& t);
double likelihood_of_superiority(const Tally& t);  // from wins and losses, draws ignored

struct SprtConfig {
  bool enabled = false;
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  bool normalized = false;  // Elo bounds in normalized Elo instead of logistic Elo
  bool pentanomial = true;  // game pairs (default) or single games (trinomial)
  std::string describe() const;
};

struct SprtStatus {
  enum Verdict { CONTINUE, H0, H1 };
  double llr = 0, lower = 0, upper = 0;
  Verdict verdict = CONTINUE;
};

// The generalized SPRT with the normal approximation (the form cutechess-era tools and fastchess
// before its exact MLE used): LLR = n (s1 - s0) (2 mu - s0 - s1) / (2 var), with mu and var the
// mean and variance of the empirical per-game (trinomial) or per-pair (pentanomial) score and s0,
// s1 the expected scores under H0 and H1.
SprtStatus sprt_status(const SprtConfig& config, const Tally& t);

}  // namespace sparring::match
