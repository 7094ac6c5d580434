#include "options.h"

#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <type_traits>
#include <vector>

#include <cxxopts.hpp>

namespace sparring::match {

namespace {

// Options that take several key=value words (cutechess-cli style). They are taken out of argv
// before cxxopts sees it, which would otherwise read the words as positional arguments.
constexpr const char* MULTI_WORD_OPTIONS[] = {"engine", "each", "resign", "draw", "sprt"};

using KeyValues = std::vector<std::pair<std::string, std::string>>;

struct Extracted {
  std::vector<KeyValues> engine, each, resign, draw, sprt;
  std::vector<std::string> rest;  // everything else, for cxxopts
};

Extracted extract_multi_word_options(int argc, char** argv) {
  Extracted x;
  x.rest.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    std::string name = a.starts_with("--") ? a.substr(2) : a.starts_with("-") ? a.substr(1) : "";
    std::vector<KeyValues>* target = nullptr;
    for (const char* m : MULTI_WORD_OPTIONS)
      if (name == m)
        target = name == "engine"   ? &x.engine
                 : name == "each"   ? &x.each
                 : name == "resign" ? &x.resign
                 : name == "draw"   ? &x.draw
                                    : &x.sprt;
    if (!target) {
      x.rest.push_back(a);
      continue;
    }
    KeyValues kv;
    while (i + 1 < argc && argv[i + 1][0] != '-') {
      std::string w = argv[++i];
      size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0) throw UsageError("--" + name + ": expected key=value, got '" + w + "'");
      kv.emplace_back(w.substr(0, eq), w.substr(eq + 1));
    }
    if (kv.empty() && (name == "engine" || name == "each")) throw UsageError("--" + name + " needs key=value words");
    target->push_back(std::move(kv));
  }
  return x;
}

template <class T>
T number(const std::string& what, const std::string& s) {
  T v{};
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty())
    throw UsageError(what + ": '" + s + "' is not a valid number");
  if constexpr (std::is_floating_point_v<T>)
    if (!std::isfinite(v)) throw UsageError(what + ": '" + s + "' is not a valid number");
  return v;
}

template <class T>
T number_at_least(const std::string& what, const std::string& s, T lo) {
  T v = number<T>(what, s);
  if (v < lo) throw UsageError(what + " must be at least " + std::to_string(lo));
  return v;
}

bool boolean(const std::string& what, const std::string& s) {
  if (s == "true" || s == "1" || s == "yes" || s == "on") return true;
  if (s == "false" || s == "0" || s == "no" || s == "off") return false;
  throw UsageError(what + ": expected true or false, got '" + s + "'");
}

std::chrono::microseconds seconds(const std::string& what, const std::string& s) {
  double v = number<double>(what, s);
  if (v < 0 || v > 1e7) throw UsageError(what + ": '" + s + "' is out of range");
  return std::chrono::microseconds(std::llround(v * 1e6));
}

// PATH lookup for a bare name; a relative path becomes absolute so that dir= cannot change it.
std::string resolve_command(const std::string& cmd) {
  auto usable = [](const std::string& p) {
    struct stat st;
    return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(p.c_str(), X_OK) == 0;
  };
  if (cmd.find('/') == std::string::npos) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    size_t start = 0;
    for (;;) {
      size_t end = dirs.find(':', start);
      std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
      std::string candidate = (dir.empty() ? "." : dir) + "/" + cmd;
      if (usable(candidate)) return resolve_command(candidate);
      if (end == std::string::npos) break;
      start = end + 1;
    }
    throw UsageError("engine command '" + cmd + "' not found in PATH");
  }
  if (!usable(cmd)) throw UsageError("engine command '" + cmd + "' is not an executable file");
  if (cmd[0] == '/') return cmd;
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) throw UsageError("cannot read the current directory");
  return std::string(cwd) + "/" + cmd;
}

