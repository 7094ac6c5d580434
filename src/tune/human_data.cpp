// sparring-human-data: turns rated human games into the training records of the human move model
// (scripts/train_human_model.py reads them).
//
//   sparring-human-data --out DIR band:FILE... lichess:FILE... otb:FILE... chesscom:FILE...
//
// Every position of every game (but those with one legal move) becomes one record in DIR/pos.bin,
// its legal moves' records in DIR/moves.bin (in the order of the positions); DIR/games.tsv lists the
// games kept. Files ending in .xz are read through `xz -dc`.
//
// Sources, in the order given: `band:` the Lichess 2018 band files (their Event tag gives the time
// control; games from --test-from on are the test set, games from --val-from up to it the validation
// set), `lichess:` other Lichess games (TimeControl tag), `otb:` over-the-board games (FIDE ratings),
// `chesscom:` chess.com games (TimeControl tag), whose ratings are put on Lichess's scale by --chesscom-map
// A,B (Lichess = A + B x chess.com; `scripts/people_errors.py scale` measures it) or kept as they are.
// A game whose moves repeat an earlier game's is dropped, and so is any copy of a test game outside
// the test set. Of the other games, one in --val-every (by a hash of the moves) is for validation.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <cxxopts.hpp>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "levels/policy_features.h"

using namespace sparring;

namespace {

// The time control / source input of the model; keep in step with the trainer and human_policy.h.
enum Source : std::uint8_t { BULLET, BLITZ, RAPID, CLASSICAL, LICHESS_UNKNOWN, OTB };
enum Split : std::uint8_t { TRAIN, VALIDATION, TEST };

#pragma pack(push, 1)
struct PositionRecord {
  std::uint16_t features[policy::MAX_ACTIVE];  // NO_FEATURE after the last
  std::uint16_t elo, opponentElo, ply;
  std::uint8_t moveCount, target, source, split, band;
  std::int8_t result;  // +1 the mover won, 0 draw, -1 lost
  std::uint32_t game;
};
struct MoveRecord {
  std::uint16_t index, bits;
  std::uint16_t glanceLoss;  // centipawns below the position's best move at a glance (policy::glance_score)
};
#pragma pack(pop)
static_assert(sizeof(PositionRecord) == 96 && sizeof(MoveRecord) == 6);

// The moves' records of a position: output index, glance bits and glance loss.
int describe_moves(Position& pos, const MoveList& legal, MoveRecord* out) {
  int scores[MAX_MOVES], best = -policy::GLANCE_MATE, n = 0;
  for (Move m : legal) {
    out[n].index = std::uint16_t(policy::move_index(pos, m));
    out[n].bits = policy::move_bits(pos, m);
    best = std::max(best, scores[n] = policy::glance_score(pos, m));
    ++n;
  }
  for (int i = 0; i < n; ++i) out[i].glanceLoss = std::uint16_t(std::min(best - scores[i], 3000));
  return n;
}

constexpr const char* BAND_NAMES[] = {"-900",      "900-1100",  "1100-1300", "1300-1500", "1500-1700",
                                      "1700-1900", "1900-2100", "2100-2300", "2300-2500", "2500-"};

struct Input {
  enum Kind { BAND, LICHESS, OTB, CHESSCOM } kind;
  std::string path;
  int band = 255;
};

std::string read_all(const std::string& path) {
  std::string data;
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".xz") == 0) {
    FILE* p = popen(("xz -dc '" + path + "'").c_str(), "r");
    if (!p) throw std::runtime_error("cannot run xz on " + path);
    char buf[1 << 16];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) data.append(buf, n);
    if (pclose(p) != 0) throw std::runtime_error("xz failed on " + path);
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::ostringstream ss;
    ss << in.rdbuf();
    data = ss.str();
  }
  return data;
}

std::uint64_t moves_hash(const PgnGame& g) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const PgnMove& m : g.moves) h = (h ^ m.move.raw()) * 1099511628211ULL;
  return (h ^ g.moves.size()) * 1099511628211ULL;
}

