// sparring-fit-levels: fits the human choice model of the strength levels to rated games.
//
//   extract: replays games (PGN with SAN or UCI moves), and for every position of a player whose rating
//            lies in [--elo-min, --elo-max) after the opening plies, scores every legal move as a
//            level does (scan_candidates) and stores the features with the move the human chose.
//   fit:     maximum-likelihood multinomial logit over those positions: P(move) ∝ exp(w · features).
//            Then sets the level's error appetite for its temperature (see HumanModel) so that the
//            level errs as often as the humans, and prints one C++ table row (temperature,
//            appetite, weights), the log-likelihood, and how often the model's first choice, its
//            sampled choice and the level's choice equal the human move, with the error rates.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <cxxopts.hpp>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "levels/candidates.h"
#include "levels/human_model.h"

using namespace sparring;

namespace {

int extract(const cxxopts::ParseResult& args) {
  const std::string pgn = args["pgn"].as<std::string>(), out = args["out"].as<std::string>();
  const int eloMin = args["elo-min"].as<int>(), eloMax = args["elo-max"].as<int>();
  const int first = args["first-game"].as<int>(), last = args["last-game"].as<int>();
  const int skip = args["skip-plies"].as<int>(), depth = args["depth"].as<int>();
  std::ifstream in(pgn);
  if (!in) {
    std::cerr << "sparring-fit-levels: cannot open " << pgn << "\n";
    return 2;
  }
  std::ofstream os(out, std::ios::binary);
  Search search;
  search.set_hash(16);
  int positions = 0;
  PgnReader reader(in, pgn);
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
    search.clear();
    Position pos = game.start_position();
    for (int ply = 0; ply < int(game.moves.size()); ++ply) {
      const Move played = game.moves[ply].move;
      const int elo = rating[pos.side_to_move()];
      if (ply >= skip && elo >= eloMin && elo < eloMax) {
        CandidateScan scan = scan_candidates(search, pos, depth, SearchLimits{});
        if (scan.moves.size() > 1) {
          std::uint16_t n = std::uint16_t(scan.moves.size()), chosen = n;
          for (std::uint16_t i = 0; i < n; ++i)
            if (scan.moves[i].move == played) chosen = i;
          os.write(reinterpret_cast<const char*>(&n), sizeof n);
          os.write(reinterpret_cast<const char*>(&chosen), sizeof chosen);
          std::int16_t e = std::int16_t(elo);
          os.write(reinterpret_cast<const char*>(&e), sizeof e);
          for (const Candidate& c : scan.moves)
            os.write(reinterpret_cast<const char*>(c.features.data()), sizeof(float) * FEATURE_NB);
          ++positions;
        }
      }
      pos.make_move(played);
    }
    if ((gameIndex + 1 - first) % 25 == 0)
      std::fprintf(stderr, "%s: %d games, %d positions\n", pgn.c_str(), gameIndex + 1 - first, positions);
  }
  std::fprintf(stderr, "\n");
  return 0;
}

struct Sample {
  std::uint32_t first;  // index of its first move's features
  std::uint16_t n, chosen;
};

struct Data {
  std::vector<Sample> samples;
  std::vector<float> x;
};

bool load(const std::string& path, Data& d) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::uint16_t n, chosen;
  std::int16_t elo;
  while (in.read(reinterpret_cast<char*>(&n), sizeof n)) {
    in.read(reinterpret_cast<char*>(&chosen), sizeof chosen);
    in.read(reinterpret_cast<char*>(&elo), sizeof elo);
    Sample s{std::uint32_t(d.x.size() / FEATURE_NB), n, chosen};
    d.x.resize(d.x.size() + std::size_t(n) * FEATURE_NB);
    in.read(reinterpret_cast<char*>(d.x.data() + std::size_t(s.first) * FEATURE_NB),
            std::streamsize(sizeof(float) * n * FEATURE_NB));
    if (chosen < n) d.samples.push_back(s);  // a move the scan did not list cannot be learned from
  }
  return true;
}

struct Quality {
  double logLoss = 0, top1 = 0, sampled = 0;
};

