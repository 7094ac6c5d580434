#include "uci_engine.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace sparring::match {

namespace {

constexpr auto UCIOK_TIMEOUT = std::chrono::seconds(10);
constexpr auto READYOK_TIMEOUT = std::chrono::seconds(30);
constexpr auto QUIT_GRACE = std::chrono::milliseconds(1000);
constexpr auto EOF_GRACE = std::chrono::milliseconds(200);

std::atomic<bool> stopFlag{false};
std::atomic<bool> stopByUser{false};
int stopPipe[2] = {-1, -1};

extern "C" void on_stop_signal(int) {
  stopByUser.store(true);
  stopFlag.store(true);
  if (write(stopPipe[1], "x", 1) < 0) {
  }
}

std::mutex logMutex;
const Clock::time_point processStart = Clock::now();

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

template <class T>
bool to_number(std::string_view s, T& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

bool is_uci_message(std::string_view word) {
  for (std::string_view known :
       {"id", "uciok", "readyok", "bestmove", "copyprotection", "registration", "info", "option"})
    if (word == known) return true;
  return false;
}

// Reads one `info` line into `info`. Only the principal line (multipv 1) counts; `string` and `pv`
// end the parse, since free text follows them.
void parse_info(const std::vector<std::string_view>& t, SearchInfo& info) {
  int depth = -1, multipv = 1, score = 0;
  bool hasScore = false, mate = false;
  std::uint64_t nodes = 0;
  bool hasNodes = false;
  for (size_t i = 1; i < t.size(); ++i) {
    if (t[i] == "string" || t[i] == "pv") break;
    if (i + 1 >= t.size()) break;
    if (t[i] == "depth") {
      if (!to_number(t[++i], depth)) depth = -1;
    } else if (t[i] == "multipv") {
      if (!to_number(t[++i], multipv)) multipv = 1;
    } else if (t[i] == "nodes") {
      hasNodes = to_number(t[++i], nodes);
    } else if (t[i] == "score" && i + 2 < t.size()) {
      std::string_view kind = t[i + 1];
      if ((kind == "cp" || kind == "mate") && to_number(t[i + 2], score)) {
        hasScore = true;
        mate = kind == "mate";
      }
      i += 2;
    }
  }
  if (multipv != 1) return;
  if (hasNodes) info.nodes = nodes;
  if (hasScore) {
    info.hasScore = true;
    info.mate = mate;
    info.score = score;
    if (depth >= 0) info.depth = depth;
  }
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return "signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
  }
  return "status " + std::to_string(status);
}

}  // namespace

namespace stop_request {

void install_signal_handlers() {
  if (stopPipe[0] < 0 && pipe2(stopPipe, O_CLOEXEC | O_NONBLOCK) != 0) std::perror("pipe2");
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;  // a second Ctrl-C ends the runner at once
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a closed stdout must not end the match midway (dead engines: see send)
}

void raise(bool byUser) {
  if (byUser) stopByUser.store(true);
  stopFlag.store(true);
  if (stopPipe[1] >= 0 && write(stopPipe[1], "x", 1) < 0) {
  }
}

bool raised() { return stopFlag.load(); }
bool by_user() { return stopByUser.load(); }
int fd() { return stopPipe[0]; }

}  // namespace stop_request

UciEngine::UciEngine(EngineConfig config, bool chess960_, std::string logTag, bool debug_)
    : cfg(std::move(config)), chess960(chess960_), tag(std::move(logTag)), debug(debug_) {}

UciEngine::~UciEngine() { quit(); }

void UciEngine::log(char direction, std::string_view line) const {
  if (!debug) return;
  double t = std::chrono::duration<double>(Clock::now() - processStart).count();
  std::lock_guard lock(logMutex);
  std::fprintf(stderr, "[%9.3f] %s %c %.*s\n", t, tag.c_str(), direction, int(line.size()), line.data());
}

