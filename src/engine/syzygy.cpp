#include "syzygy.h"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "chess/movegen.h"

#if defined(SPARRING_FATHOM) && !defined(_WIN32)
#define SPARRING_SYZYGY_ON 1
#include <dlfcn.h>
#include <tbprobe.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <type_traits>

#include "chess/prng.h"
#endif

namespace sparring::syzygy {

namespace {

LoadResult succeeded(std::string message) { return {true, std::move(message), ""}; }
LoadResult failed(std::string message) { return {false, std::move(message), ""}; }

std::mutex loadMutex;    // load() and the root probes: Fathom's root functions are not thread-safe
std::string loadedPath;  // under loadMutex
std::atomic<int> largest{0}, tables{0};

}  // namespace

bool supported() {
#ifdef SPARRING_SYZYGY_ON
  return true;
#else
  return false;
#endif
}

int max_pieces() { return largest.load(std::memory_order_acquire); }
int table_count() { return tables.load(std::memory_order_relaxed); }

std::string path() {
  std::lock_guard<std::mutex> lock(loadMutex);
  return loadedPath;
}

bool best_root_moves(const Position& pos, bool useRule50, const std::vector<Move>& among, std::vector<RankedMove>& best,
                     bool& byDtz, int& probed) {
  best.clear();
  probed = 0;
  std::vector<RankedMove> ranked;
  if (!rank_root_moves(pos, useRule50, ranked, byDtz)) return false;
  probed = int(ranked.size());
  if (!among.empty())
    std::erase_if(ranked,
                  [&](const RankedMove& r) { return std::find(among.begin(), among.end(), r.move) == among.end(); });
  if (ranked.empty()) return false;
  const int top = std::max_element(ranked.begin(), ranked.end(), [](const RankedMove& a, const RankedMove& b) {
                    return a.rank < b.rank;
                  })->rank;
  for (const RankedMove& r : ranked)
    if (r.rank == top) best.push_back(r);
  return true;
}

bool keep_best_root_moves(const Position& pos, bool useRule50, int probeLimit, std::vector<Move>& searchMoves,
                          std::vector<RankedMove>& best, bool& byDtz, int& probed) {
  probed = 0;
  if (popcount(pos.pieces()) > probeLimit || pos.castling_rights() ||
      !best_root_moves(pos, useRule50, searchMoves, best, byDtz, probed))
    return false;
  searchMoves.clear();
  for (const RankedMove& r : best) searchMoves.push_back(r.move);
  return true;
}

#ifndef SPARRING_SYZYGY_ON

LoadResult load(std::string_view p) {
  if (p.empty() || p == "<empty>") return succeeded("Syzygy tablebases off");
#ifdef _WIN32
  return failed("error: SyzygyPath: tablebases are not supported on the Windows build; they stay off");
#else
  return failed("error: SyzygyPath: this build has no tablebase support (built without libfathom-dev); they stay off");
#endif
}
bool probe_wdl(const Position&, Wdl&) { return false; }
bool probe_dtz(const Position&, Wdl&, int&) { return false; }
bool rank_root_moves(const Position&, bool, std::vector<RankedMove>&, bool&) { return false; }

#else

namespace {

// The library's functions, looked up by name in the header's own types.
struct Fathom {
  void* handle = nullptr;
  decltype(&tb_init) init = nullptr;
  decltype(&tb_probe_wdl_impl) wdl = nullptr;
  decltype(&tb_probe_root_impl) root = nullptr;
  decltype(&tb_probe_root_dtz) rootDtz = nullptr;
  decltype(&tb_probe_root_wdl) rootWdl = nullptr;
  unsigned* largest = nullptr;
};
Fathom fathom;  // written under loadMutex before any table is loaded, then only read
// A table that could not be opened by the load is tried again by Fathom when a probe reaches it (a capture
// may lead into it from another table), without a lock: the search's probes then take this one.
std::atomic<bool> serialized{false};
std::mutex probeMutex;

// SPARRING_FATHOM_LIB names another file to load (the tests use it to play a missing library).
std::string library_name() {
  const char* env = std::getenv("SPARRING_FATHOM_LIB");
  return env && *env ? env : "libfathom.so.1";
}

// Opens the library once; "" or the reason it cannot be used.
std::string open_library() {
  if (fathom.handle) return "";
  const std::string name = library_name();
  void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) return "cannot load " + name + " (install libfathom1: apt-get install libfathom1)";
  Fathom f;
  f.handle = h;
  auto get = [&](auto& fn, const char* symbol) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)> >(dlsym(h, symbol));
    return fn ? "" : symbol;
  };
  std::string missing = get(f.init, "tb_init");
  if (missing.empty()) missing = get(f.wdl, "tb_probe_wdl_impl");
  if (missing.empty()) missing = get(f.root, "tb_probe_root_impl");
  if (missing.empty()) missing = get(f.rootDtz, "tb_probe_root_dtz");
  if (missing.empty()) missing = get(f.rootWdl, "tb_probe_root_wdl");
  if (missing.empty()) missing = get(f.largest, "TB_LARGEST");
  if (!missing.empty()) {
    dlclose(h);
    return name + " has no " + missing + " (install Debian's libfathom1)";
  }
  fathom = f;
  return "";
}