Source source_of(const Input& in, const PgnGame& g) {
  if (in.kind == Input::OTB) return OTB;
  const std::string event = g.tag("Event");
  if (in.kind == Input::BAND) {
    if (event.find("Bullet") != std::string::npos) return BULLET;
    if (event.find("Blitz") != std::string::npos) return BLITZ;
    if (event.find("Rapid") != std::string::npos) return RAPID;
    if (event.find("Classical") != std::string::npos) return CLASSICAL;
    return LICHESS_UNKNOWN;
  }
  // Lichess's own classes by estimated duration: base + 40 x increment seconds ("600": no increment).
  const std::string tc = g.tag("TimeControl");
  int base = 0, inc = 0;
  if (std::sscanf(tc.c_str(), "%d+%d", &base, &inc) < 1) return LICHESS_UNKNOWN;
  const int est = base + 40 * inc;
  return est < 180 ? BULLET : est < 480 ? BLITZ : est < 1500 ? RAPID : CLASSICAL;
}

template <class F>
void for_each_game(const Input& in, F&& f) {
  std::istringstream ss(read_all(in.path));
  PgnReader reader(ss, in.path);
  PgnGame game;
  std::string error;
  for (PgnStatus status; (status = reader.read(game, error)) != PgnStatus::END;) {
    if (status == PgnStatus::ERROR) {
      std::fprintf(stderr, "%s (game skipped)\n", error.c_str());
      continue;
    }
    f(reader.games_seen() - 1, game);
  }
}

// One record per line of "ELO SOURCE FEN [moves UCI...]" (SOURCE a number of enum Source), the target move being
// the first legal move: the fixed positions on which the engine's inference is checked against the
// trainer's (tests/data/human_policy_reference.txt).
int write_positions(const std::string& listPath, const std::string& outDir) {
  std::ifstream in(listPath);
  if (!in) throw std::runtime_error("cannot open " + listPath);
  std::filesystem::create_directories(outDir);
  FILE* posOut = std::fopen((outDir + "/pos.bin").c_str(), "wb");
  FILE* movesOut = std::fopen((outDir + "/moves.bin").c_str(), "wb");
  if (!posOut || !movesOut) throw std::runtime_error("cannot write to " + outDir);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    int elo = 0, source = 0;
    std::string fen;
    if (!(ls >> elo >> source) || !std::getline(ls >> std::ws, fen)) continue;
    std::string moves;
    if (const auto at = fen.find(" moves "); at != std::string::npos) moves = fen.substr(at + 7), fen.resize(at);
    Position pos;
    if (std::string e = pos.set_fen(fen); !e.empty()) throw std::invalid_argument(listPath + ": " + e);
    std::istringstream ms(moves);
    for (std::string uci; ms >> uci;) {
      const Move m = parse_uci(pos, uci);
      if (m == Move::none()) throw std::invalid_argument(listPath + ": illegal move " + uci);
      pos.make_move(m);
    }
    MoveList legal(pos);
    if (legal.size() == 0) throw std::invalid_argument(listPath + ": no legal move in " + fen);
    PositionRecord r;
    std::memset(&r, 0, sizeof r);
    const int k = policy::board_features(pos, r.features);
    for (int i = k; i < policy::MAX_ACTIVE; ++i) r.features[i] = policy::NO_FEATURE;
    r.elo = std::uint16_t(elo);
    r.source = std::uint8_t(source);
    r.moveCount = std::uint8_t(legal.size());
    r.split = TEST;
    r.band = 255;
    r.game = std::uint32_t(n++);
    MoveRecord mr[MAX_MOVES];
    describe_moves(pos, legal, mr);
    std::fwrite(&r, sizeof r, 1, posOut);
    std::fwrite(mr, sizeof(MoveRecord), std::size_t(legal.size()), movesOut);
  }
  std::fclose(posOut);
  std::fclose(movesOut);
  std::printf("%d positions\n", n);
  return 0;
}

