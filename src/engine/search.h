// The search: iterative deepening PVS with a shared transposition table, run by one or more
// threads (Lazy SMP). It reports through callbacks and knows nothing of any protocol's text.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "chess/position.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace sparring::nn {
class NnueNet;
}

namespace sparring {

constexpr int VALUE_INFINITE = 32001;
constexpr int VALUE_MATE = 32000;
constexpr int VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr int VALUE_DRAW = 0;

inline bool is_mate_score(int v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= -VALUE_MATE_IN_MAX_PLY; }
// A win the Syzygy tables prove (not a mate the search has seen): below every mate, above every
// evaluation, less the plies from the root. The transposition table keeps it as it is (as it keeps
// any score that is not a mate), so a stored one may be a few plies off: still a win.
constexpr int VALUE_TB_WIN = VALUE_MATE_IN_MAX_PLY - 1;
constexpr int VALUE_TB_WIN_IN_MAX_PLY = VALUE_TB_WIN - MAX_PLY;
// Moves to mate (positive: we mate) from a mate score.
inline int mate_in_moves(int v) { return v > 0 ? (VALUE_MATE - v + 1) / 2 : -(VALUE_MATE + v) / 2; }

struct SearchLimits {
  TimeControl clock;              // wtime/btime/inc/movestogo as seen by the side to move
  int depth = 0;                  // 0 = no limit
  std::uint64_t nodes = 0;        // 0 = no limit
  int mate = 0;                   // find a mate in this many moves, 0 = not asked
  int movetime = 0;               // ms, 0 = not set
  bool infinite = false;          // search until stopped
  bool ponder = false;            // pondering: no bestmove before stop/ponderhit
  std::vector<Move> searchMoves;  // restrict the root to these, if not empty
  bool use_time() const { return clock.time >= 0 || movetime > 0; }
};

// The selective parts of the search. Each can be switched off to measure what it is worth in a
// match (README: Measuring the search); all are on in normal play.
enum SearchFeature : unsigned {
  FEATURE_NULL_MOVE = 1u << 0,
  FEATURE_REVERSE_FUTILITY = 1u << 1,
  FEATURE_FUTILITY = 1u << 2,
  FEATURE_LATE_MOVE_PRUNING = 1u << 3,
  FEATURE_SEE_PRUNING = 1u << 4,
  FEATURE_LMR = 1u << 5,
  FEATURE_IIR = 1u << 6,
  FEATURE_SINGULAR = 1u << 7,
  FEATURE_CHECK_EXTENSION = 1u << 8,
  FEATURE_ASPIRATION = 1u << 9,
  FEATURE_NNUE = 1u << 10,  // off: the hand-written evaluation whatever network is set
  // With the network only: the levels' searches on the hand-written evaluation keep what they were
  // calibrated on.
  FEATURE_PROBCUT = 1u << 11,
  FEATURE_HISTORY_PRUNING = 1u << 12,
  FEATURE_CAPTURE_MALUS = 1u << 13,
  FEATURE_TT_CUT_HISTORY = 1u << 14,
  FEATURE_SINGULAR_MORE = 1u << 15,   // double and negative singular extensions
  FEATURE_LMR_MORE = 1u << 16,        // LMR: more after a noisy TT move, less for killers and the counter move
  FEATURE_PRIOR_BONUS = 1u << 17,     // history bonus for the quiet move a fail-low node answered
  FEATURE_IMPROVING_MORE = 1u << 18,  // "improving" measured four plies back when two back was in check
  FEATURE_NET_SCALE = 1u << 19,       // the network's centipawns read at NET_EVAL_PERCENT
};
constexpr unsigned FEATURES_NETWORK_ONLY = FEATURE_PROBCUT | FEATURE_HISTORY_PRUNING | FEATURE_CAPTURE_MALUS |
                                           FEATURE_TT_CUT_HISTORY | FEATURE_SINGULAR_MORE | FEATURE_LMR_MORE |
                                           FEATURE_PRIOR_BONUS | FEATURE_IMPROVING_MORE | FEATURE_NET_SCALE;
// The search reads the network's evaluation at this percent: its margins (futility, null move, probcut, ...)
// were tuned on the hand-written evaluation, and the network's centipawns run about 1.4 times those of the
// hand-written evaluation on the same positions (docs/strength.md).
constexpr int NET_EVAL_PERCENT = 70;
inline int net_eval_for_search(int networkCp) { return networkCp * NET_EVAL_PERCENT / 100; }
// "nmp,lmr" -> the mask of those features; "" when every name is known, else the unknown name.
std::string parse_search_features(std::string_view names, unsigned& mask);
// The features switched off by the environment variable SPARRING_SEARCH_OFF (a development
// switch for matches, read once; a value with an unknown name is reported on stderr and ignored).
unsigned search_features_off_from_environment();

struct SearchOptions {
  int threads = 1;
  int multiPV = 1;
  int moveOverhead = 30;  // ms kept in reserve per move for communication delays
  unsigned featuresOff = search_features_off_from_environment();  // SearchFeature bits
  const nn::NnueNet* evalNet = nullptr;  // the evaluation network; none (or "nnue" off): the hand-written one
  // Syzygy tablebases (engine/syzygy.h), when some are loaded: UCI's SyzygyProbeDepth, SyzygyProbeLimit
  // and Syzygy50MoveRule. `tablebases` off: this search ignores them (the levels below Expert).
  bool tablebases = true;
  int tbProbeDepth = 1;
  int tbProbeLimit = 7;
  bool tb50MoveRule = true;
};
// The features a search with these options runs without: those switched off, and without a network (or
// with "nnue" off) the network-only ones.
unsigned effective_features_off(const SearchOptions& options);
// A score of a search with these options in the network's own centipawns, the unit training records keep
// (the inverse of NET_EVAL_PERCENT; mate scores and other evaluations unchanged).
int score_in_net_units(int score, const SearchOptions& options);

// One line of search output (one PV of one completed iteration, or a bound update).
struct IterationInfo {
  int depth = 0, selDepth = 0, multiPV = 1;
  int score = 0;
  Bound bound = BOUND_EXACT;
  std::uint64_t nodes = 0;
  std::int64_t timeMs = 0;
  int hashfull = 0;
  bool tablebases = false;  // tables are in use: `tbhits` is shown
  std::uint64_t tbHits = 0;
  std::vector<Move> pv;
};

struct SearchCallbacks {
  std::function<void(const IterationInfo&)> onIteration;
  std::function<void(int depth, Move move, int number)> onCurrMove;  // root move being searched
  std::function<void(Move best, Move ponder)> onBestMove;
  // `go mate` found no mate in `moves` or fewer: `proven` when none exists, false when cut short.
  std::function<void(int moves, bool proven)> onNoMate;
};

struct RootMove {
  Move move;
  int score = -VALUE_INFINITE, previousScore = -VALUE_INFINITE;
  int selDepth = 0;
  Bound bound = BOUND_EXACT;
  std::vector<Move> pv;
  bool operator<(const RootMove& o) const {
    return score != o.score ? score > o.score : previousScore > o.previousScore;
  }
};

class Worker;

// The search as a whole: owns the TT and the worker threads, answers stop/ponderhit at once.
class Search {
 public:
  Search();
  ~Search();

