// sparring-levels: measurements of the strength levels that are too long for unit tests.
//
//   mates:  every level, several seeds, on an EPD of forced mates (`dm N`): counts slips, moves
//           that leave no forced mate shorter than N (checked by the mate prover, a proof).
//   humans: on rated games, how often a level plays the move the human played, next to the same
//           figure for the full-strength engine at a fixed depth.
//   selfplay: games between two levels, in process.
//   openings: a level's first moves and replies to 1.e4 and 1.d4 from the start position, one game
//           per seed (scripts/opening_tvd.py compares them with people's).
//   scan:   for moves a level played (level name, FEN, move a line), what its scan and choice make of the
//           position: the played move's error class by the scan, and the chance of each class
//           (scripts/analysis/won_scan.py sets them beside the review's judgement).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <cxxopts.hpp>

#include "chess/epd.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "engine/mate_search.h"
#include "engine/nnue_eval.h"
#include "levels/candidates.h"
#include "levels/human_policy.h"
#include "levels/humanlike_choice.h"
#include "levels/level_player.h"
#include "levels/mate_guard.h"

using namespace sparring;

namespace {

std::vector<int> parse_levels(const std::string& spec) {
  std::vector<int> elos;
  if (spec == "all") {
    for (const NamedLevel& l : NAMED_LEVELS) elos.push_back(l.elo);
    return elos;
  }
  std::istringstream is(spec);
  for (std::string tok; std::getline(is, tok, ',');) {
    if (auto elo = named_level_elo(tok))
      elos.push_back(*elo);
    else
      elos.push_back(std::stoi(tok));
  }
  return elos;
}

// A level parameter's value, all of it a number (a whole one if `whole`); else a clear error.
double number(const std::string& key, const std::string& value, bool whole = false) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = whole ? std::stoi(value, &used) : std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size())
    throw std::invalid_argument("level parameter " + key + ": '" + value + "' is not a" + (whole ? " whole" : "") +
                                " number");
  return v;
}

// "0.5" (every error class) or "0.3/0.5/0.8" (inaccuracy/mistake/blunder).
ErrorAppetite parse_appetite(const std::string& key, const std::string& value) {
  ErrorAppetite a;
  std::istringstream vs(value);
  std::string part;
  int n = 0;
  while (n < ERROR_CLASS_NB && std::getline(vs, part, '/')) a[n++] = number(key, part);
  if (n == 1)
    a.fill(a[0]);
  else if (n != ERROR_CLASS_NB || std::getline(vs, part, '/'))
    throw std::invalid_argument(key + ": one value or three (I/M/B)");
  return a;
}

// "depth=2,model=1100,temperature=0.8,appetite=0.5,decided=0.4,won=0.5,size=0.3,cap=5": calibration experiments on a
// level's parameters (see LevelParams).
LevelOverrides parse_overrides(const std::string& spec) {
  LevelOverrides o;
  std::istringstream is(spec);
  for (std::string tok; std::getline(is, tok, ',');) {
    const auto eq = tok.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("expected KEY=VALUE in '" + tok + "'");
    const std::string key = tok.substr(0, eq), value = tok.substr(eq + 1);
    if (key == "depth")
      o.scanDepth = int(number(key, value, true));
    else if (key == "model")
      o.modelElo = int(number(key, value, true));
    else if (key == "appetite")  // log-odds for every error class, or inaccuracy/mistake/blunder
      o.appetite = parse_appetite(key, value);
    else if (key == "decided")  // the same, added in decided positions
      o.decidedAppetite = parse_appetite(key, value);
    else if (key == "won")  // the same, added on top where the mover stands won (Win% >= 90)
      o.wonAppetite = parse_appetite(key, value);
    else if (key == "size")
      o.blunderSize = number(key, value);
    else if (key == "cap")
      o.maxLoss = number(key, value);
    else if (key == "temperature")
      o.temperature = number(key, value);
    else
      throw std::invalid_argument("unknown level parameter '" + key +
                                  "' (depth, model, temperature, appetite, decided, won, size, cap)");
  }
  return o;
}

