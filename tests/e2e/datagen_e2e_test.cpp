// `sparring datagen` as a user runs it: the records file, repeatability across thread counts,
// resuming after a cut, the index of games, and bad arguments.
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "../common/cli_run.h"

namespace {

using Run = CliRun;

Run run(const std::string& args) { return run_cli("datagen " + args); }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("sparring-datagen-" + std::to_string(getpid()) + "-" + name))
      .string();
}

const std::string BOOK = std::string("--book ") + SPARRING_TEST_DATA + "/noob_2moves.epd";

}  // namespace

TEST_CASE("datagen writes whole records, the same for any thread count, and resumes", "[e2e][datagen]") {
  const std::string one = temp_path("one.bin"), two = temp_path("two.bin"), parts = temp_path("parts.bin");
  for (const std::string& f : {one, two, parts}) std::filesystem::remove(f);
  const std::string common = " --nodes 300 --seed 7 --skip-plies 8 " + BOOK;
  Run a = run("--out " + one + " --games 4 --threads 1" + common);
  INFO(a.out);
  REQUIRE(a.exitCode == 0);
  CHECK(a.out.find("done, 4 games of 4") != std::string::npos);
  CHECK(a.out.find("; next game 4\n") != std::string::npos);  // the --first-game a further run would take
  const std::string bytes = slurp(one);
  REQUIRE(bytes.size() > 0);
  CHECK(bytes.size() % 32 == 0);
  // Two threads: the games finish in another order but are written in the same one.
  REQUIRE(run("--out " + two + " --games 4 --threads 2" + common).exitCode == 0);
  CHECK(slurp(two) == bytes);
  // Games 0-1, a cut in the middle of a record, then games 2-3: the same file again.
  REQUIRE(run("--out " + parts + " --games 2" + common).exitCode == 0);
  { std::ofstream(parts, std::ios::binary | std::ios::app) << "torn"; }
  Run b = run("--out " + parts + " --games 2 --first-game 2" + common);
  REQUIRE(b.exitCode == 0);
  CHECK(b.out.find("done, 2 games of 2") != std::string::npos);
  CHECK(b.out.find("; next game 4\n") != std::string::npos);
  CHECK(slurp(parts) == bytes);
  for (const std::string& f : {one, two, parts}) std::filesystem::remove(f);
}

TEST_CASE("datagen --index lists each game written and its records, in order", "[e2e][datagen]") {
  const std::string out = temp_path("indexed.bin"), index = temp_path("indexed.idx");
  for (const std::string& f : {out, index}) std::filesystem::remove(f);
  const std::string common = " --nodes 300 --seed 7 --skip-plies 8 --threads 2 " + BOOK;
  Run a = run("--out " + out + " --index " + index + " --games 2 --first-game 5" + common);
  INFO(a.out);
  REQUIRE(a.exitCode == 0);
  Run b = run("--out " + out + " --index " + index + " --games 1 --first-game 7" + common);
  REQUIRE(b.exitCode == 0);
  std::istringstream lines(slurp(index));
  long long game = 0, records = 0, total = 0;
  std::vector<long long> games;
  while (lines >> game >> records) games.push_back(game), total += records;
  CHECK(games == std::vector<long long>{5, 6, 7});
  CHECK(total * 32 == static_cast<long long>(slurp(out).size()));
  CHECK(total > 0);
  for (const std::string& f : {out, index}) std::filesystem::remove(f);
}

TEST_CASE("datagen refuses bad arguments and unwritable files with one line and exit code 2", "[e2e][datagen]") {
  const std::string out = " --out " + temp_path("bad.bin");
  const std::vector<std::string> bad = {"--games 1",
                                        "--out x.bin",
                                        out + " --games 0",
                                        out + " --games 1 --nodes 5",
                                        out + " --games 1 --threads 0",
                                        out + " --games 1 --random-plies 99",
                                        out + " --games 1 --hash 0",
                                        out + " --games 1 --first-game -1",
                                        out + " --games 1 --book /nonexistent/book.epd",
                                        out + " --games 1 --bogus",
                                        "--out /nonexistent-dir/x.bin --games 1",
                                        out + " --games 1 --index /nonexistent-dir/x.idx"};
  for (const std::string& args : bad) {
    Run r = run(args);
    INFO(args << "\n" << r.out);
    CHECK(r.exitCode == 2);
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 1);
    CHECK(r.out.rfind("sparring datagen: ", 0) == 0);
  }
  std::filesystem::remove(temp_path("bad.bin"));
}