  std::size_t set_hash(std::size_t megabytes);  // the megabytes had (TranspositionTable::resize)
  void clear();                                 // new game: TT and all learned statistics
  SearchOptions& options() { return opts; }

  // Starts searching `pos` in the background; callbacks are called from the search thread.
  void start(const Position& pos, const SearchLimits& limits, SearchCallbacks callbacks);
  void stop();       // finish as soon as possible and report bestmove
  void ponderhit();  // the opponent played the expected move: switch to normal timing
  void wait();       // block until the current search has reported bestmove
  bool searching() const { return running.load(); }

  // Runs a search to completion on the calling thread's behalf and returns the root moves sorted
  // best first (used by bench and by layers above search that need scores for every move).
  std::vector<RootMove> search_sync(const Position& pos, const SearchLimits& limits, SearchCallbacks callbacks = {});
  std::uint64_t last_nodes() const { return lastNodes; }

 private:
  friend class Worker;
  void run(Position pos, SearchLimits limits, SearchCallbacks callbacks);
  std::uint64_t total_nodes() const;
  std::uint64_t total_tbhits() const;
  // With tables loaded: the probe settings for this search, and where the root is in the tables the moves
  // that keep its best result (into lim.searchMoves) with the score each is shown with.
  void setup_tablebases(const Position& pos, SearchLimits& lim);
  int shown_score(Move m, int score) const;   // the tables' score for a root move unless the search saw a mate
  void fill_info(IterationInfo& info) const;  // nodes, time, hashfull, tbhits
  bool should_stop_hard();                    // checked by the main worker every few thousand nodes
  // `go mate N`: runs the mate prover; true when it proved a mate, reported every mating first
  // move (up to MultiPV lines) and chose `best`. False: no mate proven, the normal search decides.
  bool prove_mate(const Position& pos, Move& best, Move& ponder);

  TranspositionTable tt;
  SearchOptions opts;
  std::vector<std::unique_ptr<Worker>> workers;
  std::thread mainThread;
  std::atomic<bool> stopFlag{false};
  std::atomic<bool> ponderFlag{false};
  std::atomic<bool> running{false};
  TimeManager time;
  SearchLimits limits;
  SearchCallbacks callbacks;
  std::vector<RootMove> lastResult;
  std::uint64_t lastNodes = 0;
  struct Tablebases {
    bool used = false;    // tables loaded and this search may use them
    int cardinality = 0;  // probe in the search with at most this many pieces (0: no probes)
    int probeDepth = 0;   // ... at this depth or more when exactly `cardinality`
    bool rule50 = true;   // cursed wins and blessed losses are draws
    bool rootInTables = false;
    std::uint64_t rootHits = 0;
    std::vector<std::pair<Move, int>> rootScores;  // the moves kept and their scores
  } tb;
};

}  // namespace sparring
