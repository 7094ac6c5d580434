#include "nnue.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "nn/net_file.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace sparring::nn {

namespace {

constexpr int MAX_ACTIVE = 32;       // pieces on a board: the accumulator's range is checked for this many
constexpr int MAX_OUT_WEIGHT = 127;  // so that c * w fits in 16 bits (c <= NNUE_QA)

// dst = src + the added rows - the removed rows, in one pass over the units (the loop vectorises,
// and the accumulator is read and written once, not once per row). The sums wrap like the
// accumulator's 16 bits, and load() made sure the true values fit.
template <int A, int R>
void apply_rows(const std::int16_t* src, std::int16_t* dst, const std::int16_t* const* add,
                const std::int16_t* const* sub) {
  for (int i = 0; i < NNUE_HIDDEN; ++i) {
    int v = src[i];
    for (int k = 0; k < A; ++k) v += add[k][i];
    for (int k = 0; k < R; ++k) v -= sub[k][i];
    dst[i] = std::int16_t(v);
  }
}

}  // namespace

std::string NnueNet::load(const std::uint8_t* bytes, std::size_t size) {
  NetFile file;
  if (std::string err = file.parse(bytes, size); !err.empty()) return err;
  const std::string expected = "nnue-screlu " + std::to_string(NNUE_HIDDEN) + "x" + std::to_string(NNUE_BUCKETS);
  if (file.arch() != expected) return "architecture '" + file.arch() + "', expected '" + expected + "'";
  std::string err;
  const Tensor* w1 = file.get("ft_weight", {NNUE_INPUTS, NNUE_HIDDEN, 1, 1}, err);
  const Tensor* b1 = w1 ? file.get("ft_bias", {NNUE_HIDDEN, 1, 1, 1}, err) : nullptr;
  const Tensor* w2 = b1 ? file.get("out_weight", {NNUE_BUCKETS, 2 * NNUE_HIDDEN, 1, 1}, err) : nullptr;
  const Tensor* b2 = w2 ? file.get("out_bias", {NNUE_BUCKETS, 1, 1, 1}, err) : nullptr;
  if (!b2) return err;
  auto integers = [](const Tensor& t, float limit) {
    return std::all_of(t.data.begin(), t.data.end(),
                       [&](float x) { return x == float(int(x)) && std::abs(x) <= limit; });
  };
  if (!integers(*w1, 32767) || !integers(*b1, 32767) || !integers(*b2, float(1 << 24)))
    return "the hidden layer's values are not 16-bit integers";
  if (!integers(*w2, MAX_OUT_WEIGHT)) return "output weights beyond +-" + std::to_string(MAX_OUT_WEIGHT);
  // No sum of a bias and MAX_ACTIVE weights may leave 16 bits: the accumulator could not hold it.
  for (int i = 0; i < NNUE_HIDDEN; ++i) {
    float worst = 0;
    for (int f = 0; f < NNUE_INPUTS; ++f) worst = std::max(worst, std::abs(w1->data[std::size_t(f) * NNUE_HIDDEN + i]));
    if (std::abs(b1->data[i]) + MAX_ACTIVE * worst > 32767) return "hidden weights too large for 16-bit sums";
  }
  auto to16 = [](const Tensor& t) {
    std::vector<std::int16_t> v(t.data.size());
    std::transform(t.data.begin(), t.data.end(), v.begin(), [](float x) { return std::int16_t(x); });
    return v;
  };
  ftWeight = to16(*w1);
  ftBias = to16(*b1);
  outWeight = to16(*w2);
  outBias.resize(b2->data.size());
  std::transform(b2->data.begin(), b2->data.end(), outBias.begin(), [](float x) { return std::int32_t(x); });
  return {};
}

void NnueNet::refresh(NnueAccumulator& acc, int perspective, const int* features, int count) const {
  std::int16_t* v = acc.v[perspective];
  std::copy(ftBias.begin(), ftBias.end(), v);
  for (int k = 0; k < count; ++k) {
    const std::int16_t* row = &ftWeight[std::size_t(features[k]) * NNUE_HIDDEN];
    for (int i = 0; i < NNUE_HIDDEN; ++i) v[i] = std::int16_t(v[i] + row[i]);
  }
}

void NnueNet::update(const NnueAccumulator& from, NnueAccumulator& to, int perspective, const int* added,
                     int addedCount, const int* removed, int removedCount) const {
  const std::int16_t* src = from.v[perspective];
  std::int16_t* dst = to.v[perspective];
  const std::int16_t* add[2] = {};
  const std::int16_t* sub[2] = {};
  for (int k = 0; k < std::min(addedCount, 2); ++k) add[k] = &ftWeight[std::size_t(added[k]) * NNUE_HIDDEN];
  for (int k = 0; k < std::min(removedCount, 2); ++k) sub[k] = &ftWeight[std::size_t(removed[k]) * NNUE_HIDDEN];
  switch (addedCount * 10 + removedCount) {  // what a null move, a move, a capture and castling change
    case 0: return apply_rows<0, 0>(src, dst, add, sub);
    case 11: return apply_rows<1, 1>(src, dst, add, sub);
    case 12: return apply_rows<1, 2>(src, dst, add, sub);
    case 22: return apply_rows<2, 2>(src, dst, add, sub);
  }
  std::copy(src, src + NNUE_HIDDEN, dst);  // any other change, a row at a time
  for (int k = 0; k < addedCount; ++k) {
    const std::int16_t* r = &ftWeight[std::size_t(added[k]) * NNUE_HIDDEN];
    apply_rows<1, 0>(dst, dst, &r, nullptr);
  }
  for (int k = 0; k < removedCount; ++k) {
    const std::int16_t* r = &ftWeight[std::size_t(removed[k]) * NNUE_HIDDEN];
    apply_rows<0, 1>(dst, dst, nullptr, &r);
  }
}

int NnueNet::evaluate(const NnueAccumulator& acc, int us, int bucket) const {
  const std::int16_t* sides[2] = {acc.v[us], acc.v[us ^ 1]};
  const std::int16_t* weights = &outWeight[std::size_t(bucket) * 2 * NNUE_HIDDEN];
  std::int64_t sum = 0;
#if defined(__AVX2__)
  // c * w fits in 16 bits, and each 32-bit lane adds 2 * NNUE_HIDDEN / 8 products of at most
  // 255^2 * 127: no lane overflows, so the total equals the scalar one exactly.
  static_assert(std::int64_t(2 * NNUE_HIDDEN / 8) * NNUE_QA * NNUE_QA * MAX_OUT_WEIGHT <= INT32_MAX);
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(NNUE_QA);
  __m256i lanes = zero;
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < NNUE_HIDDEN; i += 16) {
      const __m256i c = _mm256_min_epi16(
          _mm256_max_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(sides[s] + i)), zero), top);
      const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights + s * NNUE_HIDDEN + i));
      lanes = _mm256_add_epi32(lanes, _mm256_madd_epi16(c, _mm256_mullo_epi16(c, w)));
    }
  alignas(32) std::int32_t parts[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(parts), lanes);
  for (std::int32_t p : parts) sum += p;
#else
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < NNUE_HIDDEN; ++i) {
      const std::int64_t c = std::clamp<int>(sides[s][i], 0, NNUE_QA);
      sum += c * c * weights[s * NNUE_HIDDEN + i];
    }
#endif
  const std::int64_t out = sum / NNUE_QA + outBias[std::size_t(bucket)];
  return int(out * NNUE_SCALE / (NNUE_QA * NNUE_QB));
}

}  // namespace sparring::nn
