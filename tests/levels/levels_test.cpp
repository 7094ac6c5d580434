// The strength levels: the option scale, the "never absurd" rules on constructed positions, the
// forced-mate guarantee at every level, and reproducible choices under a fixed seed.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "chess/epd.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "engine/mate_search.h"
#include "levels/humanlike_choice.h"
#include "levels/level_player.h"

using namespace sparring;

namespace {

Position play(const std::string& fen, const std::vector<std::string>& moves = {}) {
  Position pos;
  INFO(fen);
  REQUIRE(pos.set_fen(fen).empty());
  for (const std::string& m : moves) {
    Move mv = parse_uci(pos, m);
    INFO(m);
    REQUIRE(mv);
    pos.make_move(mv);
  }
  return pos;
}

struct MatePuzzle {
  std::string fen;
  int mateIn;
};

std::vector<MatePuzzle> load_mates() {
  std::ifstream in(std::string(SPARRING_TEST_DATA) + "/lichess_mates_solver_to_move.epd");
  REQUIRE(in);
  std::vector<MatePuzzle> out;
  for (std::string line; std::getline(in, line);) {
    EpdRecord rec;
    const std::vector<std::string>* dm = nullptr;
    if (parse_epd(line, rec).empty() && (dm = rec.find("dm")) && !dm->empty())
      out.push_back({rec.fen, std::atoi(dm->front().c_str())});
  }
  return out;
}

}  // namespace

TEST_CASE("named levels map to their Elo and back", "[levels]") {
  REQUIRE(named_level_elo("Beginner") == 600);
  REQUIRE(named_level_elo("easy") == 900);
  REQUIRE(named_level_elo("MEDIUM") == 1200);
  REQUIRE(named_level_elo("Hard") == 1500);
  REQUIRE(named_level_elo("Expert") == 1800);
  REQUIRE(named_level_elo("Master") == 2100);
  REQUIRE_FALSE(named_level_elo("Full").has_value());
  REQUIRE(level_name(600) == "Beginner");
  REQUIRE(level_name(1350) == "Medium");
  REQUIRE(level_name(2100) == "Master");
}

TEST_CASE("level parameters are continuous and never get weaker as the Elo rises", "[levels]") {
  LevelParams prev = level_params(LEVEL_ELO_MIN);
  for (int elo = LEVEL_ELO_MIN + 25; elo <= LEVEL_ELO_MAX; elo += 25) {
    LevelParams p = level_params(elo);
    INFO(elo);
    REQUIRE(p.scanDepth >= prev.scanDepth);
    REQUIRE(p.maxLoss <= prev.maxLoss + 1e-9);
    REQUIRE(p.scanDepth - prev.scanDepth <= 1);
    for (int c = 0; c < ERROR_CLASS_NB; ++c) REQUIRE(p.appetiteScale[c] <= prev.appetiteScale[c] + 1e-9);
    prev = p;
  }
  // Out-of-range ratings are clamped to the scale.
  REQUIRE(level_params(100).elo == LEVEL_ELO_MIN);
  REQUIRE(level_params(5000).elo == LEVEL_ELO_MAX);
  // Expert and Master make no deliberate errors; the levels below do.
  for (int elo : {1800, 2000, 2100})
    for (double a : level_params(elo).appetiteScale) REQUIRE(a == 0.0);
  for (int elo : {600, 1200, 1500})
    for (double a : level_params(elo).appetiteScale) REQUIRE(a > 0.0);
}

TEST_CASE("the human model blends the fitted bands", "[levels]") {
  HumanModel a = human_model(1200), b = human_model(1500), mid = human_model(1350);
  bool differ = false;
  for (int k = 0; k < FEATURE_NB; ++k) {
    differ = differ || human_model(600).w[k] != human_model(2100).w[k];
    INFO(FEATURE_NAMES[k]);
    REQUIRE(mid.w[k] >= std::min(a.w[k], b.w[k]) - 1e-4);
    REQUIRE(mid.w[k] <= std::max(a.w[k], b.w[k]) + 1e-4);
  }
  REQUIRE(differ);
  for (int c = 0; c < ERROR_CLASS_NB; ++c) {
    REQUIRE(mid.appetite[c] >= std::min(a.appetite[c], b.appetite[c]) - 1e-4);
    REQUIRE(mid.appetite[c] <= std::max(a.appetite[c], b.appetite[c]) + 1e-4);
  }
  REQUIRE(mid.temperature > 0);
  // Every band's fitted model prefers a move that loses nothing to one that loses a piece at a glance.
  FeatureVector good{}, bad{};
  set_losses(good, {0, 0, 0}, {0, 0, 0});
  set_losses(bad, {-300, -300, -300}, {0, 0, 0});
  for (int elo : {600, 900, 1200, 1500, 1800, 2100})
    REQUIRE(human_logit(good, human_model(elo)) > human_logit(bad, human_model(elo)));
}

