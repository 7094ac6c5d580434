#include "review_svg.h"

#include <algorithm>
#include <cstdio>

#include "review/review_report.h"

namespace sparring::review {

namespace {

constexpr double WIDTH = 900, HEIGHT = 380;
constexpr double LEFT = 70, RIGHT = 30, TOP = 50, BOTTOM = 60;
constexpr double PLOT_W = WIDTH - LEFT - RIGHT, PLOT_H = HEIGHT - TOP - BOTTOM;

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string xml_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '&')
      r += "&amp;";
    else if (c == '<')
      r += "&lt;";
    else if (c == '>')
      r += "&gt;";
    else if (c == '"')
      r += "&quot;";
    else
      r += c;
  }
  return r;
}

const char* marker_colour(Judgement j) {
  return j == Judgement::BLUNDER ? "#d62728" : j == Judgement::MISTAKE ? "#ff7f0e" : "#e6c200";
}

}  // namespace

std::string render_svg(const GameReview& r) {
  // Points: one per judged position; x in plies from the first judged position.
  const int points = int(r.whiteScores.size());
  const int plies = std::max(1, points - 1);
  auto x_of = [&](int i) { return LEFT + PLOT_W * i / plies; };
  auto y_of = [&](double win) { return TOP + PLOT_H * (100 - win) / 100; };

  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(WIDTH) + "\" height=\"" + num(HEIGHT) +
                  "\" viewBox=\"0 0 " + num(WIDTH) + " " + num(HEIGHT) +
                  "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  std::string white = r.game.tag("White"), black = r.game.tag("Black");
  std::string title =
      (white.empty() ? "White" : white) + " - " + (black.empty() ? "Black" : black) + "  " + r.game.result;
  s += "<text class=\"title\" x=\"" + num(WIDTH / 2) + "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">" +
       xml_escape(title) + "</text>\n";
  // Plot frame and horizontal grid with Win% labels.
  s += "<rect x=\"" + num(LEFT) + "\" y=\"" + num(TOP) + "\" width=\"" + num(PLOT_W) + "\" height=\"" + num(PLOT_H) +
       "\" fill=\"#f4f4f4\" stroke=\"#888\"/>\n";
  // White's share of the Win% shaded below the curve, under the grid lines.
  std::string pts;
  for (int i = 0; i < points; ++i) {
    if (i) pts += ' ';
    pts.append(num(x_of(i))).append(",").append(num(y_of(win_percent(r.whiteScores[i]))));
  }
  if (points > 0)
    s += "<polygon class=\"white-area\" points=\"" + num(x_of(0)) + "," + num(y_of(0)) + " " + pts + " " +
         num(x_of(points - 1)) + "," + num(y_of(0)) + "\" fill=\"#ffffff\" stroke=\"none\"/>\n";
  for (int w = 0; w <= 100; w += 25) {
    const std::string y = num(y_of(w));
    s += "<line x1=\"" + num(LEFT) + "\" y1=\"" + y + "\" x2=\"" + num(LEFT + PLOT_W) + "\" y2=\"" + y +
         "\" stroke=\"" + (w == 50 ? "#666" : "#ccc") + "\"" + (w == 50 ? " stroke-dasharray=\"4 3\"" : "") + "/>\n";
    s += "<text class=\"y-tick\" x=\"" + num(LEFT - 6) + "\" y=\"" + num(y_of(w) + 4) + "\" text-anchor=\"end\">" +
         std::to_string(w) + "%</text>\n";
  }
  // Move-number ticks along the x axis, at the position before each numbered move: about ten.
  const int span = r.moves.empty() ? 1 : r.moves.back().moveNumber - r.moves.front().moveNumber + 1;
  int step = 100;
  for (int c : {1, 2, 5, 10, 20, 50})
    if (span / c <= 12) {
      step = c;
      break;
    }
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    const bool numbered = i == 0 || m.mover == WHITE;
    if (!numbered || (m.moveNumber % step && i != 0)) continue;
    s += "<text class=\"x-tick\" x=\"" + num(x_of(int(i))) + "\" y=\"" + num(TOP + PLOT_H + 16) +
         "\" text-anchor=\"middle\">" + std::to_string(m.moveNumber) + "</text>\n";
  }
  s += "<text class=\"axis-label\" x=\"" + num(LEFT + PLOT_W / 2) + "\" y=\"" + num(HEIGHT - 14) +
       "\" text-anchor=\"middle\">move</text>\n";
  s += "<text class=\"axis-label\" x=\"18\" y=\"" + num(TOP + PLOT_H / 2) +
       "\" text-anchor=\"middle\" transform=\"rotate(-90 18 " + num(TOP + PLOT_H / 2) + ")\">White's Win%</text>\n";

  // The curve of White's Win%.
  if (points > 0)
    s +=
        "<polyline class=\"eval-curve\" points=\"" + pts + "\" fill=\"none\" stroke=\"#1f4e9c\" stroke-width=\"2\"/>\n";
  // Markers on the position after each flagged move.
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveReview& m = r.moves[i];
    if (m.verdict.judgement == Judgement::NONE) continue;
    const double x = x_of(int(i) + 1), y = y_of(win_percent(r.whiteScores[i + 1]));
    std::string label = std::to_string(m.moveNumber) + (m.mover == WHITE ? ". " : "... ") + m.san + " " +
                        judgement_name(m.verdict.judgement) + " (best " + m.bestSan + ")";
    s += "<circle class=\"marker " + std::string(judgement_name(m.verdict.judgement)) + "\" cx=\"" + num(x) +
         "\" cy=\"" + num(y) + "\" r=\"5\" fill=\"" + marker_colour(m.verdict.judgement) +
         "\" stroke=\"black\"><title>" + xml_escape(label) + "</title></circle>\n";
  }
  // Legend.
  double lx = LEFT + PLOT_W - 280;
  for (Judgement j : {Judgement::INACCURACY, Judgement::MISTAKE, Judgement::BLUNDER}) {
    s += "<circle cx=\"" + num(lx) + "\" cy=\"38\" r=\"5\" fill=\"" + marker_colour(j) + "\" stroke=\"black\"/>";
    s += "<text class=\"legend\" x=\"" + num(lx + 9) + "\" y=\"42\">" + judgement_name(j) + "</text>\n";
    lx += 95;
  }
  return s + "</svg>\n";
}

}  // namespace sparring::review