std::string UciEngine::start() {
  if (running()) kill();
  buffer.clear();
  exitText.clear();
  declaredOptions.clear();

  // Everything the child needs is prepared before fork: after it only async-signal-safe calls.
  std::vector<std::string> argStore{cfg.cmd};
  argStore.insert(argStore.end(), cfg.args.begin(), cfg.args.end());
  std::vector<char*> argv;
  for (std::string& a : argStore) argv.push_back(a.data());
  argv.push_back(nullptr);

  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    return std::string("pipe: ") + std::strerror(errno);
  }
  int devNull = debug ? -1 : open("/dev/null", O_WRONLY | O_CLOEXEC);
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    int err = errno;
    for (int fd : {in[0], in[1], out[0], out[1], devNull})
      if (fd >= 0) close(fd);
    return std::string("fork: ") + std::strerror(err);
  }
  if (child == 0) {
    setpgid(0, 0);  // Ctrl-C in the terminal reaches the runner only, which then stops the engines
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
#endif
    signal(SIGPIPE, SIG_DFL);  // ignored signals would stay ignored across exec
    if (dup2(in[0], STDIN_FILENO) < 0 || dup2(out[1], STDOUT_FILENO) < 0) _exit(127);
    if (devNull >= 0) dup2(devNull, STDERR_FILENO);
    if (!cfg.dir.empty() && chdir(cfg.dir.c_str()) != 0) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  if (devNull >= 0) close(devNull);
  toEngine = in[1];
  fromEngine = out[0];
  pid = child;
  ++stats.starts;
  log('*', "started pid " + std::to_string(pid) + ": " + cfg.cmd);

  if (!send("uci")) {
    kill();
    return "cannot write to the engine (" + exitText + ")";
  }
  if (std::string err = wait_for("uciok", UCIOK_TIMEOUT, true); !err.empty()) return err;
  if (chess960) send("setoption name UCI_Chess960 value true");
  for (const auto& [name, value] : cfg.options) send("setoption name " + name + " value " + value);
  if (!send("isready")) {
    kill();
    return "cannot write to the engine (" + exitText + ")";
  }
  return wait_for("readyok", READYOK_TIMEOUT, false);
}

std::string UciEngine::new_game() {
  if (!running()) return "not running";
  if (!send("ucinewgame") || !send("isready")) {
    kill();
    return "cannot write to the engine (" + exitText + ")";
  }
  return wait_for("readyok", READYOK_TIMEOUT, false);
}

// Reads until a line starting with `token`. In the handshake, collects `id name` and the declared
// options and tolerates banners; elsewhere unknown lines are counted as garbage.
std::string UciEngine::wait_for(std::string_view token, Clock::duration timeout, bool inHandshake) {
  const auto deadline = Clock::now() + timeout;
  std::string line;
  for (;;) {
    ReadStatus st = read_line(line, deadline, true);
    if (st == ReadStatus::Stopped) return "stopped";
    if (st == ReadStatus::Eof) return "engine exited (" + exitText + ") while waiting for " + std::string(token);
    if (st == ReadStatus::Timeout) {
      ++stats.protocolErrors;
      kill();
      return "no " + std::string(token) + " within " +
             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) + " s";
    }
    auto t = split(line);
    if (t.empty()) continue;
    if (t[0] == token) return "";
    if (inHandshake) {
      if (t[0] == "id" && t.size() > 2 && t[1] == "name")
        idName = std::string(line.substr(line.find("name") + 5));
      else if (t[0] == "option" && t.size() > 2 && t[1] == "name") {
        std::string name;
        for (size_t i = 2; i < t.size() && t[i] != "type"; ++i) {
          if (!name.empty()) name += ' ';
          name += t[i];
        }
        declaredOptions.push_back(name);
      }
    } else if (t[0] == "bestmove") {
      ++stats.protocolErrors;  // a bestmove nobody asked for
    } else if (!is_uci_message(t[0])) {
      ++stats.garbageLines;
    }
  }
}

// Sends isready and consumes everything up to readyok. UCI output is ordered, so a bestmove read
// here is a stray one (counted as a protocol error) and can never answer the next go.
ReadStatus UciEngine::sync(Clock::time_point deadline) {
  if (!send("isready")) return ReadStatus::Eof;
  std::string line;
  for (;;) {
    ReadStatus st = read_line(line, deadline, true);
    if (st != ReadStatus::Line) return st;
    auto t = split(line);
    if (t.empty()) continue;
    if (t[0] == "readyok") return ReadStatus::Line;
    if (t[0] == "bestmove")
      ++stats.protocolErrors;
    else if (!is_uci_message(t[0]))
      ++stats.garbageLines;
  }
}

UciEngine::GoResult UciEngine::go(const std::string& positionCmd, const std::string& goCmd, Clock::duration limit) {
  GoResult r;
  if (running()) {
    ReadStatus st = sync(Clock::now() + limit);
    if (st != ReadStatus::Line) {
      if (st == ReadStatus::Eof) reap(false);
      r.status = st;
      r.elapsed = limit;
      return r;
    }
  }
  if (!running() || !send(positionCmd)) {
    reap(false);
    r.status = ReadStatus::Eof;
    return r;
  }
  const auto t0 = Clock::now();
  if (!send(goCmd)) {
    reap(false);
    r.status = ReadStatus::Eof;
    return r;
  }
  const auto deadline = t0 + limit;
  std::string line;
  for (;;) {
    ReadStatus st = read_line(line, deadline, true);
    if (st == ReadStatus::Line) {
      auto t = split(line);
      if (t.empty()) continue;
      if (t[0] == "bestmove") {
        r.bestmove = t.size() > 1 ? std::string(t[1]) : "";
        r.elapsed = std::max(Clock::duration::zero(), lastRead - t0);
        return r;
      }
      if (t[0] == "info")
        parse_info(t, r.info);
      else if (!is_uci_message(t[0]))
        ++stats.garbageLines;
      if (Clock::now() <= deadline) continue;  // an engine flooding lines still times out
      st = ReadStatus::Timeout;
    }
    r.status = st;
    r.elapsed = Clock::now() - t0;
    return r;
  }
}