TEST_CASE("moves are ranked in each view, ties sharing a rank", "[levels]") {
  // Deep-view Win% losses (/10) of four moves: 0, 0.5, 0.5, 2 -> ranks 1, 2, 2, 4.
  std::array<FeatureVector, 4> f{};
  const float deep[4] = {0.0f, 0.5f, 0.5f, 2.0f};
  FeatureVector* all[4];
  for (int i = 0; i < 4; ++i) f[i][F_LOSS_DEEP] = deep[i], all[i] = &f[i];
  set_ranks(all, 4);
  REQUIRE(f[0][F_DEEP_RANK_LOG] == 0.0f);
  REQUIRE(f[1][F_DEEP_RANK2] == 1.0f);
  REQUIRE(f[2][F_DEEP_RANK2] == 1.0f);
  REQUIRE(f[3][F_DEEP_RANK2] == 0.0f);
  REQUIRE(f[3][F_DEEP_RANK3] == 0.0f);
  REQUIRE(f[3][F_DEEP_RANK_LOG] == Approx(std::log(4.0)));
  // The other views are all equal here: every move shares rank 1.
  for (const FeatureVector& m : f) REQUIRE(m[F_GLANCE_RANK_LOG] == 0.0f);
}

TEST_CASE("the error appetite applies by the move's error class, scaled and sharpened", "[levels]") {
  REQUIRE(error_class(4.9) == -1);
  REQUIRE(error_class(5.0) == ERROR_INACCURACY);
  REQUIRE(error_class(10.0) == ERROR_MISTAKE);
  REQUIRE(error_class(14.9) == ERROR_MISTAKE);
  REQUIRE(error_class(15.0) == ERROR_BLUNDER);
  HumanModel m;
  m.temperature = 0.5f;
  m.appetite = {0.25f, 0.5f, 1.0f};
  m.w[F_CHECK] = 2.0f;
  FeatureVector f{};
  f[F_CHECK] = 1;
  REQUIRE(choice_logit(f, m, {1, 1, 1}) == Approx(4.0));  // no error: the fitted log-odds / temperature
  for (auto [loss, bonus] : {std::pair{0.7, 0.25}, {1.2, 0.5}, {3.0, 1.0}}) {
    f[F_LOSS_DEEP] = float(loss);  // Win% points / 10
    REQUIRE(choice_logit(f, m, {1, 1, 1}) == Approx((2.0 + bonus) / 0.5));
    REQUIRE(choice_logit(f, m, {2, 2, 2}) == Approx((2.0 + 2 * bonus) / 0.5));
    REQUIRE(choice_logit(f, m, {0, 0, 0}) == Approx(2.0 / 0.5));  // Expert and up: no appetite
  }
}

TEST_CASE("a plain recapture is never ignored for a move that loses at a glance", "[levels][absurd]") {
  // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6: Black recaptures with the d- or b-pawn.
  Position pos = play(START_FEN, {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6"});
  Search search;
  CandidateScan scan = scan_candidates(search, pos, 3, SearchLimits{});
  std::vector<bool> absurd = absurd_moves(scan);
  int recaptures = 0, flagged = 0;
  for (std::size_t i = 0; i < scan.moves.size(); ++i) {
    const std::string uci = to_uci(pos, scan.moves[i].move);
    INFO(uci);
    if (uci == "d7c6" || uci == "b7c6") {
      REQUIRE_FALSE(absurd[i]);
      ++recaptures;
    }
    flagged += absurd[i];
  }
  REQUIRE(recaptures == 2);
  REQUIRE(flagged > 10);  // nearly every other move leaves the bishop on c6 for nothing
  // And the levels take it back, whatever the seed.
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const std::string m = to_uci(pos, LevelPlayer::choose(search, pos, 600, seed));
    INFO("seed " << seed << ": " << m);
    REQUIRE((m == "d7c6" || m == "b7c6"));
  }
}

TEST_CASE("the queen is not given away for nothing", "[levels][absurd]") {
  // 1.e4 e5 2.Qh5 Nc6: the queen can take on e5, f7 or h7, or go to h6 or g6, each time to be
  // captured for a pawn or nothing. No level plays those; quiet queen moves remain possible.
  Position pos = play(START_FEN, {"e2e4", "e7e5", "d1h5", "b8c6"});
  Search search;
  CandidateScan scan = scan_candidates(search, pos, 3, SearchLimits{});
  std::vector<bool> absurd = absurd_moves(scan);
  std::set<std::string> flagged;
  for (std::size_t i = 0; i < scan.moves.size(); ++i)
    if (absurd[i]) flagged.insert(to_uci(pos, scan.moves[i].move));
  std::string list;
  for (const std::string& m : flagged) list += m + ' ';
  INFO("flagged: " << list);
  for (const char* drop : {"h5e5", "h5f7", "h5h7", "h5h6", "h5g6"}) REQUIRE(flagged.count(drop) == 1);
  for (const char* fine : {"h5f3", "h5e2", "f1c4", "g1f3", "b1c3", "d2d3"}) REQUIRE(flagged.count(fine) == 0);
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Move m = LevelPlayer::choose(search, pos, 600, seed);
    INFO("seed " << seed << ": " << to_uci(pos, m));
    REQUIRE(flagged.count(to_uci(pos, m)) == 0);
  }
}

