#include "pgn.h"

#include <algorithm>
#include <cctype>

#include "notation.h"

namespace sparring {

namespace {

constexpr std::string_view SEVEN_TAG_ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

bool is_result(std::string_view t) { return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*"; }

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = char(std::tolower((unsigned char)c));
  return r;
}

// The traditional suffix annotations and their NAG numbers.
int glyph_nag(std::string_view g) {
  constexpr std::pair<std::string_view, int> GLYPHS[] = {{"!", 1},  {"?", 2},  {"!!", 3},
                                                         {"??", 4}, {"!?", 5}, {"?!", 6}};
  for (auto [text, nag] : GLYPHS)
    if (g == text) return nag;
  return 0;
}

// Database extracts write moves as UCI text ("e2e4", "a7a8Q").
bool looks_like_uci(std::string_view t) {
  if (t.size() != 4 && t.size() != 5) return false;
  auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  auto rank = [](char c) { return c >= '1' && c <= '8'; };
  return file(t[0]) && rank(t[1]) && file(t[2]) && rank(t[3]) &&
         (t.size() == 4 || std::string_view("qrbnQRBN").find(t[4]) != std::string_view::npos);
}

void append_text(std::string& to, std::string_view text) {
  if (text.empty()) return;
  if (!to.empty()) to += ' ';
  to += text;
}

std::string tag_line(const std::string& name, const std::string& value) {
  std::string v;
  for (char c : value) {
    if (c == '"' || c == '\\') v += '\\';
    v += c;
  }
  return "[" + name + " \"" + v + "\"]\n";
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

std::string PgnGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return "";
}

void PgnGame::set_tag(const std::string& name, const std::string& value) {
  for (auto& [n, v] : tags)
    if (n == name) {
      v = value;
      return;
    }
  tags.emplace_back(name, value);
}

Position PgnGame::start_position() const {
  Position pos;
  pos.set_chess960(chess960);
  pos.set_fen(startFen);
  return pos;
}

std::string pgn_roster_default(std::string_view tagName) {
  if (tagName == "Date") return "????.??.??";
  if (tagName == "Result") return "*";
  return "?";
}

// ---------------------------------------------------------------------------------------------
// Reading.

PgnReader::PgnReader(std::istream& input, std::string name) : in(input), fileName(std::move(name)) {}

int PgnReader::get() {
  int c = in.get();
  if (c == '\r') {
    if (in.peek() == '\n') in.get();
    c = '\n';
  }
  if (c == '\n') {
    ++lineNo;
    lineStart = true;
  } else if (c != EOF && !std::isspace(c)) {
    lineStart = false;
  }
  return c;
}

int PgnReader::peek() {
  int c = in.peek();
  return c == '\r' ? '\n' : c;
}

void PgnReader::skip_space() {
  while (peek() != EOF && std::isspace(peek())) get();
}

void PgnReader::skip_to_line_end() {
  int c;
  while ((c = peek()) != EOF && c != '\n') get();
}

std::string PgnReader::read_symbol() {
  std::string s;
  int c;
  while ((c = peek()) != EOF && !std::isspace(c) &&
         std::string_view("{}()[];$\"<>").find(char(c)) == std::string_view::npos)
    s += char(get());
  return s;
}

// [Name "value"] with \" and \\ escapes inside the value.
bool PgnReader::read_tag(std::string& name, std::string& value, std::string& error) {
  get();  // '['
  while (peek() == ' ' || peek() == '\t') get();
  while (peek() != EOF && (std::isalnum(peek()) || peek() == '_')) name += char(get());
  if (name.empty()) {
    error = "bad tag: no tag name after '['";
    return false;
  }
  while (peek() == ' ' || peek() == '\t') get();
  if (peek() != '"') {
    error = "bad tag " + name + ": value must be in double quotes";
    return false;
  }
  get();
  for (;;) {
    int c = peek();
    if (c == EOF || c == '\n') {
      error = "bad tag " + name + ": unterminated string";
      return false;
    }
    get();
    if (c == '"') break;
    if (c == '\\' && (peek() == '"' || peek() == '\\')) c = get();
    value += char(c);
  }
  while (peek() == ' ' || peek() == '\t') get();
  if (peek() != ']') {
    error = "bad tag " + name + ": missing ']'";
    return false;
  }
  get();
  return true;
}

std::string PgnReader::apply_setup_tags(PgnGame& game, Position& pos) {
  std::string variant = lower(game.tag("Variant"));
  if (variant.find("960") != std::string::npos || variant.find("fischer") != std::string::npos)
    game.chess960 = true;
  else if (!variant.empty() && variant != "standard" && variant != "chess" && variant != "from position")
    return "unsupported variant '" + game.tag("Variant") + "'";
  std::string fen = game.tag("FEN");
  if (!fen.empty()) game.startFen = fen;
  pos.set_chess960(game.chess960);
  std::string why = pos.set_fen(game.startFen);
  return why.empty() ? "" : "bad FEN: " + why;
}

bool PgnReader::handle_move(const std::string& token, PgnGame& game, Position& pos, std::string& error) {
  std::string text = token;
  size_t glyphStart = text.find_last_not_of("!?") + 1;
  int nag = glyph_nag(std::string_view(text).substr(glyphStart));
  text.resize(glyphStart);
  if (text == "--" || text == "Z0") {
    error = "null move '" + text + "' is not supported";
    return false;
  }
  std::string sanError;
  Move m = parse_san(pos, text, &sanError);
  if (!m && looks_like_uci(text)) m = parse_uci(pos, lower(text));
  if (!m) {
    error = sanError.empty() ? "illegal move '" + text + "'" : sanError;
    return false;
  }
  pos.make_move(m);
  PgnMove pm;
  pm.move = m;
  if (nag) pm.nags.push_back(nag);
  game.moves.push_back(std::move(pm));
  return true;
}

PgnStatus PgnReader::read(PgnGame& game, std::string& error) {
  game = PgnGame{};
  error.clear();
  for (;;) {
    skip_space();
    if (peek() == '%' && lineStart) {
      skip_to_line_end();  // escape line
      continue;
    }
    break;
  }
  if (peek() == EOF) return PgnStatus::END;
  ++gameNumber;
  game.line = lineNo;
  auto fail = [&](const std::string& why, int ply) {
    if (error.empty())
      error = fileName + ":" + std::to_string(lineNo) + ": game " + std::to_string(gameNumber) + ", ply " +
              std::to_string(ply) + ": " + why;
  };

  // The tag pair section.
  for (;;) {
    skip_space();
    if (peek() == '%' && lineStart) {
      skip_to_line_end();
      continue;
    }
    if (peek() != '[') break;
    std::string name, value, why;
    if (read_tag(name, value, why)) {
      game.tags.emplace_back(std::move(name), std::move(value));
    } else {
      fail(why, 0);
      skip_to_line_end();
    }
  }
  Position pos;
  if (error.empty()) {
    std::string why = apply_setup_tags(game, pos);
    if (!why.empty()) fail(why, 0);
  }

  // The movetext, up to the result (or the next game's tags, or the end of the file). After an
  // error the rest of the game is still consumed, so the next game starts cleanly.
  int depth = 0;  // inside how many recursive variations
  auto comment = [&](std::string&& text) {
    if (depth > 0 || !error.empty()) return;
    for (char& c : text)
      if (c == '\n' || c == '\t') c = ' ';
    size_t a = text.find_first_not_of(' '), b = text.find_last_not_of(' ');
    std::string trimmed = a == std::string::npos ? "" : text.substr(a, b - a + 1);
    append_text(game.moves.empty() ? game.startComment : game.moves.back().comment, trimmed);
  };
  auto add_nag = [&](int nag) {
    if (depth == 0 && error.empty() && !game.moves.empty()) game.moves.back().nags.push_back(nag);
  };
  for (;;) {
    skip_space();
    int c = peek();
    if (c == EOF) break;
    if (lineStart && c == '[') break;  // the next game's tags: this one had no result (or was cut short)
    if (lineStart && c == '%') {
      skip_to_line_end();
      continue;
    }
    const int ply = int(game.moves.size()) + 1;
    get();
    if (c == '{') {
      std::string text;
      int d;
      while ((d = get()) != EOF && d != '}') text += char(d);
      if (d == EOF) fail("unterminated comment", ply);
      comment(std::move(text));
    } else if (c == ';') {
      std::string text;
      while (peek() != EOF && peek() != '\n') text += char(get());
      comment(std::move(text));
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (depth == 0)
        fail("')' without '('", ply);
      else
        --depth;
    } else if (c == '$') {
      std::string digits;
      while (peek() != EOF && std::isdigit(peek())) digits += char(get());
      if (digits.empty() || digits.size() > 3)
        fail("bad NAG '$" + digits + "'", ply);
      else
        add_nag(std::stoi(digits));
    } else if (c == '<') {
      while (peek() != EOF && peek() != '>') get();  // reserved for future expansion
      get();
    } else if (c == '[' || c == ']' || c == '"' || c == '>' || c == '}') {
      fail(std::string("unexpected '") + char(c) + "' in the movetext", ply);
    } else {
      std::string token = char(c) + read_symbol();
      if (is_result(token)) {
        if (depth == 0) {
          game.result = token;
          break;
        }
        continue;
      }
      // Move numbers: "12.", "12...", glued "12.e4" or "12...e5".
      size_t i = 0;
      while (i < token.size() && std::isdigit((unsigned char)token[i])) ++i;
      if (i == token.size() || (i > 0 && token[i] == '.') || (i == 0 && token[0] == '.')) {
        while (i < token.size() && token[i] == '.') ++i;
        token.erase(0, i);
        if (token.empty()) continue;
      }
      if (token.find_first_not_of("!?") == std::string::npos) {
        int nag = glyph_nag(token);
        if (nag)
          add_nag(nag);
        else
          fail("unknown annotation '" + token + "'", ply);
        continue;
      }
      if (depth > 0 || !error.empty()) continue;
      std::string why;
      if (!handle_move(token, game, pos, why)) fail(why, ply);
    }
  }
  if (depth > 0) fail("unterminated variation", int(game.moves.size()) + 1);
  if (!error.empty()) return PgnStatus::ERROR;
  if (game.result == "*" && is_result(game.tag("Result"))) game.result = game.tag("Result");
  return PgnStatus::GAME;
}

// ---------------------------------------------------------------------------------------------
// Writing.

namespace {
// A brace comment ends at the first '}', so one inside the text (a ';' comment may hold any) is
// written as ')': the game reads back the same.
std::string brace_comment(std::string_view text) {
  std::string out = "{";
  for (char c : text) out += c == '}' ? ')' : c;
  return out + "}";
}
}  // namespace

std::string format_pgn(const PgnGame& game, std::string_view finalComment) {
  std::string s;
  const std::string result = game.result != "*"              ? game.result
                             : is_result(game.tag("Result")) ? game.tag("Result")
                                                             : "*";
  for (std::string_view name : SEVEN_TAG_ROSTER) {
    std::string value = name == "Result" ? result : game.tag(name);
    s += tag_line(std::string(name), value.empty() ? pgn_roster_default(name) : value);
  }
  for (const auto& [name, value] : game.tags)
    if (std::find(std::begin(SEVEN_TAG_ROSTER), std::end(SEVEN_TAG_ROSTER), name) == std::end(SEVEN_TAG_ROSTER))
      s += tag_line(name, value);
  s += '\n';

  // A black move gets its number with "..." at the start and after any comment or NAG.
  Position pos = game.start_position();
  std::vector<std::string> tokens;
  if (!game.startComment.empty()) tokens.push_back(brace_comment(game.startComment));
  bool needNumber = true;
  for (const PgnMove& m : game.moves) {
    if (!pos.is_legal(m.move)) break;
    const bool white = pos.side_to_move() == WHITE;
    const std::string number = std::to_string(pos.fullmove_number());
    const std::string san = to_san(pos, m.move);
    if (white)
      tokens.push_back(number + ". " + san);
    else
      tokens.push_back(needNumber ? number + "... " + san : san);
    for (int nag : m.nags) tokens.push_back(std::string("$").append(std::to_string(nag)));
    if (!m.comment.empty()) tokens.push_back(brace_comment(m.comment));
    needNumber = !m.nags.empty() || !m.comment.empty();
    pos.make_move(m.move);
  }
  if (!finalComment.empty()) tokens.push_back(brace_comment(finalComment));
  tokens.push_back(result);
  return s + wrap(tokens) + '\n';
}

}  // namespace sparring
