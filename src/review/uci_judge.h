// A UCI engine as the review's judge (`sparring review --judge CMD`), for instance Stockfish at
// depth 10, the judge of ../shared/calibration-targets.md. Its centipawns are taken as they are.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "review/judge.h"

namespace sparring::match {
class UciEngine;
}

namespace sparring::review {

struct UciJudgeConfig {
  std::string cmd;
  std::vector<std::pair<std::string, std::string>> options;  // `setoption`, after Threads=1 and Hash
  int hashMb = 16;
};

class UciJudge : public Judge {
 public:
  // Starts the engine (throws std::runtime_error with the reason when it does not answer).
  UciJudge(UciJudgeConfig config, const ReviewSettings& settings);
  ~UciJudge() override;
  void new_game() override;
  // Throws std::runtime_error when the engine dies, hangs or names an illegal move.
  Analysis analyse(const Position& pos) override;
  const std::string& name() const;

 private:
  void start(bool chess960);

  UciJudgeConfig config;
  const ReviewSettings& settings;
  std::unique_ptr<match::UciEngine> engine;
  bool chess960 = false;
};

}  // namespace sparring::review
