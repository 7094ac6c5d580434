// libFuzzer target: the network file reader (src/nn/net_file.h) and the human move model's loader.
// Any input must either be refused with a reason, leaving the loaded network as it was, or give a
// network whose probabilities over the legal moves are finite and sum to 1. Each input is tried as
// it is and with a correct checksum appended, so the fuzzer reaches past the checksum check.
#include <cmath>
#include <cstdint>
#include <vector>

#include "chess/movegen.h"
#include "fuzz_check.h"
#include "levels/human_policy.h"
#include "nn/net_file.h"

using namespace sparring;

namespace {

void check_policy(const HumanPolicy& policy) {
  FUZZ_CHECK(policy.loaded());
  const Position pos;
  const std::vector<MoveProbability> moves = policy.evaluate(pos, 1500, GameSource::BLITZ);
  FUZZ_CHECK(moves.size() == std::size_t(MoveList(pos).size()));
  double sum = 0;
  bool finite = true;  // huge (finite) weights may still overflow the forward pass
  for (const MoveProbability& m : moves) sum += m.probability, finite = finite && std::isfinite(m.logit);
  if (finite) FUZZ_CHECK(std::abs(sum - 1.0) < 1e-3);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool ready = (Position::init(), true);
  (void)ready;
  static HumanPolicy policy = HumanPolicy::embedded();  // a working net the inputs must not damage

  nn::NetFile file;
  if (!file.parse(data, size).empty()) FUZZ_CHECK(file.arch().empty());

  std::vector<std::uint8_t> sealed(data, data + size);
  const std::uint64_t sum = nn::fnv1a64(sealed.data(), sealed.size());
  for (int i = 0; i < 8; ++i) sealed.push_back(std::uint8_t(sum >> (8 * i)));
  for (const std::vector<std::uint8_t>& bytes : {std::vector<std::uint8_t>(data, data + size), sealed}) {
    policy.load(bytes.data(), bytes.size());
    check_policy(policy);  // refused: the old net still works; accepted: the new one does
  }
  return 0;
}
