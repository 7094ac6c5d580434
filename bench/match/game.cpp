#include "game.h"

#include <cstdio>
#include <ctime>
#include <optional>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/position.h"

namespace sparring::match {

namespace {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

std::string format_seconds(std::chrono::microseconds us) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(us.count()) / 1e6);
  return buf;
}

double to_seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

std::string today() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

const char* side_name(Color c) { return c == WHITE ? "White" : "Black"; }

Outcome loss_for(Color c) { return c == WHITE ? Outcome::BLACK_WINS : Outcome::WHITE_WINS; }

struct RulesVerdict {
  Outcome outcome;
  Termination termination;
};

// The game ends by the rules (FIDE Laws; threefold and fifty moves ended at once, as if claimed).
std::optional<RulesVerdict> rules_verdict(const Position& pos) {
  if (!pos.has_legal_moves())
    return pos.in_check() ? RulesVerdict{loss_for(pos.side_to_move()), Termination::CHECKMATE}
                          : RulesVerdict{Outcome::DRAW, Termination::STALEMATE};
  if (pos.is_insufficient_material()) return RulesVerdict{Outcome::DRAW, Termination::INSUFFICIENT_MATERIAL};
  if (pos.rule50() >= 100) return RulesVerdict{Outcome::DRAW, Termination::FIFTY_MOVES};
  if (pos.repetition_count() >= 3) return RulesVerdict{Outcome::DRAW, Termination::REPETITION};
  return std::nullopt;
}

// Makes an engine ready for a new game, restarting it once if it is gone or does not answer.
std::string prepare(UciEngine& e) {
  std::string err;
  if (!e.running() && !(err = e.start()).empty()) return err;
  if ((err = e.new_game()).empty() || stop_request::raised()) return err;
  if (!(err = e.start()).empty()) return err;
  return e.new_game();
}

}  // namespace

std::string TimeControl::pgn_tag() const {
  if (fixed_nodes()) return "-";
  std::string tag = format_seconds(base);
  if (increment.count()) tag.append(1, '+').append(format_seconds(increment));
  return tag;
}

std::string TimeControl::describe() const {
  if (fixed_nodes()) return std::to_string(nodes) + " nodes/move";
  return format_seconds(base) + "s + " + format_seconds(increment) + "s";
}

std::string GameRecord::result_string() const {
  switch (outcome) {
    case Outcome::WHITE_WINS: return "1-0";
    case Outcome::BLACK_WINS: return "0-1";
    case Outcome::DRAW: return "1/2-1/2";
    default: return "*";
  }
}

std::string GameRecord::reason() const {
  const std::string winner = outcome == Outcome::WHITE_WINS ? "White" : "Black";
  const std::string off = side_name(offender);
  switch (termination) {
    case Termination::CHECKMATE: return winner + " mates";
    case Termination::STALEMATE: return "Draw by stalemate";
    case Termination::INSUFFICIENT_MATERIAL: return "Draw by insufficient mating material";
    case Termination::REPETITION: return "Draw by 3-fold repetition";
    case Termination::FIFTY_MOVES: return "Draw by fifty moves rule";
    case Termination::RESIGN_ADJUDICATION: return winner + " wins by adjudication";
    case Termination::DRAW_ADJUDICATION: return "Draw by adjudication";
    case Termination::MAX_MOVES: return "Draw by adjudication: move limit";
    case Termination::TIME_FORFEIT:
      return off + " loses on time" + (outcome == Outcome::DRAW ? " against a bare king: draw" : "") +
             (detail.empty() ? "" : " (" + detail + ")");
    case Termination::ILLEGAL_MOVE: return off + " makes an illegal move: " + detail;
    case Termination::CRASH: return off + " disconnects (" + detail + ")";
    case Termination::PROTOCOL_ERROR: return off + " makes a protocol error: " + detail;
    case Termination::ABORTED: return "Game aborted";
  }
  return "";
}

std::string GameRecord::short_reason() const {
  switch (termination) {
    case Termination::CHECKMATE: return "checkmate";
    case Termination::STALEMATE: return "stalemate";
    case Termination::INSUFFICIENT_MATERIAL: return "insufficient material";
    case Termination::REPETITION: return "3-fold repetition";
    case Termination::FIFTY_MOVES: return "50-move rule";
    case Termination::RESIGN_ADJUDICATION: return "resign adjudication";
    case Termination::DRAW_ADJUDICATION: return "draw adjudication";
    case Termination::MAX_MOVES: return "move limit";
    case Termination::TIME_FORFEIT: return "time forfeit";
    case Termination::ILLEGAL_MOVE: return "illegal move " + detail;
    case Termination::CRASH: return "crash";
    case Termination::PROTOCOL_ERROR: return "protocol error";
    case Termination::ABORTED: return "aborted";
  }
  return "";
}

std::string GameRecord::pgn_termination() const {
  switch (termination) {
    case Termination::RESIGN_ADJUDICATION:
    case Termination::DRAW_ADJUDICATION:
    case Termination::MAX_MOVES: return "adjudication";
    case Termination::TIME_FORFEIT: return "time forfeit";
    case Termination::ILLEGAL_MOVE:
    case Termination::PROTOCOL_ERROR: return "rules infraction";
    case Termination::CRASH: return "abandoned";
    case Termination::ABORTED: return "unterminated";
    default: return "normal";
  }
}

GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& whiteName, const std::string& blackName,
                     const Opening& opening, const GameSettings& s, int round) {
  GameRecord g;
  g.round = round;
  g.white = whiteName;
  g.black = blackName;
  g.startFen = opening.fen;
  g.standardStart = opening.standardStart;
  g.chess960 = s.chess960;
  g.date = today();
  UciEngine* engines[COLOR_NB] = {&white, &black};

  auto finish = [&](Outcome o, Termination t) {
    g.outcome = o;
    g.termination = t;
  };
  auto fail = [&](Color offender, Termination t, std::string detail) {
    finish(loss_for(offender), t);
    g.offender = offender;
    g.detail = std::move(detail);
  };

  for (Color c : {WHITE, BLACK}) {
    std::string err = prepare(*engines[c]);
    if (stop_request::raised()) return g;  // aborted
    if (!err.empty()) {
      fail(c, Termination::CRASH, "not ready: " + err);
      return g;
    }
  }

  Position pos;
  pos.set_chess960(s.chess960);
  pos.set_fen(opening.fen);
  const std::string positionPrefix = opening.standardStart ? "position startpos" : "position fen " + opening.fen;
  std::string uciMoves;
  auto play = [&](Move m, MoveRecord rec) {
    rec.move = m;
    rec.san = to_san(pos, m);
    uciMoves += ' ' + to_uci(pos, m);
    g.moves.push_back(std::move(rec));
    pos.make_move(m);
    if (pos.rule50() == 0) pos.trim_history();  // no repetition reaches across an irreversible move
  };
  for (Move m : opening.moves) {
    MoveRecord book;
    book.book = true;
    play(m, std::move(book));
  }

  Adjudicator adjudicator(s.adjudication);
  Clock::duration clock[COLOR_NB] = {s.tc.base, s.tc.base};
  const Clock::duration margin = s.timeMargin;

  if (auto v = rules_verdict(pos)) {  // an opening may end the game by itself
    finish(v->outcome, v->termination);
    return g;
  }
  for (;;) {
    const Color us = pos.side_to_move();
    UciEngine& e = *engines[us];

    std::string goCmd;
    Clock::duration limit;
    if (s.tc.fixed_nodes()) {
      goCmd = "go nodes " + std::to_string(s.tc.nodes);
      limit = s.moveTimeout;
    } else {
      auto ms = [](Clock::duration d) {
        return std::to_string(std::max<long long>(1, duration_cast<milliseconds>(d).count()));
      };
      const std::string inc = std::to_string(duration_cast<milliseconds>(s.tc.increment).count());
      goCmd = "go wtime " + ms(clock[WHITE]) + " btime " + ms(clock[BLACK]) + " winc " + inc + " binc " + inc;
      limit = clock[us] + margin;
    }
    auto r = e.go(positionPrefix + (uciMoves.empty() ? "" : " moves" + uciMoves), goCmd, limit);

    if (r.status == ReadStatus::Stopped) return g;  // aborted: the runner stops
    if (r.status == ReadStatus::Eof) {
      fail(us, Termination::CRASH, e.exit_description());
      return g;
    }
    char buf[96];
    if (r.status == ReadStatus::Timeout) {
      e.kill();  // it may be stuck: a fresh process plays its next game
      if (s.tc.fixed_nodes())
        std::snprintf(buf, sizeof buf, "no bestmove within %.1f s", to_seconds(limit));
      else
        std::snprintf(buf, sizeof buf, "no bestmove with %.3f s left", to_seconds(clock[us]));
    } else if (!s.tc.fixed_nodes() && r.elapsed > clock[us] + margin) {
      std::snprintf(buf, sizeof buf, "%.3f s used, %.3f s left", to_seconds(r.elapsed), to_seconds(clock[us]));
    } else {
      buf[0] = 0;
    }
    if (buf[0]) {
      fail(us, Termination::TIME_FORFEIT, buf);
      // The Laws: no win on time for a side left with a bare king.
      if (pos.pieces(~us) == pos.pieces(~us, KING)) g.outcome = Outcome::DRAW;
      return g;
    }

    if (r.bestmove.empty() || r.bestmove == "0000" || r.bestmove == "(none)") {
      e.count_protocol_error();
      fail(us, Termination::PROTOCOL_ERROR,
           r.bestmove.empty() ? "bestmove without a move" : "bestmove " + r.bestmove + " with legal moves left");
      return g;
    }
    Move m = parse_uci(pos, r.bestmove);
    if (!m) {
      fail(us, Termination::ILLEGAL_MOVE, r.bestmove);
      return g;
    }

    if (!s.tc.fixed_nodes()) clock[us] += s.tc.increment - r.elapsed;
    MoveRecord rec;
    rec.info = r.info;
    rec.seconds = to_seconds(r.elapsed);
    play(m, std::move(rec));

    // The rules come first, then the engines' evaluations, then the move limit.
    if (auto v = rules_verdict(pos)) {
      finish(v->outcome, v->termination);
      return g;
    }
    const int plies = int(g.moves.size());
    switch (adjudicator.add(us, r.info, plies)) {
      case Adjudicator::DRAW: finish(Outcome::DRAW, Termination::DRAW_ADJUDICATION); return g;
      case Adjudicator::WHITE_WINS: finish(Outcome::WHITE_WINS, Termination::RESIGN_ADJUDICATION); return g;
      case Adjudicator::BLACK_WINS: finish(Outcome::BLACK_WINS, Termination::RESIGN_ADJUDICATION); return g;
      case Adjudicator::NONE: break;
    }
    if (s.adjudication.maxMoves > 0 && plies >= 2 * s.adjudication.maxMoves) {
      finish(Outcome::DRAW, Termination::MAX_MOVES);
      return g;
    }
  }
}

}  // namespace sparring::match
