// Perft against the published counts (Gasser; Gevay and Danner).
#include "tests/catch.hpp"

#include "engine/perft.h"

using namespace mtb;

TEST_CASE("nmm perft from the start matches the published counts", "[perft]") {
    const Rules& r = *find_rules("nmm");
    Position p = start_position(r);
    CHECK(perft(r, p, 1) == 24);
    CHECK(perft(r, p, 2) == 552);
    CHECK(perft(r, p, 3) == 12144);
    CHECK(perft(r, p, 4) == 255024);
}

TEST_CASE("lasker perft from the start matches the published counts", "[perft]") {
    const Rules& r = *find_rules("lasker");
    Position p = start_position(r);
    CHECK(perft(r, p, 1) == 24);
    CHECK(perft(r, p, 2) == 552);
    CHECK(perft(r, p, 3) == 13552);
}
