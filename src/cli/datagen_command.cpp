// `sparring datagen`: self-play games at a fixed node budget, their quiet positions appended to a
// file of 32-byte training records (engine/datagen.h) for scripts/train_nnue.py.
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <cxxopts.hpp>

#include "chess/epd.h"
#include "chess/movegen.h"
#include "chess/prng.h"
#include "cli/commands.h"
#include "cli/parse_args.h"
#include "engine/datagen.h"
#include "engine/nnue_eval.h"

namespace sparring::cli {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_signal(int) { interrupted = true; }

std::vector<Position> read_book(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read the book '" + path + "'");
  std::vector<Position> book;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    EpdRecord rec;
    if (std::string err = parse_epd(line, rec); err == "empty")
      continue;
    else if (!err.empty())
      throw std::invalid_argument(path + ":" + std::to_string(n) + ": " + err);
    Position pos;
    if (std::string err = pos.set_fen(rec.fen); !err.empty())
      throw std::invalid_argument(path + ":" + std::to_string(n) + ": bad FEN: " + err);
    book.push_back(pos);
  }
  if (book.empty()) throw std::invalid_argument("the book '" + path + "' has no positions");
  return book;
}

// Game `index`'s start: a book position (or the start position) and `randomPlies` random legal
// moves, all drawn from the seed and the index alone. Retries when the random moves end the game.
Position start_position(const std::vector<Position>& book, int randomPlies, std::uint64_t seed, std::uint64_t index) {
  std::uint64_t state = splitmix64(seed ^ splitmix64(index));
  for (int attempt = 0;; ++attempt) {
    state = splitmix64(state);
    Position pos = book.empty() ? Position() : book[state % book.size()];
    bool ok = true;
    for (int i = 0; i < randomPlies && ok; ++i) {
      MoveList moves(pos);
      state = splitmix64(state);
      if (moves.size() == 0)
        ok = false;
      else
        pos.make_move(moves.begin()[state % moves.size()]);
    }
    if ((ok && pos.has_legal_moves()) || attempt == 100) return pos;
  }
}

std::string thousands(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string s;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

}  // namespace

