// The review with an external UCI judge: Sparring's own binary, run over pipes as the judge, must
// give exactly the judgements of the in-process search (same depth, fresh hash, raw centipawns),
// which checks the UCI score conversion (centipawns and `mate N` both ways) end to end.
#include <catch2/catch.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

#include "../common/pgn_game.h"
#include "chess/pgn.h"
#include "engine/nnue_eval.h"
#include "review/review.h"
#include "review/uci_judge.h"

using namespace sparring;
using namespace sparring::review;
using sparring::testing::parse_game;

namespace {

// A mate walked into, a mate delivered, and a mate missed (Black has Qh4# after 2. g4).
const char* GAMES[] = {
    "[Event \"Scholar's mate\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    "[Event \"Missed mate\"]\n\n1. f3 e5 2. g4 a6 3. Nc3 b6 4. e4 *\n",
};

}  // namespace

TEST_CASE("an external UCI judge gives the same review as the search in process", "[e2e][review]") {
  ReviewSettings settings;
  settings.depth = 6;
  settings.referenceScale = false;  // the external judge prints raw centipawns
  UciJudge external({SPARRING_BINARY, {}, 16}, settings);
  CHECK(external.name().rfind("Sparring", 0) == 0);
  for (const char* text : GAMES) {
    const PgnGame game = parse_game(text);
    Search search;
    search.options().evalNet = &builtin_eval_net();  // as the binary's full strength
    GameReview inProcess = review_game(game, settings, search);
    GameReview overPipes = review_game(game, settings, external);
    REQUIRE(inProcess.moves.size() == overPipes.moves.size());
    for (size_t i = 0; i < inProcess.moves.size(); ++i) {
      const MoveReview &a = inProcess.moves[i], &b = overPipes.moves[i];
      INFO(game.tag("Event") << ", ply " << i << ": " << a.san);
      CHECK(a.before == b.before);
      CHECK(a.after == b.after);
      CHECK(a.best == b.best);
      CHECK(a.verdict.judgement == b.verdict.judgement);
      CHECK(a.verdict.mate == b.verdict.mate);
    }
  }
}

TEST_CASE("a judge that is not a UCI engine is refused with a reason", "[e2e][review]") {
  ReviewSettings settings;
  CHECK_THROWS_WITH(UciJudge({"/bin/true", {}, 16}, settings), Catch::Contains("/bin/true"));
}