// Every level, two seeds, on the first puzzles of one mate length: the move played must be one
// the mate prover lists as mating in at most the stated number of moves.
static void check_levels_keep_mates(int mateIn, int puzzles) {
  Search search;
  int checked = 0;
  for (const MatePuzzle& p : load_mates()) {
    if (p.mateIn != mateIn || checked == puzzles) continue;
    ++checked;
    Position pos = play(p.fen);
    bool complete = false;
    std::vector<MatingMove> mates = find_mating_moves(pos, p.mateIn, 20'000'000, &complete);
    REQUIRE(complete);
    std::set<std::uint16_t> good;
    for (const MatingMove& m : mates) good.insert(m.move.raw());
    REQUIRE_FALSE(good.empty());
    for (const NamedLevel& level : NAMED_LEVELS)
      for (std::uint64_t seed : {1u, 2u}) {
        Move m = LevelPlayer::choose(search, pos, level.elo, seed);
        INFO(p.fen << " dm " << p.mateIn << ", " << level.name << " seed " << seed << " played " << to_uci(pos, m));
        REQUIRE(good.count(m.raw()) == 1);
      }
  }
  REQUIRE(checked == puzzles);
}

// One case per mate length so that ctest runs them side by side; the whole file of puzzles at
// every level is `sparring-levels mates` (scripts/calibrate.sh mates).
TEST_CASE("every level keeps and shortens a mate in 1", "[levels][mate]") { check_levels_keep_mates(1, 1); }
TEST_CASE("every level keeps and shortens a mate in 2", "[levels][mate]") { check_levels_keep_mates(2, 4); }
TEST_CASE("every level keeps and shortens a mate in 3", "[levels][mate]") { check_levels_keep_mates(3, 4); }
TEST_CASE("every level keeps and shortens a mate in 4", "[levels][mate]") { check_levels_keep_mates(4, 3); }
TEST_CASE("every level keeps and shortens a mate in 5", "[levels][mate]") { check_levels_keep_mates(5, 2); }

TEST_CASE("a quiet mate in 3 that the pruned search overlooks is still played", "[levels][mate]") {
  // From a self-play game (Master - Expert): 26.Nd5! mates in 3, but the full-strength search, nine
  // pawns up, sees only +10 at depth 16; the level played 26.exf4 before the guard's exhaustive proof.
  Position pos = play("3k3r/6pp/1R6/p3p3/5p1P/P1N1PnPB/1PP5/2K5 w - - 1 26");
  Search search;
  for (const NamedLevel& level : NAMED_LEVELS) {
    INFO(level.name);
    REQUIRE(to_uci(pos, LevelPlayer::choose(search, pos, level.elo, 1)) == "c3d5");
  }
}

TEST_CASE("a fixed seed replays the same choices and different seeds differ", "[levels][seed]") {
  const std::vector<std::string> fens = {
      "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
      "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
      "r3k2r/pp1n1ppp/2p1pn2/q7/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQkq - 3 9",
      "8/5pk1/6p1/3R4/5P2/6PK/r7/8 b - - 0 40",
  };
  std::set<std::string> seen;
  for (const std::string& fen : fens) {
    Position pos = play(fen);
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      Search a, b;
      Move ma = LevelPlayer::choose(a, pos, 600, seed), mb = LevelPlayer::choose(b, pos, 600, seed);
      INFO(fen << " seed " << seed);
      REQUIRE(ma == mb);
      seen.insert(fen + to_uci(pos, ma));
    }
  }
  // Eight seeds in four positions at Beginner: a level that never varied would give exactly four.
  REQUIRE(seen.size() > fens.size());
}

TEST_CASE("the humanlike choice honours the temperature and the loss cap", "[levels]") {
  Position pos = play("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  Search search;
  CandidateScan scan = scan_candidates(search, pos, 3, SearchLimits{});
  REQUIRE(scan.moves.size() > 20);
  HumanModel sharp = human_model(1200);
  sharp.temperature = 1e-3f;
  const LevelParams params = level_params(1200);
  // A near-zero temperature always takes the most likely move that is not absurd.
  const std::vector<bool> absurd = absurd_moves(scan);
  int arg = 0;
  for (std::size_t i = 0; i < scan.moves.size(); ++i)
    if (!absurd[i] && choice_logit(scan.moves[i].features, sharp, params.appetiteScale) >
                          choice_logit(scan.moves[arg].features, sharp, params.appetiteScale))
      arg = int(i);
  // (Nearly always: a near tie keeps a sliver of probability, so r stays off the very bottom.)
  for (double r : {0.01, 0.3, 0.7, 0.999}) REQUIRE(choose_humanlike(scan, params, sharp, r) == arg);
  // With a cap of zero loss only moves as good as the best (by the level's search) are allowed.
  LevelParams capped = params;
  capped.maxLoss = 0.0;
  for (double r = 0.0; r < 1.0; r += 0.05) {
    int i = choose_humanlike(scan, capped, human_model(1200), r);
    REQUIRE(scan.moves[i].deep == scan.moves[0].deep);
  }
}
