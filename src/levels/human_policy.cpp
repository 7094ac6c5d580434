#include "human_policy.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "chess/movegen.h"
#include "levels/policy_features.h"
#include "nn/embedded.h"
#include "nn/net_file.h"

namespace sparring {

namespace {

constexpr int RATING_KNOT_FIRST = 400, RATING_KNOT_STEP = 200, RATING_KNOTS = 13;  // 400 ... 2800
constexpr int SOURCE_NB = int(GameSource::NB);
// human-policy-1 H1 H2 DQ: the board meets each move in one dot product; human-policy-2 H1 H2 DQ K
// adds the additive head: relu(U h2 + the move's own K-vector) . head.
constexpr const char* ARCH_1 = "human-policy-1";
constexpr const char* ARCH_2 = "human-policy-2";

// The two rating knots around `elo` and the weight of the upper one.
void rating_knots(int elo, int& k, float& w) {
  const float t = float(std::clamp(elo, RATING_KNOT_FIRST, RATING_KNOT_FIRST + RATING_KNOT_STEP * (RATING_KNOTS - 1)) -
                        RATING_KNOT_FIRST) /
                  RATING_KNOT_STEP;
  k = std::min(int(t), RATING_KNOTS - 2);
  w = t - float(k);
}

// out = weights * in + bias, the weights row-major (one row per output).
void affine(const std::vector<float>& weights, const std::vector<float>& bias, const std::vector<float>& in,
            std::vector<float>& out) {
  for (std::size_t j = 0; j < out.size(); ++j) {
    const float* row = &weights[j * in.size()];
    float sum = bias[j];
    for (std::size_t i = 0; i < in.size(); ++i) sum += row[i] * in[i];
    out[j] = sum;
  }
}

}  // namespace

std::string HumanPolicy::load(const std::uint8_t* bytes, std::size_t size) {
  nn::NetFile file;
  if (std::string e = file.parse(bytes, size); !e.empty()) return e;
  std::istringstream arch(file.arch());
  std::string name;
  int a = 0, b = 0, q = 0, k = 1;
  arch >> name >> a >> b >> q;
  if (name == ARCH_2) arch >> k;
  if (!arch || (name != ARCH_1 && name != ARCH_2) || std::min({a, b, q, k}) < 1 || std::max({a, b, q, k}) > 4096)
    return "not a human policy network (architecture '" + file.arch() + "')";
  if (name == ARCH_1) k = 0;
  std::string error;
  HumanPolicy n;
  n.h1 = a, n.h2 = b, n.dq = q, n.headWidth = k;
  auto take = [&](const char* tensor, std::array<int, 4> shape, std::vector<float>& to) {
    const nn::Tensor* t = file.get(tensor, shape, error);
    if (t) to = t->data;
    return t != nullptr;
  };
  using policy::INPUT_NB, policy::MOVE_INDEX_NB, policy::MOVE_PIECE_NB, policy::MOVE_FEATURE_NB;
  const bool complete =
      take("input", {INPUT_NB, a, 1, 1}, n.input) && take("b1", {a, 1, 1, 1}, n.b1) &&
      take("r1", {RATING_KNOTS, a, 1, 1}, n.r1) && take("s1", {SOURCE_NB, a, 1, 1}, n.s1) &&
      take("w2", {b, a, 1, 1}, n.w2) && take("b2", {b, 1, 1, 1}, n.b2) && take("r2", {RATING_KNOTS, b, 1, 1}, n.r2) &&
      take("s2", {SOURCE_NB, b, 1, 1}, n.s2) && take("w3", {q, b, 1, 1}, n.w3) && take("b3", {q, 1, 1, 1}, n.b3) &&
      take("out", {MOVE_INDEX_NB, q, 1, 1}, n.out) && take("out_bias", {MOVE_INDEX_NB, 1, 1, 1}, n.outBias) &&
      take("piece", {MOVE_PIECE_NB, q, 1, 1}, n.piece) && take("move_vec", {MOVE_FEATURE_NB, q, 1, 1}, n.featureVec) &&
      take("move_bias", {MOVE_FEATURE_NB, 1, 1, 1}, n.featureBias) &&
      (k == 0 ||
       (take("u", {k, b, 1, 1}, n.u) && take("u_bias", {k, 1, 1, 1}, n.uBias) &&
        take("out2", {MOVE_INDEX_NB, k, 1, 1}, n.out2) && take("piece2", {MOVE_PIECE_NB, k, 1, 1}, n.piece2) &&
        take("move_vec2", {MOVE_FEATURE_NB, k, 1, 1}, n.featureVec2) && take("head", {k, 1, 1, 1}, n.head)));
  if (!complete) return error;
  *this = std::move(n);
  return {};
}

std::vector<MoveProbability> HumanPolicy::evaluate(const Position& pos, int elo, GameSource source) const {
  std::vector<MoveProbability> result;
  MoveList legal(pos);
  if (legal.size() == 0 || !loaded()) return result;
  // What the board and each move show, worked out once: the mirror image reuses it.
  std::uint16_t features[policy::MAX_ACTIVE];
  const int active = policy::board_features(pos, features);
  Position scratch = pos;
  int glance[MAX_MOVES], bestGlance = -policy::GLANCE_MATE, n = 0;
  for (Move m : legal) bestGlance = std::max(bestGlance, glance[n++] = policy::glance_score(scratch, m));
  std::vector<MoveInput> moves(legal.size());
  n = 0;
  for (Move m : legal) {
    MoveInput& in = moves[n];
    in.index = policy::move_index(pos, m);
    policy::move_piece_rows(pos, m, in.rows);
    policy::move_features(policy::move_bits(scratch, m), bestGlance - glance[n++], in.features);
  }
  // Without castling rights the board's mirror image (files a<->h) is the same game: the logits
  // are the mean of both (0.3 points more top-1 on the validation positions than one view).
  std::vector<float> logit(moves.size());
  logits(features, active, moves, elo, source, false, logit);
  if (!policy::has_castling_feature(features, active)) {
    std::vector<float> mirrored(moves.size());
    logits(features, active, moves, elo, source, true, mirrored);
    for (std::size_t i = 0; i < moves.size(); ++i) logit[i] = (logit[i] + mirrored[i]) / 2;
  }
  const float maxLogit = *std::max_element(logit.begin(), logit.end());
  double total = 0;
  for (float l : logit) total += std::exp(double(l - maxLogit));
  n = 0;
  for (Move m : legal) {
    result.push_back({m, logit[n], float(std::exp(double(logit[n] - maxLogit)) / total)});
    ++n;
  }
  return result;
}

void HumanPolicy::logits(const std::uint16_t* features, int active, const std::vector<MoveInput>& moves, int elo,
                         GameSource source, bool mirror, std::vector<float>& logit) const {
  int k;
  float w;
  rating_knots(elo, k, w);
  const int src = std::clamp(int(source), 0, SOURCE_NB - 1);

  // First layer: the active features' rows on top of the bias, rating and source vectors.
  std::vector<float> l1(static_cast<std::size_t>(h1)), l2(static_cast<std::size_t>(h2)),
      query(static_cast<std::size_t>(dq));
  for (int i = 0; i < h1; ++i) l1[i] = b1[i] + r1[k * h1 + i] * (1 - w) + r1[(k + 1) * h1 + i] * w + s1[src * h1 + i];
  for (int f = 0; f < active; ++f) {
    const float* row = &input[std::size_t(mirror ? policy::mirror_feature(features[f]) : features[f]) * h1];
    for (int i = 0; i < h1; ++i) l1[i] += row[i];
  }
  for (float& x : l1) x = std::max(x, 0.0f);
  for (int j = 0; j < h2; ++j) {
    const float* row = &w2[std::size_t(j) * h1];
    float sum = 0;
    for (int i = 0; i < h1; ++i) sum += row[i] * l1[i];
    l2[j] = std::max(0.0f, sum + b2[j] + r2[k * h2 + j] * (1 - w) + r2[(k + 1) * h2 + j] * w + s2[src * h2 + j]);
  }
  affine(w3, b3, l2, query);
  auto dot = [&](const float* row) {
    float sum = 0;
    for (int j = 0; j < dq; ++j) sum += row[j] * query[j];
    return sum;
  };
  // The additive head's board vector: U h2 + its bias.
  std::vector<float> boardVec(static_cast<std::size_t>(headWidth)), moveVec(static_cast<std::size_t>(headWidth));
  affine(u, uBias, l2, boardVec);
  // Each move feature adds the same amount per unit to every move of the position.
  float featureScore[policy::MOVE_FEATURE_NB];
  for (int f = 0; f < policy::MOVE_FEATURE_NB; ++f) featureScore[f] = featureBias[f] + dot(&featureVec[f * dq]);
  for (std::size_t m = 0; m < moves.size(); ++m) {
    const MoveInput& in = moves[m];
    const int index = mirror ? policy::mirror_move_index(in.index) : in.index;
    int rows[3];
    for (int r = 0; r < 3; ++r) rows[r] = mirror ? policy::mirror_move_piece_row(in.rows[r]) : in.rows[r];
    float score = outBias[index] + dot(&out[std::size_t(index) * dq]);
    for (int r : rows) score += dot(&piece[std::size_t(r) * dq]);
    for (int f = 0; f < policy::MOVE_FEATURE_NB; ++f) score += in.features[f] * featureScore[f];
    if (headWidth > 0) {
      const float* own = &out2[std::size_t(index) * headWidth];
      for (int j = 0; j < headWidth; ++j) moveVec[j] = boardVec[j] + own[j];
      for (int r : rows)
        for (int j = 0; j < headWidth; ++j) moveVec[j] += piece2[std::size_t(r) * headWidth + j];
      for (int f = 0; f < policy::MOVE_FEATURE_NB; ++f)
        if (in.features[f] != 0)
          for (int j = 0; j < headWidth; ++j)
            moveVec[j] += in.features[f] * featureVec2[std::size_t(f) * headWidth + j];
      for (int j = 0; j < headWidth; ++j) score += head[j] * std::max(0.0f, moveVec[j]);
    }
    logit[m] = score;
  }
}

const HumanPolicy& HumanPolicy::embedded() {
  static const HumanPolicy net = [] {
    HumanPolicy n;
    const nn::Blob blob = nn::embedded_human_policy();
    nn::require_usable(n.load(blob.data, blob.size), "the built-in human move model");
    return n;
  }();
  return net;
}

}  // namespace sparring
