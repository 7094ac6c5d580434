// The mate prover: every Lichess mate puzzle solved with its exact length, the full list of mating
// first moves equal to a plain full-width search's, no false mates (stalemate, 50-move rule), and
// an honest "incomplete" when the budget runs out.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "../common/mate_reference.h"
#include "chess/epd.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "engine/mate_search.h"

using namespace sparring;

namespace {

constexpr std::uint64_t BUDGET = 50'000'000;

struct Puzzle {
  std::string fen, firstMove, id;
  int dm = 0;
};

std::vector<Puzzle> load_puzzles() {
  std::ifstream in(std::string(SPARRING_TEST_DATA) + "/lichess_mates_solver_to_move.epd");
  REQUIRE(in);
  std::vector<Puzzle> out;
  for (std::string line; std::getline(in, line);) {
    EpdRecord rec;
    if (parse_epd(line, rec) == "empty") continue;
    INFO(line);
    REQUIRE(rec.find("dm"));
    REQUIRE(rec.find("pv"));
    out.push_back({rec.fen, rec.find("pv")->front(), rec.find("id") ? rec.find("id")->front() : "",
                   std::stoi(rec.find("dm")->front())});
  }
  REQUIRE(out.size() == 269);
  return out;
}

Position from_fen(const std::string& fen) {
  Position pos;
  INFO(fen);
  REQUIRE(pos.set_fen(fen).empty());
  return pos;
}

const MatingMove* find_move(const std::vector<MatingMove>& list, Move m) {
  for (const MatingMove& mm : list)
    if (mm.move == m) return &mm;
  return nullptr;
}

void check_puzzles(int minDm, int maxDm) {
  int checked = 0;
  for (const Puzzle& p : load_puzzles()) {
    if (p.dm < minDm || p.dm > maxDm) continue;
    INFO(p.id << " " << p.fen << " dm " << p.dm << " pv " << p.firstMove);
    Position pos = from_fen(p.fen);
    const Move stored = parse_uci(pos, p.firstMove);
    REQUIRE(stored);
    bool complete = false;
    const std::vector<MatingMove> mates = find_mating_moves(pos, p.dm, BUDGET, &complete);
    REQUIRE(complete);
    REQUIRE(!mates.empty());
    CHECK(mates.front().mateIn == p.dm);
    const MatingMove* listed = find_move(mates, stored);
    REQUIRE(listed);
    CHECK(listed->mateIn == p.dm);
    for (std::size_t i = 1; i < mates.size(); ++i) CHECK(mates[i - 1].mateIn <= mates[i].mateIn);
    CHECK(shortest_mate(pos, p.dm, BUDGET) == p.dm);
    ++checked;
  }
  CHECK(checked > 0);
}

// Compares the prover's complete list with the plain full-width search's, move by move.
void check_against_reference(const Position& pos, int maxMoves) {
  INFO(pos.fen() << " mate in <= " << maxMoves);
  bool complete = false;
  std::vector<MatingMove> mates = find_mating_moves(pos, maxMoves, BUDGET, &complete);
  REQUIRE(complete);
  std::sort(mates.begin(), mates.end(), [](const MatingMove& a, const MatingMove& b) {
    return a.mateIn != b.mateIn ? a.mateIn < b.mateIn : a.move.raw() < b.move.raw();
  });
  const std::vector<reference::Mate> expected = reference::mating_moves(pos, maxMoves);
  REQUIRE(mates.size() == expected.size());
  for (std::size_t i = 0; i < mates.size(); ++i) {
    INFO("move " << i);
    CHECK(mates[i].move == expected[i].move);
    CHECK(mates[i].mateIn == expected[i].mateIn);
  }
}

}  // namespace

TEST_CASE("Lichess mates in 1 to 3: the stored first move is listed and the shortest mate equals dm", "[mate_search]") {
  check_puzzles(1, 3);
}

TEST_CASE("Lichess mates in 4 to 6: the stored first move is listed and the shortest mate equals dm", "[mate_search]") {
  check_puzzles(4, 6);
}

TEST_CASE("the list of mating moves equals a plain full-width search's", "[mate_search]") {
  int compared = 0;
  for (const Puzzle& p : load_puzzles()) {
    if (p.dm > 2 || compared >= 25) continue;
    check_against_reference(from_fen(p.fen), 2);
    check_against_reference(from_fen(p.fen), 1);
    ++compared;
  }
  CHECK(compared == 25);
  // Positions with many mates, quiet mates and stalemate traps.
  for (const char* fen : {"6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1", "7k/8/5K2/8/8/8/8/1R6 w - - 0 1",
                          "7k/8/5K2/6Q1/8/8/8/8 w - - 0 1", "4k3/8/4K3/8/8/8/8/R6R w - - 0 1"})
    check_against_reference(from_fen(fen), 2);
  // Few pieces keep the full-width reference affordable at mate in 3, where the table and the
  // move ordering of the prover start to matter.
  for (const char* fen : {"7k/8/5K2/8/8/8/8/1R6 w - - 0 1", "k7/8/2K5/8/8/8/8/7Q w - - 0 1"})
    check_against_reference(from_fen(fen), 3);
}