int check_mates(const cxxopts::ParseResult& args) {
  std::ifstream in(args["epd"].as<std::string>());
  if (!in) throw std::invalid_argument("cannot open " + args["epd"].as<std::string>());
  const std::vector<int> elos = parse_levels(args["levels"].as<std::string>());
  const int seeds = args["seeds"].as<int>();
  std::vector<int> slips(elos.size(), 0), played(elos.size(), 0), shortest(elos.size(), 0);
  int puzzles = 0;
  Search search;
  for (std::string line; std::getline(in, line);) {
    EpdRecord rec;
    const std::vector<std::string>* dmField = nullptr;
    if (!parse_epd(line, rec).empty() || !(dmField = rec.find("dm")) || dmField->empty()) continue;
    const int dm = std::atoi(dmField->front().c_str());
    Position pos;
    if (dm < 1 || !pos.set_fen(rec.fen).empty()) continue;
    bool complete = false;
    std::vector<MatingMove> mates = find_mating_moves(pos, dm, 50'000'000, &complete);
    if (!complete || mates.empty()) {
      std::printf("skipped (prover incomplete): %s\n", line.c_str());
      continue;
    }
    ++puzzles;
    for (std::size_t l = 0; l < elos.size(); ++l)
      for (int seed = 1; seed <= seeds; ++seed) {
        search.clear();
        Move m = LevelPlayer::choose(search, pos, elos[l], std::uint64_t(seed));
        ++played[l];
        auto it = std::find_if(mates.begin(), mates.end(), [&](const MatingMove& mm) { return mm.move == m; });
        if (it == mates.end()) {
          ++slips[l];
          std::printf("SLIP %s (Elo %d, seed %d): played %s in %s dm %d\n", level_name(elos[l]).c_str(), elos[l], seed,
                      to_uci(pos, m).c_str(), pos.fen().c_str(), dm);
        } else if (it->mateIn == mates[0].mateIn) {
          ++shortest[l];
        }
      }
    std::fprintf(stderr, "\r%d puzzles", puzzles);
  }
  std::fprintf(stderr, "\n");
  std::printf("%-10s %6s %8s %6s %14s\n", "level", "Elo", "moves", "slips", "fastest mate");
  int total = 0;
  for (std::size_t l = 0; l < elos.size(); ++l) {
    std::printf("%-10s %6d %8d %6d %13.1f%%\n", level_name(elos[l]).c_str(), elos[l], played[l], slips[l],
                played[l] ? 100.0 * shortest[l] / played[l] : 0.0);
    total += slips[l];
  }
  std::printf("%d puzzles, %d seeds: %d slips in all\n", puzzles, seeds, total);
  return total == 0 ? 0 : 1;
}

