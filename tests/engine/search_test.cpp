// Search invariants: forced mates found with their exact distance, draws scored as draws, MultiPV
// and searchmoves respected, the best move always legal.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "engine/nnue_eval.h"
#include "engine/search.h"

using namespace sparring;

namespace {

Position from_fen(const std::string& fen) {
  Position pos;
  std::string err = pos.set_fen(fen);
  INFO(fen);
  REQUIRE(err.empty());
  return pos;
}

std::vector<RootMove> search_depth(Search& s, const Position& pos, int depth, int multiPV = 1) {
  s.options().multiPV = multiPV;
  SearchLimits limits;
  limits.depth = depth;
  return s.search_sync(pos, limits);
}

struct MatePuzzle {
  std::string fen;
  int mateIn;
};

std::vector<MatePuzzle> load_mates(int maxMate) {
  std::ifstream in(std::string(SPARRING_TEST_DATA) + "/lichess_mates_solver_to_move.epd");
  REQUIRE(in);
  std::vector<MatePuzzle> out;
  for (std::string line; std::getline(in, line);) {
    std::istringstream is(line);
    std::string f[4], tok;
    is >> f[0] >> f[1] >> f[2] >> f[3];
    int n = 0;
    while (is >> tok)
      if (tok == "dm") is >> n;
    if (n >= 1 && n <= maxMate) out.push_back({f[0] + ' ' + f[1] + ' ' + f[2] + ' ' + f[3] + " 0 1", n});
  }
  return out;
}

}  // namespace

TEST_CASE("forced mates in 1 to 3 are found with their exact distance", "[search][mate]") {
  Search s;
  auto puzzles = load_mates(3);
  REQUIRE(puzzles.size() == 252);
  for (const MatePuzzle& p : puzzles) {
    Position pos = from_fen(p.fen);
    SearchLimits limits;
    limits.mate = p.mateIn;
    limits.depth = 2 * p.mateIn + 8;
    auto result = s.search_sync(pos, limits);
    INFO(p.fen << "  expected mate in " << p.mateIn);
    REQUIRE(!result.empty());
    CHECK(result[0].score >= VALUE_MATE_IN_MAX_PLY);
    CHECK(mate_in_moves(result[0].score) == p.mateIn);
    CHECK(pos.is_legal(result[0].move));
    if (p.mateIn == 1) {
      pos.make_move(result[0].move);
      CHECK(pos.is_checkmate());
    }
  }
}

TEST_CASE("being mated is scored as a negative mate", "[search][mate]") {
  Search s;
  // Black to move, White mates next move whatever Black does (back-rank mate).
  Position pos = from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1");
  auto r = search_depth(s, pos, 8);
  // Black can defend here (...h6 or ...g6 gives luft), so the score must not be a mate.
  CHECK(!is_mate_score(r[0].score));
  Position lost = from_fen("6k1/5ppp/8/8/8/8/r4PPP/1R4K1 b - - 0 1");  // Black to move; Ra2 is no defence
  auto r2 = search_depth(s, lost, 8);
  CHECK(!is_mate_score(r2[0].score));
  Position mated = from_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");  // checkmated: no moves at all
  CHECK(search_depth(s, mated, 5).empty());
}

TEST_CASE("dead and drawn positions score zero", "[search][draw]") {
  Search s;
  for (const char* fen :
       {"8/8/8/4k3/8/8/2KB4/8 w - - 0 1", "8/8/8/4k3/8/8/2KN4/8 b - - 0 1", "8/8/2b5/4k3/8/8/2KB4/8 w - - 0 1"}) {
    Position pos = from_fen(fen);
    INFO(fen);
    CHECK(search_depth(s, pos, 10)[0].score == 0);
  }
  // Fifty-move rule: every White move reaches 100 plies and none mates, so every line is a draw.
  Position fifty = from_fen("8/8/8/4k3/8/8/8/4KQ2 w - - 99 120");
  CHECK(search_depth(s, fifty, 10)[0].score == 0);
  // ... but a mate on the hundredth ply still counts as a mate.
  Position mateOnHundred = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 99 120");
  auto r = search_depth(s, mateOnHundred, 6);
  CHECK(r[0].score >= VALUE_MATE_IN_MAX_PLY);
  CHECK(to_uci(mateOnHundred, r[0].move) == "a1a8");
}

TEST_CASE("repetition against the game history is a draw", "[search][draw]") {
  Search s;
  // White is a queen down but can repeat the position a third time with Ng1: the search must see it.
  Position pos;
  REQUIRE(pos.set_fen("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1").empty());
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"})
    pos.make_move(parse_uci(pos, m));
  REQUIRE(pos.repetition_count() == 3);
  // One more out-and-back would be the fourth occurrence: the position is a claimable draw, and a
  // search from it scores the repeating line as zero.
  pos.make_move(parse_uci(pos, "g1f3"));
  pos.make_move(parse_uci(pos, "g8f6"));
  SearchLimits limits;
  limits.depth = 6;
  limits.searchMoves = {parse_uci(pos, "f3g1")};
  auto r = s.search_sync(pos, limits);
  REQUIRE(r.size() == 1);
  CHECK(r[0].score == 0);
}