void apply_engine_key(EngineConfig& e, const std::string& key, const std::string& value) {
  if (key == "cmd") {
    e.cmd = value;
  } else if (key == "name") {
    e.name = value;
  } else if (key == "dir") {
    struct stat st;
    if (stat(value.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
      throw UsageError("engine dir '" + value + "' is not a directory");
    e.dir = value;
  } else if (key == "arg") {
    e.args.push_back(value);
  } else if (key.starts_with("option.") && key.size() > 7) {
    e.options.emplace_back(key.substr(7), value);
  } else if (key == "elo") {
    e.elo = number_at_least<int>("engine elo", value, 1);
  } else if (key == "proto") {
    if (value != "uci") throw UsageError("only proto=uci is supported");
  } else {
    throw UsageError("unknown engine key '" + key + "' (cmd, name, dir, arg, elo, option.NAME)");
  }
}

void parse_resign(const KeyValues& kv, AdjudicationRules& r) {
  r.resignMoveCount = 3;
  r.resignScore = 600;
  for (const auto& [k, v] : kv) {
    if (k == "movecount")
      r.resignMoveCount = number_at_least<int>("--resign movecount", v, 1);
    else if (k == "score")
      r.resignScore = number_at_least<int>("--resign score", v, 0);
    else if (k == "twosided")
      r.resignTwoSided = boolean("--resign twosided", v);
    else
      throw UsageError("--resign: unknown key '" + k + "' (movecount, score, twosided)");
  }
}

void parse_draw(const KeyValues& kv, AdjudicationRules& r) {
  r.drawMoveNumber = 40;
  r.drawMoveCount = 8;
  r.drawScore = 10;
  for (const auto& [k, v] : kv) {
    if (k == "movenumber")
      r.drawMoveNumber = number_at_least<int>("--draw movenumber", v, 0);
    else if (k == "movecount")
      r.drawMoveCount = number_at_least<int>("--draw movecount", v, 1);
    else if (k == "score")
      r.drawScore = number_at_least<int>("--draw score", v, 0);
    else
      throw UsageError("--draw: unknown key '" + k + "' (movenumber, movecount, score)");
  }
}

void parse_sprt(const KeyValues& kv, SprtConfig& s) {
  s.enabled = true;
  for (const auto& [k, v] : kv) {
    if (k == "elo0")
      s.elo0 = number<double>("--sprt elo0", v);
    else if (k == "elo1")
      s.elo1 = number<double>("--sprt elo1", v);
    else if (k == "alpha")
      s.alpha = number<double>("--sprt alpha", v);
    else if (k == "beta")
      s.beta = number<double>("--sprt beta", v);
    else if (k == "model" && (v == "logistic" || v == "normalized"))
      s.normalized = v == "normalized";
    else if (k == "stats" && (v == "pentanomial" || v == "penta" || v == "trinomial" || v == "tri"))
      s.pentanomial = v.starts_with("penta");
    else
      throw UsageError("--sprt: bad key or value '" + k + "=" + v +
                       "' (elo0, elo1, alpha, beta, model=logistic|normalized, stats=pentanomial|trinomial)");
  }
  if (s.elo0 >= s.elo1) throw UsageError("--sprt: elo0 must be less than elo1");
  if (s.alpha <= 0 || s.alpha >= 1 || s.beta <= 0 || s.beta >= 1 || s.alpha + s.beta >= 1)
    throw UsageError("--sprt: alpha and beta must lie in (0, 1) with alpha + beta < 1");
}

void parse_tc(const std::string& tc, TimeControl& out) {
  if (tc.find('/') != std::string::npos) throw UsageError("--tc: moves/time controls are not supported, use base+inc");
  size_t plus = tc.find('+');
  out.base = seconds("--tc base", tc.substr(0, plus));
  out.increment =
      plus == std::string::npos ? std::chrono::microseconds(0) : seconds("--tc increment", tc.substr(plus + 1));
  if (out.base.count() <= 0) throw UsageError("--tc: the base time must be positive");
}

}  // namespace

bool parse_command_line(int argc, char** argv, MatchConfig& cfg) {
  Extracted x = extract_multi_word_options(argc, argv);

  cxxopts::Options options("sparring-match", "Plays UCI engines against each other and reports Elo, LOS and SPRT.");
  options.set_width(110);
  // clang-format off
  options.add_options("Engines")
    ("engine", "an engine (give twice): cmd=PATH [name=NAME] [dir=DIR] [arg=ARG]... [elo=N] [option.NAME=VALUE]...",
     cxxopts::value<std::string>(), "KEY=VALUE...")
    ("each", "keys applied to both engines (before their own), e.g. option.Hash=16", cxxopts::value<std::string>(),
     "KEY=VALUE...")
    ("variant", "standard, or fischerandom (alias chess960): sets UCI_Chess960",
     cxxopts::value<std::string>()->default_value("standard"));
  options.add_options("Games")
    ("tc", "time control in seconds: BASE[+INC], e.g. 10+0.1", cxxopts::value<std::string>())
    ("nodes", "fixed nodes per move (go nodes N) instead of a clock", cxxopts::value<std::uint64_t>())
    ("timemargin", "milliseconds of grace after a clock runs out", cxxopts::value<int>()->default_value("10"))
    ("movetimeout", "with --nodes: seconds to wait for a move before forfeiting",
     cxxopts::value<double>()->default_value("60"))
    ("games", "total number of games (openings are played in colour-swapped pairs)",
     cxxopts::value<int>()->default_value("2"))
    ("concurrency", "games played at the same time, each with its own engine processes",
     cxxopts::value<int>()->default_value("1"))
    ("openings", "opening suite: EPD (a FEN a line) or PGN (tags + SAN moves)", cxxopts::value<std::string>())
    ("order", "opening order: sequential or random", cxxopts::value<std::string>()->default_value("sequential"))
    ("seed", "random seed for --order random (default: from the system)", cxxopts::value<std::uint64_t>())
    ("plies", "PGN openings: play at most this many opening plies (0: all)", cxxopts::value<int>()->default_value("0"));
  options.add_options("Adjudication")
    ("resign", "movecount=3 score=600 [twosided=false]: a side scoring <= -score cp for movecount moves loses",
     cxxopts::value<std::string>(), "KEY=VALUE...")
    ("draw", "movenumber=40 movecount=8 score=10: both within score cp for movecount moves after movenumber",
     cxxopts::value<std::string>(), "KEY=VALUE...")
    ("maxmoves", "draw once a game reaches this many moves (0: never)", cxxopts::value<int>()->default_value("0"));
  options.add_options("Output")
    ("pgn", "append the games to this PGN file", cxxopts::value<std::string>())
    ("event", "the PGN Event tag", cxxopts::value<std::string>()->default_value("Sparring match"))
    ("sprt", "elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=logistic|normalized] [stats=pentanomial|trinomial]",
     cxxopts::value<std::string>(), "KEY=VALUE...")
    ("debug", "log every line exchanged with the engines to stderr (and let engines write to stderr)")
    ("pool", "play nothing: pool the results of earlier outputs of this tool (same engines, same order)",
     cxxopts::value<std::vector<std::string>>(), "FILE...")
    ("h,help", "print this help");
  // clang-format on

  std::vector<char*> rest;
  for (std::string& s : x.rest) rest.push_back(s.data());
  options.parse_positional("pool");  // --pool a.txt b.txt
  cxxopts::ParseResult r;
  try {
    r = options.parse(int(rest.size()), rest.data());
  } catch (const cxxopts::exceptions::exception& e) {
    throw UsageError(e.what());
  }
  if (r.count("help")) {
    std::cout << options.help({"Engines", "Games", "Adjudication", "Output"})
              << "\nExample:\n  sparring-match --engine cmd=./sparring name=dev --engine cmd=/usr/games/stockfish "
                 "option.UCI_LimitStrength=true option.UCI_Elo=1500 \\\n    --openings book.epd --order random "
                 "--tc 10+0.1 --games 200 --concurrency 2 --pgn out.pgn --sprt elo0=0 elo1=5\n";
    return false;
  }
  if (!r.unmatched().empty()) throw UsageError("unexpected argument '" + r.unmatched()[0] + "'");
  if (r.count("pool")) {
    const auto& files = r["pool"].as<std::vector<std::string>>();
    auto is_pool = [](const std::string& a) { return a.starts_with("--pool"); };
    if (std::none_of(x.rest.begin(), x.rest.end(), is_pool))
      throw UsageError("unexpected argument '" + files[0] + "'");  // a positional word without --pool
    const bool others =
        !x.engine.empty() || !x.each.empty() || !x.resign.empty() || !x.draw.empty() || !x.sprt.empty() ||
        std::any_of(x.rest.begin() + 1, x.rest.end(), [&](const std::string& a) { return a[0] == '-' && !is_pool(a); });
    if (others) throw UsageError("--pool FILE... takes no other options");
    cfg.poolFiles = files;
    return true;
  }

  try {
    // Engines.
    if (x.engine.size() != 2)
      throw UsageError("exactly two --engine options are needed, got " + std::to_string(x.engine.size()));
    for (int i = 0; i < 2; ++i) {
      EngineConfig& e = cfg.engines[i];
      for (const KeyValues& kv : x.each)
        for (const auto& [k, v] : kv) apply_engine_key(e, k, v);
      for (const auto& [k, v] : x.engine[i]) apply_engine_key(e, k, v);
      if (e.cmd.empty()) throw UsageError("--engine " + std::to_string(i + 1) + " has no cmd=");
      e.cmd = resolve_command(e.cmd);
    }
    std::string variant = r["variant"].as<std::string>();
    if (variant == "fischerandom" || variant == "chess960" || variant == "frc")
      cfg.game.chess960 = true;
    else if (variant != "standard")
      throw UsageError("--variant: unknown variant '" + variant + "' (standard, fischerandom)");

    // Time control.
    if (r.count("tc") == r.count("nodes")) throw UsageError("give exactly one of --tc and --nodes");
    if (r.count("tc")) parse_tc(r["tc"].as<std::string>(), cfg.game.tc);
    if (r.count("nodes")) {
      cfg.game.tc.nodes = r["nodes"].as<std::uint64_t>();
      if (cfg.game.tc.nodes == 0) throw UsageError("--nodes must be positive");
    }
    int margin = r["timemargin"].as<int>();
    if (margin < 0) throw UsageError("--timemargin must not be negative");
    cfg.game.timeMargin = std::chrono::milliseconds(margin);
    double moveTimeout = r["movetimeout"].as<double>();
    if (!(moveTimeout > 0 && moveTimeout < 1e6)) throw UsageError("--movetimeout must be positive");
    cfg.game.moveTimeout = std::chrono::microseconds(std::llround(moveTimeout * 1e6));

    cfg.games = r["games"].as<int>();
    if (cfg.games < 1) throw UsageError("--games must be at least 1");
    cfg.concurrency = r["concurrency"].as<int>();
    if (cfg.concurrency < 1 || cfg.concurrency > 256) throw UsageError("--concurrency must be between 1 and 256");

    // Openings.
    if (r.count("openings")) cfg.openingsPath = r["openings"].as<std::string>();
    std::string order = r["order"].as<std::string>();
    if (order != "sequential" && order != "random") throw UsageError("--order must be sequential or random");
    cfg.randomOrder = order == "random";
    if (r.count("seed")) {
      cfg.seed = r["seed"].as<std::uint64_t>();
      cfg.seedGiven = true;
    }
    cfg.openingPlies = r["plies"].as<int>();
    if (cfg.openingPlies < 0) throw UsageError("--plies must not be negative");
    if (cfg.game.chess960 && cfg.openingsPath.empty())
      throw UsageError("--variant fischerandom needs --openings with the start positions");

    // Adjudication.
    for (const KeyValues& kv : x.resign) parse_resign(kv, cfg.game.adjudication);
    for (const KeyValues& kv : x.draw) parse_draw(kv, cfg.game.adjudication);
    cfg.game.adjudication.maxMoves = r["maxmoves"].as<int>();
    if (cfg.game.adjudication.maxMoves < 0) throw UsageError("--maxmoves must not be negative");

    // Output.
    if (r.count("pgn")) cfg.pgnPath = r["pgn"].as<std::string>();
    cfg.pgnHeader.event = r["event"].as<std::string>();
    cfg.pgnHeader.timeControl = cfg.game.tc.pgn_tag();
    for (const KeyValues& kv : x.sprt) parse_sprt(kv, cfg.sprt);
    cfg.debug = r.count("debug") > 0;
  } catch (const cxxopts::exceptions::exception& e) {
    throw UsageError(e.what());
  }
  return true;
}

}  // namespace sparring::match
