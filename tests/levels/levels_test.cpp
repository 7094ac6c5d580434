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
#include "levels/candidates.h"
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
    REQUIRE(p.scanDepth - prev.scanDepth <= 1);
    REQUIRE(p.modelElo >= prev.modelElo);
    REQUIRE(p.choice.temperature > 0);
    REQUIRE(p.choice.blunderSize <= prev.choice.blunderSize);  // the lower the level, the bigger its blunders
    REQUIRE(p.choice.maxLoss <= prev.choice.maxLoss + 1e-9);   // the higher, the tighter its loss limit
    prev = p;
  }
  // Up to Expert any move may be chosen; Master none its scan sees losing more than 15 Win%, and the
  // levels between step there geometrically.
  REQUIRE(level_params(1800).choice.maxLoss == Approx(100.0));
  REQUIRE(level_params(1950).choice.maxLoss == Approx(std::sqrt(100.0 * 15.0)));
  REQUIRE(level_params(LEVEL_ELO_MAX).choice.maxLoss == Approx(15.0));
  // Out-of-range ratings are clamped to the scale.
  REQUIRE(level_params(100).elo == LEVEL_ELO_MIN);
  REQUIRE(level_params(5000).elo == LEVEL_ELO_MAX);
}

namespace {
// Three moves the model likes equally: one that loses nothing, a mistake and a blunder (Win% lost
// against the best: 0, about 12 and about 27 points).
CandidateScan three_moves(std::vector<MoveProbability>& policy) {
  CandidateScan scan;
  const int scores[3] = {0, -120, -300};
  const Move moves[3] = {Move(SQ_E2, SQ_E4), Move(SQ_D2, SQ_D4), Move(SQ_G1, SQ_F3)};
  for (int i = 0; i < 3; ++i) {
    Candidate c;
    c.move = moves[i];
    c.glance = c.deep = scores[i];
    scan.moves.push_back(c);
    policy.push_back({moves[i], 1.5f, 1.0f / 3});
  }
  return scan;
}

// The same scan with the three moves scored `scores` (best first) for the mover.
CandidateScan rescored(CandidateScan scan, const int (&scores)[3]) {
  for (int i = 0; i < 3; ++i) scan.moves[i].deep = scan.moves[i].glance = scores[i];
  return scan;
}

// How often of 1000 evenly spread draws the level picks the scan's third move (the blunder).
int blunders(const CandidateScan& scan, const std::vector<MoveProbability>& policy, const ChoiceParams& params) {
  int n = 0;
  for (int k = 0; k < 1000; ++k) n += choose_humanlike(scan, policy, params, (k + 0.5) / 1000) == 2;
  return n;
}
}  // namespace