int human_match(const cxxopts::ParseResult& args) {
  const std::string path = args["pgn"].as<std::string>();
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open " + path);
  const int eloMin = args["elo-min"].as<int>(), eloMax = args["elo-max"].as<int>();
  const int first = args["first-game"].as<int>(), last = args["last-game"].as<int>();
  const bool withLevel = args["level"].as<std::string>() != "none";  // none: the engine alone
  const int levelElo = withLevel ? parse_levels(args["level"].as<std::string>()).at(0) : LEVEL_ELO_MAX;
  const int engineDepth = args["engine-depth"].as<int>(), skip = args["skip-plies"].as<int>();
  const std::uint64_t seed = args["seed"].as<std::uint64_t>();
  LevelSettings level;
  level.elo = levelElo;
  level.seed = seed;
  level.overrides = parse_overrides(args["set"].as<std::string>());
  Search levelSearch, engineSearch;
  const std::string engineEval = args["engine-eval"].as<std::string>();
  if (engineEval != "net" && engineEval != "handwritten")
    throw std::invalid_argument("--engine-eval must be net or handwritten, not " + engineEval);
  if (engineEval == "net") engineSearch.options().evalNet = &builtin_eval_net();  // full strength as played
  int positions = 0, levelMatches = 0, engineMatches = 0;
  double levelChance = 0;  // the sum of the level's chances of playing the human move
  struct Timing {
    double sum = 0, worst = 0;
    int n = 0;
    void add(double ms) { sum += ms, worst = std::max(worst, ms), ++n; }
    double mean() const { return n ? sum / n : 0.0; }
  } choiceTime, modelTime;
  PgnReader reader(in, path);
  PgnGame game;
  std::string error;
  for (PgnStatus status; (status = reader.read(game, error)) != PgnStatus::END;) {
    const int gameIndex = reader.games_seen() - 1;
    if (status == PgnStatus::ERROR) {
      std::fprintf(stderr, "%s (game skipped)\n", error.c_str());
      continue;
    }
    if (gameIndex < first) continue;
    if (gameIndex >= last) break;
    const int rating[2] = {std::atoi(game.tag("WhiteElo").c_str()), std::atoi(game.tag("BlackElo").c_str())};
    levelSearch.clear();
    engineSearch.clear();
    Position pos = game.start_position();
    for (int ply = 0; ply < int(game.moves.size()); ++ply) {
      const Move human = game.moves[ply].move;
      const int moverElo = rating[pos.side_to_move()];
      if (ply >= skip && moverElo >= eloMin && moverElo < eloMax && MoveList(pos).size() > 1) {
        ++positions;
        if (withLevel) {
          const auto t0 = std::chrono::steady_clock::now();
          std::vector<std::pair<Move, double>> chances;
          const Move chosen = LevelPlayer::choose(levelSearch, pos, SearchLimits{}, level, {}, nullptr, &chances);
          for (const auto& [m, p] : chances) levelChance += m == human ? p : 0.0;
          const auto t1 = std::chrono::steady_clock::now();
          HumanPolicy::embedded().evaluate(pos, level.overrides.modelElo.value_or(level_params(levelElo).modelElo),
                                           GameSource::BLITZ);
          const auto t2 = std::chrono::steady_clock::now();
          levelMatches += chosen == human;
          choiceTime.add(std::chrono::duration<double, std::milli>(t1 - t0).count());
          modelTime.add(std::chrono::duration<double, std::milli>(t2 - t1).count());
        }
        if (engineDepth > 0) {  // 0: the level alone, for quicker experiments
          SearchLimits limits;
          limits.depth = engineDepth;
          std::vector<RootMove> r = engineSearch.search_sync(pos, limits);
          engineMatches += !r.empty() && r[0].move == human;
        }
      }
      pos.make_move(human);
    }
    std::fprintf(stderr, "\r%d games, %d positions", gameIndex + 1 - first, positions);
  }
  std::fprintf(stderr, "\n");
  std::printf("%s: %d positions of players rated %d-%d (games %d-%d of %s)\n", level_name(levelElo).c_str(), positions,
              eloMin, eloMax, first, last, path.c_str());
  std::printf("level %d plays the human move: %.1f%% (its chance of playing it, on average: %.1f%%)\n", levelElo,
              positions ? 100.0 * levelMatches / positions : 0.0, positions ? 100.0 * levelChance / positions : 0.0);
  std::printf("full strength, depth %d (%s): %.1f%%\n", engineDepth, engineEval.c_str(),
              positions ? 100.0 * engineMatches / positions : 0.0);
  if (withLevel)
    std::printf(
        "time a position: the human move model %.3f ms (worst %.3f), the level's whole choice %.1f ms "
        "(worst %.1f)\n",
        modelTime.mean(), modelTime.worst, choiceTime.mean(), choiceTime.worst);
  return 0;
}

