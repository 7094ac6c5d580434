// `sparring puzzle`, `sparring hint` and `sparring review`'s outputs as a user runs them: output, exit
// codes, bad arguments.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "../common/cli_run.h"

namespace {

using Run = CliRun;

Run run(const std::string& args) { return run_cli(args); }

int count_lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

const std::string TWO_ROOKS = "--fen '6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1'";

}  // namespace

TEST_CASE("puzzle lists every mating move with SAN and UCI", "[e2e][puzzle]") {
  Run r = run("puzzle " + TWO_ROOKS + " --mate 1");
  INFO(r.out);
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("2 moves mate in 1 or fewer (complete") != std::string::npos);
  CHECK(r.out.find("Ra8#") != std::string::npos);
  CHECK(r.out.find("a1a8") != std::string::npos);
  CHECK(r.out.find("Re8#") != std::string::npos);
  CHECK(r.out.find("e1e8") != std::string::npos);
}

TEST_CASE("puzzle --move judges a proposed solution by its exit code", "[e2e][puzzle]") {
  Run san = run("puzzle " + TWO_ROOKS + " --mate 1 --move Re8");
  CHECK(san.exitCode == 0);
  CHECK(san.out.find("correct, mate in 1") != std::string::npos);
  Run uci = run("puzzle " + TWO_ROOKS + " --mate 1 --move a1a8");
  CHECK(uci.exitCode == 0);
  Run wrong = run("puzzle " + TWO_ROOKS + " --mate 1 --move h2h3");
  CHECK(wrong.exitCode == 1);
  CHECK(wrong.out.find("not correct") != std::string::npos);
}

TEST_CASE("puzzle and hint refuse bad arguments with one line and exit code 2", "[e2e][puzzle]") {
  for (const char* args :
       {"puzzle --mate 2", "puzzle --fen 'not a fen' --mate 2",
        "puzzle " /* no mate */ "--fen '8/8/8/8/8/8/8/8 w'",
        "puzzle --fen '6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1' --mate 0",
        "puzzle --fen '6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1' --mate 1 --move e1e9", "puzzle --epd /nonexistent",
        "hint", "hint --fen '6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1' --depth 0", "hint --bogus"}) {
    Run r = run(args);
    INFO(args << "\n" << r.out);
    CHECK(r.exitCode == 2);
    CHECK(count_lines(r.out) == 1);
  }
}

TEST_CASE("puzzle --epd reports agreement and exits 1 on a wrong record", "[e2e][puzzle]") {
  const std::string path = "puzzle_cli_e2e_test.epd";
  {
    std::ofstream f(path);
    f << "6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1 dm 1; pv e1e8; id \"two rooks\";\n";
    f << "5rk1/p1Q3pp/8/3p4/3q1R2/8/P1P3PP/R6K b - - 0 21 dm 2; pv d4a1 f4f1 a1f1; id \"lichess.mJDcO\";\n";
  }
  Run good = run("puzzle --epd " + path);
  INFO(good.out);
  CHECK(good.exitCode == 0);
  CHECK(good.out.find("2 positions, 2 agree, 0 disagree, 0 unknown") != std::string::npos);

  {
    std::ofstream f(path, std::ios::app);
    f << "6k1/5ppp/8/8/8/8/5PPP/R3R1K1 w - - 0 1 dm 2; pv e1e8; id \"wrong dm\";\n";
  }
  Run bad = run("puzzle --epd " + path);
  INFO(bad.out);
  CHECK(bad.exitCode == 1);
  CHECK(bad.out.find("wrong dm: DISAGREE") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("hint prints the best move and the alternatives asked for", "[e2e][puzzle]") {
  Run r = run("hint " + TWO_ROOKS + " --alternatives 2 --depth 6");
  INFO(r.out);
  CHECK(r.exitCode == 0);
  CHECK(count_lines(r.out) == 3);
  CHECK(r.out.rfind("best:", 0) == 0);
  CHECK(r.out.find("mate in 1") != std::string::npos);
  CHECK(r.out.find("alternative 2:") != std::string::npos);
}

TEST_CASE("review --json-out writes every game as JSON while the totals print as text", "[e2e][review]") {
  const std::string pgn = "review_json_out_" + std::to_string(getpid()) + ".pgn";
  const std::string json = "review_json_out_" + std::to_string(getpid()) + ".json";
  std::ofstream(pgn) << "[Event \"a\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
                        "[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
  Run r = run("review " + pgn + " --depth 2 --totals-only --no-progress --json-out " + json);
  INFO(r.out);
  CHECK(r.exitCode == 0);
  CHECK(r.out.find("Totals by rating band") != std::string::npos);
  CHECK(r.out.find("\"games\"") == std::string::npos);
  std::ifstream in(json);
  const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(doc.rfind("{\"games\":[", 0) == 0);
  CHECK(doc.find("\"index\":1") != std::string::npos);
  CHECK(doc.find("\"index\":2") != std::string::npos);
  CHECK(doc.find("\"Qxf7#\"") != std::string::npos);
  CHECK(doc.find("\"totals\":") != std::string::npos);
  CHECK(doc.back() == '\n');
  // --json alone keeps its meaning: the games go to stdout, and --totals-only leaves them out.
  Run both = run("review " + pgn + " --depth 2 --json --totals-only --no-progress");
  CHECK(both.out.find("\"index\"") == std::string::npos);
  CHECK(both.out.find("\"totals\":") != std::string::npos);
  std::remove(pgn.c_str());
  std::remove(json.c_str());
}
