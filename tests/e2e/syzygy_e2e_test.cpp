// Syzygy tablebases over UCI, as a GUI sets them: the options, `Found N tablebases`, errors that keep
// the tables, a missing libfathom1 (the engine still plays), `tbhits`, and won KRvK endings played to
// mate within the 50-move rule. Skipped, with a message, where the tables or libfathom1 are missing.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../common/syzygy_tables.h"
#include "../common/uci_session.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "match/uci_engine.h"

using namespace sparring;
using namespace std::chrono_literals;
using match::Clock;

namespace {

using Session = e2e::UciSession;
using e2e::field;

std::string found_line() { return "info string Found " + std::to_string(syzygy_table_files()) + " tablebases"; }

// Plays `fen` out with the engine on both sides (`go nodes`), and returns how it ended: "mate", "50-move
// draw", "draw" or "ply limit". `plies` receives the number of plies played.
std::string play_out(Session& s, const std::string& fen, int& plies) {
  Position pos;
  REQUIRE(pos.set_fen(fen).empty());
  std::string moves;
  for (plies = 0; plies < 200; ++plies) {
    if (pos.is_checkmate()) return "mate";
    if (pos.rule50() >= 100) return "50-move draw";
    if (pos.is_automatic_draw() || pos.can_claim_draw()) return "draw";
    s.send("position fen " + fen + (moves.empty() ? "" : " moves" + moves));
    s.send("go nodes 20000");
    const std::string best = field(s.expect("bestmove"), "bestmove");
    const Move m = parse_uci(pos, best);
    INFO(pos.fen() << ": bestmove " << best);
    REQUIRE(m);
    pos.make_move(m);
    moves += " " + best;
  }
  return "ply limit";
}

}  // namespace

TEST_CASE("Syzygy options as Stockfish names them, and Found N tablebases", "[e2e][syzygy]") {
  Session s;
  s.send("uci");
  std::vector<std::string> announced;
  for (std::string l; (l = s.expect("")) != "uciok";)
    if (l.find("name Syzygy") != std::string::npos) announced.push_back(l);
  CHECK(announced == std::vector<std::string>{
                         "option name SyzygyPath type string default <empty>",
                         "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                         "option name Syzygy50MoveRule type check default true",
                         "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
                     });
  SKIP_WITHOUT_SYZYGY();
  const std::string dir = syzygy_tables_dir();
  s.send("setoption name SyzygyPath value " + dir);
  CHECK(s.expect("info string", 20s) == found_line());

  // A folder that is not there: an error, and the tables stay (the KRvK root is still probed).
  s.send("setoption name SyzygyPath value /nonexistent/syzygy");
  const std::string err = s.expect("info string");
  CHECK(err.rfind("info string error: SyzygyPath: no folder '/nonexistent/syzygy'", 0) == 0);
  CHECK(err.find("stay loaded") != std::string::npos);
  s.send("position fen 8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
  s.send("go depth 6");
  s.expect("bestmove");
  const std::string& last = s.lines[s.lines.size() - 2];
  INFO(last);
  CHECK(std::stoull(field(last, "tbhits")) > 0);
  CHECK(field(last, "cp") == std::to_string(31753));  // a tablebase win: large, not a mate

  // Off again: no tbhits field.
  s.send("setoption name SyzygyPath value <empty>");
  CHECK(s.expect("info string") == "info string Syzygy tablebases off");
  s.send("go depth 6");
  s.expect("bestmove");
  CHECK(s.lines[s.lines.size() - 2].find("tbhits") == std::string::npos);
}

TEST_CASE("Without libfathom1 the engine says what to install and plays on", "[e2e][syzygy]") {
  // A folder with a table file in it (of a size Fathom accepts), so that the library is what is missing.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "sparring-e2e-fake-tables";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "KRvK.rtbw") << std::string(16, '\0');
  Session s("export SPARRING_FATHOM_LIB=/nonexistent/libfathom.so.1");
  s.send("setoption name SyzygyPath value " + dir.string());
  const std::string err = s.expect("info string");
  INFO(err);
  const bool unsupported = err.find("no tablebase support") != std::string::npos;
  CHECK((unsupported || err.find("install libfathom1") != std::string::npos));
  CHECK(err.rfind("info string error: SyzygyPath: ", 0) == 0);
  s.send("position startpos moves e2e4");
  s.send("go depth 5");
  CHECK(!field(s.expect("bestmove"), "bestmove").empty());
  s.send("isready");
  s.expect("readyok");
  std::filesystem::remove_all(dir);
}

TEST_CASE("Syzygy: won KRvK endings played to mate within the 50-move rule", "[e2e][syzygy]") {
  SKIP_WITHOUT_SYZYGY();
  Session s;
  s.send("setoption name SyzygyPath value " + syzygy_tables_dir());
  CHECK(s.expect("info string", 20s) == found_line());
  // DTZ 27 from a fresh counter; then with 72 plies already on it: only the quickest mate (27 + 72 = 99)
  // is in time, against a defence that knows it (the same engine and tables).
  for (const char* fen : {"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 w - - 72 80"}) {
    INFO(fen);
    s.send("ucinewgame");
    int plies = 0;
    CHECK(play_out(s, fen, plies) == "mate");
  }
}