// Games between two levels, in process: openings from an EPD (each played with both colours),
// ended by the rules (mate, stalemate, dead position, threefold, 50 moves) or a 300-ply cap.
int self_play(const cxxopts::ParseResult& args) {
  const std::string path = args["openings"].as<std::string>();
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open " + path);
  std::vector<std::string> openings;
  for (std::string line; std::getline(in, line);) {
    std::istringstream is(line);
    std::string f[4];
    if (is >> f[0] >> f[1] >> f[2] >> f[3]) openings.push_back(f[0] + ' ' + f[1] + ' ' + f[2] + ' ' + f[3]);
  }
  if (openings.empty()) throw std::invalid_argument("no openings in " + path);
  const int games = args["games"].as<int>();
  const std::uint64_t seed = args["seed"].as<std::uint64_t>();
  const int elo[2] = {parse_levels(args["white"].as<std::string>()).at(0),
                      parse_levels(args["black"].as<std::string>()).at(0)};
  const LevelOverrides overrides[2] = {parse_overrides(args["white-set"].as<std::string>()),
                                       parse_overrides(args["black-set"].as<std::string>())};
  std::ofstream out(args["pgn-out"].as<std::string>(), std::ios::app);
  Search search[2];
  double points[2] = {0, 0};
  double msSum[2] = {0, 0}, msWorst[2] = {0, 0};  // each level's time a move (no clock: its full budget)
  int moves[2] = {0, 0};
  for (int g = 0; g < games; ++g) {
    // Openings in a seeded order; each one twice with the colours (levels) swapped.
    const std::string& fen = openings[(seed * 7919 + std::uint64_t(g / 2) * 104729) % openings.size()];
    const int whiteSide = g % 2;  // which level plays White
    Position pos;
    pos.set_fen(fen + " 0 1");
    PgnGame game;
    game.startFen = pos.fen();
    for (int i = 0; i < 2; ++i) search[i].clear();
    std::string result = "1/2-1/2";
    for (int ply = 0; ply < 300; ++ply) {
      if (!pos.has_legal_moves()) {
        result = pos.in_check() ? (pos.side_to_move() == WHITE ? "0-1" : "1-0") : "1/2-1/2";
        break;
      }
      if (pos.is_insufficient_material() || pos.can_claim_draw()) break;
      const int side = pos.side_to_move() == WHITE ? whiteSide : 1 - whiteSide;
      LevelSettings level;
      level.elo = elo[side];
      level.seed = seed * 1000003 + std::uint64_t(g) * 2 + std::uint64_t(side);
      level.overrides = overrides[side];
      const auto t0 = std::chrono::steady_clock::now();
      Move m = LevelPlayer::choose(search[side], pos, SearchLimits{}, level, {}, nullptr);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      msSum[side] += ms, msWorst[side] = std::max(msWorst[side], ms), ++moves[side];
      game.moves.push_back({m, {}, {}});
      pos.make_move(m);
    }
    const int whiteLevel = elo[whiteSide], blackLevel = elo[1 - whiteSide];
    game.set_tag("Event", "Sparring levels self-play");
    game.set_tag("Round", std::to_string(g + 1));
    game.set_tag("White", "Sparring " + level_name(whiteLevel));
    game.set_tag("Black", "Sparring " + level_name(blackLevel));
    game.set_tag("Result", result);
    game.set_tag("WhiteElo", std::to_string(whiteLevel));
    game.set_tag("BlackElo", std::to_string(blackLevel));
    game.set_tag("SetUp", "1");
    game.set_tag("FEN", game.startFen);
    game.result = result;
    out << format_pgn(game) << "\n" << std::flush;
    const double w = result == "1-0" ? 1 : result == "0-1" ? 0 : 0.5;
    points[whiteSide] += w;
    points[1 - whiteSide] += 1 - w;
    std::fprintf(stderr, "\rgame %d/%d: %s %.1f - %.1f %s", g + 1, games, level_name(elo[0]).c_str(), points[0],
                 points[1], level_name(elo[1]).c_str());
  }
  std::fprintf(stderr, "\n");
  std::printf("%s (%d) %.1f - %.1f %s (%d) in %d games\n", level_name(elo[0]).c_str(), elo[0], points[0], points[1],
              level_name(elo[1]).c_str(), elo[1], games);
  for (int i = 0; i < 2; ++i)
    std::printf("%s: %d moves, %.0f ms a move on average, worst %.0f ms\n", level_name(elo[i]).c_str(), moves[i],
                moves[i] ? msSum[i] / moves[i] : 0.0, msWorst[i]);
  return 0;
}