TEST_CASE("two back-rank mates are both listed", "[mate_search]") {
  // Worked out by hand: the black king is boxed in by its own pawns, and either rook mates on e8/a8.
  Position pos = from_fen("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1");
  bool complete = false;
  std::vector<MatingMove> mates = find_mating_moves(pos, 1, BUDGET, &complete);
  CHECK(complete);
  REQUIRE(mates.size() == 2);
  CHECK(find_move(mates, parse_uci(pos, "a1a8")));
  CHECK(find_move(mates, parse_uci(pos, "e1e8")));
  for (const MatingMove& m : mates) CHECK(m.mateIn == 1);
}

TEST_CASE("a quiet mate in 2 is found and a stalemating move is never listed", "[mate_search]") {
  // 1.Kf7 Kh7 (forced) 2.Rh1#. Found by hand; no mate in 1 exists (Rb8+ Kh7).
  Position pos = from_fen("7k/8/5K2/8/8/8/8/1R6 w - - 0 1");
  CHECK(find_mating_moves(pos, 1, BUDGET).empty());
  std::vector<MatingMove> mates = find_mating_moves(pos, 2, BUDGET);
  const MatingMove* kf7 = find_move(mates, parse_uci(pos, "f6f7"));
  REQUIRE(kf7);
  CHECK(kf7->mateIn == 2);

  // 1.Qg6?? is stalemate, not mate.
  Position trap = from_fen("7k/8/5K2/6Q1/8/8/8/8 w - - 0 1");
  const Move qg6 = parse_uci(trap, "g5g6");
  Position after = trap;
  after.make_move(qg6);
  REQUIRE(after.is_stalemate());
  std::vector<MatingMove> trapMates = find_mating_moves(trap, 3, BUDGET);
  CHECK(!trapMates.empty());
  CHECK(!find_move(trapMates, qg6));
}

