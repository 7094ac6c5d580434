// The evaluation network in the engine (src/engine/nnue_eval.h): the accumulator stack following a
// search's moves equals a refresh in every position, and a search can run on a network.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "../common/random_nnue.h"
#include "chess/movegen.h"
#include "engine/nnue_eval.h"
#include "engine/search.h"

using namespace sparring;

namespace {

nn::NnueNet random_net(unsigned seed) {
  nn::NnueNet net;
  const std::vector<std::uint8_t> bytes = nn::RandomNet(seed).bytes();
  REQUIRE(net.load(bytes.data(), bytes.size()).empty());
  return net;
}

// A depth-first walk like the search's: every move pushed, null moves at some nodes, and only some
// positions evaluated (the others are updated lazily when a descendant is). Returns positions checked.
int walk(NnueStack& stack, const nn::NnueNet& net, Position& pos, int ply, int depth) {
  int checked = 0;
  if (ply % 2 == 0 || depth == 0) {
    INFO(pos.fen());
    REQUIRE(stack.evaluate(pos, ply) == nnue_evaluate(net, pos));
    ++checked;
  }
  if (depth == 0) return checked;
  if (ply == 1 && !pos.in_check()) {
    stack.push_null(ply);
    pos.make_null_move();
    checked += walk(stack, net, pos, ply + 1, depth - 1);
    pos.undo_null_move();
  }
  for (Move m : MoveList(pos)) {
    stack.push(ply, pos, m);
    pos.make_move(m);
    checked += walk(stack, net, pos, ply + 1, depth - 1);
    pos.undo_move(m);
  }
  return checked;
}

}  // namespace

TEST_CASE("nnue stack: every position of a search-like walk equals a refresh", "[nnue]") {
  const nn::NnueNet net = random_net(5);
  // Castling both ways, en passant, promotions with and without capture, checks.
  const struct {
    const char* fen;
    int depth;
  } cases[] = {
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2},
      {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 2},
  };
  for (const auto& c : cases) {
    Position pos;
    REQUIRE(pos.set_fen(c.fen).empty());
    NnueStack stack(net);
    stack.reset(pos);
    CHECK(walk(stack, net, pos, 0, c.depth) > 20);
  }
}

TEST_CASE("nnue stack: a search can evaluate with a network, repeatably", "[nnue]") {
  const nn::NnueNet net = random_net(9);
  Position pos;
  SearchLimits limits;
  limits.depth = 6;
  auto run = [&](const nn::NnueNet* evalNet, unsigned featuresOff = 0) {
    Search search;
    search.options().evalNet = evalNet;
    search.options().featuresOff = featuresOff;
    return search.search_sync(pos, limits)[0];
  };
  const RootMove a = run(&net), b = run(&net), handWritten = run(nullptr);
  CHECK(MoveList(pos).contains(a.move));
  CHECK(a.move == b.move);
  CHECK(a.score == b.score);
  // The random network's scores are nothing like the hand-written evaluation's.
  CHECK(a.score != handWritten.score);
  // SPARRING_SEARCH_OFF=nnue: the hand-written evaluation whatever network is set.
  const RootMove off = run(&net, FEATURE_NNUE);
  CHECK(off.score == handWritten.score);
  CHECK(off.move == handWritten.move);
}

TEST_CASE("nnue: the built-in network loads and knows material", "[nnue]") {
  const nn::NnueNet& net = builtin_eval_net();
  auto eval = [&](const char* fen) {
    Position pos;
    REQUIRE(pos.set_fen(fen).empty());
    return nnue_evaluate(net, pos);
  };
  const int start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(std::abs(start) < 100);
  // Black without a queen: good for White whoever is to move.
  CHECK(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > start + 400);
  CHECK(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -start - 400);
}

TEST_CASE("nnue: the engine evaluates a trained net exactly as the trainer does", "[nnue]") {
  // nnue_small.nnw: scripts/train_nnue.py --hidden 256 --epochs 2 on 200,000 self-play records (8 output buckets); the
  // reference is `train_nnue.py --check tests/data/nnue_small.nnw FENS`, the trainer's own integer arithmetic.
  std::ifstream in(SPARRING_TEST_DATA "/nnue_small.nnw", std::ios::binary);
  REQUIRE(in);
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  nn::NnueNet net;
  REQUIRE(net.load(bytes.data(), bytes.size()).empty());
  std::ifstream ref(SPARRING_TEST_DATA "/nnue_small_reference.txt");
  int checked = 0, nonzero = 0;
  for (std::string line; std::getline(ref, line);) {
    std::istringstream is(line);
    int expected = 0;
    std::string fen;
    is >> expected >> std::ws;
    std::getline(is, fen);
    Position pos;
    REQUIRE(pos.set_fen(fen).empty());
    INFO(fen);
    CHECK(nnue_evaluate(net, pos) == expected);
    ++checked, nonzero += expected != 0;
  }
  CHECK(checked == 23);  // positions of every output bucket
  CHECK(nonzero >= 15);  // a net that says 0 everywhere would test nothing
}
