#include "datagen.h"

#include <algorithm>
#include <cstring>

#include "chess/movegen.h"

namespace sparring {

TrainingRecord encode_record(const Position& pos, int score, int result) {
  TrainingRecord r{};
  const Bitboard occupied = pos.pieces();
  std::memcpy(&r[0], &occupied, 8);
  int i = 0;
  for (Bitboard b = occupied; b; ++i) {
    const Piece p = pos.piece_on(pop_lsb(b));
    r[8 + i / 2] |= std::uint8_t(p << (4 * (i % 2)));
  }
  const std::int16_t s = std::int16_t(std::clamp(score, -32767, 32767));
  std::memcpy(&r[24], &s, 2);
  r[26] = std::uint8_t(result);
  r[27] = std::uint8_t(pos.side_to_move());
  const std::uint16_t fullmove = std::uint16_t(std::min(pos.fullmove_number(), 65535));
  std::memcpy(&r[28], &fullmove, 2);
  r[30] = std::uint8_t(std::min(pos.rule50(), 255));
  r[31] = TRAINING_RECORD_VERSION;
  return r;
}

std::string decode_record(const TrainingRecord& r, DecodedRecord& out) {
  Bitboard occupied;
  std::memcpy(&occupied, &r[0], 8);
  if (popcount(occupied) > 32) return "more than 32 pieces";
  if (r[31] != TRAINING_RECORD_VERSION) return "unknown version " + std::to_string(r[31]);
  if (r[26] > 2) return "bad result " + std::to_string(r[26]);
  if (r[27] > 1) return "bad side to move " + std::to_string(r[27]);
  Piece board[SQUARE_NB] = {};
  int i = 0;
  for (Bitboard b = occupied; b; ++i) {
    const int code = r[8 + i / 2] >> (4 * (i % 2)) & 15;
    if (code == 0 || code == 7 || code == 8 || code == 15) return "bad piece code " + std::to_string(code);
    board[pop_lsb(b)] = Piece(code);
  }
  static const char* const LETTERS = " PNBRQK  pnbrqk ";
  out.placement.clear();
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board[rank * 8 + file];
      if (p == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out.placement += char('0' + empty), empty = 0;
      out.placement += LETTERS[p];
    }
    if (empty) out.placement += char('0' + empty);
    if (rank) out.placement += '/';
  }
  std::int16_t score;
  std::memcpy(&score, &r[24], 2);
  std::uint16_t fullmove;
  std::memcpy(&fullmove, &r[28], 2);
  out.score = score;
  out.result = r[26];
  out.sideToMove = Color(r[27]);
  out.fullmove = fullmove;
  out.rule50 = r[30];
  out.version = r[31];
  return "";
}

DatagenGame play_datagen_game(Search& search, const Position& start, const DatagenSettings& settings,
                              const std::atomic<bool>* stop) {
  DatagenGame game;
  search.clear();
  Position pos = start;
  std::vector<Color> keptSide;
  std::vector<int> whiteScores;  // each search's score, from white's view
  auto last_all = [&](int n, auto&& pred) {
    return int(whiteScores.size()) >= n && std::all_of(whiteScores.end() - n, whiteScores.end(), pred);
  };
  SearchLimits limits;
  limits.nodes = settings.nodes;

  for (;;) {
    if (!pos.has_legal_moves()) {
      game.whiteResult = !pos.in_check() ? 1 : pos.side_to_move() == WHITE ? 0 : 2;
      game.ending = pos.in_check() ? "checkmate" : "stalemate";
      break;
    }
    if (pos.is_insufficient_material() || pos.can_claim_draw() || game.plies >= settings.maxPlies) {
      game.ending = pos.is_insufficient_material() ? "insufficient material"
                    : pos.can_claim_draw()         ? "repetition or 50 moves"
                                                   : "move limit";
      break;
    }
    if (stop && stop->load(std::memory_order_relaxed)) {
      game.records.clear();
      game.ending = "stopped";
      return game;
    }
    const std::vector<RootMove> root = search.search_sync(pos, limits);
    const Move best = root[0].move;
    const int score = score_in_net_units(root[0].score, search.options());  // as the network is trained
    whiteScores.push_back(pos.side_to_move() == WHITE ? score : -score);

    // Quiet positions only: the score of a position in check or before a capture is the tactics'.
    if (pos.game_ply() >= settings.skipPlies && !pos.in_check() && !is_mate_score(score) && !pos.is_capture(best) &&
        best.kind() != PROMOTION) {
      game.records.push_back(encode_record(pos, score, 1));
      keptSide.push_back(pos.side_to_move());
    }

    if (last_all(settings.winPlies, [&](int s) { return s >= settings.winScore; }) ||
        last_all(settings.winPlies, [&](int s) { return s <= -settings.winScore; })) {
      game.whiteResult = whiteScores.back() > 0 ? 2 : 0;
      game.ending = "adjudicated win";
      break;
    }
    if (game.plies >= settings.drawFrom &&
        last_all(settings.drawPlies, [&](int s) { return std::abs(s) <= settings.drawScore; })) {
      game.ending = "adjudicated draw";
      break;
    }
    pos.make_move(best);
    ++game.plies;
  }
  for (std::size_t i = 0; i < game.records.size(); ++i)
    game.records[i][26] = std::uint8_t(keptSide[i] == WHITE ? game.whiteResult : 2 - game.whiteResult);
  return game;
}

}  // namespace sparring
