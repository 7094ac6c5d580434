// libFuzzer target: whole UCI sessions. The input is split into lines, each handed to
// UciLoop::handle as a GUI would send it (NUL bytes, huge numbers, negative times, unknown
// commands, illegal moves and moves for the wrong side included), until `quit`.
//
// So that every run is short and deterministic, the harness rewrites what would take long:
//  - `go`: `infinite` and `ponder` are dropped, `depth 3 nodes 1500` are put first, and a larger
//    depth, nodes or mate given later is lowered to that (perft to 2); the harness then waits for
//    the search's bestmove before the next line;
//  - `setoption name Threads` is forced to 1 and `Hash` to at most 4 MB; `bench` is left out
//    (its own searches with a fresh 16 MB table take half a second).
// Big inputs from small ones: "\x02text\x01" in a line repeats `text` until the line is 100,000
// bytes long (a 100 kB line, a number with thousands of digits), "\x02text\x03" until it is 10,000
// bytes long (`position` with a few thousand moves: longer would make each run take seconds).
// One UciLoop serves every input; the harness resets its options, hash, history and position
// before each.
#include <charconv>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "uci/uci.h"

using namespace sparring;

namespace {

constexpr std::size_t BIG_LINE = 100000, LONG_LINE = 10000;

std::string expand_repeats(std::string_view line) {
  std::string out;
  std::size_t mark = std::string_view::npos;  // where the text to repeat starts in `out`
  for (char c : line) {
    if (c == '\x02') {
      mark = out.size();
    } else if ((c == '\x01' || c == '\x03') && mark != std::string_view::npos && mark < out.size()) {
      const std::string unit = out.substr(mark);
      const std::size_t limit = c == '\x01' ? BIG_LINE : LONG_LINE;
      while (out.size() + unit.size() <= limit) out += unit;
      mark = std::string_view::npos;
    } else {
      out += c;
    }
  }
  return out;
}

// The line's words as UciLoop::handle sees them.
std::vector<std::string> words(std::string line) {
  for (char& c : line)
    if (c == '\0' || c == '\t' || c == '\r') c = ' ';
  std::istringstream is(line);
  std::vector<std::string> out;
  for (std::string w; is >> w;) out.push_back(w);
  return out;
}

// A number token above `cap` (or too big to read) becomes `cap`; anything else is kept as it is.
void cap_number(std::string& tok, long long cap) {
  long long v = 0;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
  if (p == tok.data()) return;
  if ((ec == std::errc::result_out_of_range && tok[0] != '-') || (ec == std::errc() && v > cap))
    tok = std::to_string(cap);
}

std::string join(const std::vector<std::string>& w, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < w.size(); ++i) out += ' ' + w[i];
  return out;
}

// Returns the line to send (possibly rewritten) and whether it starts a search to wait for.
std::string bounded(const std::string& line, bool& isGo) {
  std::vector<std::string> w = words(line);
  isGo = false;
  if (w.empty()) return line;
  if (w[0] == "bench") return "";  // 46 searches with a fresh 16 MB table: far too slow for fuzzing
  if (w[0] == "go") {
    isGo = true;
    std::vector<std::string> kept{"go", "depth", "3", "nodes", "1500"};
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (w[i] == "infinite" || w[i] == "ponder") continue;
      kept.push_back(w[i]);
      if (i + 1 < w.size() && (w[i] == "depth" || w[i] == "nodes" || w[i] == "mate" || w[i] == "perft")) {
        std::string value = w[++i];
        cap_number(value, w[i - 1] == "nodes" ? 1500 : w[i - 1] == "perft" ? 2 : 3);
        kept.push_back(value);
      }
    }
    return join(kept, 0).substr(1);
  }
  if (w[0] == "setoption" && w.size() >= 5 && w[1] == "name") {
    std::size_t v = 2;
    std::string name;
    while (v < w.size() && w[v] != "value") name += (name.empty() ? "" : " ") + w[v++];
    for (char& c : name) c = char(std::tolower((unsigned char)c));
    if (v + 1 < w.size() && name == "threads") return "setoption name Threads value 1";
    if (v + 1 < w.size() && name == "hash") {
      std::string value = w[v + 1];
      cap_number(value, 4);
      return "setoption name " + name + " value " + value + join(w, v + 2);
    }
  }
  return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // One engine for every input (building one costs milliseconds), put back to its initial state
  // first so each session starts the same way whatever the one before it did. Only what the last
  // input may have changed is reset: clearing the hash dominates the cost of a short input.
  static const bool ready = (Position::init(), true);  // as main() does, before any Position exists
  (void)ready;
  static std::istringstream in;
  static std::ostream out(nullptr);  // replies are discarded: the checks are the sanitizers' and asserts'
  static UciLoop uci(in, out);
  static bool optionsChanged = true, searched = true;
  if (optionsChanged)
    for (const char* reset :
         {"setoption name Hash value 1", "setoption name MultiPV value 1", "setoption name Move Overhead value 30",
          "setoption name Ponder value false", "setoption name UCI_Chess960 value false",
          "setoption name UCI_ShowWDL value false", "setoption name Threads value 1"})
      uci.handle(reset);
  if (searched) uci.handle("ucinewgame");
  uci.handle("position startpos");
  optionsChanged = searched = false;

  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  while (start <= input.size()) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    bool isGo = false;
    const std::string line = bounded(expand_repeats(input.substr(start, end - start)), isGo);
    // Conservatively: any line that mentions these may have changed what the reset restores.
    optionsChanged |= line.find("setoption") != std::string::npos;
    searched |= isGo;
    if (!uci.handle(line)) break;
    if (isGo) uci.wait_for_search();
    start = end + 1;
  }
  return 0;
}