// How a level opens from the start position with no book, one game per seed: its first move as
// White, and its reply as Black to 1.e4 and to 1.d4. Lines "first|e4|d4 MOVE COUNT", most played first.
int openings(const cxxopts::ParseResult& args) {
  LevelSettings level;
  level.elo = parse_levels(args["level"].as<std::string>()).at(0);
  level.overrides = parse_overrides(args["set"].as<std::string>());
  const int games = args["games"].as<int>();
  const std::uint64_t seed = args["seed"].as<std::uint64_t>();
  const std::pair<const char*, const char*> starts[] = {{"first", ""}, {"e4", "e2e4"}, {"d4", "d2d4"}};
  Search search;
  for (auto [name, move] : starts) {
    Position pos;
    if (*move) pos.make_move(parse_uci(pos, move));
    std::map<std::string, int> counts;
    for (int g = 0; g < games; ++g) {
      search.clear();
      level.seed = seed * 1000003 + std::uint64_t(g);
      ++counts[to_uci(pos, LevelPlayer::choose(search, pos, SearchLimits{}, level, {}, nullptr))];
    }
    std::vector<std::pair<int, std::string>> sorted;
    for (auto& [m, n] : counts) sorted.push_back({-n, m});
    std::sort(sorted.begin(), sorted.end());
    for (auto& [n, m] : sorted) std::printf("%s %s %d\n", name, m.c_str(), -n);
  }
  return 0;
}

