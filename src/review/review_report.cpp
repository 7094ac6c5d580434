#include "review_report.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace sparring::review {

namespace {

std::string fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

std::string player_name(const GameReview& r, Color c) {
  std::string name = r.game.tag(c == WHITE ? "White" : "Black");
  std::string elo = r.game.tag(c == WHITE ? "WhiteElo" : "BlackElo");
  if (name.empty() || name == "?") name = c == WHITE ? "White" : "Black";
  return elo.empty() || elo == "?" ? name : name + " (" + elo + ")";
}

std::string move_label(const MoveReview& m) {
  return std::to_string(m.moveNumber) + (m.mover == WHITE ? ". " : "... ") + m.san;
}

int white_score(const MoveReview& m, bool after) {
  const int s = after ? m.after : m.before;
  return m.mover == WHITE ? s : -s;
}

std::string verdict_text(const MoveReview& m) {
  std::string what = m.verdict.mate == MateChange::MATE_CREATED ? "Checkmate is now unavoidable"
                     : m.verdict.mate == MateChange::MATE_LOST  ? "Lost forced checkmate sequence"
                                                                : "";
  std::string name = judgement_name(m.verdict.judgement);
  name[0] = char(std::toupper((unsigned char)name[0]));
  return what.empty() ? name + "." : name + ": " + what + ".";
}

double per100(long n, long moves) { return moves ? 100.0 * n / moves : 0; }
double share(long n, long of) { return of ? 100.0 * n / of : 0; }

}  // namespace

std::string format_score(int s) {
  if (is_mate(s)) return std::string("#").append(std::to_string(mate_moves(s)));
  return fmt("%+.2f", s / 100.0);
}

std::string json_string(const std::string& s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      r += '\\';
      r += c;
    } else if ((unsigned char)c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      r += buf;
    } else {
      r += c;
    }
  }
  return r + "\"";
}

std::string format_text(const GameReview& r, int index) {
  std::string s = "Game " + std::to_string(index) + " (line " + std::to_string(r.game.line) +
                  "): " + player_name(r, WHITE) + " - " + player_name(r, BLACK) + ", " + r.game.result;
  if (!r.game.tag("Event").empty()) s += ", " + r.game.tag("Event");
  s += "\n        accuracy   ACPL  inaccuracies  mistakes  blunders  moves\n";
  for (Color c : {WHITE, BLACK}) {
    const PlayerSummary& p = r.players[c];
    char line[160];
    std::snprintf(line, sizeof line, "  %-5s  %7s  %5.0f  %12d  %8d  %8d  %5d  %s\n", c == WHITE ? "White" : "Black",
                  p.accuracy >= 0 ? fmt("%.1f%%", p.accuracy).c_str() : "-", p.acpl(), p.inaccuracies, p.mistakes,
                  p.blunders, p.moves, player_name(r, c).c_str());
    s += line;
  }
  bool any = false;
  for (const MoveReview& m : r.moves) {
    if (m.verdict.judgement == Judgement::NONE) continue;
    if (!any) s += "  Flagged moves (evaluations from White's side):\n";
    any = true;
    const char* glyph = m.verdict.judgement == Judgement::BLUNDER   ? "??"
                        : m.verdict.judgement == Judgement::MISTAKE ? "?"
                                                                    : "?!";
    char line[240];
    std::snprintf(line, sizeof line, "    %-14s %-11s %6s -> %-6s  Win%% %4.1f -> %4.1f  best: %s%s\n",
                  (move_label(m) + glyph).c_str(), judgement_name(m.verdict.judgement),
                  format_score(white_score(m, false)).c_str(), format_score(white_score(m, true)).c_str(), m.winBefore,
                  m.winAfter, m.bestSan.c_str(),
                  m.verdict.mate == MateChange::MATE_LOST      ? "  (lost a forced mate)"
                  : m.verdict.mate == MateChange::MATE_CREATED ? "  (walked into a forced mate)"
                                                               : "");
    s += line;
  }
  if (!any) s += "  No inaccuracies, mistakes or blunders.\n";
  return s;
}