int run(const cxxopts::ParseResult& args) {
  const std::string outDir = args["out"].as<std::string>();
  const int testFrom = args["test-from"].as<int>(), valFrom = args["val-from"].as<int>();
  const int valEvery = args["val-every"].as<int>();
  double mapA = 0, mapB = 1;  // chess.com's ratings on Lichess's scale
  if (args.count("chesscom-map")) {
    const std::string map = args["chesscom-map"].as<std::string>();
    char end = 0;
    if (std::sscanf(map.c_str(), "%lf,%lf%c", &mapA, &mapB, &end) != 2 || mapB <= 0)
      throw std::invalid_argument("--chesscom-map takes A,B (Lichess = A + B x chess.com, B > 0), not '" + map + "'");
  }
  std::vector<Input> inputs;
  for (const std::string& spec : args["inputs"].as<std::vector<std::string>>()) {
    const auto colon = spec.find(':');
    const std::string kind = colon == std::string::npos ? "" : spec.substr(0, colon);
    Input in{Input::BAND, spec.substr(colon + 1)};
    if (kind == "band") {
      in.kind = Input::BAND;
      const std::string stem = std::filesystem::path(in.path).stem().string();
      for (int b = 0; b < 10; ++b)
        if (stem == BAND_NAMES[b]) in.band = b;
      if (in.band == 255) throw std::invalid_argument("band file not named like a band (-900.pgn ...): " + in.path);
    } else if (kind == "lichess") {
      in.kind = Input::LICHESS;
    } else if (kind == "otb") {
      in.kind = Input::OTB;
    } else if (kind == "chesscom") {
      in.kind = Input::CHESSCOM;
    } else {
      throw std::invalid_argument("input '" + spec + "': expected band:FILE, lichess:FILE, otb:FILE or chesscom:FILE");
    }
    if (!std::filesystem::exists(in.path)) throw std::invalid_argument("no such file: " + in.path);
    inputs.push_back(in);
  }

  // The test games first, so that no copy of one is trained on, whatever file it is in.
  std::unordered_set<std::uint64_t> testGames, seen;
  for (const Input& in : inputs)
    if (in.kind == Input::BAND)
      for_each_game(in, [&](int index, const PgnGame& g) {
        if (index >= testFrom) testGames.insert(moves_hash(g));
      });

  std::filesystem::create_directories(outDir);
  FILE* posOut = std::fopen((outDir + "/pos.bin").c_str(), "wb");
  FILE* movesOut = std::fopen((outDir + "/moves.bin").c_str(), "wb");
  std::ofstream gamesOut(outDir + "/games.tsv");
  if (!posOut || !movesOut || !gamesOut) throw std::runtime_error("cannot write to " + outDir);
  gamesOut << "game\tfile\tindex\tsplit\tsource\twhite_elo\tblack_elo\tplies\n";

  std::uint32_t gameId = 0;
  std::uint64_t positions = 0, moves = 0, dropped = 0;
  for (const Input& in : inputs) {
    std::uint64_t filePositions = 0;
    for_each_game(in, [&](int index, const PgnGame& g) {
      const std::uint64_t h = moves_hash(g);
      const bool test = in.kind == Input::BAND && index >= testFrom;
      if (!test && (testGames.count(h) || !seen.insert(h).second)) {
        ++dropped;
        return;
      }
      int elo[2] = {std::atoi(g.tag("WhiteElo").c_str()), std::atoi(g.tag("BlackElo").c_str())};
      if (elo[0] <= 0 || elo[1] <= 0 || g.startFen != START_FEN) {
        ++dropped;
        return;
      }
      if (in.kind == Input::CHESSCOM)
        for (int& e : elo) e = int(std::lround(mapA + mapB * e));
      if (elo[0] <= 0 || elo[1] <= 0) {
        ++dropped;
        return;
      }
      const Split split = test                               ? TEST
                          : in.kind == Input::BAND           ? (index >= valFrom ? VALIDATION : TRAIN)
                          : h % std::uint64_t(valEvery) == 0 ? VALIDATION
                                                             : TRAIN;
      const Source source = source_of(in, g);
      const std::string res = g.tag("Result").empty() ? g.result : g.tag("Result");
      const int whiteResult = res == "1-0" ? 1 : res == "0-1" ? -1 : 0;
      Position pos = g.start_position();
      for (int ply = 0; ply < int(g.moves.size()); ++ply) {
        const Move played = g.moves[ply].move;
        MoveList legal(pos);
        if (legal.size() > 1) {
          PositionRecord r;
          std::memset(&r, 0, sizeof r);
          const int n = policy::board_features(pos, r.features);
          for (int i = n; i < policy::MAX_ACTIVE; ++i) r.features[i] = policy::NO_FEATURE;
          const Color us = pos.side_to_move();
          r.elo = std::uint16_t(elo[us]);
          r.opponentElo = std::uint16_t(elo[~us]);
          r.ply = std::uint16_t(ply);
          r.moveCount = std::uint8_t(std::min(legal.size(), 255));
          r.target = 255;
          r.source = source;
          r.split = split;
          r.band = std::uint8_t(in.band);
          r.result = std::int8_t(us == WHITE ? whiteResult : -whiteResult);
          r.game = gameId;
          for (int i = 0; i < legal.size(); ++i)
            if (legal.begin()[i] == played) r.target = std::uint8_t(i);
          if (r.target != 255 && legal.size() <= 255) {
            MoveRecord mr[MAX_MOVES];
            describe_moves(pos, legal, mr);
            std::fwrite(&r, sizeof r, 1, posOut);
            std::fwrite(mr, sizeof(MoveRecord), std::size_t(legal.size()), movesOut);
            ++positions, ++filePositions;
            moves += std::uint64_t(legal.size());
          }
        }
        pos.make_move(played);
      }
      gamesOut << gameId << '\t' << in.path << '\t' << index << '\t' << int(split) << '\t' << int(source) << '\t'
               << elo[0] << '\t' << elo[1] << '\t' << g.moves.size() << '\n';
      ++gameId;
    });
    std::fprintf(stderr, "%s: %llu positions (total %llu positions, %u games, %llu dropped)\n", in.path.c_str(),
                 (unsigned long long)filePositions, (unsigned long long)positions, gameId, (unsigned long long)dropped);
  }
  std::fclose(posOut);
  std::fclose(movesOut);
  std::printf("%llu positions, %llu moves, %u games kept, %llu dropped (repeats, test copies, no rating)\n",
              (unsigned long long)positions, (unsigned long long)moves, gameId, (unsigned long long)dropped);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  cxxopts::Options opts("sparring-human-data", "Training records of the human move model from rated games");
  opts.positional_help("band:FILE|lichess:FILE|otb:FILE|chesscom:FILE ...");
  opts.add_options()("o,out", "output folder", cxxopts::value<std::string>())(
      "test-from", "band files: first game of the test set", cxxopts::value<int>()->default_value("400"))(
      "val-from", "band files: first game of the validation set", cxxopts::value<int>()->default_value("360"))(
      "val-every", "other files: one game in N (by hash) for validation", cxxopts::value<int>()->default_value("50"))(
      "chesscom-map", "chess.com ratings on Lichess's scale: A,B for Lichess = A + B x chess.com",
      cxxopts::value<std::string>())(
      "positions", "instead of games: records of the positions in FILE (lines: ELO SOURCE FEN)",
      cxxopts::value<std::string>())("inputs", "", cxxopts::value<std::vector<std::string>>())("h,help", "this help");
  opts.parse_positional({"inputs"});
  try {
    const auto args = opts.parse(argc, argv);
    if (args.count("help")) {
      std::cout << opts.help() << "\n";
      return 0;
    }
    if (!args.count("out")) throw std::invalid_argument("--out is needed");
    if (args.count("positions"))
      return write_positions(args["positions"].as<std::string>(), args["out"].as<std::string>());
    if (!args.count("inputs")) throw std::invalid_argument("at least one input is needed");
    return run(args);
  } catch (const std::exception& e) {
    std::cerr << "sparring-human-data: " << e.what() << "\n";
    return 2;
  }
}