TEST_CASE("no mate in N gives an empty and complete list", "[mate_search]") {
  bool complete = false;
  Position start;
  CHECK(find_mating_moves(start, 3, BUDGET, &complete).empty());
  CHECK(complete);
  CHECK(shortest_mate(start, 3, BUDGET, &complete) == 0);
  CHECK(complete);

  // The side to move is the one being mated here: it has no mate of its own.
  Position defending = from_fen("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 b - - 0 1");
  CHECK(find_mating_moves(defending, 2, BUDGET, &complete).empty());
  CHECK(complete);

  // Checkmated and stalemated positions have no moves at all.
  CHECK(find_mating_moves(from_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"), 2, BUDGET, &complete).empty());
  CHECK(complete);
}

TEST_CASE("the 50-move rule ends a mate that comes too late", "[mate_search]") {
  // The quiet mate in 2 above needs plies 99 and 100 to be quiet: at 100 the defender claims a draw.
  Position late = from_fen("7k/8/5K2/8/8/8/8/1R6 w - - 98 120");
  bool complete = false;
  CHECK(find_mating_moves(late, 3, BUDGET, &complete).empty());
  CHECK(complete);
  // A mate delivered on the 100th ply still counts: checkmate comes before the claim.
  Position lastMove = from_fen("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 99 120");
  CHECK(find_mating_moves(lastMove, 1, BUDGET).size() == 2);
}

TEST_CASE("a budget too small is reported as incomplete and what is listed is still right", "[mate_search]") {
  std::vector<Puzzle> puzzles = load_puzzles();
  // A mate in 5: far more than the budget's 2,000 nodes, cheap enough to solve in full as well.
  auto mateIn5 = std::find_if(puzzles.begin(), puzzles.end(), [](const Puzzle& p) { return p.dm == 5; });
  REQUIRE(mateIn5 != puzzles.end());
  Position pos = from_fen(mateIn5->fen);
  bool complete = true;
  std::vector<MatingMove> partial = find_mating_moves(pos, mateIn5->dm, 2000, &complete);
  CHECK_FALSE(complete);
  CHECK(shortest_mate(pos, mateIn5->dm, 2000, &complete) == 0);
  CHECK_FALSE(complete);

  std::vector<MatingMove> full = find_mating_moves(pos, mateIn5->dm, BUDGET, &complete);
  REQUIRE(complete);
  for (const MatingMove& m : partial) {
    const MatingMove* same = find_move(full, m.move);
    REQUIRE(same);
    CHECK(same->mateIn == m.mateIn);
  }
}

TEST_CASE("principal variations are legal and end in mate at the stated length", "[mate_search]") {
  int checked = 0;
  for (const Puzzle& p : load_puzzles()) {
    if (checked >= 40) break;
    Position pos = from_fen(p.fen);
    MateSearchLimits limits;
    limits.maxMoves = p.dm;
    limits.nodeBudget = BUDGET;
    limits.pvLines = 3;
    MateSearchResult r = search_mates(pos, limits);
    REQUIRE(r.complete);
    for (int i = 0; i < std::min<int>(3, int(r.moves.size())); ++i) {
      const MatingMove& m = r.moves[i];
      INFO(p.id << " line " << i);
      REQUIRE(int(m.pv.size()) == 2 * m.mateIn - 1);
      CHECK(m.pv.front() == m.move);
      Position line = pos;
      for (Move mv : m.pv) {
        REQUIRE(line.is_legal(mv));
        line.make_move(mv);
      }
      CHECK(line.is_checkmate());
    }
    ++checked;
  }
}

TEST_CASE("root moves can be restricted", "[mate_search]") {
  Position pos = from_fen("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1");
  MateSearchLimits limits;
  limits.maxMoves = 1;
  limits.rootMoves = {parse_uci(pos, "e1e8"), parse_uci(pos, "h2h3")};
  MateSearchResult r = search_mates(pos, limits);
  CHECK(r.complete);
  REQUIRE(r.moves.size() == 1);
  CHECK(r.moves[0].move == parse_uci(pos, "e1e8"));
}

TEST_CASE("with quiet moves only near the end, the prover finds those mates and only those", "[mate_search]") {
  // 22.Qe6+ mates in 5: a check first, then 22...Kf8 23.Bg6! is quiet.
  Position pos = from_fen("rn6/pp3k2/2p4p/5B2/1P1b2p1/P1N5/2P3PP/R3Q2K w - - 0 22");
  MateSearchLimits limits;
  limits.maxMoves = 5;
  limits.nodeBudget = 4'000'000;
  limits.quietWithin = 3;  // checks alone until three moves from mate: not enough here
  MateSearchResult r = search_mates(pos, limits);
  CHECK(r.complete);
  CHECK(r.moves.empty());
  limits.quietWithin = 4;
  r = search_mates(pos, limits);
  CHECK(r.complete);
  REQUIRE(r.moves.size() == 1);
  CHECK(r.moves[0].move == parse_uci(pos, "e1e6"));
  CHECK(r.moves[0].mateIn == 5);
  // 1.Qxg6+ is no mate; the quiet 1.Rd1-d3 is not found by checks alone.
  Position quiet = from_fen("2q1r3/4pR2/3rQ1pk/p1pnN2p/Pn5B/8/1P4PP/3R3K w - - 1 1");
  MateSearchLimits two;
  two.maxMoves = 2;
  two.nodeBudget = 2'000'000;
  const MateSearchResult all = search_mates(quiet, two);
  REQUIRE(all.complete);
  REQUIRE_FALSE(all.moves.empty());
  for (const MatingMove& m : all.moves) CHECK_FALSE(quiet.gives_check(m.move));
  two.quietWithin = 1;
  const MateSearchResult checking = search_mates(quiet, two);
  CHECK(checking.complete);
  CHECK(checking.moves.empty());
}

TEST_CASE("stopping at the first proof keeps the mate length exact and comes far sooner", "[mate_search]") {
  // A ladder game (Hard, 27...): Ne5, Qf5 and Qh7+ mate in 5 in an open position with queens on.
  // The complete proof must also refute every other first move at length 5 (11.3 M nodes); each
  // mating move alone takes 47,000-141,000. The level played 27.Qh4+, a longer mate, when the
  // complete proof ran out of its budget; the first proof takes about 850,000.
  Position pos = from_fen("r3r3/p1p1k3/1p6/2b4Q/2N2P2/2P4P/PP4P1/3R1R1K w - - 3 27");
  MateSearchLimits limits;
  limits.maxMoves = 9;
  limits.nodeBudget = 4'000'000;  // the guard's (mate_guard.cpp, PROOF_NODES)
  const MateSearchResult complete = search_mates(pos, limits);
  CHECK_FALSE(complete.complete);  // lengths 1-4 refuted, length 5 unfinished
  limits.firstOnly = true;
  const MateSearchResult first = search_mates(pos, limits);
  REQUIRE(first.complete);
  REQUIRE(first.moves.size() == 1);
  CHECK(first.moves[0].mateIn == 5);
  const std::string move = to_uci(pos, first.moves[0].move);
  CHECK((move == "c4e5" || move == "h5f5" || move == "h5h7"));
}

TEST_CASE("the first proof follows the preferred order among equally short mates", "[mate_search]") {
  Position pos = from_fen("6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1");  // a1a8 and e1e8 both mate
  MateSearchLimits limits;
  limits.maxMoves = 3;
  limits.firstOnly = true;
  for (const char* preferred : {"a1a8", "e1e8"}) {
    limits.rootMoves = {parse_uci(pos, "g2g3"), parse_uci(pos, preferred)};
    for (Move m : MoveList(pos))
      if (std::find(limits.rootMoves.begin(), limits.rootMoves.end(), m) == limits.rootMoves.end())
        limits.rootMoves.push_back(m);
    const MateSearchResult r = search_mates(pos, limits);
    REQUIRE(r.moves.size() == 1);
    CHECK(to_uci(pos, r.moves[0].move) == preferred);
    CHECK(r.moves[0].mateIn == 1);
  }
}
