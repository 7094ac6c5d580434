#include "openings.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <numeric>
#include <random>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"

namespace sparring::match {

namespace {

bool is_integer(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Checks the position and moves of one opening and fills in its normalised form.
std::string finish_opening(std::string_view fen, const std::vector<std::string>& san, bool chess960, int maxPlies,
                           Opening& op) {
  Position pos;
  pos.set_chess960(chess960);
  if (std::string err = pos.set_fen(fen); !err.empty()) return err;
  if (!chess960)
    for (Color c : {WHITE, BLACK})
      for (bool kingSide : {true, false}) {
        CastlingRights cr = castling_right(c, kingSide);
        if (pos.can_castle(cr) && (pos.king_square(c) != relative_square(c, SQ_E1) ||
                                   pos.castling_rook_square(cr) != relative_square(c, kingSide ? SQ_H1 : SQ_A1)))
          return "Chess960 castling rights: use --variant fischerandom";
      }
  op.fen = pos.fen();
  op.standardStart = !chess960 && op.fen == START_FEN;
  for (const std::string& text : san) {
    if (maxPlies > 0 && int(op.moves.size()) >= maxPlies) break;
    std::string err;
    Move m = parse_san(pos, text, &err);
    if (!m) return err;
    op.moves.push_back(m);
    pos.make_move(m);
  }
  if (!pos.has_legal_moves()) return "the opening leaves no legal move";
  return "";
}

std::string load_epd(std::istream& in, bool chess960, OpeningSuite& out) {
  std::string line;
  for (int lineNo = 1; std::getline(in, line); ++lineNo) {
    std::istringstream fields(line);
    std::vector<std::string> f;
    for (std::string w; f.size() < 6 && fields >> w;) f.push_back(w);
    if (f.empty() || f[0][0] == '#') continue;
    std::string fen;
    if (f.size() >= 4) {
      fen = f[0] + ' ' + f[1] + ' ' + f[2] + ' ' + f[3];
      // The clocks are optional in EPD: what follows may be opcodes ("bm e4;") instead.
      fen += f.size() >= 6 && is_integer(f[4]) && is_integer(f[5]) ? ' ' + f[4] + ' ' + f[5] : " 0 1";
    }
    Opening op;
    std::string err = f.size() < 4 ? "fewer than 4 fields" : finish_opening(fen, {}, chess960, 0, op);
    if (err.empty()) {
      out.openings.push_back(std::move(op));
    } else if (++out.skipped == 1) {
      out.firstError = "line " + std::to_string(lineNo) + ": " + err;
    }
  }
  return "";
}

// A lenient PGN reader: tag pairs, then move text with comments, variations, NAGs and move numbers
// skipped; a result token or the next tag section ends a game.
class PgnReader {
 public:
  PgnReader(std::string text, bool chess960, int maxPlies, OpeningSuite& out)
      : s(std::move(text)), chess960(chess960), maxPlies(maxPlies), out(out) {}

  void run() {
    size_t i = 0;
    bool lineStart = true;
    while (i < s.size()) {
      char c = s[i];
      if (c == '\n') {
        ++line;
        ++i;
        lineStart = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      bool atLineStart = lineStart;
      lineStart = false;
      if (c == '[' && (atLineStart || !inMoves)) {
        if (inMoves) finish();
        i = read_tag(i);
      } else if (c == '%' && atLineStart) {
        i = skip_to_line_end(i);
      } else if (c == ';') {
        i = skip_to_line_end(i);
      } else if (c == '{') {
        i = skip_until(i, '}');
      } else if (c == '(') {
        i = skip_variation(i);
      } else {
        size_t j = i;
        while (j < s.size() && !std::isspace((unsigned char)s[j]) &&
               std::string_view("{}();[").find(s[j]) == std::string_view::npos)
          ++j;
        if (j == i) {
          ++i;  // a stray bracket or brace
          continue;
        }
        token(std::string_view(s).substr(i, j - i));
        i = j;
      }
    }
    if (inMoves || !tags.empty()) finish();
  }

 private:
  size_t skip_to_line_end(size_t i) {
    while (i < s.size() && s[i] != '\n') ++i;
    return i;
  }
  size_t skip_until(size_t i, char close) {
    while (i < s.size() && s[i] != close) line += s[i++] == '\n';
    return i + 1;
  }
  size_t skip_variation(size_t i) {
    int depth = 0;
    for (; i < s.size(); ++i) {
      if (s[i] == '\n') ++line;
      if (s[i] == '{') {
        i = skip_until(i, '}') - 1;
      } else if (s[i] == '(') {
        ++depth;
      } else if (s[i] == ')' && --depth == 0) {
        return i + 1;
      }
    }
    return i;
  }
  size_t read_tag(size_t i) {
    if (!inGame) start_game();
    size_t end = skip_to_line_end(i);
    std::string_view t = std::string_view(s).substr(i + 1, end - i - 1);
    size_t sp = t.find_first_of(" \t");
    size_t q1 = t.find('"');
    if (sp != std::string_view::npos && q1 != std::string_view::npos) {
      std::string value;
      for (size_t k = q1 + 1; k < t.size() && t[k] != '"'; ++k) {
        if (t[k] == '\\' && k + 1 < t.size()) ++k;
        value += t[k];
      }
      tags[std::string(t.substr(0, sp))] = value;
    }
    return end;
  }
  void start_game() {
    inGame = true;
    gameLine = line;
  }
  void token(std::string_view t) {
    if (t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*") {
      if (!inGame) start_game();
      finish();
      return;
    }
    if (t[0] == '$') return;  // NAG
    // Move numbers: "12." "12..." and the glued form "12.e4".
    size_t k = 0;
    while (k < t.size() && t[k] >= '0' && t[k] <= '9') ++k;
    if (k > 0 && k < t.size() && t[k] == '.') {
      while (k < t.size() && t[k] == '.') ++k;
      t.remove_prefix(k);
    } else if (k == t.size()) {
      return;  // a bare number
    }
    while (!t.empty() && t[0] == '.') t.remove_prefix(1);
    if (t.empty()) return;
    if (!inGame) start_game();
    inMoves = true;
    moves.emplace_back(t);
  }
  void finish() {
    std::string fen = START_FEN;
    if (auto it = tags.find("FEN"); it != tags.end()) fen = it->second;
    Opening op;
    std::string err = finish_opening(fen, moves, chess960, maxPlies, op);
    if (err.empty()) {
      out.openings.push_back(std::move(op));
    } else if (++out.skipped == 1) {
      out.firstError = "game at line " + std::to_string(gameLine) + ": " + err;
    }
    tags.clear();
    moves.clear();
    inGame = inMoves = false;
  }

  std::string s;
  bool chess960;
  int maxPlies;
  OpeningSuite& out;
  int line = 1, gameLine = 1;
  bool inGame = false, inMoves = false;
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;
};

}  // namespace

std::string load_openings(const std::string& path, bool chess960, int maxPlies, OpeningSuite& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot open opening file '" + path + "'";
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  if (text.starts_with("PK\x03\x04")) return "'" + path + "' is a zip archive: unpack it first";

  bool pgn = path.ends_with(".pgn") || path.ends_with(".PGN");
  if (!path.ends_with(".epd") && !path.ends_with(".fen") && !pgn) {
    size_t first = text.find_first_not_of(" \t\r\n");
    pgn = first != std::string::npos && text[first] == '[';
  }
  if (pgn) {
    PgnReader(std::move(text), chess960, maxPlies, out).run();
  } else {
    std::istringstream lines(text);
    load_epd(lines, chess960, out);
  }
  if (out.openings.empty())
    return "no usable opening in '" + path + "'" + (out.firstError.empty() ? "" : " (" + out.firstError + ")");
  return "";
}

std::vector<int> opening_order(int count, bool random, std::uint64_t seed) {
  std::vector<int> order(count);
  std::iota(order.begin(), order.end(), 0);
  if (random) {
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
  }
  return order;
}

}  // namespace sparring::match