bool UciEngine::send(std::string_view line) {
  if (toEngine < 0) return false;
  log('>', line);
  std::string data(line);
  data += '\n';
  // Writing to an engine that has exited raises SIGPIPE, which would end a caller that does not ignore
  // it (`sparring review` with a judge): block it around the write and discard the one raised, so that
  // a dead engine shows up as EPIPE alone, whoever the caller.
  sigset_t pipeSignal, saved;
  sigemptyset(&pipeSignal);
  sigaddset(&pipeSignal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved);
  size_t done = 0;
  bool ok = true;
  while (ok && done < data.size()) {
    ssize_t n = write(toEngine, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) {
      const timespec now{};
      sigtimedwait(&pipeSignal, nullptr, &now);
    }
    ok = n > 0;
    if (ok) done += size_t(n);
  }
  pthread_sigmask(SIG_SETMASK, &saved, nullptr);
  return ok;
}

ReadStatus UciEngine::read_line(std::string& line, Clock::time_point deadline, bool stoppable) {
  for (;;) {
    if (size_t nl = buffer.find('\n'); nl != std::string::npos) {
      line.assign(buffer, 0, nl);
      buffer.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      log('<', line);
      return ReadStatus::Line;
    }
    if (fromEngine < 0) return ReadStatus::Eof;
    // Past the deadline, one non-blocking look is still taken: what is already there counts.
    auto left = deadline - Clock::now();
    long long ms =
        left <= Clock::duration::zero()
            ? 0
            : std::chrono::duration_cast<std::chrono::milliseconds>(left + std::chrono::microseconds(999)).count();
    pollfd fds[2] = {{fromEngine, POLLIN, 0}, {stop_request::fd(), POLLIN, 0}};
    int nfds = stoppable && fds[1].fd >= 0 ? 2 : 1;
    int r = poll(fds, nfds, int(std::min<long long>(ms, INT_MAX)));
    if (r < 0 && errno == EINTR) continue;
    if (nfds == 2 && (fds[1].revents & POLLIN)) return ReadStatus::Stopped;
    if (r == 0) return ReadStatus::Timeout;
    if (r < 0) {
      reap(false);
      return ReadStatus::Eof;
    }
    char chunk[4096];
    ssize_t n = read(fromEngine, chunk, sizeof chunk);
    if (n > 0) {
      lastRead = Clock::now();
      buffer.append(chunk, size_t(n));
      continue;
    }
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    // End of file: hand out a last unterminated line, then report the end.
    reap(false);
    if (!buffer.empty()) buffer += '\n';
  }
}

long UciEngine::rss_kb() const {
  if (pid <= 0) return -1;
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/status", int(pid));
  FILE* f = std::fopen(path, "r");
  if (!f) return -1;
  long kb = -1;
  char line[256];
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmRSS: %ld", &kb) == 1) break;
  std::fclose(f);
  return kb;
}

void UciEngine::quit() {
  if (!running()) return;
  send("quit");
  reap(true);
}

void UciEngine::kill() {
  if (!running()) return;
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
  reap(false);
}

// Waits for the child to end (a grace period when `polite`, a short one otherwise), kills it if it
// is still there, reaps it and closes the pipes.
void UciEngine::reap(bool polite) {
  close_pipes();
  if (pid <= 0) return;
  // Wait without reaping, so the pid (and so the process group) cannot be reused meanwhile.
  const auto until = Clock::now() + (polite ? QUIT_GRACE : EOF_GRACE);
  auto exited = [&] {
    siginfo_t info{};
    return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
  };
  while (!exited() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ::kill(-pid, SIGKILL);  // the engine if still there, and whatever it started itself
  ::kill(pid, SIGKILL);
  int status = 0;
  pid_t r;
  while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  exitText = r == pid ? describe_status(status) : "lost";
  log('*', "ended: " + exitText);
  pid = -1;
}

void UciEngine::close_pipes() {
  if (toEngine >= 0) close(toEngine);
  if (fromEngine >= 0) close(fromEngine);
  toEngine = fromEngine = -1;
}

}  // namespace sparring::match
