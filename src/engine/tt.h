// The transposition table: a shared cache of search results, indexed by Zobrist key.
//
// Each entry is two 64-bit words written with relaxed atomics: the data and (key xor data). A
// torn write between threads then fails the key check instead of returning wrong data, which is
// what makes the table safe to share without locks.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "chess/types.h"

namespace sparring {

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = BOUND_UPPER | BOUND_LOWER };

struct TTData {
  Move move;
  int score;  // as stored: mate scores relative to the stored node (see search.cpp)
  int eval;
  int depth;
  Bound bound;
  bool pv;
};

class TranspositionTable {
 public:
  TranspositionTable() { resize(16); }
  // Also clears. Returns the megabytes had: `megabytes`, or where that much memory cannot be had, the
  // largest half, quarter, ... of it that can.
  std::size_t resize(std::size_t megabytes);
  void clear();
  void new_search() { generation = (generation + 1) & 31; }

  // Returns true and fills `out` when the key is found.
  bool probe(Key key, TTData& out) const;
  void store(Key key, Move move, int score, int eval, int depth, Bound bound, bool pv);
  int hashfull() const;  // permille of the first 1000 clusters used in this search
  void prefetch(Key key) const { __builtin_prefetch(&clusters[index(key)]); }

 private:
  struct Entry {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  static constexpr int CLUSTER_SIZE = 4;
  struct alignas(64) Cluster {
    Entry entry[CLUSTER_SIZE];
  };
  std::size_t index(Key key) const { return std::size_t((unsigned __int128)key * clusterCount >> 64); }

  struct Free {
    std::size_t bytes;  // the whole allocation
    void operator()(void* p) const;
  };
  // Zero pages handed out lazily by the OS (an anonymous mapping on Linux, calloc elsewhere).
  std::unique_ptr<void, Free> memory;
  Cluster* clusters = nullptr;
  std::size_t clusterCount = 0;
  std::uint8_t generation = 0;
};

}  // namespace sparring