TEST_CASE("the error appetite applies by the move's error class", "[levels]") {
  REQUIRE(error_class(4.9) == -1);
  REQUIRE(error_class(5.0) == ERROR_INACCURACY);
  REQUIRE(error_class(10.0) == ERROR_MISTAKE);
  REQUIRE(error_class(14.9) == ERROR_MISTAKE);
  REQUIRE(error_class(15.0) == ERROR_BLUNDER);
  std::vector<MoveProbability> policy;
  const CandidateScan scan = three_moves(policy);
  REQUIRE(error_class(win_percent(0) - win_percent(-120)) == ERROR_MISTAKE);
  REQUIRE(error_class(win_percent(0) - win_percent(-300)) == ERROR_BLUNDER);
  auto shares = [&](const ChoiceParams& params) {
    std::array<int, 3> n{};
    for (int k = 0; k < 1000; ++k) ++n[choose_humanlike(scan, policy, params, (k + 0.5) / 1000)];
    return n;
  };
  ChoiceParams neutral;
  for (int n : shares(neutral)) REQUIRE(std::abs(n - 333) <= 2);  // the model alone: a third each
  ChoiceParams careful;
  careful.appetite = {0.0, -20.0, -20.0};
  REQUIRE(shares(careful)[0] == 1000);
  ChoiceParams reckless;
  reckless.appetite = {0.0, 0.0, std::log(2.0)};  // blunders twice as likely as before
  const auto r = shares(reckless);
  REQUIRE(std::abs(r[2] - 500) <= 2);
  REQUIRE(std::abs(r[0] - 250) <= 2);
  // The chances the level reports are those it samples from.
  const std::vector<double> chance = humanlike_probabilities(scan, policy, reckless);
  REQUIRE(chance.size() == 3);
  REQUIRE(chance[0] + chance[1] + chance[2] == Approx(1.0).margin(1e-12));
  for (int i = 0; i < 3; ++i) REQUIRE(r[i] == Approx(1000 * chance[i]).margin(1));
  // The blunder's size: it loses about 27 Win% points, 12 beyond the blunder line, and the size term
  // adds blunderSize log-odds for every 10 of them, to the blunder alone.
  ChoiceParams bigger;
  bigger.blunderSize = std::log(2.0) / ((win_percent(0) - win_percent(-300) - 15) / 10);
  const auto b = shares(bigger);
  REQUIRE(std::abs(b[2] - 500) <= 2);
  REQUIRE(std::abs(b[1] - 250) <= 2);
  bigger.blunderSize = -bigger.blunderSize;  // half as likely
  REQUIRE(std::abs(shares(bigger)[2] - 200) <= 2);
  // A cap on the Win% a move may lose leaves only the best move.
  ChoiceParams capped;
  capped.maxLoss = 5.0;
  REQUIRE(shares(capped)[0] == 1000);
  REQUIRE(humanlike_probabilities(scan, policy, capped) == std::vector<double>{1.0, 0.0, 0.0});
}

TEST_CASE("the decided appetite applies where the game is decided, and only there", "[levels]") {
  REQUIRE_FALSE(decided(0));
  REQUIRE_FALSE(decided(290));  // Win% 74
  REQUIRE(decided(310));        // Win% 76
  REQUIRE(decided(-310));
  std::vector<MoveProbability> policy;
  const CandidateScan balanced = three_moves(policy);
  const CandidateScan ahead = rescored(balanced, {400, 200, 0});  // the same classes of move, the mover well ahead
  REQUIRE(decided(ahead.moves[0].deep));
  REQUIRE(error_class(win_percent(400) - win_percent(200)) == ERROR_MISTAKE);
  REQUIRE(error_class(win_percent(400) - win_percent(0)) == ERROR_BLUNDER);
  ChoiceParams params;
  params.decidedAppetite = {0.0, 0.0, std::log(2.0)};  // blunders twice as likely once decided
  REQUIRE(std::abs(blunders(balanced, policy, params) - 333) <= 2);
  REQUIRE(std::abs(blunders(ahead, policy, params) - 500) <= 2);
}

TEST_CASE("the won appetite applies where the mover stands won, and only there", "[levels]") {
  REQUIRE_FALSE(won(590));  // Win% 89.8
  REQUIRE(won(600));        // Win% 90.1
  REQUIRE_FALSE(won(-1000));
  std::vector<MoveProbability> policy;
  const CandidateScan ahead = rescored(three_moves(policy), {400, 200, 0});
  const CandidateScan wonScan = rescored(ahead, {1000, 500, 400});  // no error, a mistake, a blunder
  REQUIRE(decided(ahead.moves[0].deep));
  REQUIRE_FALSE(won(ahead.moves[0].deep));
  REQUIRE(won(wonScan.moves[0].deep));
  REQUIRE(error_class(win_percent(1000) - win_percent(500)) == ERROR_MISTAKE);
  REQUIRE(error_class(win_percent(1000) - win_percent(400)) == ERROR_BLUNDER);
  ChoiceParams params;
  params.wonAppetite = {0.0, 0.0, std::log(2.0)};                 // blunders twice as likely once won
  REQUIRE(std::abs(blunders(ahead, policy, params) - 333) <= 2);  // decided, not won: unchanged
  REQUIRE(std::abs(blunders(wonScan, policy, params) - 500) <= 2);
  params.decidedAppetite = params.wonAppetite;  // both: four times as likely
  REQUIRE(std::abs(blunders(wonScan, policy, params) - 667) <= 2);
}