std::string format_json(const GameReview& r, int index) {
  auto score_json = [](int s) {
    return is_mate(s) ? "{\"mate\":" + std::to_string(mate_moves(s)) + "}" : "{\"cp\":" + std::to_string(s) + "}";
  };
  std::string s = "{\"index\":" + std::to_string(index) + ",\"line\":" + std::to_string(r.game.line) + ",\"tags\":{";
  for (size_t i = 0; i < r.game.tags.size(); ++i)
    s += (i ? "," : "") + json_string(r.game.tags[i].first) + ":" + json_string(r.game.tags[i].second);
  s += "},\"result\":" + json_string(r.game.result);
  for (Color c : {WHITE, BLACK}) {
    const PlayerSummary& p = r.players[c];
    s += c == WHITE ? ",\"white\":{" : ",\"black\":{";
    s += "\"accuracy\":" + (p.accuracy >= 0 ? fmt("%.2f", p.accuracy) : std::string("null"));
    s += ",\"acpl\":" + fmt("%.1f", p.acpl()) + ",\"moves\":" + std::to_string(p.moves) +
         ",\"inaccuracies\":" + std::to_string(p.inaccuracies) + ",\"mistakes\":" + std::to_string(p.mistakes) +
         ",\"blunders\":" + std::to_string(p.blunders) + "}";
  }
  s += ",\"moves\":[";
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    s += (i ? ",{" : "{");
    s += "\"ply\":" + std::to_string(m.ply + 1) + ",\"color\":" + (m.mover == WHITE ? "\"white\"" : "\"black\"");
    s += ",\"fen\":" + json_string(m.fen) + ",\"uci\":" + json_string(m.uci);
    s += ",\"move\":" + json_string(m.san) + ",\"best\":" + json_string(m.bestSan);
    s +=
        ",\"eval_before\":" + score_json(white_score(m, false)) + ",\"eval_after\":" + score_json(white_score(m, true));
    s += ",\"win_before\":" + fmt("%.2f", m.winBefore) + ",\"win_after\":" + fmt("%.2f", m.winAfter);
    s += ",\"accuracy\":" + fmt("%.2f", m.accuracy) + ",\"cp_loss\":" + std::to_string(m.cpLoss);
    s += ",\"judgement\":" + json_string(judgement_name(m.verdict.judgement));
    s += ",\"mate\":" + json_string(m.verdict.mate == MateChange::MATE_LOST      ? "lost"
                                    : m.verdict.mate == MateChange::MATE_CREATED ? "created"
                                                                                 : "");
    s += "}";
  }
  return s + "]}";
}

PgnGame annotate(const GameReview& r) {
  PgnGame g = r.game;
  for (PgnMove& m : g.moves) {
    m.comment.clear();
    m.nags.clear();
  }
  for (const MoveReview& m : r.moves) {
    PgnMove& pm = g.moves[m.ply];
    const int after = white_score(m, true);
    if (!(is_mate(after) && mate_moves(after) == 0)) pm.comment = "[%eval " + format_score(after) + "]";
    if (m.verdict.judgement == Judgement::NONE) continue;
    pm.nags.push_back(judgement_nag(m.verdict.judgement));
    pm.comment.append(" ").append(verdict_text(m));
    if (!m.bestSan.empty() && !m.bestPlayed) pm.comment += " " + m.bestSan + " was best.";
  }
  return g;
}

int rating_band(const std::string& elo) {
  char* end = nullptr;
  long v = std::strtol(elo.c_str(), &end, 10);
  if (elo.empty() || *end != '\0' || v <= 0) return 10;
  if (v < 900) return 0;
  if (v >= 2500) return 9;
  return 1 + int((v - 900) / 200);
}