std::vector<std::string> split_path(std::string_view p) {
  std::vector<std::string> dirs;
  while (!p.empty()) {
    const std::size_t sep = p.find(PATH_SEPARATOR);
    if (sep != 0) dirs.emplace_back(p.substr(0, sep));
    if (sep == std::string_view::npos) break;
    p.remove_prefix(sep + 1);
  }
  return dirs;
}

// Every endgame Fathom looks for, in its own names and order (up to 7 pieces; pieces strongest first).
std::vector<std::string> table_names() {
  const char P[] = "QRBNP";
  std::vector<std::string> names;
  auto add = [&](std::initializer_list<int> white, std::initializer_list<int> black) {
    std::string s = "K";
    for (int i : white) s += P[i];
    s += "vK";
    for (int i : black) s += P[i];
    names.push_back(s);
  };
  for (int i = 0; i < 5; i++) add({i}, {});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++) add({i}, {j});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++) add({i, j}, {});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = 0; k < 5; k++) add({i, j}, {k});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = j; k < 5; k++) add({i, j, k}, {});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = i; k < 5; k++)
        for (int l = (i == k) ? j : k; l < 5; l++) add({i, j}, {k, l});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = j; k < 5; k++)
        for (int l = 0; l < 5; l++) add({i, j, k}, {l});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = j; k < 5; k++)
        for (int l = k; l < 5; l++) add({i, j, k, l}, {});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = j; k < 5; k++)
        for (int l = k; l < 5; l++)
          for (int m = l; m < 5; m++) add({i, j, k, l, m}, {});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = j; k < 5; k++)
        for (int l = k; l < 5; l++)
          for (int m = 0; m < 5; m++) add({i, j, k, l}, {m});
  for (int i = 0; i < 5; i++)
    for (int j = i; j < 5; j++)
      for (int k = j; k < 5; k++)
        for (int l = 0; l < 5; l++)
          for (int m = l; m < 5; m++) add({i, j, k}, {l, m});
  return names;
}

// The tables Fathom will find in `dirs`: as it does, the first folder holding NAME.rtbw decides,
// and a file whose size is not 16 more than a multiple of 64 is incomplete.
std::vector<std::string> tables_in(const std::vector<std::string>& dirs) {
  std::vector<std::string> found;
  for (const std::string& name : table_names())
    for (const std::string& dir : dirs) {
      std::error_code ec;
      const std::filesystem::path file = std::filesystem::path(dir) / (name + ".rtbw");
      if (!std::filesystem::is_regular_file(file, ec)) continue;
      const auto size = std::filesystem::file_size(file, ec);
      if (!ec && size % 64 == 16) found.push_back(name);
      break;
    }
  return found;
}

// Runs `f` (calls into Fathom) with stderr filtered: Debian's build prints "munmap: <stale errno>" for
// every table file it closes, because its check of munmap's result is the wrong way round (it prints on
// success). Those lines go; anything else it writes (an incomplete or corrupted file) is passed on.
template <class F>
auto without_munmap_noise(F f) {
  std::fflush(stderr);
  std::FILE* capture = std::tmpfile();
  const int saved = capture ? dup(2) : -1;
  if (saved < 0 || dup2(fileno(capture), 2) < 0) {
    if (saved >= 0) close(saved);
    if (capture) std::fclose(capture);
    return f();
  }
  const auto result = f();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::rewind(capture);
  char line[512];
  while (std::fgets(line, sizeof line, capture))
    if (std::strncmp(line, "munmap: ", 8) != 0) std::fputs(line, stderr);
  std::fclose(capture);
  return result;
}