int datagen_command(int argc, char** argv) {
  cxxopts::Options options("sparring datagen",
                           "Self-play games at a fixed node budget; their quiet positions, each with its search "
                           "score and the game's result, appended to FILE as 32-byte training records.");
  options.add_options()("o,out", "the records file (appended to)", cxxopts::value<std::string>())(
      "g,games", "games to play (1-100000000)", cxxopts::value<long long>())(
      "first-game", "index of the first game: a later run resumes where one stopped",
      cxxopts::value<long long>()->default_value("0"))("n,nodes", "search nodes a move (100-10000000)",
                                                       cxxopts::value<long long>()->default_value("5000"))(
      "t,threads", "games played at once (1-256)", cxxopts::value<int>()->default_value("1"))(
      "s,seed", "seed of the start positions", cxxopts::value<unsigned long long>()->default_value("1"))(
      "index", "also append one line 'GAME RECORDS' per game to this file, once its records are in --out",
      cxxopts::value<std::string>())("b,book", "EPD/FEN file of start positions (default: the start position)",
                                     cxxopts::value<std::string>())(
      "random-plies", "random legal moves played after the book position (0-20)",
      cxxopts::value<int>()->default_value("4"))("skip-plies", "positions before this game ply are not kept (0-200)",
                                                 cxxopts::value<int>()->default_value("16"))(
      "hash", "transposition table per thread, MB (1-1024)", cxxopts::value<int>()->default_value("16"))(
      "h,help", "show this help");
  try {
    cxxopts::ParseResult args;
    if (!parse_args(options, argc, argv, args)) return 0;
    if (!args.count("out")) throw std::invalid_argument("--out is required");
    if (!args.count("games")) throw std::invalid_argument("--games is required");
    const long long games = args["games"].as<long long>(), first = args["first-game"].as<long long>();
    const long long nodes = args["nodes"].as<long long>();
    const int threads = args["threads"].as<int>(), randomPlies = args["random-plies"].as<int>();
    const int skipPlies = args["skip-plies"].as<int>(), hashMb = args["hash"].as<int>();
    if (games < 1 || games > 100'000'000) throw std::invalid_argument("--games must be from 1 to 100000000");
    if (first < 0) throw std::invalid_argument("--first-game must be 0 or more");
    if (nodes < 100 || nodes > 10'000'000) throw std::invalid_argument("--nodes must be from 100 to 10000000");
    if (threads < 1 || threads > 256) throw std::invalid_argument("--threads must be from 1 to 256");
    if (randomPlies < 0 || randomPlies > 20) throw std::invalid_argument("--random-plies must be from 0 to 20");
    if (skipPlies < 0 || skipPlies > 200) throw std::invalid_argument("--skip-plies must be from 0 to 200");
    if (hashMb < 1 || hashMb > 1024) throw std::invalid_argument("--hash must be from 1 to 1024");
    const std::vector<Position> book =
        args.count("book") ? read_book(args["book"].as<std::string>()) : std::vector<Position>{};
    const std::uint64_t seed = args["seed"].as<unsigned long long>();

    // A run killed while writing may leave part of a record: drop it, so the file stays whole records.
    const std::string path = args["out"].as<std::string>();
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(path, ec); !ec && size % TRAINING_RECORD_SIZE)
      std::filesystem::resize_file(path, size - size % TRAINING_RECORD_SIZE, ec);
    std::FILE* out = std::fopen(path.c_str(), "ab");
    if (!out) throw std::invalid_argument("cannot write '" + path + "': " + std::strerror(errno));
    // Where each game lies in --out: a reader of a file cut anywhere (a hard kill) keeps the records
    // of the games listed and knows the next game exactly (scripts/nnue_pool.py).
    const std::string indexPath = args.count("index") ? args["index"].as<std::string>() : "";
    std::FILE* index = indexPath.empty() ? nullptr : std::fopen(indexPath.c_str(), "a");
    if (!indexPath.empty() && !index) {
      std::fclose(out);
      throw std::invalid_argument("cannot write '" + indexPath + "': " + std::strerror(errno));
    }

    DatagenSettings settings;
    settings.nodes = std::uint64_t(nodes);
    settings.skipPlies = skipPlies;
    std::atomic<long long> next{first};
    std::atomic<std::uint64_t> positions{0};
    std::atomic<bool> stop{false}, writeFailed{false};
    std::mutex writing;
    interrupted = false;
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);

    // Games are written in the order of their index, whatever thread finished first: the file is
    // the same for any --threads, and a stopped run holds exactly the games before `written`.
    std::map<long long, std::vector<TrainingRecord>> finished;
    std::atomic<long long> written{first};  // games first .. written - 1 are in the file
    auto worker = [&] {
      Search search;  // evaluates with the built-in network (SPARRING_SEARCH_OFF=nnue: the hand-written one)
      search.options().evalNet = &builtin_eval_net();
      search.set_hash(std::size_t(hashMb));
      for (long long g; !stop && (g = next++) < first + games;) {
        const Position start = start_position(book, randomPlies, seed, std::uint64_t(g));
        DatagenGame game = play_datagen_game(search, start, settings, &stop);
        if (stop) break;  // an unfinished game has no result: nothing of it is written
        std::lock_guard<std::mutex> lock(writing);
        finished[g] = std::move(game.records);
        for (auto it = finished.begin(); it != finished.end() && it->first == written; it = finished.erase(it)) {
          const std::vector<TrainingRecord>& records = it->second;
          if (!records.empty() &&
              (std::fwrite(records.data(), TRAINING_RECORD_SIZE, records.size(), out) != records.size() ||
               std::fflush(out) != 0)) {
            writeFailed = stop = true;
            return;
          }
          if (index && (std::fprintf(index, "%lld %zu\n", it->first, records.size()) < 0 || std::fflush(index) != 0)) {
            writeFailed = stop = true;
            return;
          }
          positions += records.size();
          ++written;
        }
      }
    };
    const auto started = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) pool.emplace_back(worker);
    auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
    // Each line names the first game not yet in the file: a run killed without a chance to say more
    // (SIGKILL, a machine going down) resumes from its log's last line, repeating at most that line's
    // interval of games.
    auto progress = [&](const char* what) {
      const double s = std::max(seconds(), 1e-3);
      const long long nextGame = written, done = nextGame - first;
      std::fprintf(stderr, "datagen: %s%s games of %s, %s positions, %.0f positions/s", what,
                   thousands(std::uint64_t(done)).c_str(), thousands(std::uint64_t(games)).c_str(),
                   thousands(positions).c_str(), double(positions) / s);
      if (!*what && done > 0) std::fprintf(stderr, ", about %.0f min left", s / done * (games - done) / 60);
      std::fprintf(stderr, "; next game %lld\n", nextGame);
    };
    double lastReport = 0;
    while (written < first + games && !stop) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (interrupted) stop = true;
      if (seconds() - lastReport >= 10) {
        progress("");
        lastReport = seconds();
      }
    }
    for (std::thread& t : pool) t.join();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    const bool closed = std::fclose(out) == 0, indexClosed = !index || std::fclose(index) == 0;
    if (writeFailed || !closed || !indexClosed) {
      std::fprintf(stderr, "sparring datagen: writing '%s' failed: %s\n",
                   (index ? path + "' or '" + indexPath : path).c_str(), std::strerror(errno));
      return 1;
    }
    progress(interrupted ? "stopped after " : "done, ");
    if (interrupted)
      std::fprintf(stderr, "datagen: to resume, the same command with --first-game %lld --games %lld\n", written.load(),
                   first + games - written);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "sparring datagen: " << e.what() << " (see --help)\n";
    return 2;
  }
}

}  // namespace sparring::cli
