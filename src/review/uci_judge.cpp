#include "uci_judge.h"

#include <algorithm>
#include <stdexcept>

#include "chess/notation.h"
#include "match/uci_engine.h"
#include "review/review.h"

namespace sparring::review {

namespace {

// Generous: a depth-limited search that takes this long has hung.
constexpr auto GO_LIMIT = std::chrono::seconds(120);

}  // namespace

UciJudge::UciJudge(UciJudgeConfig cfg, const ReviewSettings& st) : config(std::move(cfg)), settings(st) {
  start(false);
}

UciJudge::~UciJudge() {
  if (engine) engine->quit();
}

const std::string& UciJudge::name() const { return engine->id_name(); }

void UciJudge::start(bool frc) {
  if (engine) engine->quit();
  match::EngineConfig ec;
  ec.cmd = config.cmd;
  ec.options = {{"Threads", "1"}, {"Hash", std::to_string(config.hashMb)}};
  for (const auto& o : config.options) ec.options.push_back(o);
  engine = std::make_unique<match::UciEngine>(ec, frc, "judge", false);
  chess960 = frc;
  std::string error = engine->start();
  if (!error.empty()) throw std::runtime_error("judge '" + config.cmd + "': " + error);
}

void UciJudge::new_game() {
  std::string error = engine->new_game();
  if (!error.empty()) throw std::runtime_error("judge '" + config.cmd + "': " + error);
}

Analysis UciJudge::analyse(const Position& pos) {
  if (pos.is_chess960() != chess960) {
    start(pos.is_chess960());
    new_game();
  }
  const std::string go =
      settings.nodes ? "go nodes " + std::to_string(settings.nodes) : "go depth " + std::to_string(settings.depth);
  match::UciEngine::GoResult r = engine->go("position fen " + pos.fen(), go, GO_LIMIT);
  if (r.status != match::ReadStatus::Line)
    throw std::runtime_error("judge '" + config.cmd + "' gave no bestmove for " + pos.fen());
  Analysis a;
  a.best = parse_uci(pos, r.bestmove);
  if (!a.best) throw std::runtime_error("judge '" + config.cmd + "' named an illegal move " + r.bestmove);
  if (!r.info.hasScore) throw std::runtime_error("judge '" + config.cmd + "' gave no score for " + pos.fen());
  if (!r.info.mate) {
    a.score = std::clamp(r.info.score, -(MATE_BOUND - 1), MATE_BOUND - 1);
  } else {
    // "mate N": N moves, 2N-1 plies, for the side to move; "mate -N": mated in 2N plies.
    const int n = std::clamp(r.info.score, -400, 400);
    a.score = n > 0 ? MATE_SCORE - (2 * n - 1) : -(MATE_SCORE - 2 * -n);
  }
  return a;
}

}  // namespace sparring::review
