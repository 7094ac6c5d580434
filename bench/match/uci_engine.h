// One UCI engine as a child process: fork/exec with pipes, line reading with deadlines, the UCI
// handshake and a timed `go`. POSIX only: the Windows build links uci_engine_win32.cpp instead,
// which starts no engine.
//
// Thread use: an engine belongs to one thread, which must also be the one that starts and stops it
// (on Linux the child is killed when the thread that forked it ends, so a dead runner leaves no
// engines behind).
#pragma once

#include <sys/types.h>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sparring::match {

using Clock = std::chrono::steady_clock;

struct EngineConfig {
  std::string name;  // display name for PGN tags and reports; empty: the engine's `id name`
  std::string cmd;   // the executable (resolved against PATH by the command-line parser)
  std::vector<std::string> args;
  std::string dir;                                           // working directory of the child; empty: ours
  std::vector<std::pair<std::string, std::string>> options;  // `setoption` in this order
  int elo = 0;  // the rating written to the PGN's WhiteElo/BlackElo tag; 0: none
};

// The engine's last word on its search: the latest `info` line that carried a score (multipv 1).
struct SearchInfo {
  bool hasScore = false;
  bool mate = false;
  int score = 0;  // centipawns, or moves to mate (negative: being mated), from the engine's side
  int depth = 0;
  std::uint64_t nodes = 0;
  // The score as centipawns, mate scores mapped beyond any real evaluation (30000 - moves).
  int centipawns() const { return !mate ? score : score > 0 ? 30000 - score : -30000 - score; }
};

// A process-wide stop request (Ctrl-C, an SPRT decision). Every wait on an engine also watches it,
// so a stop takes effect at once.
namespace stop_request {
void install_signal_handlers();  // SIGINT/SIGTERM raise a stop; SIGPIPE is ignored
void raise(bool byUser);
bool raised();
bool by_user();  // raised by a signal rather than by the match itself
int fd();        // becomes readable once a stop is raised
}  // namespace stop_request

enum class ReadStatus { Line, Timeout, Eof, Stopped };

class UciEngine {
 public:
  // Per-engine counters that outlive restarts; the game logic adds its own failure counts.
  struct Counters {
    int starts = 0;
    int garbageLines = 0;    // lines no UCI message begins with, ignored
    int protocolErrors = 0;  // handshake failures, stray bestmoves, missing moves
  };

  UciEngine(EngineConfig config, bool chess960, std::string logTag, bool debug);
  ~UciEngine();
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  const EngineConfig& config() const { return cfg; }
  const std::string& id_name() const { return idName; }
  const std::vector<std::string>& declared_options() const { return declaredOptions; }
  bool running() const { return pid > 0; }
  const Counters& counters() const { return stats; }
  void count_protocol_error() { ++stats.protocolErrors; }

  // Starts the process and runs the handshake: uci/uciok, setoption for each configured option
  // (UCI_Chess960 first in Chess960), isready/readyok. Returns "" or the reason of the failure,
  // in which case the process is gone.
  std::string start();
  // `quit`, a short grace period, then SIGKILL. Always reaps the child.
  void quit();
  void kill();

  // ucinewgame + isready/readyok. Returns "" or the reason (the engine is killed on failure).
  std::string new_game();

  struct GoResult {
    ReadStatus status = ReadStatus::Line;  // Line: a bestmove line arrived
    std::string bestmove;                  // its move token, "" when the line had none
    SearchInfo info;
    Clock::duration elapsed{};  // from sending `go` to reading `bestmove`
  };
  // Sends `position`, then `go`, and waits up to `limit` after the `go` for the bestmove.
  GoResult go(const std::string& positionCmd, const std::string& goCmd, Clock::duration limit);

  // Raw protocol access (the end-to-end tests drive the engine line by line).
  bool send(std::string_view line);
  // Reads one line; `stoppable` also returns Stopped when a process-wide stop is raised.
  ReadStatus read_line(std::string& line, Clock::time_point deadline, bool stoppable);

  // The child's resident set size in kB (VmRSS from /proc), or -1 when it is not running.
  long rss_kb() const;

  // How the process ended, for reports ("exit code 1", "signal 11"), once it was reaped.
  const std::string& exit_description() const { return exitText; }

 private:
  std::string wait_for(std::string_view token, Clock::duration timeout, bool inHandshake);
  ReadStatus sync(Clock::time_point deadline);
  void reap(bool block);
  void close_pipes();
  void log(char direction, std::string_view line) const;

  EngineConfig cfg;
  bool chess960;
  std::string tag;
  bool debug;
  pid_t pid = -1;
  int toEngine = -1, fromEngine = -1;
  std::string buffer;
  Clock::time_point lastRead{};
  std::string idName;
  std::vector<std::string> declaredOptions;
  std::string exitText;
  Counters stats;
};

}  // namespace sparring::match
