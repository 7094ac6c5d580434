// Syzygy endgame tablebases, probed through Fathom (Debian's libfathom1). The library is loaded with
// dlopen only when a path is set, so the engine starts and plays without it. One set of tables for
// the process (Fathom keeps them in global state); load() must not run while a search probes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chess/position.h"

namespace sparring::syzygy {

// A position's value for the side to move, counting the 50-move rule: a cursed win is a win the
// rule turns into a draw, a blessed loss a loss it saves.
enum Wdl : int { WDL_LOSS = -2, WDL_BLESSED_LOSS = -1, WDL_DRAW = 0, WDL_CURSED_WIN = 1, WDL_WIN = 2 };

// The folder separator of SyzygyPath: ':' on Linux, ';' on Windows.
#ifdef _WIN32
constexpr char PATH_SEPARATOR = ';';
#else
constexpr char PATH_SEPARATOR = ':';
#endif

struct LoadResult {
  bool ok = false;
  std::string message;  // for the GUI, without "info string ": "Found N tablebases" or "error: ..."
  std::string warning;  // a second line, if any: tables found that could not be read
};

// Loads the tables of `path` (folders separated by PATH_SEPARATOR; "" or "<empty>": none). A folder
// that does not exist, a path with no tables in it, or a missing library is an error, and the
// tables loaded before stay. Every WDL table found is opened here, before any search: the search's
// probes then only read (Debian's Fathom is built without locks, and opening a table allocates).
LoadResult load(std::string_view path);

bool supported();    // false: a build without tablebases (Windows)
int max_pieces();    // pieces in the largest table loaded; 0: none loaded
int table_count();   // tables loaded (each endgame once, as Stockfish counts them)
std::string path();  // the path loaded, "" if none

// The search's probe: the WDL value of `pos`, which must have no castling rights and a 50-move
// counter of 0 (the tables' values assume it). Thread-safe, allocates nothing. False: not in the tables.
bool probe_wdl(const Position& pos, Wdl& wdl);

// The root's DTZ (plies to the next capture or pawn move with best play, 0 for a draw; as Fathom's
// root probe reports it, always >= 0) and WDL, counting pos's 50-move counter. Not for the search.
bool probe_dtz(const Position& pos, Wdl& wdl, int& dtz);

// A root move with its rank from the tables: higher is better, equal ranks are equally good. Wins
// that keep within the 50-move rule rank 1000 (after a repetition: 1000 less the plies to zeroing, so
// that only real progress ranks first), cursed wins 1..899, draws 0, losses below 0.
struct RankedMove {
  Move move;
  int rank = 0;
};
// Ranks every legal move by DTZ (by WDL alone where a DTZ table is missing: `byDtz` false). False
// when the root is not in the tables. Serialised by a lock; not for the search.
bool rank_root_moves(const Position& pos, bool useRule50, std::vector<RankedMove>& moves, bool& byDtz);

// The root moves that keep the best result the tables give (of `among`, every legal move if it is
// empty), all of one rank. `probed`: the moves probed (tbhits). False when the root is not in the tables.
bool best_root_moves(const Position& pos, bool useRule50, const std::vector<Move>& among, std::vector<RankedMove>& best,
                     bool& byDtz, int& probed);
// The root filter of the search and of the levels that use the tables: where the root has at most
// `probeLimit` pieces, no castling rights and is in the tables, `searchMoves` becomes the moves that keep its best
// result (of those it held, every legal move if none) and `best` their ranks; true. Otherwise false, `searchMoves` as
// it was.
bool keep_best_root_moves(const Position& pos, bool useRule50, int probeLimit, std::vector<Move>& searchMoves,
                          std::vector<RankedMove>& best, bool& byDtz, int& probed);

}  // namespace sparring::syzygy
