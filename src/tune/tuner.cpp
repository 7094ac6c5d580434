// sparring-tune: fits the evaluation weights to game results (Texel's method, by gradient descent).
//
// Positions come from finished games (PGN with UCI or SAN moves). Each quiet position is labelled
// with its game's result; the evaluation's trace makes it a linear function of the weights, so
// the mean squared error between sigmoid(eval) and the result can be minimised directly with Adam.
// The result is written as src/engine/eval_weights.inc, which the engine compiles in.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <cxxopts.hpp>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "engine/evaluate.h"
#include "engine/see.h"

using namespace sparring;

namespace {

struct Field {
  const char* name;
  int count;
};
// The layout of EvalParams, for readable output; checked against the struct's size below.
constexpr Field FIELDS[] = {
    {"pieceValue", 6},         {"psqt", 6 * 64},      {"knightMobility", 9}, {"bishopMobility", 14},
    {"rookMobility", 15},      {"queenMobility", 28}, {"passedPawn", 8},     {"passedBlocked", 8},
    {"passedKingDistance", 8}, {"isolatedPawn", 1},   {"doubledPawn", 1},    {"backwardPawn", 1},
    {"connectedPawn", 8},      {"bishopPair", 1},     {"rookOpenFile", 1},   {"rookSemiOpenFile", 1},
    {"minorBehindPawn", 1},    {"kingAttackers", 8},  {"kingZoneAttack", 6}, {"kingShelter", 4},
    {"safeCheck", 6},          {"threatByPawn", 1},   {"threatByMinor", 6},  {"threatByRook", 6},
    {"hangingPiece", 1},       {"tempo", 1},
};
constexpr int field_total() {
  int n = 0;
  for (const Field& f : FIELDS) n += f.count;
  return n;
}
static_assert(field_total() == int(EVAL_PARAM_COUNT), "FIELDS must mirror EvalParams");

struct Sample {
  std::uint32_t first;  // index into the shared coefficient arrays
  std::uint16_t count;
  std::uint8_t phase, scale;
  float result;  // 1 white won, 0.5 draw, 0 black won
};

struct Dataset {
  std::vector<Sample> samples;
  std::vector<std::uint16_t> index;
  std::vector<std::int8_t> coeff;
};

// A position is quiet enough to label when no capture or promotion wins material at once.
bool is_quiet(const Position& pos) {
  if (pos.in_check()) return false;
  Move moves[MAX_MOVES];
  Move* end = generate_moves<NOISY>(pos, moves);
  for (Move* m = moves; m != end; ++m)
    if (m->kind() == PROMOTION || see_ge(pos, *m, 1)) return false;
  return true;
}

void add_sample(Dataset& data, const Position& pos, float result, EvalTrace& trace) {
  evaluate_traced(pos, trace);
  Sample s{std::uint32_t(data.index.size()), 0, std::uint8_t(trace.phase), std::uint8_t(trace.scale), result};
  for (std::size_t i = 0; i < EVAL_PARAM_COUNT; ++i) {
    int c = trace.coeff[i][WHITE] - trace.coeff[i][BLACK];
    if (!c) continue;
    data.index.push_back(std::uint16_t(i));
    data.coeff.push_back(std::int8_t(std::clamp(c, -127, 127)));
    s.count++;
  }
  data.samples.push_back(s);
}

// Reads games: tag pairs, then move text in UCI or SAN, ending with the result token.
void load_games(const std::string& path, Dataset& data, double keep, int skipPlies, std::mt19937_64& rng, int& games) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::uniform_real_distribution<double> uni(0, 1);
  static EvalTrace trace;
  std::string line, movetext, startFen;
  auto flush = [&]() {
    // Comments, NAGs and variations carry no moves of the game.
    std::string clean;
    int braces = 0, parens = 0;
    for (char c : movetext) {
      if (c == '{')
        ++braces;
      else if (c == '}')
        braces = std::max(0, braces - 1);
      else if (!braces && c == '(')
        ++parens;
      else if (!braces && c == ')')
        parens = std::max(0, parens - 1);
      else if (!braces && !parens)
        clean += c;
    }
    std::istringstream is(clean);
    std::vector<std::string> tokens;
    for (std::string t; is >> t;) tokens.push_back(t);
    movetext.clear();
    if (tokens.empty()) return;
    std::string res = tokens.back();
    float result = res == "1-0" ? 1.0f : res == "0-1" ? 0.0f : res == "1/2-1/2" ? 0.5f : -1.0f;
    if (result < 0) return;
    Position pos;
    if (!startFen.empty() && !pos.set_fen(startFen).empty()) return;
    startFen.clear();
    std::vector<Position> picked;
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
      std::string t = tokens[i];
      if (t.find('.') != std::string::npos || t[0] == '$') continue;  // move numbers, NAGs
      Move m = parse_uci(pos, t);
      if (!m) m = parse_san(pos, t);
      if (!m) return;  // a broken game is dropped whole
      pos.make_move(m);
      if (int(i) >= skipPlies && uni(rng) < keep && is_quiet(pos)) picked.push_back(pos);
    }
    for (const Position& p : picked) add_sample(data, p, result, trace);
    ++games;
  };
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line[0] == '[') {
      if (!movetext.empty()) flush();
      if (line.rfind("[FEN \"", 0) == 0) startFen = line.substr(6, line.rfind('"') - 6);
      continue;
    }
    movetext += ' ' + line;
  }
  flush();
}

