#include "epd.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace sparring {

namespace {

bool is_number(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// Splits an operation's text into words; a "quoted string" stays one operand.
std::vector<std::string> split_operands(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) {
      ++i;
    } else if (text[i] == '"') {
      std::size_t end = text.find('"', i + 1);
      if (end == std::string::npos) end = text.size();
      out.push_back(text.substr(i + 1, end - i - 1));
      i = end + 1;
    } else {
      std::size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
      out.push_back(text.substr(i, end - i));
      i = end;
    }
  }
  return out;
}

}  // namespace

const std::vector<std::string>* EpdRecord::find(std::string_view opcode) const {
  for (const Operation& op : operations)
    if (op.opcode == opcode) return &op.operands;
  return nullptr;
}

std::string parse_epd(std::string_view line, EpdRecord& out) {
  std::string text(line);
  text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return c == '\0' || c == '\r'; }), text.end());
  std::istringstream is(text);
  std::string fields[4];
  for (std::string& f : fields) is >> f;
  if (fields[0].empty() || fields[0][0] == '#') return "empty";
  if (fields[3].empty()) return "fewer than four FEN fields";
  out = EpdRecord{};
  out.fen = fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3];

  std::string rest;
  std::getline(is, rest);
  std::istringstream counters(rest);
  std::string half, full, after;
  if (counters >> half >> full && is_number(half) && is_number(full)) {
    out.fen += ' ' + half + ' ' + full;
    std::getline(counters, after);
    rest = after;
  } else {
    out.fen += " 0 1";
  }

  std::istringstream ops(rest);
  for (std::string op; std::getline(ops, op, ';');) {
    std::vector<std::string> words = split_operands(op);
    if (words.empty()) continue;
    out.operations.push_back({words[0], std::vector<std::string>(words.begin() + 1, words.end())});
  }
  return "";
}

}  // namespace sparring
