#include "uci.h"

#include <charconv>
#include <climits>
#include <cmath>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "engine/bench.h"
#include "engine/evaluate.h"
#include "engine/nnue_eval.h"
#include "engine/search_params.h"
#include "engine/syzygy.h"
#include "nn/net_file.h"
#include "version.h"

namespace sparring {

namespace {

// Reads the next token as a number clamped to [lo, hi]; false if it is not a number.
bool read_number(std::istringstream& is, long long lo, long long hi, long long& out) {
  std::string tok;
  if (!(is >> tok)) return false;
  long long v = 0;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
  if (p == tok.data()) return false;
  if (ec == std::errc::result_out_of_range) v = tok[0] == '-' ? lo : hi;
  out = std::clamp(v, lo, hi);
  return true;
}

// Win/draw/loss per mille from a score: a logistic model of engine game outcomes.
void wdl(int cp, int& w, int& d, int& l) {
  constexpr double a = 160.0, b = 55.0;
  w = int(std::lround(1000.0 / (1.0 + std::exp((a - cp) / b))));
  l = int(std::lround(1000.0 / (1.0 + std::exp((a + cp) / b))));
  d = 1000 - w - l;
}

}  // namespace

UciLoop::UciLoop(std::istream& i, std::ostream& o) : in(i), out(o) {
  search.options().evalNet = &builtin_eval_net();
  options.add_spin("Hash", 16, 1, 65536, [this](const Options::Option& opt) {
    const std::size_t asked = std::size_t(opt.as_int()), had = search.set_hash(asked);
    if (had == asked) return;
    print("info string Hash " + std::to_string(asked) + " MB cannot be had; using " + std::to_string(had) + " MB");
    options.set_quietly("Hash", std::to_string(had));
  });
  options.add_button("Clear Hash", [this](const Options::Option&) { search.clear(); });
  options.add_spin("Threads", 1, 1, 256,
                   [this](const Options::Option& opt) { search.options().threads = int(opt.as_int()); });
  options.add_spin("MultiPV", 1, 1, 256,
                   [this](const Options::Option& opt) { search.options().multiPV = int(opt.as_int()); });
  options.add_spin("Move Overhead", 30, 0, 5000,
                   [this](const Options::Option& opt) { search.options().moveOverhead = int(opt.as_int()); });
  options.add_check("Ponder", false);
  options.add_check("UCI_Chess960", false, [this](const Options::Option& opt) { pos.set_chess960(opt.as_bool()); });
  options.add_check("UCI_ShowWDL", false);
  // Strength: UCI_LimitStrength + UCI_Elo decide it; Level is a shorthand that sets both.
  options.add_check("UCI_LimitStrength", false, [this](const Options::Option& opt) {
    limitStrength = opt.as_bool();
    options.set_quietly("Level", limitStrength ? level_name(level.elo) : "Full");
  });
  options.add_spin("UCI_Elo", LEVEL_ELO_MAX, LEVEL_ELO_MIN, LEVEL_ELO_MAX, [this](const Options::Option& opt) {
    level.elo = int(opt.as_int());
    if (limitStrength) options.set_quietly("Level", level_name(level.elo));
  });
  std::vector<std::string> names;
  for (const NamedLevel& l : NAMED_LEVELS) names.push_back(l.name);
  names.push_back("Full");
  options.add_combo("Level", "Full", names, [this](const Options::Option& opt) {
    std::optional<int> elo = named_level_elo(opt.value);
    limitStrength = elo.has_value();
    options.set_quietly("UCI_LimitStrength", limitStrength ? "true" : "false");
    if (elo) {
      level.elo = *elo;
      options.set_quietly("UCI_Elo", std::to_string(*elo));
    }
  });
  options.add_spin("Seed", 0, 0, 2147483647, [this](const Options::Option&) { new_game_seed(); });
  // A network file for the full-strength evaluation; empty: the built-in network. The levels keep
  // the hand-written evaluation whatever is set here (their calibration rests on it).
  options.add_string("EvalFile", "", [this](const Options::Option& opt) {
    const std::string path = opt.value == "<empty>" ? "" : opt.value;
    // A new evaluation starts from an empty table: the static evaluations stored in it are the old one's.
    if (path.empty()) {
      evalNet.reset();
      evalFileLoaded.clear();
      search.options().evalNet = &builtin_eval_net();
      search.clear();
      print("info string EvalFile: the built-in network");
      return;
    }
    std::vector<std::uint8_t> bytes;
    auto net = std::make_unique<nn::NnueNet>();
    std::string err = nn::read_file(path, bytes) ? net->load(bytes.data(), bytes.size()) : "cannot read the file";
    if (!err.empty()) {
      print("info string error: EvalFile " + path + ": " + err + "; the evaluation is unchanged");
      options.set_quietly("EvalFile", evalFileLoaded);
      return;
    }
    evalNet = std::move(net);
    evalFileLoaded = path;
    search.options().evalNet = evalNet.get();
    search.clear();
    print("info string EvalFile: loaded " + path);
  });
  // Syzygy tablebases, named and set as in Stockfish. A path that cannot be loaded keeps the tables
  // loaded before (and the option shows their path again).
  options.add_string("SyzygyPath", "", [this](const Options::Option& opt) {
    const syzygy::LoadResult r = syzygy::load(opt.value);
    print("info string " + r.message);
    if (!r.warning.empty()) print("info string " + r.warning);
    if (!r.ok) options.set_quietly("SyzygyPath", syzygy::path());
  });
  options.add_spin("SyzygyProbeDepth", 1, 1, 100,
                   [this](const Options::Option& opt) { search.options().tbProbeDepth = int(opt.as_int()); });
  options.add_check("Syzygy50MoveRule", true,
                    [this](const Options::Option& opt) { search.options().tb50MoveRule = opt.as_bool(); });
  options.add_spin("SyzygyProbeLimit", 7, 0, 7,
                   [this](const Options::Option& opt) { search.options().tbProbeLimit = int(opt.as_int()); });
  // A tune build's search parameters (engine/search_params.h), for SPSA (scripts/spsa.py); none otherwise.
  if constexpr (search_params::TUNABLE)
    for (const SearchParam& p : SEARCH_PARAMS)
      options.add_spin(std::string(p.name), p.defaultValue, p.min, p.max,
                       [name = p.name](const Options::Option& opt) { set_search_param(name, int(opt.as_int())); });
  new_game_seed();
}

UciLoop::~UciLoop() { stop_search(); }

void UciLoop::new_game_seed() {
  const long long seed = options.find("Seed")->as_int();
  level.seed = seed != 0 ? std::uint64_t(seed) : (std::uint64_t(std::random_device{}()) << 32 | std::random_device{}());
}

void UciLoop::print(const std::string& line) {
  std::lock_guard<std::mutex> lock(outMutex);
  out << line << '\n' << std::flush;
}

void UciLoop::run() {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  // End of input: behave as `quit`, once a running perft has printed its count.
  wait_perft();
  stop_search();
}

void UciLoop::stop_search() {
  levels.stop();
  levels.wait();
  search.stop();
  search.wait();
  perftStop = true;
  wait_perft();
}

void UciLoop::wait_perft() {
  if (perftThread.joinable()) perftThread.join();
}

bool UciLoop::handle(const std::string& rawLine) {
  std::string line = rawLine;
  for (char& c : line)
    if (c == '\0' || c == '\t' || c == '\r') c = ' ';
  std::istringstream is(line);
  std::string cmd;
  is >> cmd;
  if (cmd.empty()) return true;

  if (cmd == "quit") {
    stop_search();
    return false;
  }
  if (cmd == "stop") {
    stop_search();
  } else if (cmd == "ponderhit") {
    search.ponderhit();
    levels.ponderhit();
  } else if (cmd == "isready") {
    if (limitStrength) LevelPlayer::prepare();  // GUIs ask before the game: not on the clock
    print("readyok");
  } else if (cmd == "uci") {
    cmd_uci();
  } else if (cmd == "ucinewgame") {
    stop_search();
    search.clear();
    new_game_seed();
  } else if (cmd == "position") {
    cmd_position(is);
  } else if (cmd == "go") {
    cmd_go(is);
  } else if (cmd == "setoption") {
    cmd_setoption(line);
  } else if (cmd == "d") {
    print(pos.pretty());
  } else if (cmd == "eval") {
    print(eval_breakdown(pos));
    const int net = nnue_evaluate(*search.options().evalNet, pos);
    print("Network (" + (evalFileLoaded.empty() ? std::string("built in") : evalFileLoaded) +
          "): " + std::to_string(net) + " cp for the side to move; the full-strength search reads it at " +
          std::to_string(NET_EVAL_PERCENT) + "%, " + std::to_string(net_eval_for_search(net)) + " cp");
  } else if (cmd == "bench") {
    cmd_bench(is);
  } else if (cmd == "debug" || cmd == "register") {
    // Accepted and ignored: Sparring has no debug mode and needs no registration.
  } else {
    print("info string unknown command '" + cmd.substr(0, 64) + "'");
  }
  return true;
}

void UciLoop::cmd_uci() {
  print(std::string("id name Sparring ") + SPARRING_VERSION + "\nid author the Sparring developers\n" +
        options.announce() + "uciok");
}

void UciLoop::cmd_position(std::istringstream& is) {
  std::string token, fen;
  is >> token;
  if (token == "startpos") {
    fen = START_FEN;
    is >> token;
  } else if (token == "fen") {
    while (is >> token && token != "moves") fen += token + ' ';
  } else {
    print("info string error: position needs 'startpos' or 'fen <FEN>'");
    return;
  }
  Position next;
  next.set_chess960(pos.is_chess960());
  if (std::string err = next.set_fen(fen); !err.empty()) {
    print("info string error: " + err);
    return;
  }
  if (token == "moves") {
    int ply = 0;
    while (is >> token) {
      ++ply;
      Move m = parse_uci(next, token);
      if (!m) {
        print("info string error: illegal move " + token.substr(0, 16) + " (ply " + std::to_string(ply) + ")");
        return;
      }
      next.make_move(m);
      // Repetitions never reach back past an irreversible move, so older history can go.
      if (next.rule50() == 0) next.trim_history();
    }
  }
  pos = std::move(next);
}

void UciLoop::cmd_go(std::istringstream& is) {
  SearchLimits limits;
  std::string tok;
  long long v = 0;
  const bool white = pos.side_to_move() == WHITE;
  while (is >> tok) {
    if (tok == "searchmoves") {
      while (is >> tok) {
        Move m = parse_uci(pos, tok);
        if (m)
          limits.searchMoves.push_back(m);
        else
          print("info string error: searchmoves: illegal move " + tok.substr(0, 16));
      }
    } else if (tok == "wtime" || tok == "btime") {
      if (read_number(is, 0, INT_MAX, v) && (tok == "wtime") == white) limits.clock.time = int(v);
    } else if (tok == "winc" || tok == "binc") {
      if (read_number(is, 0, INT_MAX, v) && (tok == "winc") == white) limits.clock.increment = int(v);
    } else if (tok == "movestogo") {
      if (read_number(is, 0, 10000, v)) limits.clock.movesToGo = int(v);
    } else if (tok == "depth") {
      if (read_number(is, 1, MAX_PLY - 1, v)) limits.depth = int(v);
    } else if (tok == "nodes") {
      if (read_number(is, 1, LLONG_MAX, v)) limits.nodes = std::uint64_t(v);
    } else if (tok == "mate") {
      if (read_number(is, 1, MAX_PLY / 2, v)) limits.mate = int(v);
    } else if (tok == "movetime") {
      if (read_number(is, 0, INT_MAX, v)) limits.movetime = int(std::max(1LL, v));
    } else if (tok == "infinite") {
      limits.infinite = true;
    } else if (tok == "ponder") {
      limits.ponder = true;
    } else if (tok == "perft") {
      cmd_perft(is);
      return;
    }
  }
  if (thinking()) {
    print("info string a search is running; stopping it first");
    stop_search();
  }
  const bool showWdl = options.find("UCI_ShowWDL")->as_bool();
  SearchCallbacks cb;
  // The callbacks run on the search thread: they use their own copy of the root, never `pos`,
  // which a `position` command may change while the search runs.
  const Position root = pos;
  cb.onIteration = [this, showWdl, root](const IterationInfo& info) {
    std::string line = format_info(root, info);
    if (showWdl && !is_mate_score(info.score)) {
      int w, d, l;
      wdl(info.score, w, d, l);
      line.insert(line.find(" nodes "),
                  " wdl " + std::to_string(w) + ' ' + std::to_string(d) + ' ' + std::to_string(l));
    }
    print(line);
  };
  cb.onCurrMove = [this, root](int depth, Move m, int n) {
    print("info depth " + std::to_string(depth) + " currmove " + to_uci(root, m) + " currmovenumber " +
          std::to_string(n));
  };
  cb.onBestMove = [this, root](Move best, Move ponder) {
    std::string line = "bestmove " + to_uci(root, best);
    if (best && ponder) {
      Position after = root;
      after.make_move(best);
      line += " ponder " + to_uci(after, ponder);
    }
    print(line);
  };
  cb.onNoMate = [this](int moves, bool proven) {
    print(proven ? "info string no forced mate in " + std::to_string(moves)
                 : "info string no mate found in " + std::to_string(moves) + " before the search was cut short");
  };
  if (limitStrength)
    levels.start(pos, limits, cb, level);
  else
    search.start(pos, limits, cb);
}

std::string UciLoop::format_info(const Position& root, const IterationInfo& info) {
  std::ostringstream os;
  os << "info depth " << info.depth << " seldepth " << std::max(info.selDepth, info.depth) << " multipv "
     << info.multiPV;
  if (is_mate_score(info.score))
    os << " score mate " << mate_in_moves(info.score);
  else
    os << " score cp " << info.score;
  if (info.bound == BOUND_LOWER) os << " lowerbound";
  if (info.bound == BOUND_UPPER) os << " upperbound";
  std::int64_t ms = std::max<std::int64_t>(info.timeMs, 0);
  os << " nodes " << info.nodes << " nps " << (ms > 0 ? info.nodes * 1000 / ms : info.nodes) << " hashfull "
     << info.hashfull;
  if (info.tablebases) os << " tbhits " << info.tbHits;
  os << " time " << ms << " pv";
  Position p = root;
  for (Move m : info.pv) {
    if (!p.is_legal(m)) break;  // a PV is only printed as far as it is legal
    os << ' ' << to_uci(p, m);
    p.make_move(m);
  }
  return os.str();
}

void UciLoop::cmd_setoption(const std::string& line) {
  // setoption name <name, may contain spaces> [value <value, may contain spaces>]
  std::istringstream is(line);
  std::string tok, name, value;
  is >> tok >> tok;
  if (tok != "name") {
    print("info string error: setoption needs 'name <option>'");
    return;
  }
  bool inValue = false;
  while (is >> tok) {
    if (!inValue && tok == "value") {
      inValue = true;
      continue;
    }
    std::string& dst = inValue ? value : name;
    dst += (dst.empty() ? "" : " ") + tok;
  }
  if (thinking()) {
    print("info string setoption during a search; stopping it first");
    stop_search();
  }
  if (std::string msg = options.set(name, value); !msg.empty()) print("info string " + msg);
}

void UciLoop::cmd_perft(std::istringstream& is) {
  // The depth must be a whole number in range: a bad one is refused, never clamped, and nothing
  // else changes (a running search goes on).
  constexpr int MAX_DEPTH = 20;
  const std::string range = "from 1 to " + std::to_string(MAX_DEPTH);
  std::string tok;
  if (!(is >> tok)) {
    print("info string error: go perft needs a depth " + range);
    return;
  }
  int depth = 0;
  const char* last = tok.data() + tok.size();
  auto [p, ec] = std::from_chars(tok.data(), last, depth);
  if (p != last || ec != std::errc() || depth < 1 || depth > MAX_DEPTH) {
    print("info string error: go perft depth must be a whole number " + range + ", not '" + tok.substr(0, 32) + "'");
    return;
  }
  if (thinking()) {
    print("info string a search is running; stopping it first");
    stop_search();
  }
  wait_perft();  // one that ended by itself
  perftStop = false;
  perftRunning = true;
  // The thread counts on its own copy of the root: `position` may change `pos` meanwhile.
  perftThread = std::thread([this, root = pos, depth]() mutable {
    PerftResult r = perft_divide(root, depth, perftStop,
                                 [&](Move m, std::uint64_t n) { print(to_uci(root, m) + ": " + std::to_string(n)); });
    // Not running any more before the last line goes out: a GUI that answers it with `go` at once must
    // not find the count still running.
    perftRunning = false;
    if (r.stopped)
      print("info string perft stopped (partial count: " + std::to_string(r.nodes) + " nodes)");
    else
      print("\nNodes searched: " + std::to_string(r.nodes) + "\n");
  });
}

void UciLoop::cmd_bench(std::istringstream& is) {
  long long depth = BENCH_DEPTH;
  read_number(is, 1, 64, depth);
  stop_search();
  BenchResult r = run_bench(
      int(depth), [this](const std::string& line) { print(line); }, search.options().evalNet);
  print("Nodes searched: " + std::to_string(r.nodes));
  print("Nodes/second: " + std::to_string(r.nps()));
}

}  // namespace sparring