TEST_CASE("MultiPV returns the K best root moves sorted with exact scores", "[search][multipv]") {
  Search s;
  Position pos = from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  auto r = search_depth(s, pos, 8, 4);
  REQUIRE(r.size() == std::size_t(MoveList(pos).size()));
  for (int i = 0; i < 4; ++i) {
    CHECK(r[i].bound == BOUND_EXACT);
    CHECK(r[i].score > -VALUE_INFINITE);
    if (i) CHECK(r[i].score <= r[i - 1].score);
    for (int j = 0; j < i; ++j) CHECK(r[i].move != r[j].move);
  }
}

TEST_CASE("searchmoves restricts the root and the best move is always legal", "[search]") {
  Search s;
  Position pos;
  SearchLimits limits;
  limits.depth = 6;
  limits.searchMoves = {parse_uci(pos, "a2a3"), parse_uci(pos, "h2h4")};
  auto r = s.search_sync(pos, limits);
  REQUIRE(r.size() == 2);
  CHECK((to_uci(pos, r[0].move) == "a2a3" || to_uci(pos, r[0].move) == "h2h4"));
  // A handful of tactical and endgame positions: the best move is legal and the PV replays legally.
  for (const char* fen : {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                          "8/P7/8/8/8/8/6k1/K7 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}) {
    Position p = from_fen(fen);
    auto res = search_depth(s, p, 8);
    INFO(fen);
    REQUIRE(!res.empty());
    Position replay = p;
    for (Move m : res[0].pv) {
      REQUIRE(replay.is_legal(m));
      replay.make_move(m);
    }
    CHECK(res[0].pv.front() == res[0].move);
  }
}

TEST_CASE("bench node count is deterministic", "[search][bench]") {
  auto run = [] {
    Search s;
    std::uint64_t total = 0;
    for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}) {
      Position pos;
      REQUIRE(pos.set_fen(fen).empty());
      SearchLimits limits;
      limits.depth = 9;
      s.search_sync(pos, limits);
      total += s.last_nodes();
    }
    return total;
  };
  std::uint64_t a = run(), b = run();
  CHECK(a > 1000);
  CHECK(a == b);
}

TEST_CASE("search features are named for switching them off", "[search]") {
  unsigned mask = 0;
  CHECK(parse_search_features("nmp,lmr", mask).empty());
  CHECK(mask == (FEATURE_NULL_MOVE | FEATURE_LMR));
  CHECK(parse_search_features("", mask).empty());
  CHECK(mask == 0);
  CHECK(parse_search_features("nmp,bogus", mask) == "bogus");
  // Switching prunings off changes the tree; the mate in one is still found.
  SearchLimits limits;
  limits.depth = 7;
  Search normal, without;
  without.options().featuresOff = FEATURE_NULL_MOVE | FEATURE_REVERSE_FUTILITY | FEATURE_LMR;
  Position open = from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
  normal.search_sync(open, limits);
  const std::uint64_t normalNodes = normal.last_nodes();
  without.search_sync(open, limits);
  CHECK(without.last_nodes() > normalNodes);
  Position mate = from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  CHECK(to_uci(mate, without.search_sync(mate, limits)[0].move) == "a1a8");
}

TEST_CASE("the network-only search features move the network's search only", "[search]") {
  auto nodes = [](const nn::NnueNet* net, unsigned off) {
    Search s;
    s.options().evalNet = net;
    s.options().featuresOff = off;
    SearchLimits limits;
    limits.depth = 10;
    s.search_sync(from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"), limits);
    return s.last_nodes();
  };
  const nn::NnueNet* net = &builtin_eval_net();
  for (SearchFeature f :
       {FEATURE_PROBCUT, FEATURE_HISTORY_PRUNING, FEATURE_CAPTURE_MALUS, FEATURE_TT_CUT_HISTORY, FEATURE_SINGULAR_MORE,
        FEATURE_LMR_MORE, FEATURE_PRIOR_BONUS, FEATURE_IMPROVING_MORE, FEATURE_NET_SCALE}) {
    CAPTURE(f);
    CHECK(nodes(nullptr, 0) == nodes(nullptr, f));  // the levels' hand-written search
  }
  CHECK(nodes(net, 0) != nodes(net, FEATURES_NETWORK_ONLY));
  CHECK(nodes(net, 0) != nodes(net, FEATURE_NET_SCALE));
}

TEST_CASE("training records keep a network search's score in the network's centipawns", "[search]") {
  SearchOptions o;
  o.featuresOff = 0;
  CHECK(score_in_net_units(70, o) == 70);  // the hand-written evaluation: its own unit
  o.evalNet = &builtin_eval_net();
  CHECK(score_in_net_units(70, o) == 70 * 100 / NET_EVAL_PERCENT);
  CHECK(score_in_net_units(-140, o) == -140 * 100 / NET_EVAL_PERCENT);
  CHECK(score_in_net_units(VALUE_MATE - 5, o) == VALUE_MATE - 5);
  o.featuresOff = FEATURE_NET_SCALE;
  CHECK(score_in_net_units(70, o) == 70);
  o.featuresOff = FEATURE_NNUE;
  CHECK(score_in_net_units(70, o) == 70);
}
