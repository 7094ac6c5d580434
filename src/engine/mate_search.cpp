#include "mate_search.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sys/mman.h>
#endif

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "chess/movegen.h"

namespace sparring {

namespace {

// The value of a node is the number of attacker moves still needed to mate: 0 when the defender is
// mated on the board, "infinite" when the defender escapes. A table entry holds proven bounds
// lo <= value <= hi for one position (the key includes the side to move, so attacker and defender
// nodes never mix) and the move that proved or refuted it.
constexpr int NO_BOUND = 255;

struct Entry {
  Key key = 0;
  std::uint8_t lo = 0, hi = NO_BOUND;
  Move move;
};

class MateTable {
 public:
  explicit MateTable(std::uint64_t nodeBudget) {
    // An entry for every 32 nodes of the budget: each page touched costs a page fault (up to 15 us
    // on a virtual machine, as much as 10 nodes), so a table sized to the budget's full tree cost
    // more in faults than it saved in nodes. Measured, mates up to 5 in 400 test positions, 2M-node
    // budget: one entry per 2 nodes 111k nodes and 111 ms on average, one per 32 nodes 122k and 44 ms.
    std::uint64_t wanted = nodeBudget ? std::bit_ceil(std::max<std::uint64_t>(nodeBudget / 32, 1024)) : 1u << 20;
    for (std::uint64_t size = std::min<std::uint64_t>(wanted, 1u << 20); !entries && size; size /= 16) {
      // Straight from the OS: its zero pages come lazily, so an unused table costs nothing to clear,
      // and they go back when the proof ends (a freed malloc block could stay in the process).
      // A zeroed entry reads as empty: a real position's key is zero with odds of 2^-64.
      bytes = size * sizeof(Entry);
#ifdef _WIN32
      void* p = VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);  // zeroed, lazily
      if (p) entries = static_cast<Entry*>(p), mask = size - 1;
#else
      void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p != MAP_FAILED) entries = static_cast<Entry*>(p), mask = size - 1;
#endif
    }
    if (!entries) entries = &fallback, bytes = 0;  // one slot still gives correct (slow) proofs
  }
  ~MateTable() {
#ifdef _WIN32
    if (bytes) VirtualFree(entries, 0, MEM_RELEASE);
#else
    if (bytes) munmap(entries, bytes);
#endif
  }
  MateTable(const MateTable&) = delete;
  MateTable& operator=(const MateTable&) = delete;

  const Entry* probe(Key k) const {
    const Entry& e = entries[k & mask];
    return e.key == k ? &e : nullptr;
  }
  // Tightens the bounds known for `k` (a different position in the slot is replaced).
  void store(Key k, int lo, int hi, Move m) {
    Entry& e = entries[k & mask];
    if (e.key != k) e = Entry{k, 0, NO_BOUND, Move::none()};
    e.lo = std::uint8_t(std::max<int>(e.lo, lo));
    e.hi = std::uint8_t(std::min<int>(e.hi, hi));
    if (m) e.move = m;
  }

 private:
  Entry* entries = nullptr;
  std::size_t bytes = 0;
  std::uint64_t mask = 0;
  Entry fallback;
};

constexpr int PIECE_ORDER[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 0};

class Prover {
 public:
  Prover(const Position& p, const MateSearchLimits& l)
      : pos(p),
        limits(l),
        table(l.nodeBudget),
        // The 50-move rule can only end a line when the clock may reach 100 plies inside the tree;
        // only then does the table need to tell positions with different clocks apart.
        rule50Matters(p.rule50() + 2 * l.maxMoves >= 100) {}

  Position pos;
  std::uint64_t nodes = 0;
  bool aborted = false;

  bool attacker(int n, int ply);
  bool defender(int k, int ply);
  std::vector<Move> principal_variation(Move first, int mateIn);

 private:
  struct Scored {
    Move move;
    int score;
  };

