#include "tt.h"

#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace sparring {

namespace {

// On Linux the table is an anonymous mapping aligned to 2 MB and advised for transparent huge pages:
// one TLB entry then covers 2 MB of it instead of 4 kB, so a probe (a random access into megabytes)
// seldom waits for a page walk as well as for memory. The pages are still zero-filled lazily.
constexpr std::size_t HUGE_PAGE = 2 * 1024 * 1024;

// `bytes` of zeroed memory: the whole allocation (raw, null if it cannot be had, and its size) and where the
// clusters begin in it.
struct Block {
  void* raw;
  std::size_t size;
  std::uintptr_t start;
};

Block allocate(std::size_t bytes) {
#if defined(__linux__)
  const std::size_t size = bytes + HUGE_PAGE;
  void* raw = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return {nullptr, 0, 0};
  const std::uintptr_t start = (reinterpret_cast<std::uintptr_t>(raw) + HUGE_PAGE - 1) & ~std::uintptr_t(HUGE_PAGE - 1);
  madvise(reinterpret_cast<void*>(start), bytes, MADV_HUGEPAGE);  // advice only: no huge pages is no error
  return {raw, size, start};
#else
  constexpr std::size_t ALIGN = 64;
  void* raw = std::calloc(bytes + ALIGN, 1);
  return {raw, bytes + ALIGN, (reinterpret_cast<std::uintptr_t>(raw) + ALIGN - 1) & ~std::uintptr_t(ALIGN - 1)};
#endif
}

// Data word: bits 0-15 move, 16-31 score, 32-47 eval, 48-55 depth, 56-57 bound, 58 pv, 59-63 generation (mod 32).
std::uint64_t pack(Move m, int score, int eval, int depth, Bound b, bool pv, int gen) {
  return std::uint64_t(m.raw()) | std::uint64_t(std::uint16_t(std::int16_t(score))) << 16 |
         std::uint64_t(std::uint16_t(std::int16_t(eval))) << 32 | std::uint64_t(std::uint8_t(depth)) << 48 |
         std::uint64_t(b) << 56 | std::uint64_t(pv) << 58 | std::uint64_t(gen & 31) << 59;
}

int depth_of(std::uint64_t d) { return int(std::int8_t(std::uint8_t(d >> 48))); }
int gen_of(std::uint64_t d) { return int(d >> 59); }

}  // namespace

void TranspositionTable::Free::operator()(void* p) const {
#if defined(__linux__)
  munmap(p, bytes);
#else
  std::free(p);
#endif
}

std::size_t TranspositionTable::resize(std::size_t megabytes) {
  static_assert(alignof(Cluster) <= 64);
  memory.reset();  // free first, so old and new tables never coexist in memory
  // What cannot be had is halved until it can: the largest table the machine gives, never the smallest by
  // surprise (64 GB asked of a 24 GB machine used to fall back to 1 MB).
  for (std::size_t mb = std::max<std::size_t>(1, megabytes);; mb /= 2) {
    const std::size_t count = std::max<std::size_t>(1, mb * 1024 * 1024 / sizeof(Cluster));
    const Block block = allocate(count * sizeof(Cluster));
    if (!block.raw) {
      if (mb == 1) throw std::bad_alloc();
      continue;
    }
    memory = std::unique_ptr<void, Free>(block.raw, Free{block.size});
    // Fresh memory is already zero: no need to touch (and commit) every page now.
    clusters = reinterpret_cast<Cluster*>(block.start);
    clusterCount = count;
    generation = 0;
    return mb;
  }
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < clusterCount; ++i)
    for (Entry& e : clusters[i].entry) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  generation = 0;
}

bool TranspositionTable::probe(Key key, TTData& out) const {
  const Cluster& c = clusters[index(key)];
  for (const Entry& e : c.entry) {
    std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if ((e.check.load(std::memory_order_relaxed) ^ d) != key || !d) continue;
    out.move = Move(std::uint16_t(d));
    out.score = std::int16_t(std::uint16_t(d >> 16));
    out.eval = std::int16_t(std::uint16_t(d >> 32));
    out.depth = depth_of(d);
    out.bound = Bound((d >> 56) & 3);
    out.pv = (d >> 58) & 1;
    return true;
  }
  return false;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound, bool pv) {
  Cluster& c = clusters[index(key)];
  const int gen = generation & 31;
  Entry* replace = &c.entry[0];
  int worst = 1 << 30;
  for (Entry& e : c.entry) {
    std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if (!d || (e.check.load(std::memory_order_relaxed) ^ d) == key) {
      // Same position: keep the old best move if the new result has none, and keep a deeper
      // entry unless the new one is exact.
      if (d && !move) move = Move(std::uint16_t(d));
      if (d && bound != BOUND_EXACT && depth + 3 < depth_of(d) && gen_of(d) == gen) return;
      replace = &e;
      break;
    }
    // Otherwise evict the entry worth least: shallow and from older searches.
    int age = (gen - gen_of(d)) & 31;
    int worth = depth_of(d) - 8 * age;
    if (worth < worst) {
      worst = worth;
      replace = &e;
    }
  }
  std::uint64_t d = pack(move, score, eval, depth, bound, pv, gen);
  replace->data.store(d, std::memory_order_relaxed);
  replace->check.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0, n = 0;
  for (std::size_t i = 0; i < clusterCount && n < 1000; ++i)
    for (const Entry& e : clusters[i].entry) {
      std::uint64_t d = e.data.load(std::memory_order_relaxed);
      used += d && gen_of(d) == (generation & 31);
      ++n;
    }
  return n ? used * 1000 / n : 0;
}

}  // namespace sparring
