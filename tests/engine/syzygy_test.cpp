// Syzygy tablebases (engine/syzygy.h) on the tables of ../shared/data/syzygy: loading, WDL and DTZ at
// positions whose values are known (that folder's README: python-chess and Stockfish 15.1 agree on
// them), the root ranking under the 50-move rule, and the search's use of both. Skipped, with a
// message, where the tables or libfathom1 are missing.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../common/syzygy_tables.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "engine/search.h"
#include "engine/syzygy.h"

using namespace sparring;

namespace {

Position from_fen(const std::string& fen) {
  Position pos;
  INFO(fen);
  REQUIRE(pos.set_fen(fen).empty());
  return pos;
}

void load_tables() {
  REQUIRE(syzygy::supported());
  const syzygy::LoadResult r = syzygy::load(syzygy_tables_dir());
  INFO(r.message);
  REQUIRE(r.ok);
  REQUIRE(r.message == "Found " + std::to_string(syzygy_table_files()) + " tablebases");
  REQUIRE(r.warning.empty());
}

// The last line a search reported.
struct Searched {
  Move best;
  IterationInfo last;
};
Searched search(Search& s, const Position& pos, SearchLimits limits) {
  Searched out;
  SearchCallbacks cb;
  cb.onIteration = [&](const IterationInfo& info) { out.last = info; };
  const std::vector<RootMove> root = s.search_sync(pos, limits, cb);
  REQUIRE(!root.empty());
  out.best = root[0].move;
  return out;
}

}  // namespace

TEST_CASE("Syzygy tables load, and a bad path keeps the tables loaded", "[syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  const std::string dir = syzygy_tables_dir();
  load_tables();
  CHECK(syzygy::max_pieces() == 4);
  CHECK(syzygy::table_count() == syzygy_table_files());
  CHECK(syzygy::path() == dir);

  const std::string empty = (std::filesystem::temp_directory_path() / "sparring-no-tables").string();
  std::filesystem::create_directories(empty);
  for (const std::string& bad : {std::string("/nonexistent/syzygy"), dir + ":/nonexistent/syzygy", empty}) {
    const syzygy::LoadResult r = syzygy::load(bad);
    INFO(bad << ": " << r.message);
    CHECK_FALSE(r.ok);
    CHECK(r.message.rfind("error: SyzygyPath: ", 0) == 0);
    CHECK(r.message.find("the tables of " + dir + " stay loaded") != std::string::npos);
    CHECK(syzygy::max_pieces() == 4);
    CHECK(syzygy::path() == dir);
  }
  syzygy::Wdl wdl;
  CHECK(syzygy::probe_wdl(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), wdl));

  // Several folders, empty ones and the separator at either end included.
  const syzygy::LoadResult two = syzygy::load(":" + empty + "::" + dir + ":");
  CHECK(two.message == "Found " + std::to_string(syzygy_table_files()) + " tablebases");

  const syzygy::LoadResult off = syzygy::load("<empty>");
  CHECK(off.ok);
  CHECK(syzygy::max_pieces() == 0);
  CHECK_FALSE(syzygy::probe_wdl(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), wdl));
  const syzygy::LoadResult stillOff = syzygy::load("/nonexistent/syzygy");
  CHECK(stillOff.message.find("tablebases stay off") != std::string::npos);
  CHECK(syzygy::max_pieces() == 0);
  std::filesystem::remove(empty);
}

