// EPD records: a position (four FEN fields, optionally the two move counters) followed by
// `opcode operands;` operations, e.g. `... w - - 0 1 dm 2; pv d4a1 f4f1 a1f1; id "lichess.x";`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sparring {

struct EpdRecord {
  std::string fen;  // always six fields: missing move counters become "0 1"
  struct Operation {
    std::string opcode;
    std::vector<std::string> operands;  // quotes removed from quoted operands
  };
  std::vector<Operation> operations;

  // The operands of the first operation with this opcode, or nullptr.
  const std::vector<std::string>* find(std::string_view opcode) const;
};

// Parses one line. On failure returns the reason and leaves `out` unspecified; blank lines and
// `#` comments fail with "empty".
std::string parse_epd(std::string_view line, EpdRecord& out);

}  // namespace sparring