// Mean negative log-likelihood, and its gradient if asked.
Quality evaluate(const Data& d, const std::vector<double>& w, std::vector<double>* grad, double temperature = 1.0) {
  Quality q;
  if (grad) grad->assign(FEATURE_NB, 0.0);
  std::vector<double> u;
  for (const Sample& s : d.samples) {
    u.resize(s.n);
    double maxU = -1e300;
    int arg = 0;
    for (int i = 0; i < s.n; ++i) {
      const float* x = &d.x[(std::size_t(s.first) + i) * FEATURE_NB];
      double v = 0;
      for (int k = 0; k < FEATURE_NB; ++k) v += w[k] * x[k];
      u[i] = v / temperature;
      if (v > maxU) maxU = v, arg = i;
    }
    double z = 0;
    for (int i = 0; i < s.n; ++i) z += std::exp(u[i] - maxU);
    const double logZ = maxU + std::log(z);
    q.logLoss += logZ - u[s.chosen];
    q.top1 += arg == s.chosen;
    q.sampled += std::exp(u[s.chosen] - logZ);
    if (grad) {
      for (int i = 0; i < s.n; ++i) {
        const float* x = &d.x[(std::size_t(s.first) + i) * FEATURE_NB];
        const double p = std::exp(u[i] - logZ) - (i == s.chosen);
        for (int k = 0; k < FEATURE_NB; ++k) (*grad)[k] += p * x[k];
      }
    }
  }
  const double n = std::max<std::size_t>(1, d.samples.size());
  q.logLoss /= n, q.top1 /= n, q.sampled /= n;
  if (grad)
    for (double& g : *grad) g /= n;
  return q;
}

// A level's expected behaviour on held-out human positions, next to the humans': its chance of
// playing the human's move, and its errors per move judged by the scan's deep view (Win% lost
// against the scan's best move; >= 15 / 10 / 5 points: blunder / mistake / inaccuracy). The same
// yardstick for both, so a level can be set to err as often as the people it imitates.
struct PolicyStats {
  double match = 0, loss = 0;
  std::array<double, ERROR_CLASS_NB> errors{};
};

PolicyStats human_stats(const Data& d) {
  PolicyStats h;
  for (const Sample& s : d.samples) {
    const float* x = &d.x[(std::size_t(s.first) + s.chosen) * FEATURE_NB];
    if (int c = error_class(x[F_LOSS_DEEP] * 10.0); c >= 0) h.errors[c] += 1;
    h.loss += x[F_LOSS_DEEP] * 10.0;
    h.match += 1;
  }
  return h;
}

PolicyStats policy_stats(const Data& d, const HumanModel& model) {
  PolicyStats ps;
  std::vector<double> u;
  FeatureVector f;
  for (const Sample& s : d.samples) {
    u.resize(s.n);
    double maxU = -1e300;
    for (int i = 0; i < s.n; ++i) {
      std::copy_n(&d.x[(std::size_t(s.first) + i) * FEATURE_NB], FEATURE_NB, f.begin());
      u[i] = choice_logit(f, model, {1.0, 1.0, 1.0});
      maxU = std::max(maxU, u[i]);
    }
    double z = 0;
    for (double& v : u) z += v = std::exp(v - maxU);
    for (int i = 0; i < s.n; ++i) {
      const double p = u[i] / z, loss = d.x[(std::size_t(s.first) + i) * FEATURE_NB + F_LOSS_DEEP] * 10.0;
      if (i == s.chosen) ps.match += p;
      if (int c = error_class(loss); c >= 0) ps.errors[c] += p;
      ps.loss += p * loss;
    }
  }
  return ps;
}

// The error appetite that makes the model at `model.temperature` err as often as the humans of
// `d`, class by class: each rate rises with its own appetite, so a few rounds of bisection settle.
void calibrate_appetite(const Data& d, HumanModel& model, const std::array<double, ERROR_CLASS_NB>& errorScale) {
  PolicyStats target = human_stats(d);
  for (int c = 0; c < ERROR_CLASS_NB; ++c) target.errors[c] *= errorScale[c];
  for (int round = 0; round < 4; ++round)
    for (int c = ERROR_CLASS_NB - 1; c >= 0; --c) {
      double lo = -4.0, hi = 6.0;
      for (int step = 0; step < 16; ++step) {
        model.appetite[c] = float((lo + hi) / 2);
        (policy_stats(d, model).errors[c] < target.errors[c] ? lo : hi) = model.appetite[c];
      }
    }
}

void print_stats(const char* who, const PolicyStats& s, std::size_t n) {
  const double k = 100.0 / double(std::max<std::size_t>(1, n));
  std::printf("# %-28s match %5.1f%%  blunders %5.1f  mistakes %5.1f  inaccuracies %5.1f per 100  loss %5.2f\n", who,
              s.match * k, s.errors[ERROR_BLUNDER] * k, s.errors[ERROR_MISTAKE] * k, s.errors[ERROR_INACCURACY] * k,
              s.loss * k / 100);
}