  Key key() const { return rule50Matters ? pos.key() ^ (Key(pos.rule50()) * 0x9E3779B97F4A7C15ULL) : pos.key(); }
  // The defender may claim a draw (50 moves, threefold repetition): the line ends without mate.
  // A repetition depends on the path, so results that rest on one are not stored in the table.
  bool draw_claimable() {
    if (pos.rule50() >= 100) return true;
    if (pos.rule50() >= 4 && pos.repetition_count() >= 3) {
      ++repetitionHits;
      return true;
    }
    return false;
  }
  void make(Move m) {
    pos.make_move(m);
    if (++nodes >= limits.nodeBudget && limits.nodeBudget) aborted = true;
    // Every 256 nodes (a few milliseconds at most): a level's guard may have only a few to spend.
    if ((nodes & 255) == 0 && limits.interrupted && limits.interrupted()) aborted = true;
  }
  enum class Known { NOTHING, MATE, NO_MATE };
  // What the table knows of "mate within n" here; `ttMove` gets its move either way.
  Known lookup(Key k, int n, Move& ttMove) const {
    const Entry* e = table.probe(k);
    ttMove = e ? e->move : Move::none();
    return !e ? Known::NOTHING : e->hi <= n ? Known::MATE : e->lo > n ? Known::NO_MATE : Known::NOTHING;
  }
  bool mate_in_one(Move& mating);
  int score_attacker_move(Move m, Move ttMove, int ply) const;
  int score_defender_move(Move m, Move ttMove, int ply) const;
  static Move pick_next(Scored* list, int count, int i);
  void note_cutoff(Move m, int ply, int depth);

  const MateSearchLimits& limits;
  MateTable table;
  const bool rule50Matters;
  std::uint64_t repetitionHits = 0;
  Move killers[2 * MAX_MATE_MOVES + 2][2] = {};
  int history[COLOR_NB][SQUARE_NB][SQUARE_NB] = {};
};

int victim_value(const Position& pos, Move m) { return pos.is_capture(m) ? PIECE_ORDER[pos.captured_type(m)] : 0; }

// Attacker nodes (OR): a proof needs one good move, so try the likeliest first: checks, then
// captures and promotions, then moves that proved mates elsewhere.
int Prover::score_attacker_move(Move m, Move ttMove, int ply) const {
  if (m == ttMove) return 1 << 30;
  int s = history[pos.side_to_move()][m.from()][m.to()];
  if (pos.gives_check(m)) s += (1 << 28) + 64 * victim_value(pos, m) + 8 * PIECE_ORDER[type_of(pos.piece_on(m.from()))];
  if (pos.is_capture(m) || m.kind() == PROMOTION) s += (1 << 26) + 64 * victim_value(pos, m);
  if (m == killers[ply][0] || m == killers[ply][1]) s += 1 << 25;
  return s;
}

// Defender nodes (AND): a disproof needs one refutation; the moves that refuted before come first,
// then captures (often of the attacking piece), checks back and king flights.
int Prover::score_defender_move(Move m, Move ttMove, int ply) const {
  if (m == ttMove) return 1 << 30;
  int s = history[pos.side_to_move()][m.from()][m.to()];
  if (m == killers[ply][0] || m == killers[ply][1]) s += 1 << 28;
  if (pos.is_capture(m)) s += (1 << 26) + 64 * victim_value(pos, m) - PIECE_ORDER[type_of(pos.piece_on(m.from()))];
  if (pos.gives_check(m)) s += 1 << 25;
  if (type_of(pos.piece_on(m.from())) == KING) s += 1 << 24;
  return s;
}

// Selection sort step: moves are taken one at a time because a cutoff usually comes early.
Move Prover::pick_next(Scored* list, int count, int i) {
  int best = i;
  for (int j = i + 1; j < count; ++j)
    if (list[j].score > list[best].score) best = j;
  std::swap(list[i], list[best]);
  return list[i].move;
}

void Prover::note_cutoff(Move m, int ply, int depth) {
  if (killers[ply][0] != m) {
    killers[ply][1] = killers[ply][0];
    killers[ply][0] = m;
  }
  int& h = history[pos.side_to_move()][m.from()][m.to()];
  h = std::min(h + depth * depth, 1 << 20);
}