struct Bitboards {
  std::uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
  unsigned ep;
  bool turn;
};
Bitboards bitboards(const Position& pos) {
  return {pos.pieces(WHITE),          pos.pieces(BLACK), pos.pieces(KING),
          pos.pieces(QUEEN),          pos.pieces(ROOK),  pos.pieces(BISHOP),
          pos.pieces(KNIGHT),         pos.pieces(PAWN),  pos.ep_square() == SQ_NONE ? 0u : unsigned(pos.ep_square()),
          pos.side_to_move() == WHITE};
}

// A legal position of endgame `name` (White the first side, White to move, no capture to make) to
// open its WDL table with, before any search. False if none was found.
bool position_of(const std::string& name, Position& pos) {
  std::uint64_t seed = 0;
  for (char c : name) seed = seed * 131 + std::uint64_t(c);
  Prng rng(mix64(seed));
  const std::size_t v = name.find('v');
  for (int attempt = 0; attempt < 4000; ++attempt) {
    char board[64] = {};
    bool placed = true;
    for (std::size_t i = 0; i < name.size() && placed; ++i) {
      if (i == v) continue;
      const bool white = i < v;
      const char piece = white ? name[i] : char(name[i] - 'A' + 'a');
      // Pawns away from the last ranks, so no promotion is at hand either.
      const int lo = piece == 'P' ? 16 : piece == 'p' ? 16 : 0, hi = piece == 'P' ? 48 : piece == 'p' ? 56 : 64;
      placed = false;
      for (int tries = 0; tries < 64 && !placed; ++tries) {
        const int sq = lo + int(rng.next() % std::uint64_t(hi - lo));
        if (!board[sq]) board[sq] = piece, placed = true;
      }
    }
    if (!placed) continue;
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        const char c = board[rank * 8 + file];
        if (!c) {
          ++empty;
          continue;
        }
        if (empty) fen += char('0' + empty), empty = 0;
        fen += c;
      }
      if (empty) fen += char('0' + empty);
      if (rank) fen += '/';
    }
    fen += " w - - 0 1";
    if (!pos.set_fen(fen).empty()) continue;
    const MoveList moves(pos);
    if (std::none_of(moves.begin(), moves.end(), [&](Move m) { return pos.is_capture(m); })) return true;
  }
  return false;
}

}  // namespace

LoadResult load(std::string_view p) {
  std::lock_guard<std::mutex> lock(loadMutex);
  const bool off = p.empty() || p == "<empty>";
  const std::string kept = loadedPath.empty() ? "tablebases stay off" : "the tables of " + loadedPath + " stay loaded";
  if (off) {
    if (fathom.handle) {
      largest.store(0, std::memory_order_release);
      without_munmap_noise([] { return fathom.init(""); });
    }
    tables = 0;
    loadedPath.clear();
    return succeeded("Syzygy tablebases off");
  }
  const std::vector<std::string> dirs = split_path(p);
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) return failed("error: SyzygyPath: no folder '" + dir + "'; " + kept);
  }
  const std::vector<std::string> names = tables_in(dirs);
  if (names.empty())
    return failed("error: SyzygyPath: no Syzygy tables (.rtbw files) in '" + std::string(p) + "'; " + kept);
  if (std::string err = open_library(); !err.empty()) return failed("error: SyzygyPath: " + err + "; " + kept);

  largest.store(0, std::memory_order_release);
  tables = 0;
  loadedPath.clear();
  // Fathom gets the folders without empty entries: its path parser reads past the end of a path that
  // starts or ends with a separator or has two in a row (AddressSanitizer shows it).
  std::string pathString;
  for (const std::string& dir : dirs) pathString += (pathString.empty() ? "" : std::string(1, PATH_SEPARATOR)) + dir;
  if (!without_munmap_noise([&] { return fathom.init(pathString.c_str()); }) || *fathom.largest == 0)
    return failed("error: SyzygyPath: Fathom could not load the tables of '" + std::string(p) +
                  "'; tablebases are off");

  // Open every WDL table now, on this thread: Debian's Fathom opens a table on its first probe, with
  // no lock, so probes from several search threads must find them all open already.
  int loaded = 0;
  std::string unreadable;
  without_munmap_noise([&] {
    for (const std::string& name : names) {
      Position pos;
      bool ok = position_of(name, pos);
      if (ok) {
        const Bitboards b = bitboards(pos);
        ok = fathom.wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, b.ep, b.turn) !=
             TB_RESULT_FAILED;
      }
      if (ok)
        ++loaded;
      else
        unreadable += (unreadable.empty() ? "" : " ") + name;
    }
    return true;
  });
  tables = loaded;
  serialized = !unreadable.empty();
  loadedPath = pathString;
  largest.store(int(*fathom.largest), std::memory_order_release);
  LoadResult result = succeeded("Found " + std::to_string(loaded) + " tablebases");
  if (!unreadable.empty()) result.warning = "error: SyzygyPath: tables that could not be read: " + unreadable;
  return result;
}