int fit(const cxxopts::ParseResult& args) {
  Data train, test;
  for (const std::string& f : args["train"].as<std::vector<std::string>>())
    if (!load(f, train)) {
      std::cerr << "sparring-fit-levels: cannot read " << f << "\n";
      return 2;
    }
  if (args.count("test"))
    for (const std::string& f : args["test"].as<std::vector<std::string>>())
      if (!load(f, test)) {
        std::cerr << "sparring-fit-levels: cannot read " << f << "\n";
        return 2;
      }
  // Ablation: features left out are zeroed everywhere, so their weights stay 0.
  if (args.count("without"))
    for (const std::string& name : args["without"].as<std::vector<std::string>>()) {
      const auto* it = std::find(std::begin(FEATURE_NAMES), std::end(FEATURE_NAMES), name);
      if (it == std::end(FEATURE_NAMES)) throw std::invalid_argument("no feature named " + name);
      const std::size_t k = std::size_t(it - std::begin(FEATURE_NAMES));
      for (Data* d : {&train, &test})
        for (std::size_t i = k; i < d->x.size(); i += FEATURE_NB) d->x[i] = 0.0f;
    }
  const int epochs = args["epochs"].as<int>();
  const double l2 = args["l2"].as<double>(), rate = args["rate"].as<double>();
  // Adam on the full batch: the problem is convex and small, so this converges reliably.
  std::vector<double> w(FEATURE_NB, 0.0), m(FEATURE_NB, 0.0), v(FEATURE_NB, 0.0), g;
  for (int t = 1; t <= epochs; ++t) {
    Quality q = evaluate(train, w, &g);
    for (int k = 0; k < FEATURE_NB; ++k) {
      g[k] += 2 * l2 * w[k];
      m[k] = 0.9 * m[k] + 0.1 * g[k];
      v[k] = 0.999 * v[k] + 0.001 * g[k] * g[k];
      const double mh = m[k] / (1 - std::pow(0.9, t)), vh = v[k] / (1 - std::pow(0.999, t));
      w[k] -= rate * mh / (std::sqrt(vh) + 1e-8);
    }
    if (t % 100 == 0 || t == epochs)
      std::fprintf(stderr, "epoch %d: train log-loss %.4f, first choice %.1f%%\n", t, q.logLoss, 100 * q.top1);
  }
  Quality tr = evaluate(train, w, nullptr);
  std::printf("# train: %zu positions, log-loss %.4f, first choice = human %.1f%%, sampled = human %.1f%%\n",
              train.samples.size(), tr.logLoss, 100 * tr.top1, 100 * tr.sampled);
  if (!test.samples.empty()) {
    Quality te = evaluate(test, w, nullptr);
    std::printf("# test:  %zu positions, log-loss %.4f, first choice = human %.1f%%, sampled = human %.1f%%\n",
                test.samples.size(), te.logLoss, 100 * te.top1, 100 * te.sampled);
    // How sharpening or loosening the choice trades the match rate (levels choose a temperature).
    std::printf("# test, sampled = human at temperature");
    for (double t : {0.25, 0.5, 0.75, 1.0, 1.25, 1.5})
      std::printf("  %.2f: %.1f%%", t, 100 * evaluate(test, w, nullptr, t).sampled);
    std::printf("\n");
    // The searches alone, for scale: a move tied for best counts by its share of the tie.
    for (int view : {F_BEST_GLANCE, F_BEST_DEEP}) {
      double match = 0;
      for (const Sample& s : test.samples) {
        int ties = 0;
        for (int i = 0; i < s.n; ++i) ties += test.x[(std::size_t(s.first) + i) * FEATURE_NB + view] > 0;
        if (ties && test.x[(std::size_t(s.first) + s.chosen) * FEATURE_NB + view] > 0) match += 1.0 / ties;
      }
      std::printf("# test, %s view's first choice = human %.1f%%\n", FEATURE_NAMES[view] + 5,
                  100 * match / test.samples.size());
    }
  }
  for (int k = 0; k < FEATURE_NB; ++k) std::printf("#   %-18s %+.4f\n", FEATURE_NAMES[k], w[k]);

  HumanModel model;
  model.elo = args["elo"].as<int>();
  for (int k = 0; k < FEATURE_NB; ++k) model.w[k] = float(w[k]);
  model.temperature = float(args["temperature"].as<double>());
  // The scan's yardstick is not the review's: its own errors are rarer under a stronger judge
  // (inaccuracies above all), so the level may be set to err more often by its own measure.
  const std::vector<double> scale = args["error-scale"].as<std::vector<double>>();
  if (scale.size() != 1 && scale.size() != ERROR_CLASS_NB)
    throw std::invalid_argument("--error-scale takes one factor or three (inaccuracies,mistakes,blunders)");
  std::array<double, ERROR_CLASS_NB> errorScale;
  for (int c = 0; c < ERROR_CLASS_NB; ++c) errorScale[c] = scale[scale.size() == 1 ? 0 : c];
  calibrate_appetite(train, model, errorScale);
  const Data& shown = test.samples.empty() ? train : test;
  std::printf("# %s positions, temperature %.2f, appetite for inaccuracies %+.3f, mistakes %+.3f, blunders %+.3f\n",
              test.samples.empty() ? "training" : "held-out", model.temperature, model.appetite[ERROR_INACCURACY],
              model.appetite[ERROR_MISTAKE], model.appetite[ERROR_BLUNDER]);
  print_stats("the humans", human_stats(shown), shown.samples.size());
  print_stats("the level", policy_stats(shown, model), shown.samples.size());
  HumanModel plain = model;
  plain.temperature = 1.0f;
  plain.appetite = {};
  print_stats("the fitted model, sampled", policy_stats(shown, plain), shown.samples.size());

  std::printf("{%d, %.3ff, {%.4ff, %.4ff, %.4ff}, {", model.elo, model.temperature, model.appetite[0],
              model.appetite[1], model.appetite[2]);
  for (int k = 0; k < FEATURE_NB; ++k) std::printf("%s%.4ff", k ? ", " : "", w[k]);
  std::printf("}},\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Position::init();
  cxxopts::Options opts("sparring-fit-levels", "Fits the strength levels' human choice model to rated games");
  opts.positional_help("extract|fit");
  opts.add_options()("command", "extract or fit", cxxopts::value<std::string>())(
      "pgn", "extract: games to read", cxxopts::value<std::string>())("out", "extract: feature file to write",
                                                                      cxxopts::value<std::string>())(
      "elo-min", "extract: lowest rating of the player to learn from", cxxopts::value<int>()->default_value("0"))(
      "elo-max", "extract: rating bound (exclusive)", cxxopts::value<int>()->default_value("4000"))(
      "first-game", "extract: index of the first game used", cxxopts::value<int>()->default_value("0"))(
      "last-game", "extract: index after the last game used", cxxopts::value<int>()->default_value("1000000"))(
      "skip-plies", "extract: opening plies left out", cxxopts::value<int>()->default_value("10"))(
      "depth", "extract: depth of the deeper search", cxxopts::value<int>()->default_value("4"))(
      "train", "fit: feature files to fit", cxxopts::value<std::vector<std::string>>())(
      "test", "fit: held-out feature files to score", cxxopts::value<std::vector<std::string>>())(
      "elo", "fit: the rating the weights stand for", cxxopts::value<int>()->default_value("0"))(
      "epochs", "fit: gradient steps", cxxopts::value<int>()->default_value("600"))(
      "rate", "fit: Adam step size", cxxopts::value<double>()->default_value("0.05"))(
      "l2", "fit: weight decay", cxxopts::value<double>()->default_value("0.0001"))(
      "error-scale",
      "fit: the level errs this many times as often as the humans by the scan's measure: one factor, or "
      "inaccuracies,mistakes,blunders",
      cxxopts::value<std::vector<double>>()->default_value("1.0"))(
      "without", "fit: features to leave out (comma list of names)", cxxopts::value<std::vector<std::string>>())(
      "temperature", "fit: the level's temperature; its error appetite is calibrated for it",
      cxxopts::value<double>()->default_value("0.15"))("h,help", "this help");
  opts.parse_positional({"command"});
  try {
    auto args = opts.parse(argc, argv);
    if (args.count("help") || !args.count("command")) {
      std::cout << opts.help();
      return args.count("help") ? 0 : 2;
    }
    const std::string cmd = args["command"].as<std::string>();
    if (cmd == "extract") {
      if (!args.count("pgn") || !args.count("out")) throw std::invalid_argument("extract needs --pgn and --out");
      return extract(args);
    }
    if (cmd == "fit") {
      if (!args.count("train")) throw std::invalid_argument("fit needs --train");
      return fit(args);
    }
    throw std::invalid_argument("unknown command '" + cmd + "'");
  } catch (const std::exception& e) {
    std::cerr << "sparring-fit-levels: " << e.what() << "\n";
    return 2;
  }
}