// The last attacker move must give check, so only checks are tried.
bool Prover::mate_in_one(Move& mating) {
  for (Move m : MoveList(pos)) {
    if (!pos.gives_check(m)) continue;
    make(m);
    const bool mated = count_legal_moves(pos) == 0;
    pos.undo_move(m);
    if (mated) {
      mating = m;
      return true;
    }
    if (aborted) return false;
  }
  return false;
}

// Can the side to move force mate in at most n moves?
bool Prover::attacker(int n, int ply) {
  if (aborted || (ply > 0 && draw_claimable())) return false;
  const Key k = key();
  Move ttMove;
  if (Known known = lookup(k, n, ttMove); known != Known::NOTHING) return known == Known::MATE;
  const std::uint64_t repBefore = repetitionHits;

  if (n == 1) {
    Move mating;
    bool found = mate_in_one(mating);
    if (aborted) return false;
    if (found)
      table.store(k, 1, 1, mating);
    else if (repetitionHits == repBefore)
      table.store(k, 2, NO_BOUND, Move::none());
    return found;
  }

  Scored list[MAX_MOVES];
  int count = 0;
  for (Move m : MoveList(pos))
    if (n <= limits.quietWithin || pos.gives_check(m)) list[count++] = {m, score_attacker_move(m, ttMove, ply)};
  for (int i = 0; i < count; ++i) {
    const Move m = pick_next(list, count, i);
    make(m);
    const bool ok = defender(n - 1, ply + 1);
    pos.undo_move(m);
    if (aborted) return false;
    if (ok) {
      table.store(k, 1, n, m);
      note_cutoff(m, ply, n);
      return true;
    }
  }
  if (repetitionHits == repBefore) table.store(k, n + 1, NO_BOUND, Move::none());
  return false;
}

// The defender to move: is it mated now, or does every reply still allow mate in at most k?
bool Prover::defender(int k, int ply) {
  if (aborted) return false;
  if (k == 0) return pos.in_check() && count_legal_moves(pos) == 0;
  Scored list[MAX_MOVES];
  int count = 0;
  Move moves[MAX_MOVES];
  const Move* end = generate_moves<LEGAL>(pos, moves);
  if (end == moves) return pos.in_check();  // mate, or stalemate
  if (draw_claimable()) return false;

  const Key key_ = key();
  Move ttMove;
  if (Known known = lookup(key_, k, ttMove); known != Known::NOTHING) return known == Known::MATE;
  const std::uint64_t repBefore = repetitionHits;

  for (const Move* m = moves; m != end; ++m) list[count++] = {*m, score_defender_move(*m, ttMove, ply)};
  for (int i = 0; i < count; ++i) {
    const Move m = pick_next(list, count, i);
    make(m);
    const bool mates = attacker(k, ply + 1);
    pos.undo_move(m);
    if (aborted) return false;
    if (!mates) {
      if (repetitionHits == repBefore) table.store(key_, k + 1, NO_BOUND, m);
      note_cutoff(m, ply, k);
      return false;
    }
  }
  table.store(key_, 0, k, Move::none());
  return true;
}

// The mating line: against each attacker move, the defence that holds out longest; for the
// attacker, a move that keeps to the shortest mate. Cut short if the budget runs out.
std::vector<Move> Prover::principal_variation(Move first, int mateIn) {
  std::vector<Move> line{first};
  make(first);
  for (int k = mateIn - 1; k > 0 && !aborted;) {
    // Defender: the reply after which the attacker needs the most moves.
    Move longest = Move::none();
    int need = 0;
    for (Move r : MoveList(pos)) {
      make(r);
      int j = 1;
      while (j < k && !attacker(j, 1)) ++j;
      pos.undo_move(r);
      if (j > need) need = j, longest = r;
    }
    if (aborted || !longest) break;
    line.push_back(longest);
    make(longest);
    k = need;
    // Attacker: a move that mates in k.
    Move next = Move::none();
    for (Move a : MoveList(pos)) {
      make(a);
      const bool ok = defender(k - 1, 1);
      pos.undo_move(a);
      if (ok) {
        next = a;
        break;
      }
    }
    if (aborted || !next) break;
    line.push_back(next);
    make(next);
    --k;
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) pos.undo_move(*it);
  return line;
}

}  // namespace

