#include "helpers.h"

#include <catch2/catch.hpp>
#include <charconv>
#include <fstream>
#include <sstream>

#include "chess/notation.h"

namespace sparring::test {

namespace {

std::string_view trim(std::string_view s) {
  const char* space = " \t";
  size_t b = s.find_first_not_of(space);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(space) - b + 1);
}

// Parses "D<depth> <count>" into `entry`; returns false if the operation is not a depth count.
bool parse_depth_count(std::string_view op, PerftEntry& entry) {
  if (op.size() < 2 || op[0] != 'D' || op[1] < '0' || op[1] > '9') return false;
  size_t space = op.find(' ');
  if (space == std::string_view::npos) return false;
  int depth = 0;
  std::uint64_t count = 0;
  std::string_view d = op.substr(1, space - 1), n = trim(op.substr(space + 1));
  auto [dEnd, dErr] = std::from_chars(d.data(), d.data() + d.size(), depth);
  auto [nEnd, nErr] = std::from_chars(n.data(), n.data() + n.size(), count);
  if (dErr != std::errc() || dEnd != d.data() + d.size() || nErr != std::errc() || nEnd != n.data() + n.size())
    return false;
  entry.counts[depth] = count;
  return true;
}

}  // namespace

std::vector<PerftEntry> load_perft_suite(const PerftSuite& suite) {
  const std::string path = std::string(SPARRING_TEST_DATA) + "/" + suite.file;
  std::ifstream in(path, std::ios::binary);
  INFO("reading " << path);
  REQUIRE(in);

  std::vector<PerftEntry> entries;
  std::string raw;
  for (int lineNo = 1; std::getline(in, raw); ++lineNo) {
    std::string line;
    for (char c : raw)
      if (c != '\0' && c != '\r') line += c;
    if (trim(line).empty()) continue;

    PerftEntry entry{.fen = {}, .counts = {}, .line = lineNo};
    std::istringstream ops(line);
    std::string op;
    std::getline(ops, op, ';');
    entry.fen = std::string(trim(op));
    while (std::getline(ops, op, ';')) {
      std::string_view o = trim(op);
      if (o.starts_with("D")) {
        INFO(suite.file << ":" << lineNo << ": bad depth count '" << o << "'");
        REQUIRE(parse_depth_count(o, entry));
      }
    }
    INFO(suite.file << ":" << lineNo << ": no depth counts");
    REQUIRE_FALSE(entry.counts.empty());
    entries.push_back(std::move(entry));
  }
  return entries;
}

Position position_from(std::string_view fen, bool chess960) {
  Position pos;
  pos.set_chess960(chess960);
  INFO("FEN " << fen);
  REQUIRE(pos.set_fen(fen) == "");
  return pos;
}

void play(Position& pos, std::initializer_list<std::string_view> uciMoves) {
  for (std::string_view text : uciMoves) {
    Move m = parse_uci(pos, text);
    INFO("move " << text << " in " << pos.fen());
    REQUIRE(m != Move::none());
    pos.make_move(m);
  }
}

std::vector<std::string> fen_fields(std::string_view fen) {
  std::vector<std::string> fields;
  std::istringstream in{std::string(fen)};
  for (std::string f; in >> f;) fields.push_back(f);
  return fields;
}

}  // namespace sparring::test
