#include "pgn_writer.h"

#include <cstdio>
#include <cstdlib>

#include "chess/pgn.h"

namespace sparring::match {

namespace {

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
  return s + buf;
}

}  // namespace

// The shared writer (chess/pgn.h) does the layout; this adds the match's tags and comments.
std::string format_pgn(const GameRecord& g, const PgnHeader& h) {
  PgnGame game;
  game.set_tag("Event", h.event);
  game.set_tag("Site", h.site);
  game.set_tag("Date", g.date);
  game.set_tag("Round", std::to_string(g.round));
  game.set_tag("White", g.white);
  game.set_tag("Black", g.black);
  game.set_tag("Result", g.result_string());
  if (g.whiteElo > 0) game.set_tag("WhiteElo", std::to_string(g.whiteElo));
  if (g.blackElo > 0) game.set_tag("BlackElo", std::to_string(g.blackElo));
  if (g.chess960) game.set_tag("Variant", "fischerandom");
  if (!g.standardStart) {
    game.set_tag("FEN", g.startFen);
    game.set_tag("SetUp", "1");
  }
  game.set_tag("TimeControl", h.timeControl);
  game.set_tag("Termination", g.pgn_termination());
  game.set_tag("PlyCount", std::to_string(g.moves.size()));
  game.startFen = g.startFen;
  game.chess960 = g.chess960;
  game.result = g.result_string();
  for (const MoveRecord& m : g.moves) {
    PgnMove pm;
    pm.move = m.move;
    if (!m.book) pm.comment = move_comment(m);
    game.moves.push_back(std::move(pm));
  }
  return sparring::format_pgn(game, g.reason());
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
