#include "candidates.h"

#include <algorithm>
#include <map>

#include "chess/movegen.h"
#include "levels/policy_features.h"

namespace sparring {

CandidateScan scan_candidates(Search& search, const Position& pos, int depth, const SearchLimits& base,
                              const std::function<void(const IterationInfo&)>& onIteration) {
  CandidateScan scan;
  MoveList legal(pos);
  std::vector<Move> roots = base.searchMoves;
  if (roots.empty()) roots.assign(legal.begin(), legal.end());
  if (roots.empty()) return scan;

  // The iteration reports give each move's score at every depth; the root moves list alone would
  // only keep the last one.
  std::map<int, std::map<std::uint16_t, int>> byDepth;
  SearchCallbacks cb;
  cb.onIteration = [&](const IterationInfo& info) {
    if (info.bound == BOUND_EXACT && !info.pv.empty()) byDepth[info.depth][info.pv[0].raw()] = info.score;
    if (onIteration) onIteration(info);
  };

  if (depth <= 0) {
    for (Move m : roots) scan.moves.push_back(Candidate{m, 0, 0, 0});
    return scan;
  }
  SearchLimits limits = base;
  limits.depth = depth;
  limits.infinite = limits.ponder = false;
  limits.mate = 0;
  SearchOptions saved = search.options();
  search.options().multiPV = int(roots.size());
  search.search_sync(pos, limits, cb);
  search.options() = saved;
  scan.nodes = search.last_nodes();

  // The deepest iteration that reported every move; depth 1 is the glance.
  const std::map<std::uint16_t, int>* deep = nullptr;
  for (auto& [d, scores] : byDepth)
    if (scores.size() == roots.size()) {
      deep = &scores;
      scan.depthReached = d;
    }
  auto glanceIt = byDepth.find(1);
  const std::map<std::uint16_t, int>* glance =
      glanceIt != byDepth.end() && glanceIt->second.size() == roots.size() ? &glanceIt->second : deep;

  Position scratch = pos;
  for (Move m : roots) {
    Candidate c;
    c.move = m;
    if (deep) {
      c.deep = deep->at(m.raw());
      c.glance = glance->at(m.raw());
    }
    c.bits = policy::move_bits(scratch, m);
    scan.moves.push_back(c);
  }
  std::stable_sort(scan.moves.begin(), scan.moves.end(),
                   [](const Candidate& a, const Candidate& b) { return a.deep > b.deep; });
  return scan;
}

}  // namespace sparring
