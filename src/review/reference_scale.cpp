#include "reference_scale.h"

#include <cmath>
#include <cstdlib>
#include <iterator>

namespace sparring::review {

namespace {

struct Knot {
  int ours, reference;
};

// scripts/fit_cp_scale.py on 2,834 positions of rated games (games 201-212 of each band,
// 600-2300), both engines at depth 10, the tuned evaluation of 97f90be: |cp| at the percentiles
// 10, 20, ..., 90, 95 and 98. rms Win% error against Stockfish 5.59 (6.42 unmapped).
constexpr Knot KNOTS[] = {{0, 0},     {14, 23},   {30, 38},   {48, 62},   {77, 107},   {110, 166},
                          {169, 248}, {280, 383}, {420, 503}, {778, 624}, {1203, 774}, {1645, 1004}};

}  // namespace

int to_reference_cp(int cp) {
  const int a = std::abs(cp);
  const Knot* lo = &KNOTS[std::size(KNOTS) - 2];
  for (std::size_t i = 1; i < std::size(KNOTS); ++i)
    if (a <= KNOTS[i].ours) {
      lo = &KNOTS[i - 1];
      break;
    }
  const Knot& hi = lo[1];  // beyond the last knot the last segment goes on
  const double mapped = lo->reference + double(hi.reference - lo->reference) * (a - lo->ours) / (hi.ours - lo->ours);
  const int r = int(std::lround(mapped));
  return cp < 0 ? -r : r;
}

}  // namespace sparring::review
