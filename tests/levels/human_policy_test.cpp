// The human move model: the engine's inference equals the trainer's on fixed positions, gives a
// distribution over the legal moves, and refuses a damaged network file without losing its own.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <iterator>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "levels/human_policy.h"
#include "levels/policy_features.h"
#include "nn/embedded.h"
#include "nn/net_file.h"

using namespace sparring;

namespace {

struct Reference {
  int elo, source;
  Position pos;
  std::string text;
  std::vector<double> probabilities;
};

// tests/data/human_policy_positions.txt (ELO SOURCE FEN [moves ...]) and, line by line, a net's
// probabilities for them by the trainer (scripts/train_human_model.py --load NET --reference ...):
// by default the built-in net's.
std::vector<Reference> references(const std::string& probabilitiesFile = "human_policy_reference.txt") {
  std::ifstream positions(SPARRING_TEST_DATA "/human_policy_positions.txt");
  std::ifstream probabilities(SPARRING_TEST_DATA "/" + probabilitiesFile);
  REQUIRE(positions);
  REQUIRE(probabilities);
  std::vector<Reference> refs;
  for (std::string line, probs; std::getline(positions, line) && std::getline(probabilities, probs);) {
    Reference r;
    r.text = line;
    std::istringstream ls(line);
    std::string fen;
    ls >> r.elo >> r.source;
    std::getline(ls >> std::ws, fen);
    std::string moves;
    if (const auto at = fen.find(" moves "); at != std::string::npos) moves = fen.substr(at + 7), fen.resize(at);
    REQUIRE(r.pos.set_fen(fen).empty());
    std::istringstream ms(moves);
    for (std::string uci; ms >> uci;) {
      const Move m = parse_uci(r.pos, uci);
      REQUIRE(m != Move::none());
      r.pos.make_move(m);
    }
    std::istringstream ps(probs);
    for (double p; ps >> p;) r.probabilities.push_back(p);
    refs.push_back(std::move(r));
  }
  return refs;
}

}  // namespace

TEST_CASE("human policy: the built-in network equals the trainer on fixed positions", "[levels][policy]") {
  const std::vector<Reference> refs = references();
  REQUIRE(refs.size() >= 10);
  for (const Reference& r : refs) {
    INFO(r.text);
    const std::vector<MoveProbability> got = HumanPolicy::embedded().evaluate(r.pos, r.elo, GameSource(r.source));
    REQUIRE(got.size() == r.probabilities.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(std::abs(got[i].probability - r.probabilities[i]) < 1e-4);
  }
}

TEST_CASE("human policy: a network with the additive head equals the trainer", "[levels][policy]") {
  // Random weights of a size that matters everywhere (scripts/train_human_model.py --random-net
  // tests/data/human_policy_random.nnw --h1 16 --h2 8 --dq 4 --head 8), and the trainer's
  // probabilities for the reference positions (--load ... --reference-out ..._reference.txt).
  std::ifstream in(SPARRING_TEST_DATA "/human_policy_random.nnw", std::ios::binary);
  REQUIRE(in);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  HumanPolicy net;
  REQUIRE(net.load(bytes.data(), bytes.size()) == "");
  const std::vector<Reference> refs = references("human_policy_random_reference.txt");
  REQUIRE(refs.size() >= 10);
  for (const Reference& r : refs) {
    INFO(r.text);
    const std::vector<MoveProbability> got = net.evaluate(r.pos, r.elo, GameSource(r.source));
    REQUIRE(got.size() == r.probabilities.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(std::abs(got[i].probability - r.probabilities[i]) < 1e-4);
  }
}

TEST_CASE("human policy: a probability for every legal move, summing to 1", "[levels][policy]") {
  for (const Reference& r : references()) {
    for (int elo : {300, 600, 1234, 2100, 3500})
      for (int source = 0; source < int(GameSource::NB); ++source) {
        const std::vector<MoveProbability> got = HumanPolicy::embedded().evaluate(r.pos, elo, GameSource(source));
        MoveList legal(r.pos);
        REQUIRE(int(got.size()) == legal.size());
        double total = 0;
        for (std::size_t i = 0; i < got.size(); ++i) {
          CHECK(got[i].move == legal.begin()[i]);
          CHECK(got[i].probability >= 0);
          total += got[i].probability;
        }
        CHECK(std::abs(total - 1.0) < 1e-5);
      }
  }
  Position mated;
  REQUIRE(mated.set_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").empty());
  CHECK(HumanPolicy::embedded().evaluate(mated, 1500, GameSource::BLITZ).empty());
}

TEST_CASE("human policy: the rating changes the prediction", "[levels][policy]") {
  Position pos;
  const auto low = HumanPolicy::embedded().evaluate(pos, 600, GameSource::BLITZ);
  const auto high = HumanPolicy::embedded().evaluate(pos, 2100, GameSource::BLITZ);
  double diff = 0;
  for (std::size_t i = 0; i < low.size(); ++i) diff += std::abs(low[i].probability - high[i].probability);
  CHECK(diff > 0.01);
}

TEST_CASE("human policy: a damaged network file is refused and the old network kept", "[levels][policy]") {
  const nn::Blob blob = nn::embedded_human_policy();
  std::vector<std::uint8_t> bytes(blob.data, blob.data + blob.size);
  HumanPolicy net;
  REQUIRE(net.load(bytes.data(), bytes.size()).empty());
  Position pos;
  const auto before = net.evaluate(pos, 1500, GameSource::BLITZ);

  std::vector<std::uint8_t> flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x40;
  CHECK(net.load(flipped.data(), flipped.size()).find("checksum") != std::string::npos);
  CHECK(!net.load(bytes.data(), bytes.size() / 2).empty());
  CHECK(!net.load(bytes.data(), 10).empty());
  std::vector<std::uint8_t> magic = bytes;
  magic[0] = 'X';
  CHECK(net.load(magic.data(), magic.size()).find("magic") != std::string::npos);

  const auto after = net.evaluate(pos, 1500, GameSource::BLITZ);
  REQUIRE(after.size() == before.size());
  for (std::size_t i = 0; i < after.size(); ++i) CHECK(after[i].probability == before[i].probability);
}

TEST_CASE("policy features: move indices are distinct and in range", "[levels][policy]") {
  for (const Reference& r : references()) {
    std::vector<int> seen;
    Position scratch = r.pos;
    for (Move m : MoveList(r.pos)) {
      const int index = policy::move_index(r.pos, m);
      CHECK(index >= 0);
      CHECK(index < policy::MOVE_INDEX_NB);
      CHECK(std::find(seen.begin(), seen.end(), index) == seen.end());
      seen.push_back(index);
      const Key key = scratch.key();
      policy::move_bits(scratch, m);
      CHECK(scratch.key() == key);
    }
    std::uint16_t features[policy::MAX_ACTIVE];
    const int n = policy::board_features(r.pos, features);
    CHECK(n <= policy::MAX_ACTIVE);
    for (int i = 0; i < n; ++i) CHECK(features[i] < policy::INPUT_NB);
  }
}