const char* band_name(int band) {
  static const char* const NAMES[BAND_NB] = {"<900",      "900-1100",  "1100-1300", "1300-1500",
                                             "1500-1700", "1700-1900", "1900-2100", "2100-2300",
                                             "2300-2500", ">=2500",    "unrated"};
  return NAMES[band];
}

std::string format_totals_text(const ReviewTotals (&bands)[BAND_NB], const ReviewTotals& all) {
  std::string s =
      "Totals by rating band (each player's moves under their own Elo):\n"
      "band        players   moves  blund/100  mist/100  inacc/100   ACPL  accuracy  best move  mate-in-1 missed  "
      "mate<=3 lost\n";
  auto row = [&](const char* name, const ReviewTotals& t) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "%-10s  %7d  %6ld  %9.2f  %8.2f  %9.2f  %5.1f  %7.1f%%  %8.1f%%  %6.1f%% of %-5ld  %5.1f%% of %ld\n",
                  name, t.games, t.moves, per100(t.blunders, t.moves), per100(t.mistakes, t.moves),
                  per100(t.inaccuracies, t.moves), t.moves ? double(t.cpLossSum) / t.moves : 0.0,
                  t.accuracyCount ? t.accuracySum / t.accuracyCount : 0.0, share(t.bestPlayed, t.moves),
                  share(t.mateInOneMissed, t.mateInOneAvailable), t.mateInOneAvailable,
                  share(t.shortMateLost, t.shortMateAvailable), t.shortMateAvailable);
    s += line;
  };
  for (int b = 0; b < BAND_NB; ++b)
    if (bands[b].moves) row(band_name(b), bands[b]);
  row("all", all);
  return s;
}

std::string format_totals_json(const ReviewTotals (&bands)[BAND_NB], const ReviewTotals& all) {
  auto obj = [](const ReviewTotals& t) {
    return "{\"players\":" + std::to_string(t.games) + ",\"moves\":" + std::to_string(t.moves) +
           ",\"blunders_per_100\":" + fmt("%.3f", per100(t.blunders, t.moves)) +
           ",\"mistakes_per_100\":" + fmt("%.3f", per100(t.mistakes, t.moves)) +
           ",\"inaccuracies_per_100\":" + fmt("%.3f", per100(t.inaccuracies, t.moves)) +
           ",\"acpl\":" + fmt("%.2f", t.moves ? double(t.cpLossSum) / t.moves : 0.0) +
           ",\"accuracy\":" + fmt("%.2f", t.accuracyCount ? t.accuracySum / t.accuracyCount : 0.0) +
           ",\"best_move_share\":" + fmt("%.4f", share(t.bestPlayed, t.moves) / 100) +
           ",\"blunders\":" + std::to_string(t.blunders) + ",\"mistakes\":" + std::to_string(t.mistakes) +
           ",\"inaccuracies\":" + std::to_string(t.inaccuracies) + ",\"cp_loss_sum\":" + std::to_string(t.cpLossSum) +
           ",\"accuracy_sum\":" + fmt("%.3f", t.accuracySum) +
           ",\"accuracy_count\":" + std::to_string(t.accuracyCount) +
           ",\"best_played\":" + std::to_string(t.bestPlayed) +
           ",\"mate_in_1_available\":" + std::to_string(t.mateInOneAvailable) +
           ",\"mate_in_1_missed\":" + std::to_string(t.mateInOneMissed) +
           ",\"short_mate_available\":" + std::to_string(t.shortMateAvailable) +
           ",\"short_mate_lost\":" + std::to_string(t.shortMateLost) + "}";
  };
  std::string s = "{\"bands\":{";
  bool first = true;
  for (int b = 0; b < BAND_NB; ++b) {
    if (!bands[b].moves) continue;
    if (!first) s += ',';
    s += json_string(band_name(b)).append(":").append(obj(bands[b]));
    first = false;
  }
  return s + "},\"all\":" + obj(all) + "}";
}

}  // namespace sparring::review
