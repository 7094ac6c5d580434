// Perft: the leaf counts of every position of every suite in tests/data, against the counts in the file.
#include <catch2/catch.hpp>

#include "chess/movegen.h"
#include "chess/perft.h"
#include "helpers.h"

using namespace sparring;
using namespace sparring::test;

namespace {

// A position is counted at every listed depth whose count is at most the budget (the deepest such
// depth costs about as much as all shallower ones together). A position whose counts all exceed the
// budget is counted at its shallowest listed depth, so that none goes unchecked; only a few
// positions of cw_perft.epd list nothing but deep counts, the largest 868M leaves. The budgets keep
// the perft suites at a few seconds with `ctest -j2` in a Release build (perft counts 600-900M
// leaves/s here, the make/undo path below about a quarter of that).
constexpr std::uint64_t STANDARD_BUDGET = 20'000'000;
// Chess960 counts are checked to depth 5 at most: the suite's D6 counts were not independently re-verified.
constexpr std::uint64_t CHESS960_BUDGET = 10'000'000;
constexpr int CHESS960_MAX_DEPTH = 5;

// perft() walks its own copy-make board; the search walks Position with make_move and undo_move.
// This count takes the search's path, so the suites prove Position's move making as well.
constexpr std::uint64_t MAKE_UNDO_BUDGET = 2'000'000;

std::uint64_t perft_make_undo(Position& pos, int depth) {
  if (depth == 1) return count_legal_moves(pos);
  std::uint64_t nodes = 0;
  for (Move m : MoveList(pos)) {
    pos.make_move(m);
    nodes += perft_make_undo(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

std::vector<int> depths_to_check(const PerftEntry& entry, std::uint64_t budget, int maxDepth) {
  std::vector<int> depths;
  for (auto [depth, count] : entry.counts)
    if (count <= budget && depth <= maxDepth) depths.push_back(depth);
  if (depths.empty()) depths.push_back(entry.counts.begin()->first);
  return depths;
}

// Checks the positions i of the suite with i % parts == part (interleaved, so that the parts cost about the same).
void check_suite_part(const PerftSuite& suite, int part, int parts) {
  const std::vector<PerftEntry> entries = load_perft_suite(suite);
  REQUIRE(entries.size() == suite.positions);
  const std::uint64_t budget = suite.chess960 ? CHESS960_BUDGET : STANDARD_BUDGET;
  const int maxDepth = suite.chess960 ? CHESS960_MAX_DEPTH : 64;

  for (size_t i = part; i < entries.size(); i += parts) {
    const PerftEntry& entry = entries[i];
    INFO(suite.file << ":" << entry.line << ": " << entry.fen);
    Position pos = position_from(entry.fen, suite.chess960);
    const std::string fen = pos.fen();
    for (int depth : depths_to_check(entry, budget, maxDepth)) {
      INFO("depth " << depth);
      CHECK(perft(pos, depth) == entry.counts.at(depth));
    }
    for (auto [depth, count] : entry.counts)
      if (count <= MAKE_UNDO_BUDGET && depth <= maxDepth) {
        INFO("make_move/undo_move, depth " << depth);
        CHECK(perft_make_undo(pos, depth) == count);
      }
    CHECK(pos.fen() == fen);  // perft leaves the position as it found it
  }
}

}  // namespace

TEST_CASE("perft ethereal_standard part 1 of 2", "[perft]") { check_suite_part(ETHEREAL_STANDARD, 0, 2); }
TEST_CASE("perft ethereal_standard part 2 of 2", "[perft]") { check_suite_part(ETHEREAL_STANDARD, 1, 2); }

TEST_CASE("perft cw_perft part 1 of 3", "[perft]") { check_suite_part(CW_PERFT, 0, 3); }
TEST_CASE("perft cw_perft part 2 of 3", "[perft]") { check_suite_part(CW_PERFT, 1, 3); }
TEST_CASE("perft cw_perft part 3 of 3", "[perft]") { check_suite_part(CW_PERFT, 2, 3); }

TEST_CASE("perft cpw_six_standard_positions", "[perft]") { check_suite_part(CPW_SIX, 0, 1); }

TEST_CASE("perft ethereal_fischer part 1 of 3", "[perft][chess960]") { check_suite_part(ETHEREAL_FISCHER, 0, 3); }
TEST_CASE("perft ethereal_fischer part 2 of 3", "[perft][chess960]") { check_suite_part(ETHEREAL_FISCHER, 1, 3); }
TEST_CASE("perft ethereal_fischer part 3 of 3", "[perft][chess960]") { check_suite_part(ETHEREAL_FISCHER, 2, 3); }

TEST_CASE("perft of depth 0 and 1 and perft_divide", "[perft]") {
  Position pos = position_from("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  CHECK(perft(pos, 0) == 1);
  CHECK(perft(pos, 1) == 48);
  CHECK(count_legal_moves(pos) == 48);

  const auto divide = perft_divide(pos, 3);
  CHECK(divide.size() == 48);
  std::uint64_t sum = 0;
  for (auto [move, nodes] : divide) {
    CHECK(pos.is_legal(move));
    sum += nodes;
  }
  CHECK(sum == 97862);
}