bool probe_wdl(const Position& pos, Wdl& wdl) {
  if (popcount(pos.pieces()) > max_pieces() || pos.castling_rights()) return false;
  const Bitboards b = bitboards(pos);
  auto probe = [&] {
    return fathom.wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, b.ep, b.turn);
  };
  unsigned r;
  if (serialized.load(std::memory_order_relaxed)) {
    std::lock_guard<std::mutex> lock(probeMutex);
    r = probe();
  } else {
    r = probe();
  }
  if (r == TB_RESULT_FAILED) return false;
  wdl = Wdl(int(r) - 2);
  return true;
}

bool probe_dtz(const Position& pos, Wdl& wdl, int& dtz) {
  std::lock_guard<std::mutex> lock(loadMutex);
  if (popcount(pos.pieces()) > max_pieces() || pos.castling_rights()) return false;
  const Bitboards b = bitboards(pos);
  const unsigned r = fathom.root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                                 unsigned(pos.rule50()), b.ep, b.turn, nullptr);
  if (r == TB_RESULT_FAILED) return false;
  if (r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE) {
    wdl = r == TB_RESULT_CHECKMATE ? WDL_LOSS : WDL_DRAW;
    dtz = 0;
    return true;
  }
  wdl = Wdl(int(TB_GET_WDL(r)) - 2);
  dtz = int(TB_GET_DTZ(r));
  return true;
}

bool rank_root_moves(const Position& pos, bool useRule50, std::vector<RankedMove>& moves, bool& byDtz) {
  moves.clear();
  std::lock_guard<std::mutex> lock(loadMutex);
  if (popcount(pos.pieces()) > max_pieces() || pos.castling_rights()) return false;
  static TbRootMoves ranked;  // 100 KB, under the lock
  const Bitboards b = bitboards(pos);
  const unsigned rule50 = unsigned(std::min(pos.rule50(), 255));
  byDtz = fathom.rootDtz(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, rule50, 0, b.ep,
                         b.turn, pos.has_repeated(), useRule50, &ranked);
  if (!byDtz && !fathom.rootWdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, rule50, 0,
                                b.ep, b.turn, useRule50, &ranked))
    return false;
  // Fathom's moves in ours: from, to and promotion (1 queen, 2 rook, 3 bishop, 4 knight) match one legal move.
  const MoveList legal(pos);
  for (unsigned i = 0; i < ranked.size; ++i) {
    const TbMove tm = ranked.moves[i].move;
    const Square from = Square(TB_MOVE_FROM(tm)), to = Square(TB_MOVE_TO(tm));
    const unsigned promo = TB_MOVE_PROMOTES(tm);
    const PieceType promoted = promo == 1 ? QUEEN : promo == 2 ? ROOK : promo == 3 ? BISHOP : KNIGHT;
    const Move* m = std::find_if(legal.begin(), legal.end(), [&](Move x) {
      return x.from() == from && x.to() == to && (x.kind() == PROMOTION ? promo && x.promotion() == promoted : !promo);
    });
    if (m == legal.end()) break;
    moves.push_back({*m, ranked.moves[i].tbRank});
  }
  if (int(moves.size()) != legal.size()) {
    moves.clear();
    return false;
  }
  return true;
}

#endif

}  // namespace sparring::syzygy