TEST_CASE("the temperature sharpens or broadens the model's choice", "[levels]") {
  std::vector<MoveProbability> policy;
  CandidateScan scan = three_moves(policy);
  for (auto& c : scan.moves) c.deep = c.glance = 0;  // no errors: the model alone decides
  policy[1].logit = 2.5f;                            // the model prefers the second move by e (1 logit)
  auto share = [&](double temperature) {
    ChoiceParams params;
    params.temperature = temperature;
    int n = 0;
    for (int k = 0; k < 10000; ++k) n += choose_humanlike(scan, policy, params, (k + 0.5) / 10000) == 1;
    return n / 10000.0;
  };
  const double e = std::exp(1.0);
  REQUIRE(share(1.0) == Approx(e / (e + 2)).margin(1e-3));
  REQUIRE(share(0.5) == Approx(e * e / (e * e + 2)).margin(1e-3));
  REQUIRE(share(1e-3) == 1.0);
  REQUIRE(share(1000.0) == Approx(1.0 / 3).margin(2e-3));
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
  // The chances the level reports: the two recaptures alone, summing to 1, the move played among them.
  LevelSettings level;
  level.elo = 600;
  level.seed = 1;
  std::vector<std::pair<Move, double>> chances;
  const Move played = LevelPlayer::choose(search, pos, SearchLimits{}, level, {}, nullptr, &chances);
  double total = 0, playedChance = 0;
  for (const auto& [m, p] : chances) {
    INFO(to_uci(pos, m) << " " << p);
    REQUIRE((to_uci(pos, m) == "d7c6" || to_uci(pos, m) == "b7c6"));
    total += p;
    playedChance += m == played ? p : 0.0;
  }
  REQUIRE(total == Approx(1.0).margin(1e-9));
  REQUIRE(playedChance > 0);
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

// Mates from self-play games that the guard's full-strength check does not see in time, each one a
// slip it once let through: the prover must find them, at every level.
TEST_CASE("mates the pruned search overlooks are still played", "[levels][mate]") {
  const struct {
    const char* fen;
    const char* mate;  // the mating moves, any of them
  } cases[] = {
      // Master - Expert: 26.Nd5! mates in 3, but the full-strength search, nine pawns up, sees only
      // +10 at depth 16; the level played 26.exf4 before the guard's exhaustive proof.
      {"3k3r/6pp/1R6/p3p3/5p1P/P1N1PnPB/1PP5/2K5 w - - 1 26", "c3d5"},
      // A ladder game (Medium): 22.Qe6+ mates in 5 (22...Kf8 23.Bg6! is quiet), but the search needs
      // depth 18 and 649k nodes to see it; the level played 22.Bxg4 before the guard took mates in
      // 5 that open with a check.
      {"rn6/pp3k2/2p4p/5B2/1P1b2p1/P1N5/2P3PP/R3Q2K w - - 0 22", "e1e6"},
      // A quiet mate in 5 from a Lichess game (tests/data/quiet_mates_in_5.epd): 42.Rdd8! is the only
      // mating move; the search with late-move reductions, about 6 pawns up at 150,000 nodes, first
      // sees it at 964,000 (the guard's check, without them, by 150,000).
      {"2R5/3R2pk/1p4pp/p7/r4p1P/5P2/6P1/6K1 w - - 4 42", "d7d8"},
      // A ladder game (Hard): Ne5, Qf5 and Qh7+ mate in 5; the search sees a mate in 9, and the
      // prover's complete proof (11.3 M nodes) ran out of budget, so the level played 27.Qh4+.
      {"r3r3/p1p1k3/1p6/2b4Q/2N2P2/2P4P/PP4P1/3R1R1K w - - 3 27", "c4e5 h5f5 h5h7"},
      // A king-and-pawn race: only the quiet 1.Kc3! mates in 6 (the king shuts the black king in
      // before h8=Q); the full-strength search first sees a mate at about 2 million nodes, the prover
      // proves it in 71,000, and the guard's prover went no further than 5 moves; Medium played 1.h7.
      {"8/8/7P/8/p7/8/k2K4/8 w - - 0 1", "d2c3"},
  };
  Search search;
  for (const auto& c : cases) {
    Position pos = play(c.fen);
    for (const NamedLevel& level : NAMED_LEVELS) {
      INFO(c.fen << " " << level.name);
      const std::string played = to_uci(pos, LevelPlayer::choose(search, pos, level.elo, 1));
      REQUIRE(std::string(c.mate).find(played) != std::string::npos);
    }
  }
}

TEST_CASE("in deep time trouble a level plays on the model and the mate prover alone", "[levels][clock]") {
  // A scan to depth 0 is no search: every legal move, unscored.
  Position pos = play("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  Search search;
  CandidateScan scan = scan_candidates(search, pos, 0, SearchLimits{});
  CHECK(scan.moves.size() == std::size_t(MoveList(pos).size()));
  CHECK(scan.depthReached == 0);
  CHECK(scan.nodes == 0);
  for (const Candidate& c : scan.moves) CHECK((c.deep == 0 && c.glance == 0));
  // With 20 ms on the clock and no increment the budget is 1 ms: still the mate in 1 (Qxf7#), at
  // every level; the prover's first length costs no clock reading.
  Position mate = play("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  SearchLimits limits;
  limits.clock.time = 20;
  for (const NamedLevel& level : NAMED_LEVELS) {
    LevelSettings settings;
    settings.elo = level.elo;
    settings.seed = 1;
    INFO(level.name);
    std::vector<std::pair<Move, double>> chances;
    CHECK(to_uci(mate, LevelPlayer::choose(search, mate, limits, settings, {}, nullptr, &chances)) == "h5f7");
    REQUIRE(chances.size() == 1);  // a proven mate is played for certain
    CHECK(chances[0].second == 1.0);
    // No mate: no scan either (it would report its lines), and still a legal move.
    int lines = 0;
    const Move m = LevelPlayer::choose(
        search, pos, limits, settings, [&](const IterationInfo&) { ++lines; }, nullptr);
    CHECK(pos.is_legal(m));
    CHECK(lines == 0);
  }
}

TEST_CASE("in the opening plies a level shuns no error people make", "[levels][opening]") {
  // After 1.d4 a depth-6 scan calls some of people's replies (...d6, ...g6) inaccuracies; Master's
  // negative appetites would never play them, and a taste for inaccuracies and mistakes would play
  // them too often. In the first plies neither counts, nor the game's state: the choice is the model's.
  // The second position is decided early (White a rook up after two moves).
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                          "1nbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQk - 0 3"}) {
    Position pos = play(fen);
    for (const ErrorAppetite appetite : {ErrorAppetite{-6, -6, -6}, ErrorAppetite{6, 6, 0}}) {
      std::vector<std::pair<Move, double>> tilted, model;
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Search a, b;  // each choice from a fresh table, so that only the appetites differ
        LevelSettings level, neutral;
        level.elo = neutral.elo = 2100;
        level.seed = neutral.seed = seed;
        level.overrides.appetite = level.overrides.decidedAppetite = appetite;
        neutral.overrides.appetite = neutral.overrides.decidedAppetite = ErrorAppetite{0, 0, 0};
        INFO(fen << ", appetite " << appetite[0] << ", seed " << seed);
        CHECK(LevelPlayer::choose(a, pos, SearchLimits{}, level, {}, nullptr, &tilted) ==
              LevelPlayer::choose(b, pos, SearchLimits{}, neutral, {}, nullptr, &model));
        CHECK(tilted == model);
      }
    }
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
