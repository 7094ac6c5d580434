// Whole-game reviews with a real (shallow) search: known short games whose judgements follow by
// hand, the annotated PGN, the SVG graph, the JSON and the rating bands.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>

#include "../common/pgn_game.h"
#include "chess/pgn.h"
#include "review/reference_scale.h"
#include "review/review.h"
#include "review/review_report.h"
#include "review/review_svg.h"

using namespace sparring;
using namespace sparring::review;
using sparring::testing::parse_game;

namespace {

const char* SCHOLARS_MATE =
    "[Event \"Scholar's mate\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[WhiteElo \"1000\"]\n[BlackElo \"850\"]\n"
    "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

// Black has Qh4# after 2. g4 and plays a6 instead.
const char* MISSED_MATE = "[Event \"Missed mate\"]\n\n1. f3 e5 2. g4 a6 3. Nc3 *\n";

GameReview review_text(const char* text) {
  Search search;
  ReviewSettings settings;
  settings.depth = 8;
  return review_game(parse_game(text), settings, search);
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("Review flags the blunder of the Scholars mate and nothing like it for White") {
  GameReview r = review_text(SCHOLARS_MATE);
  REQUIRE(r.moves.size() == 7);
  REQUIRE(r.whiteScores.size() == 8);
  const MoveReview& nf6 = r.moves[5];
  CHECK(nf6.san == "Nf6");
  CHECK(nf6.mover == BLACK);
  CHECK(nf6.moveNumber == 3);
  CHECK(nf6.verdict.judgement == Judgement::BLUNDER);
  CHECK(nf6.verdict.mate == MateChange::MATE_CREATED);
  CHECK(!nf6.bestPlayed);
  CHECK(nf6.bestSan != "Nf6");
  CHECK(nf6.after == -(VALUE_MATE - 1));  // mated in 1, from Black's side
  CHECK(nf6.cpLoss >= 900);
  const MoveReview& mate = r.moves[6];
  CHECK(mate.san == "Qxf7#");
  CHECK(mate.mateInOneAvailable);
  CHECK(mate.mateInOnePlayed);
  CHECK(mate.bestPlayed);
  CHECK(mate.verdict.judgement == Judgement::NONE);
  CHECK(r.players[BLACK].blunders == 1);
  CHECK(r.players[WHITE].blunders == 0);
  CHECK(r.players[WHITE].moves == 4);
  CHECK(r.players[BLACK].moves == 3);
  CHECK(r.players[BLACK].accuracy < r.players[WHITE].accuracy);
  CHECK(r.players[BLACK].acpl() > 250);
}

TEST_CASE("Review counts a mate in one not played as a lost forced mate") {
  GameReview r = review_text(MISSED_MATE);
  REQUIRE(r.moves.size() == 5);
  const MoveReview& a6 = r.moves[3];
  CHECK(a6.san == "a6");
  CHECK(a6.bestSan == "Qh4#");
  CHECK(a6.mateInOneAvailable);
  CHECK(!a6.mateInOnePlayed);
  CHECK(a6.shortMateAvailable);
  CHECK(a6.verdict.mate == MateChange::MATE_LOST);
  CHECK(a6.verdict.judgement == Judgement::BLUNDER);
  ReviewTotals black;
  black.add(r, BLACK);
  CHECK(black.moves == 2);
  CHECK(black.mateInOneAvailable == 1);
  CHECK(black.mateInOneMissed == 1);
  CHECK(black.shortMateLost == 1);
  CHECK(black.blunders == 1);
}

TEST_CASE("Review skips the first plies when asked") {
  Search search;
  ReviewSettings settings;
  settings.depth = 6;
  settings.skipPlies = 4;
  GameReview r = review_game(parse_game(SCHOLARS_MATE), settings, search);
  REQUIRE(r.moves.size() == 3);
  CHECK(r.moves[0].san == "Qh5");
  CHECK(r.moves[0].ply == 4);
}

TEST_CASE("Review puts centipawns on the reference scale and leaves mate scores alone") {
  Search search;
  ReviewSettings raw, mapped;
  raw.depth = mapped.depth = 6;
  raw.referenceScale = false;
  GameReview a = review_game(parse_game(SCHOLARS_MATE), raw, search);
  GameReview b = review_game(parse_game(SCHOLARS_MATE), mapped, search);
  REQUIRE(a.moves.size() == b.moves.size());
  int mappedCp = 0;
  for (size_t i = 0; i < a.moves.size(); ++i) {
    const int before = a.moves[i].before;
    CHECK(b.moves[i].before == (is_mate(before) ? before : to_reference_cp(before)));
    mappedCp += !is_mate(before) && before != to_reference_cp(before);
  }
  CHECK(mappedCp >= 3);
  CHECK(b.moves[5].after == a.moves[5].after);  // Nf6: mated in one either way
  CHECK(b.moves[0].fen == START_FEN);
  CHECK(b.moves[0].uci == "e2e4");
}

TEST_CASE("Annotated PGN carries evals NAGs and the better move") {
  GameReview r = review_text(SCHOLARS_MATE);
  const std::string text = format_pgn(annotate(r));
  CHECK(text.find("[White \"Alice\"]") != std::string::npos);
  CHECK(text.find("1. e4 {[%eval ") != std::string::npos);
  CHECK(text.find("3... Nf6 $4") != std::string::npos);
  CHECK(text.find("[%eval #1] Blunder: Checkmate is now unavoidable. " + r.moves[5].bestSan + " was best.") !=
        std::string::npos);
  CHECK(count(text, "[%eval") == 6);  // every move but the mate itself
  // Read back: the NAG and the comments survive.
  std::istringstream in(text);
  PgnReader reader(in, "annotated.pgn");
  PgnGame back;
  std::string error;
  REQUIRE(reader.read(back, error) == PgnStatus::GAME);
  REQUIRE(back.moves.size() == 7);
  CHECK(back.moves[5].nags == std::vector<int>{4});
  CHECK(back.moves[0].comment.starts_with("[%eval "));
}

TEST_CASE("The SVG graph has its curve axes labels and markers") {
  GameReview r = review_text(MISSED_MATE);
  const std::string svg = render_svg(r);
  CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
  CHECK(svg.ends_with("</svg>\n"));
  const size_t curve = svg.find("<polyline class=\"eval-curve\" points=\"");
  REQUIRE(curve != std::string::npos);
  const size_t pointsStart = svg.find('"', svg.find("points=", curve)) + 1;
  const std::string points = svg.substr(pointsStart, svg.find('"', pointsStart) - pointsStart);
  CHECK(count(points, ",") == 6);  // one point per position: the start and after each of 5 moves
  CHECK(count(svg, "<circle class=\"marker ") == r.players[WHITE].inaccuracies + r.players[WHITE].mistakes +
                                                     r.players[WHITE].blunders + r.players[BLACK].inaccuracies +
                                                     r.players[BLACK].mistakes + r.players[BLACK].blunders);
  CHECK(svg.find("<circle class=\"marker blunder\"") != std::string::npos);
  CHECK(svg.find("2... a6 blunder (best Qh4#)") != std::string::npos);
  CHECK(svg.find(">move</text>") != std::string::npos);
  CHECK(svg.find(">White's Win%</text>") != std::string::npos);
  CHECK(svg.find(">50%</text>") != std::string::npos);
  CHECK(count(svg, "<text class=\"x-tick\"") >= 2);
  CHECK(count(svg, "<") == count(svg, ">"));
}

TEST_CASE("The text and JSON reports name the flagged moves") {
  GameReview r = review_text(SCHOLARS_MATE);
  const std::string text = format_text(r, 1);
  CHECK(text.find("Alice (1000) - Bob (850), 1-0") != std::string::npos);
  CHECK(text.find("3... Nf6??") != std::string::npos);
  CHECK(text.find("best: " + r.moves[5].bestSan) != std::string::npos);
  const std::string json = format_json(r, 1);
  CHECK(json.starts_with("{\"index\":1,"));
  CHECK(json.find("\"move\":\"Nf6\",\"best\":\"" + r.moves[5].bestSan + "\"") != std::string::npos);
  CHECK(json.find("\"eval_after\":{\"mate\":1}") != std::string::npos);  // White's side: White mates
  CHECK(json.find("\"judgement\":\"blunder\",\"mate\":\"created\"") != std::string::npos);
  CHECK(count(json, "{") == count(json, "}"));
  CHECK(count(json, "[") == count(json, "]"));
}

TEST_CASE("Ratings map into their bands") {
  CHECK(rating_band("600") == 0);
  CHECK(rating_band("899") == 0);
  CHECK(rating_band("900") == 1);
  CHECK(rating_band("1099") == 1);
  CHECK(rating_band("1100") == 2);
  CHECK(rating_band("1700") == 5);
  CHECK(rating_band("2499") == 8);
  CHECK(rating_band("2500") == 9);
  CHECK(rating_band("3100") == 9);
  CHECK(rating_band("") == 10);
  CHECK(rating_band("?") == 10);
  CHECK(std::string(band_name(rating_band("1250"))) == "1100-1300");
}
