// Round trips slot -> position -> slot over every slot, and slot counts
// against Burnside's count, for the small rule sets and small nmm sectors.
#include "tests/catch.hpp"

#include <algorithm>

#include "index_test_util.h"
#include "table/index.h"

using namespace mtb;
using namespace mtb::test;

namespace {

// Every slot holds the canonical form of a position of the sector, and maps
// back to itself; with slots() == Burnside's count the index is a bijection
// between slots and classes.  Returns the slots checked, so that a caller
// can tell that its loop reached the sectors it means (a count floor).
std::uint64_t check_every_slot(const Rules& r, const Sector& s) {
    INFO(r.name << " sector " << s.name());
    SectorIndex idx(r, s);
    CHECK(idx.slots() == distinct_positions(r, s));
    std::uint64_t bad = 0;
    for (std::uint64_t slot = 0; slot < idx.slots(); ++slot) {
        NormalPosition p;
        if (!idx.position_of(slot, p)) {
            ++bad;
            continue;
        }
        NormalPosition c = brute_canonical(*r.board, p);
        bool ok = popcount(p.us) == s.us_board && popcount(p.them) == s.them_board && !(p.us & p.them) &&
                  !((p.us | p.them) & ~r.board->all) && c.us == p.us && c.them == p.them && idx.slot_of(p) == slot;
        bad += !ok;
    }
    CHECK(bad == 0);
    NormalPosition p;
    CHECK_FALSE(idx.position_of(idx.slots(), p));
    // positions_of (the running successor) agrees with position_of, in runs
    // that start anywhere and cross the reps' runs (37 is prime, so the
    // runs' starts fall at every offset within a rep's run).
    std::uint64_t differ = 0;
    NormalPosition run[37];
    for (std::uint64_t first = 0; first < idx.slots(); first += 37) {
        const std::size_t n = std::size_t(std::min<std::uint64_t>(37, idx.slots() - first));
        idx.positions_of(first, n, run);
        for (std::size_t j = 0; j < n; ++j) {
            idx.position_of(first + j, p);
            differ += run[j].us != p.us || run[j].them != p.them;
        }
    }
    CHECK(differ == 0);
    return idx.slots();
}

}  // namespace

TEST_CASE("six: every slot of every sector round trips", "[index][roundtrip]") {
    const Rules& r = *find_rules("six");
    std::uint64_t sectors = 0, slots = 0;
    for (const Sector& s : board_count_representatives(solve_units(r))) {
        slots += check_every_slot(r, s);
        ++sectors;
    }
    // Floors: 3..6 stones a side on the board and fewer, and sector 6v6
    // alone has about C(16,6) C(10,6) / 16 = 105,105 classes.
    CHECK(sectors >= 20);
    CHECK(slots >= 100000);
}

TEST_CASE("nmm: every slot of sectors up to 4 stones a side round trips", "[index][roundtrip]") {
    const Rules& r = *find_rules("nmm");
    std::uint64_t sectors = 0, slots = 0;
    for (const Sector& s : board_count_representatives(solve_units(r)))
        if (s.us_board <= 4 && s.them_board <= 4) {
            slots += check_every_slot(r, s);
            ++sectors;
        }
    // Floors: every pair of 0..4 stones a side that the game reaches, and
    // sector 4v4 alone has about C(24,4) C(20,4) / 16 = 3.2 million classes.
    CHECK(sectors >= 15);
    CHECK(slots >= 3000000);
}

TEST_CASE("a small sector is complete: every position reaches a slot whose position is its class",
          "[index][roundtrip]") {
    for (const char* name : {"nmm", "morris18", "six", "morabaraba"}) {
        const Rules& r = *find_rules(name);
        Sector s{3, 2, 0, 0};
        SectorIndex idx(r, s);
        std::vector<char> hit(idx.slots(), 0);
        std::uint64_t wrong = 0;
        for_each_position(r.board->size, 3, 2, [&](Bitboard us, Bitboard them) {
            std::uint64_t slot = idx.slot_of({us, them});
            NormalPosition back;
            if (slot >= idx.slots() || !idx.position_of(slot, back)) return void(++wrong);
            NormalPosition c = brute_canonical(*r.board, {us, them});
            wrong += back.us != c.us || back.them != c.them;
            hit[slot] = 1;
        });
        INFO(name);
        CHECK(idx.slots() > 0);
        CHECK(wrong == 0);
        CHECK(std::count(hit.begin(), hit.end(), 1) == std::int64_t(idx.slots()));
    }
}