TEST_CASE("Syzygy: a table that cannot be read is reported, and the others are used", "[syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  // The shared tables, but KRvK.rtbw damaged (a size Fathom accepts, no table in it).
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "sparring-damaged-tables";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const auto& e : std::filesystem::directory_iterator(syzygy_tables_dir()))
    if (e.path().filename() != "KRvK.rtbw" && e.path().extension().string().rfind(".rtb", 0) == 0)
      std::filesystem::create_symlink(e.path(), dir / e.path().filename());
  std::ofstream(dir / "KRvK.rtbw", std::ios::binary) << std::string(80, '\0');
  const syzygy::LoadResult r = syzygy::load(dir.string());
  INFO(r.message << " / " << r.warning);
  CHECK(r.ok);
  CHECK(r.message == "Found " + std::to_string(syzygy_table_files() - 1) + " tablebases");
  CHECK(r.warning == "error: SyzygyPath: tables that could not be read: KRvK");
  syzygy::Wdl wdl;
  CHECK_FALSE(syzygy::probe_wdl(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"), wdl));
  REQUIRE(syzygy::probe_wdl(from_fen("8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1"), wdl));
  CHECK(wdl == syzygy::WDL_WIN);
  // Two threads whose probes may reach the damaged table through a capture (KRvKN -> KRvK).
  Search s;
  s.options().threads = 2;
  SearchLimits limits;
  limits.depth = 8;
  const Searched searched = search(s, from_fen("4k3/8/8/8/8/8/1n6/R3K3 w - - 0 1"), limits);
  CHECK(searched.best);
  std::filesystem::remove_all(dir);
  load_tables();
}

TEST_CASE("Syzygy WDL and DTZ at positions with known results", "[syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  load_tables();
  struct Known {
    const char* what;
    const char* fen;
    syzygy::Wdl wdl;
    int dtz;  // plies to a capture, pawn move or mate with best play (python-chess's, unsigned)
  };
  const Known known[] = {
      {"KRvK win", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", syzygy::WDL_WIN, 27},
      {"KQvKR win", "4k3/8/8/8/8/8/r7/4K2Q w - - 0 1", syzygy::WDL_WIN, 11},
      {"KPvK win", "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", syzygy::WDL_WIN, 3},
      {"KPvK, the loser to move", "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", syzygy::WDL_LOSS, 4},
      {"KPvK, pawn on the 7th", "8/1k2P3/4K3/8/8/8/8/8 w - - 0 1", syzygy::WDL_WIN, 1},
      {"KPvK draw (rook pawn)", "k7/8/8/P7/8/1K6/8/8 w - - 0 1", syzygy::WDL_DRAW, 0},
      {"KBvK draw", "8/8/4k3/8/8/8/8/2B1K3 w - - 0 1", syzygy::WDL_DRAW, 0},
      {"KBNvK win", "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", syzygy::WDL_WIN, 56},
  };
  for (const Known& k : known) {
    INFO(k.what << ": " << k.fen);
    const Position pos = from_fen(k.fen);
    syzygy::Wdl wdl = syzygy::WDL_DRAW;
    int dtz = -1;
    REQUIRE(syzygy::probe_wdl(pos, wdl));
    CHECK(wdl == k.wdl);
    REQUIRE(syzygy::probe_dtz(pos, wdl, dtz));
    CHECK(wdl == k.wdl);
    CHECK(dtz == k.dtz);
  }
  // Out of the tables: five pieces, castling rights.
  syzygy::Wdl wdl;
  CHECK_FALSE(syzygy::probe_wdl(from_fen("4k3/1n6/8/8/r6Q/8/8/4K3 w - - 0 1"), wdl));
  CHECK_FALSE(syzygy::probe_wdl(from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), wdl));
}

TEST_CASE("Syzygy root ranking keeps a win within the 50-move rule", "[syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  load_tables();
  // KRvK, DTZ 27: with 72 plies on the 50-move counter only the quickest moves still win (27 + 72 = 99).
  const Position pos = from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 72 80");
  syzygy::Wdl wdl;
  int dtz = 0;
  REQUIRE(syzygy::probe_dtz(pos, wdl, dtz));
  CHECK(wdl == syzygy::WDL_WIN);
  // With 80 the same position is a cursed win: the rule draws it.
  REQUIRE(syzygy::probe_dtz(from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 80 80"), wdl, dtz));
  CHECK(wdl == syzygy::WDL_CURSED_WIN);

  std::vector<syzygy::RankedMove> best;
  bool byDtz = false;
  int probed = 0;
  REQUIRE(syzygy::best_root_moves(pos, true, {}, best, byDtz, probed));
  CHECK(byDtz);
  CHECK(probed == MoveList(pos).size());
  REQUIRE(!best.empty());
  CHECK(int(best.size()) < MoveList(pos).size());
  for (const syzygy::RankedMove& r : best) {
    INFO(to_uci(pos, r.move));
    CHECK(r.rank == 1000);
    Position after = pos;
    after.make_move(r.move);
    REQUIRE(syzygy::probe_dtz(after, wdl, dtz));
    CHECK(wdl == syzygy::WDL_LOSS);  // Black loses, the rule notwithstanding
    CHECK(dtz + after.rule50() <= 100);
  }
  // Every other move lets the 50-move rule save Black (or throws the win away).
  for (Move m : MoveList(pos)) {
    if (std::find_if(best.begin(), best.end(), [&](const syzygy::RankedMove& r) { return r.move == m; }) != best.end())
      continue;
    Position after = pos;
    after.make_move(m);
    REQUIRE(syzygy::probe_dtz(after, wdl, dtz));
    INFO(to_uci(pos, m) << " dtz " << dtz);
    CHECK(wdl != syzygy::WDL_LOSS);
  }
  // Restricted to moves given (searchmoves): the best of those.
  const Move rookMove = parse_uci(pos, "a1a2");
  REQUIRE(syzygy::best_root_moves(pos, true, {rookMove}, best, byDtz, probed));
  REQUIRE(best.size() == 1);
  CHECK(best[0].move == rookMove);
}

TEST_CASE("Syzygy at the root: the search keeps the best result and shows it as its score", "[syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  load_tables();
  Search s;
  SearchLimits limits;
  limits.depth = 8;
  const Position pos = from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 72 80");
  std::vector<syzygy::RankedMove> best;
  bool byDtz = false;
  int probed = 0;
  REQUIRE(syzygy::best_root_moves(pos, true, {}, best, byDtz, probed));
  const Searched won = search(s, pos, limits);
  CHECK(std::find_if(best.begin(), best.end(), [&](const syzygy::RankedMove& r) { return r.move == won.best; }) !=
        best.end());
  CHECK(won.last.score == VALUE_TB_WIN);  // a tablebase win, not a mate the search has not seen
  CHECK(won.last.tablebases);
  CHECK(won.last.tbHits >= std::uint64_t(probed));

  // Draws the evaluation alone would score as an advantage.
  for (const char* fen : {"k7/8/8/P7/8/1K6/8/8 w - - 0 1", "8/8/4k3/8/8/8/8/2B1K3 w - - 0 1"}) {
    INFO(fen);
    CHECK(search(s, from_fen(fen), limits).last.score == VALUE_DRAW);
  }
  // The losing side: a tablebase loss.
  CHECK(search(s, from_fen("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"), limits).last.score == -VALUE_TB_WIN);

  // Without the tables the same search shows its evaluation.
  s.options().tablebases = false;
  const Searched plain = search(s, pos, limits);
  CHECK(plain.last.score < VALUE_TB_WIN_IN_MAX_PLY);
  CHECK_FALSE(plain.last.tablebases);
}

TEST_CASE("Syzygy in the search: WDL probes after captures, with one thread or two", "[syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  load_tables();
  // Five pieces (not in the tables); Qxa4+ reaches KQvKN, a win.
  const Position pos = from_fen("4k3/1n6/8/8/r6Q/8/8/4K3 w - - 0 1");
  SearchLimits limits;
  limits.depth = 8;
  for (int threads : {1, 2}) {
    INFO("threads " << threads);
    Search s;
    s.options().threads = threads;
    const Searched r = search(s, pos, limits);
    CHECK(to_uci(pos, r.best) == "h4a4");
    CHECK(r.last.score >= VALUE_TB_WIN_IN_MAX_PLY);
    CHECK(r.last.tbHits > 0);

    // SyzygyProbeLimit 0: no probes.
    s.options().tbProbeLimit = 0;
    const Searched limited = search(s, pos, limits);
    CHECK(limited.last.tbHits == 0);
    CHECK(limited.last.score < VALUE_TB_WIN_IN_MAX_PLY);
  }
  Search plain;
  plain.options().tablebases = false;
  CHECK(search(plain, pos, limits).last.score < VALUE_TB_WIN_IN_MAX_PLY);
}
