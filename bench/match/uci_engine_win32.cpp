// The Windows build's stand-in for uci_engine.cpp (fork/exec, pipes and poll are POSIX): it starts
// no engine, so `sparring review --judge ENGINE` reports that the Windows build cannot run one, and
// the review by Sparring's own search works as on Linux. The match runner is not built for Windows.
#include <atomic>
#include <csignal>

#include "uci_engine.h"

namespace sparring::match {

namespace {

std::atomic<bool> stopFlag{false};
std::atomic<bool> stopByUser{false};

extern "C" void on_stop_signal(int) {
  stopByUser.store(true);
  stopFlag.store(true);
}

}  // namespace

namespace stop_request {

void install_signal_handlers() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

void raise(bool byUser) {
  if (byUser) stopByUser.store(true);
  stopFlag.store(true);
}

bool raised() { return stopFlag.load(); }
bool by_user() { return stopByUser.load(); }
int fd() { return -1; }

}  // namespace stop_request

UciEngine::UciEngine(EngineConfig config, bool chess960_, std::string logTag, bool debug_)
    : cfg(std::move(config)), chess960(chess960_), tag(std::move(logTag)), debug(debug_) {}

UciEngine::~UciEngine() { quit(); }

std::string UciEngine::start() {
  exitText = "not started";
  return "the Windows build cannot run another engine (use the Linux build for an external judge)";
}

void UciEngine::quit() {}
void UciEngine::kill() {}

std::string UciEngine::new_game() { return "not running"; }

UciEngine::GoResult UciEngine::go(const std::string&, const std::string&, Clock::duration) {
  GoResult r;
  r.status = ReadStatus::Eof;
  return r;
}

bool UciEngine::send(std::string_view) { return false; }

ReadStatus UciEngine::read_line(std::string&, Clock::time_point, bool) { return ReadStatus::Eof; }

long UciEngine::rss_kb() const { return -1; }

}  // namespace sparring::match