// Reads lines "LEVEL<TAB>FEN<TAB>MOVE" (a named level); writes each back with four columns
// more: the scan's error class of MOVE (- I M B), then the chance the level's choice (no mate guard,
// past the opening) gives inaccuracies, mistakes and blunders by its scan, with --set applied; with
// --guard a fifth: the length of the mate the guard would play there instead (0: none; no clock).
int scan_moves(const cxxopts::ParseResult& args) {
  std::ifstream in(args["moves"].as<std::string>());
  if (!in) throw std::invalid_argument("cannot open " + args["moves"].as<std::string>());
  const LevelOverrides overrides = parse_overrides(args["set"].as<std::string>());
  Search search;
  search.options().evalNet = nullptr;  // the levels' evaluation (level_player.cpp)
  int lineNo = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    std::istringstream is(line);
    std::string name, fen, uci;
    std::getline(is, name, '\t');
    std::getline(is, fen, '\t');
    std::getline(is, uci, '\t');
    Position pos;
    const Move played = pos.set_fen(fen).empty() ? parse_uci(pos, uci) : Move::none();
    const std::optional<int> elo = named_level_elo(name);
    if (!played || !elo) {
      std::cerr << "sparring-levels: line " << lineNo << ": not a level name, a position and a legal move (skipped)\n";
      continue;
    }
    LevelSettings level;
    level.elo = *elo;
    level.overrides = overrides;
    const LevelParams params = level_params(level);
    const CandidateScan scan = scan_candidates(search, pos, params.scanDepth, SearchLimits{});
    const std::vector<MoveProbability> policy =
        HumanPolicy::embedded().evaluate(pos, params.modelElo, GameSource::BLITZ);
    const std::vector<double> chance = humanlike_probabilities(scan, policy, params.choice);
    const int guardMate = args.count("guard") ? mate_guard(search, pos, SearchLimits{}).mateIn : -1;
    const int best = scan.moves.front().deep;
    double classChance[ERROR_CLASS_NB] = {};
    int playedClass = -1;
    for (std::size_t i = 0; i < scan.moves.size(); ++i) {
      const int e = error_class(loss_points(best, scan.moves[i].deep));
      if (e >= 0) classChance[e] += chance[i];
      if (scan.moves[i].move == played) playedClass = e;
    }
    std::printf("%s\t%c\t%.4f\t%.4f\t%.4f", line.c_str(), playedClass < 0 ? '-' : "IMB"[playedClass],
                classChance[ERROR_INACCURACY], classChance[ERROR_MISTAKE], classChance[ERROR_BLUNDER]);
    if (guardMate >= 0) std::printf("\t%d", guardMate);
    std::printf("\n");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  cxxopts::Options opts("sparring-levels", "Measurements of Sparring's strength levels");
  opts.positional_help("mates|humans|selfplay|openings|scan|list");
  opts.add_options()("command", "mates, humans, selfplay, openings, scan or list (the named levels and their Elo)",
                     cxxopts::value<std::string>())("epd", "mates: EPD with dm fields", cxxopts::value<std::string>())(
      "levels", "mates: all, or a comma list of names or Elos", cxxopts::value<std::string>()->default_value("all"))(
      "seeds", "mates: seeds 1..N per level", cxxopts::value<int>()->default_value("3"))("pgn", "humans: rated games",
                                                                                         cxxopts::value<std::string>())(
      "level", "humans: the level (name or Elo; none: only the engine)",
      cxxopts::value<std::string>()->default_value("Beginner"))(
      "elo-min", "humans: lowest rating of the players scored", cxxopts::value<int>()->default_value("0"))(
      "elo-max", "humans: rating bound (exclusive)", cxxopts::value<int>()->default_value("4000"))(
      "first-game", "humans: first game index", cxxopts::value<int>()->default_value("400"))(
      "last-game", "humans: index after the last game", cxxopts::value<int>()->default_value("600"))(
      "skip-plies", "humans: opening plies left out", cxxopts::value<int>()->default_value("10"))(
      "engine-depth", "humans: depth of the full-strength comparison", cxxopts::value<int>()->default_value("10"))(
      "engine-eval", "humans: the full-strength comparison's evaluation, net (the built-in network) or handwritten",
      cxxopts::value<std::string>()->default_value("net"))("seed", "humans, selfplay: the seed",
                                                           cxxopts::value<std::uint64_t>()->default_value("1"))(
      "white", "selfplay: the level of the first player", cxxopts::value<std::string>()->default_value("Beginner"))(
      "black", "selfplay: the level of the second player", cxxopts::value<std::string>()->default_value("Beginner"))(
      "games", "selfplay: games (the players swap colours each game); openings: seeds",
      cxxopts::value<int>()->default_value("2"))("openings", "selfplay: EPD of start positions",
                                                 cxxopts::value<std::string>())(
      "pgn-out", "selfplay: PGN file the games are appended to", cxxopts::value<std::string>())(
      "moves", "scan: lines LEVEL<TAB>FEN<TAB>MOVE (LEVEL a named level)", cxxopts::value<std::string>())(
      "guard", "scan: also the mate the guard would play (slow: its searches at every position)")(
      "set",
      "humans, openings, scan: override the level's parameters, e.g. "
      "depth=2,model=1100,temperature=0.8,appetite=0.5,decided=0.4,won=0.5,size=0.3,cap=5",
      cxxopts::value<std::string>()->default_value(""))("white-set", "selfplay: --set for the first player",
                                                        cxxopts::value<std::string>()->default_value(""))(
      "black-set", "selfplay: --set for the second player", cxxopts::value<std::string>()->default_value(""))(
      "h,help", "this help");
  opts.parse_positional({"command"});
  try {
    auto args = opts.parse(argc, argv);
    if (args.count("help")) {
      std::cout << opts.help();
      return 0;
    }
    if (!args.count("command"))
      throw std::invalid_argument("give a command: mates, humans, selfplay, openings, scan or list");
    const std::string cmd = args["command"].as<std::string>();
    if (cmd == "list") {
      for (const NamedLevel& l : NAMED_LEVELS) std::printf("%s %d\n", l.name, l.elo);
      return 0;
    }
    if (cmd == "mates") {
      if (!args.count("epd")) throw std::invalid_argument("mates needs --epd");
      return check_mates(args);
    }
    if (cmd == "humans") {
      if (!args.count("pgn")) throw std::invalid_argument("humans needs --pgn");
      return human_match(args);
    }
    if (cmd == "openings") return openings(args);
    if (cmd == "scan") {
      if (!args.count("moves")) throw std::invalid_argument("scan needs --moves");
      return scan_moves(args);
    }
    if (cmd == "selfplay") {
      if (!args.count("openings") || !args.count("pgn-out"))
        throw std::invalid_argument("selfplay needs --openings and --pgn-out");
      return self_play(args);
    }
    throw std::invalid_argument("unknown command '" + cmd + "'");
  } catch (const std::exception& e) {
    std::cerr << "sparring-levels: " << e.what() << "\n";
    return 2;
  }
}
