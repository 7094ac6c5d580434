// The search's tunable parameters (engine/search_params.h): a list SPSA and the UCI options can trust.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "engine/search_params.h"

using namespace sparring;

TEST_CASE("every search parameter's default lies in its range, with a step that fits it", "[search_params]") {
  REQUIRE(std::size(SEARCH_PARAMS) >= 15);
  for (const SearchParam& p : SEARCH_PARAMS) {
    INFO(std::string(p.name));
    CHECK(p.min <= p.defaultValue);
    CHECK(p.defaultValue <= p.max);
    CHECK(p.min < p.max);
    CHECK(p.step > 0);
    CHECK(p.step <= p.max - p.min);
  }
}

TEST_CASE("search parameters have unique names, as UCI options need", "[search_params]") {
  std::set<std::string> names;
  for (const SearchParam& p : SEARCH_PARAMS) {
    INFO(std::string(p.name));
    CHECK(!p.name.empty());
    CHECK(p.name.find(' ') == std::string_view::npos);
    // UCI option names are matched without regard to case.
    std::string lower(p.name);
    for (char& c : lower) c = char(std::tolower((unsigned char)c));
    CHECK(names.insert(lower).second);
  }
}

TEST_CASE("a search parameter is a constant in a normal build and settable in a tune build", "[search_params]") {
  const SearchParam& first = SEARCH_PARAMS[0];
  CHECK(first.name == "RFPDepth");
  CHECK(search_params::RFPDepth == first.defaultValue);
  CHECK_FALSE(set_search_param("NoSuchParameter", 1));
  if constexpr (search_params::TUNABLE) {
    CHECK(set_search_param(first.name, first.max));
    CHECK(search_params::RFPDepth == first.max);
    CHECK(set_search_param(first.name, first.defaultValue));
  } else {
    CHECK_FALSE(set_search_param(first.name, first.max));
  }
}
