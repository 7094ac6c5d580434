#include "pgn_writer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace sparring::match {

namespace {

std::string tag(const std::string& name, const std::string& value) {
  std::string v;
  for (char c : value) {
    if (c == '"' || c == '\\') v += '\\';
    v += c;
  }
  return "[" + name + " \"" + v + "\"]\n";
}

std::string move_comment(const MoveRecord& m) {
  char buf[64];
  std::string s;
  if (m.info.hasScore) {
    if (m.info.mate)
      std::snprintf(buf, sizeof buf, "%sM%d/%d ", m.info.score > 0 ? "+" : "-", std::abs(m.info.score), m.info.depth);
    else
      std::snprintf(buf, sizeof buf, "%+.2f/%d ", m.info.score / 100.0, m.info.depth);
    s = buf;
  }
  std::snprintf(buf, sizeof buf, "%.3fs", m.seconds);
  return "{" + s + buf + "}";
}

// Joins tokens into lines of at most 80 characters (a longer token stands on its own line).
std::string wrap(const std::vector<std::string>& tokens) {
  std::string out, line;
  for (const std::string& t : tokens) {
    if (!line.empty() && line.size() + 1 + t.size() > 80) {
      out += line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + t;
  }
  return out + line + '\n';
}

}  // namespace

std::string format_pgn(const GameRecord& g, const PgnHeader& h) {
  std::string s;
  s += tag("Event", h.event);
  s += tag("Site", h.site);
  s += tag("Date", g.date);
  s += tag("Round", std::to_string(g.round));
  s += tag("White", g.white);
  s += tag("Black", g.black);
  s += tag("Result", g.result_string());
  if (g.chess960) s += tag("Variant", "fischerandom");
  if (!g.standardStart) {
    s += tag("FEN", g.startFen);
    s += tag("SetUp", "1");
  }
  s += tag("TimeControl", h.timeControl);
  s += tag("Termination", g.pgn_termination());
  s += tag("PlyCount", std::to_string(g.moves.size()));
  s += '\n';

  // Move numbers continue from the start position's; a black move after a comment repeats its
  // number with "...", as the PGN export format asks.
  std::istringstream fen(g.startFen);
  std::string field, side = "w";
  int number = 1;
  for (int i = 0; fen >> field; ++i) {
    if (i == 1) side = field;
    if (i == 5) number = std::max(1, std::atoi(field.c_str()));
  }
  bool white = side == "w", needNumber = true;
  std::vector<std::string> tokens;
  for (const MoveRecord& m : g.moves) {
    if (white)
      tokens.push_back(std::to_string(number) + ". " + m.san);
    else
      tokens.push_back(needNumber ? std::to_string(number) + "... " + m.san : m.san);
    needNumber = !m.book;
    if (!m.book) tokens.push_back(move_comment(m));
    if (!white) ++number;
    white = !white;
  }
  tokens.push_back("{" + g.reason() + "}");
  tokens.push_back(g.result_string());
  return s + wrap(tokens) + '\n';
}

std::string PgnWriter::open(const std::string& path, PgnHeader h) {
  header = std::move(h);
  out.open(path, std::ios::app);
  return out ? "" : "cannot open '" + path + "' for writing";
}

void PgnWriter::write(const GameRecord& game) {
  std::lock_guard lock(mutex);
  if (!out.is_open()) return;
  out << format_pgn(game, header);
  out.flush();
}

}  // namespace sparring::match