double sigmoid(double k, double e) { return 1.0 / (1.0 + std::exp(-k * e)); }

// The evaluation of one sample under the given weights (white's view, centipawns).
double linear_eval(const Dataset& d, const Sample& s, const std::vector<double>& mg, const std::vector<double>& eg) {
  double m = 0, e = 0;
  for (std::uint32_t j = s.first; j < s.first + s.count; ++j) {
    m += mg[d.index[j]] * d.coeff[j];
    e += eg[d.index[j]] * d.coeff[j];
  }
  return (m * s.phase + e * (PHASE_MAX - s.phase) * s.scale / 64.0) / PHASE_MAX;
}

double mean_error(const Dataset& d, double k, const std::vector<double>& mg, const std::vector<double>& eg) {
  double sum = 0;
  for (const Sample& s : d.samples) {
    double diff = s.result - sigmoid(k, linear_eval(d, s, mg, eg));
    sum += diff * diff;
  }
  return sum / d.samples.size();
}

void write_weights(const std::string& path, const std::vector<double>& mg, const std::vector<double>& eg, double error,
                   std::size_t samples) {
  std::ofstream out(path);
  out << "// Generated by sparring-tune (src/tune/tuner.cpp) from " << samples << " positions; mean squared error "
      << error << ".\n// One {mg, eg} pair per weight, in the order of EvalParams.\n";
  int i = 0;
  for (const Field& f : FIELDS) {
    out << "// " << f.name << "\n";
    for (int j = 0; j < f.count; ++j, ++i) {
      out << '{' << std::lround(mg[i]) << ", " << std::lround(eg[i]) << "},";
      out << ((j % 8 == 7 || j + 1 == f.count) ? "\n" : " ");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  cxxopts::Options options("sparring-tune", "Fit Sparring's evaluation weights to game results (Texel tuning).");
  options.add_options()("pgn", "game files (PGN, UCI or SAN move text); repeatable",
                        cxxopts::value<std::vector<std::string>>())("keep", "share of positions sampled from each game",
                                                                    cxxopts::value<double>()->default_value("0.3"))(
      "skip", "opening plies skipped in each game", cxxopts::value<int>()->default_value("10"))(
      "epochs", "gradient-descent passes over the data", cxxopts::value<int>()->default_value("2000"))(
      "rate", "Adam learning rate (centipawns per step)", cxxopts::value<double>()->default_value("1.0"))(
      "l2", "pull of each weight towards its starting value (regularisation against noisy data)",
      cxxopts::value<double>()->default_value("1e-7"))("seed", "sampling seed",
                                                       cxxopts::value<unsigned>()->default_value("1"))(
      "out", "output file", cxxopts::value<std::string>()->default_value("src/engine/eval_weights.inc"))(
      "h,help", "show this help");
  try {
    auto args = options.parse(argc, argv);
    if (args.count("help") || !args.count("pgn")) {
      std::cout << options.help() << std::flush;
      return args.count("help") ? 0 : 2;
    }
    Dataset data;
    std::mt19937_64 rng(args["seed"].as<unsigned>());
    int games = 0;
    for (const std::string& f : args["pgn"].as<std::vector<std::string>>()) {
      load_games(f, data, args["keep"].as<double>(), args["skip"].as<int>(), rng, games);
      std::printf("%s: %d games, %zu positions so far\n", f.c_str(), games, data.samples.size());
    }

    const std::size_t n = EVAL_PARAM_COUNT;
    std::vector<double> mg(n), eg(n);
    const Score* current = reinterpret_cast<const Score*>(&evalParams);
    for (std::size_t i = 0; i < n; ++i) mg[i] = current[i].mg, eg[i] = current[i].eg;

    // The sigmoid's scale K: the one under which the current weights fit best.
    double k = 0.004, bestErr = 1e9;
    for (double kk = 0.001; kk < 0.012; kk += 0.0002) {
      double e = mean_error(data, kk, mg, eg);
      if (e < bestErr) bestErr = e, k = kk;
    }
    std::printf("K = %.4f, initial error %.6f\n", k, bestErr);

    const int epochs = args["epochs"].as<int>();
    const double rate = args["rate"].as<double>();
    const std::vector<double> mg0 = mg, eg0 = eg;
    const double l2 = args["l2"].as<double>();
    std::vector<double> gm(n), ge(n), m1(2 * n), m2(2 * n);
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
      std::fill(gm.begin(), gm.end(), 0.0);
      std::fill(ge.begin(), ge.end(), 0.0);
      for (const Sample& s : data.samples) {
        double sg = sigmoid(k, linear_eval(data, s, mg, eg));
        double g = (sg - s.result) * sg * (1 - sg) * k;
        double wm = g * s.phase / PHASE_MAX, we = g * (PHASE_MAX - s.phase) * s.scale / 64.0 / PHASE_MAX;
        for (std::uint32_t j = s.first; j < s.first + s.count; ++j) {
          gm[data.index[j]] += wm * data.coeff[j];
          ge[data.index[j]] += we * data.coeff[j];
        }
      }
      for (std::size_t i = 0; i < 2 * n; ++i) {
        double g = (i < n ? gm[i] : ge[i - n]) * 2.0 / data.samples.size();
        g += 2 * l2 * (i < n ? mg[i] - mg0[i] : eg[i - n] - eg0[i - n]);
        m1[i] = b1 * m1[i] + (1 - b1) * g;
        m2[i] = b2 * m2[i] + (1 - b2) * g * g;
        double step = rate * (m1[i] / (1 - std::pow(b1, epoch))) / (std::sqrt(m2[i] / (1 - std::pow(b2, epoch))) + eps);
        (i < n ? mg[i] : eg[i - n]) -= step;
      }
      if (epoch % 100 == 0 || epoch == epochs)
        std::printf("epoch %d: error %.6f\n", epoch, mean_error(data, k, mg, eg));
      std::fflush(stdout);
    }
    double err = mean_error(data, k, mg, eg);
    write_weights(args["out"].as<std::string>(), mg, eg, err, data.samples.size());
    std::printf("wrote %s (error %.6f -> %.6f)\n", args["out"].as<std::string>().c_str(), bestErr, err);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "sparring-tune: " << e.what() << '\n';
    return 2;
  }
}