MateSearchResult search_mates(const Position& pos, const MateSearchLimits& limits) {
  MateSearchResult result;
  const int maxMoves = std::clamp(limits.maxMoves, 1, MAX_MATE_MOVES);
  Prover prover(pos, limits);
  struct Open {
    Move move;
    std::uint64_t effort = 0;  // nodes its refutation took at the last mate length tried
  };
  std::vector<Open> open;
  if (limits.rootMoves.empty()) {
    for (Move m : MoveList(pos)) open.push_back({m});
    // Checks first, then captures and promotions: the likeliest mates (a stable order).
    auto likeliness = [&](const Open& o) {
      return 2 * pos.gives_check(o.move) + (pos.is_capture(o.move) || o.move.kind() == PROMOTION);
    };
    std::stable_sort(open.begin(), open.end(),
                     [&](const Open& a, const Open& b) { return likeliness(a) > likeliness(b); });
  } else {
    const MoveList legal(pos);
    for (Move m : limits.rootMoves)
      if (legal.contains(m) && std::none_of(open.begin(), open.end(), [&](const Open& o) { return o.move == m; }))
        open.push_back({m});
  }
  // Iterative deepening on the mate length: a move first proven at length d was disproved at
  // every shorter length, so its d is exact. From the second length on, the moves whose refutation
  // took longest come first: they came nearest to mating (on 71 quiet mates in 5, the first proofs
  // took 16 M nodes in all so, 29 M in the first order; tests/data/quiet_mates_in_5*.epd). Ties keep the order given.
  for (int d = 1; d <= maxMoves && !open.empty() && !prover.aborted; ++d) {
    if (d > 1)
      std::stable_sort(open.begin(), open.end(), [](const Open& a, const Open& b) { return a.effort > b.effort; });
    for (auto it = open.begin(); it != open.end();) {
      if (d > limits.quietWithin && !pos.gives_check(it->move)) {
        ++it;
        continue;
      }
      const std::uint64_t before = prover.nodes;
      prover.pos.make_move(it->move);
      const bool mates = prover.defender(d - 1, 1);
      prover.pos.undo_move(it->move);
      it->effort = prover.nodes - before;
      if (prover.aborted) break;
      if (mates) {
        result.moves.push_back(MatingMove{it->move, d, {}});
        it = open.erase(it);
        if (limits.firstOnly) break;
      } else {
        ++it;
      }
    }
    if (limits.firstOnly && !result.moves.empty()) break;
  }
  result.complete = !prover.aborted;
  for (int i = 0; i < std::min<int>(limits.pvLines, int(result.moves.size())) && !prover.aborted; ++i)
    result.moves[i].pv = prover.principal_variation(result.moves[i].move, result.moves[i].mateIn);
  result.nodes = prover.nodes;
  return result;
}

std::vector<MatingMove> find_mating_moves(const Position& pos, int maxMoves, std::uint64_t nodeBudget, bool* complete) {
  MateSearchLimits limits;
  limits.maxMoves = maxMoves;
  limits.nodeBudget = nodeBudget;
  MateSearchResult r = search_mates(pos, limits);
  if (complete) *complete = r.complete;
  return std::move(r.moves);
}

int shortest_mate(const Position& pos, int maxMoves, std::uint64_t nodeBudget, bool* complete) {
  MateSearchLimits limits;
  limits.maxMoves = std::clamp(maxMoves, 1, MAX_MATE_MOVES);
  limits.nodeBudget = nodeBudget;
  Prover prover(pos, limits);
  int found = 0;
  for (int d = 1; d <= limits.maxMoves && !found && !prover.aborted; ++d)
    if (prover.attacker(d, 0)) found = d;
  if (complete) *complete = !prover.aborted;
  return prover.aborted ? 0 : found;
}

}  // namespace sparring
