// The value verifier: generated tables pass, a table with one value changed
// fails, naming the position.
#include "tests/catch.hpp"

#include <algorithm>
#include <filesystem>
#include <random>
#include <tuple>

#include "cross_check.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "gen/verify.h"
#include "gen/verify_plies.h"
#include "table/class_walk.h"
#include "table/index.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("verify passes generated tables and names a changed value", "[gen][verify]") {
    const Rules& r = *find_rules("six");
    auto units = movement_units(r, 4);
    std::string dir = scratch_dir("verify");
    gen_units(r, units, dir, 2);
    const Sector s{4, 3, 0, 0};
    const std::string path = table_path(dir, r, s);
    for (const SolveUnit& u : units)
        for (Sector t : u.sectors) {
            auto problems = verify_values(table_path(dir, r, t), value_check(2));
            INFO(t.name() << ": " << (problems.empty() ? "" : problems[0].message));
            CHECK(problems.empty());
        }

    // Change the value of one position with a win and rewrite the table.
    std::vector<ValueCode> values;
    REQUIRE(!load_table(path, r, s, values));
    SectorIndex index(r, s);
    std::uint64_t slot = 0;
    NormalPosition n;
    while (!(index.position_of(slot, n) && value_wdl(values[slot]) == Wdl::WIN)) ++slot;
    const ValueCode good = values[slot];
    values[slot] = value_win(value_plies(good) + 2);
    REQUIRE(!write_table(path, r, s, values));
    auto problems = verify_values(path, value_check(2));
    REQUIRE(!problems.empty());
    const std::string text = position_to_text(r, denormalise(s, n, WHITE));
    CHECK(problems[0].message.find(text) != std::string::npos);
    CHECK(problems[0].message.find("stored " + value_text(values[slot])) != std::string::npos);
    // mtb verify's route (values read as packed symbols) finds it too.
    auto found = verify_with_values(2)(path);
    REQUIRE(!found.empty());
    CHECK(found[0].message.find(text) != std::string::npos);

    // The checker itself, on the values in memory: one error, that slot.
    VerifyTables succ;
    for (Sector c : {Sector{3, 3, 0, 0}, Sector{3, 4, 0, 0}}) REQUIRE(!succ.load(r, c, dir, 2));
    auto errors = check_values(r, s, values, succ, 2);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].slot == slot);
    CHECK(errors[0].expected == good);
    std::filesystem::remove_all(dir);
}

TEST_CASE("verify checks a sector large enough for threads, as a single thread does", "[gen][verify]") {
    // nmm 3v3 (169,626 slots) is above the verifier's parallel threshold
    // (65,536 slots) and is its own successor: the table under check is also
    // the table its children are read from.
    const Rules& r = *find_rules("nmm");
    const Sector s{3, 3, 0, 0};
    std::string dir = scratch_dir("verify-parallel");
    gen_units(r, movement_units(r, 3), dir, 2);
    const std::string path = table_path(dir, r, s);
    CHECK(verify_values(path, value_check(2)).empty());

    // Change two values far apart (a loss and a draw), so that different
    // threads meet them.
    std::vector<ValueCode> values;
    REQUIRE(!load_table(path, r, s, values));
    REQUIRE(values.size() > (1 << 16));
    std::vector<std::uint64_t> changed;
    for (std::uint64_t slot = 0; slot < values.size() && changed.size() < 1; ++slot)
        if (value_wdl(values[slot]) == Wdl::LOSS && value_plies(values[slot]) > 0) {
            values[slot] = value_loss(value_plies(values[slot]) + 2);
            changed.push_back(slot);
        }
    for (std::uint64_t slot = values.size() - 1; slot > 0 && changed.size() < 2; --slot)
        if (values[slot] == VALUE_DRAW) {
            values[slot] = value_win(99);
            changed.push_back(slot);
        }
    REQUIRE(changed.size() == 2);
    VerifyTables succ;
    succ.add(std::make_unique<StoredTable>(r, s, values));
    auto parallel = check_values(r, s, values, succ, 2);
    auto serial = check_values(r, s, values, succ, 1);
    REQUIRE(parallel.size() >= 2);
    // The changed slots are reported (their parents may be too: they read
    // the changed values as children), in slot order, alike in both runs.
    for (std::uint64_t slot : changed)
        CHECK(std::any_of(parallel.begin(), parallel.end(), [&](const ValueError& e) { return e.slot == slot; }));
    REQUIRE(parallel.size() == serial.size());
    for (std::size_t i = 0; i < parallel.size(); ++i) {
        CHECK(parallel[i].slot == serial[i].slot);
        CHECK(parallel[i].expected == serial[i].expected);
        if (i) CHECK(parallel[i - 1].slot < parallel[i].slot);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("verify --values refuses a header whose sector does not fit the board, without throwing", "[gen][verify]") {
    // Consistent checksums, impossible sector (issue 15, item 1): building
    // its index threw std::invalid_argument, uncaught in mtb verify --values.
    const Rules& r = *find_rules("nmm");
    const std::string dir = scratch_dir("verify-bad-sector");
    const Sector bad{20, 10, 0, 0};
    const std::string path = table_path(dir, r, bad);
    std::vector<ValueCode> values(1000, VALUE_DRAW);
    REQUIRE(!write_table(path, r, bad, values));
    std::vector<VerifyProblem> problems;
    REQUIRE_NOTHROW(problems = verify_with_values(2)(path));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("cannot have") != std::string::npos);
    REQUIRE_NOTHROW(problems = verify_values(path, value_check(2)));
    REQUIRE(problems.size() == 1);
    std::filesystem::remove_all(dir);
}

namespace {

// `count` random points of `free` (fewer if it has fewer), taking whole
// mills first when `mills` (so that every stone may stand in a mill).
Bitboard random_stones(const Board& b, Bitboard free, int count, bool mills, std::mt19937& rng) {
    Bitboard out = 0;
    if (mills)
        for (int tries = 0; tries < 8 && popcount(out) + 3 <= count; ++tries) {
            const Bitboard m = b.mills[rng() % b.mills.size()];
            if ((m & free) == m) {
                out |= m;
                free &= ~m;
            }
        }
    while (popcount(out) < count && free) {
        Bitboard f = free;
        for (int skip = int(rng() % popcount(free)); skip > 0; --skip) f &= f - 1;
        const Bitboard p = f & (~f + 1);
        out |= p;
        free &= ~p;
    }
    return out;
}

using PlyKey = std::tuple<int, int, int>;
PlyKey key(Move m) { return {m.from, m.to, m.remove}; }

// The plies of position n of sector s by the verifier's scan and by
// generate(), each sorted.
std::pair<std::vector<PlyKey>, std::vector<PlyKey>> both_plies(const Rules& r, Sector s, const SectorPlies& plies,
                                                               NormalPosition n) {
    std::vector<PlyKey> got, want;
    for_each_ply(r, plies, n.us, n.them, [&](Move m) { got.push_back(key(m)); });
    for (const Move& m : MoveList(r, denormalise(s, n, WHITE))) want.push_back(key(m));
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    return {got, want};
}

}  // namespace

TEST_CASE("the verifier's ply scan gives the move generator's plies", "[gen][verify]") {
    // gen/verify_plies.h mirrors generate() (engine/movegen.cpp) by bit
    // operations: the same plies, as a set, in every valid sector of every
    // rule set, on random positions, a quarter of them with the stones
    // drawn as whole mills first, so that mills close and every stone of
    // the opponent may stand in one (where the removal rules differ).
    std::mt19937 rng(35);
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        // What the positions met, so that the test cannot pass by missing a rule.
        int compared = 0, captures = 0, all_in_mills = 0, flying = 0, placing_and_moving = 0;
        for (int ub = 0; ub <= r.stones; ++ub)
            for (int tb = 0; tb <= r.stones; ++tb)
                for (int uh = 0; uh + ub <= r.stones; ++uh)
                    for (int th = 0; th + tb <= r.stones; ++th) {
                        const Sector s{std::uint8_t(ub), std::uint8_t(tb), std::uint8_t(uh), std::uint8_t(th)};
                        if (!valid_sector(r, s)) continue;
                        const SectorPlies plies(r, s);
                        for (int i = 0; i < 12; ++i) {
                            const bool mills = i % 4 == 0;
                            const Bitboard them = random_stones(b, b.all, tb, mills, rng);
                            const Bitboard us = random_stones(b, b.all & ~them, ub, mills, rng);
                            const auto [got, want] = both_plies(r, s, plies, NormalPosition{us, them});
                            INFO(r.name << " " << s.name() << " "
                                        << position_to_text(r, denormalise(s, NormalPosition{us, them}, WHITE)));
                            REQUIRE(got == want);
                            ++compared;
                            const bool capture = std::any_of(
                                got.begin(), got.end(), [](const PlyKey& k) { return std::get<2>(k) != POINT_NONE; });
                            captures += capture;
                            all_in_mills += (capture || r.removal == RemovalRule::NO_REMOVAL_IF_ALL_IN_MILLS) && them &&
                                            stones_in_mills(b, them) == them &&
                                            mill_closing_points(b, us, b.all & ~(us | them));
                            flying += plies.fly && plies.move && ub > 0;
                            placing_and_moving += plies.place && plies.move;
                        }
                    }
        INFO(r.name);
        CHECK(compared > 1000);
        CHECK(captures > 100);
        CHECK(all_in_mills > 10);
        if (r.fly_at) CHECK(flying > 50);
        if (r.move_while_in_hand) CHECK(placing_and_moving > 100);
    }
}

TEST_CASE("the verifier's ply scan gives the move generator's plies in whole sectors", "[gen][verify]") {
    // Every position class of a few small sectors (table/class_walk.h, the
    // verifier's own walk): flying, placing, placing while moving, the
    // opponent's stones all in mills.
    const std::pair<const char*, Sector> cases[] = {
        {"nmm", Sector{3, 3, 0, 0}},       {"nmm", Sector{4, 3, 0, 0}},      {"nmm", Sector{2, 3, 3, 3}},
        {"lasker", Sector{3, 3, 1, 1}},    {"lasker", Sector{3, 4, 0, 1}},   {"lasker-20", Sector{4, 3, 1, 0}},
        {"lasker-20", Sector{3, 3, 0, 0}}, {"morris18", Sector{3, 4, 0, 0}}, {"six", Sector{3, 4, 1, 0}},
    };
    for (const auto& [name, s] : cases) {
        const Rules& r = *find_rules(name);
        REQUIRE(valid_sector(r, s));
        const SectorPlies plies(r, s);
        const ClassWalk walk(*r.board, s);
        std::size_t compared = 0;
        for (std::size_t g = 0; g < walk.groups(); ++g)
            walk.for_each(g, [&](NormalPosition n) {
                const auto [got, want] = both_plies(r, s, plies, n);
                if (got != want) {
                    INFO(name << " " << s.name() << " " << position_to_text(r, denormalise(s, n, WHITE)));
                    REQUIRE(got == want);
                }
                ++compared;
            });
        CHECK(compared == distinct_positions(r, s));
    }
}

TEST_CASE("the verifier's colex rank by halves is the index's", "[gen][verify]") {
    // Every set of points below 24: the quiet children's slots hang on it.
    const ColexHalves& colex = ColexHalves::get();
    std::uint64_t wrong = 0;
    for (std::uint32_t mask = 0; mask < (std::uint32_t(1) << 24); ++mask)
        wrong += colex.rank(mask) != colex_rank24(mask);
    CHECK(wrong == 0);
}

TEST_CASE("slot_of with the group's images of their stones is slot_of", "[gen][verify]") {
    // The verifier finds its positions' slots with them_images found once
    // a group (table/index.h); every position of a few sectors, on boards
    // with 16 symmetries and fewer, stabilised reps included.
    const std::pair<const char*, Sector> cases[] = {
        {"nmm", Sector{3, 3, 0, 0}},      {"nmm", Sector{4, 3, 0, 0}}, {"lasker-20", Sector{3, 4, 1, 0}},
        {"morris18", Sector{3, 4, 0, 0}}, {"six", Sector{3, 4, 1, 0}},
    };
    for (const auto& [name, s] : cases) {
        const Rules& r = *find_rules(name);
        REQUIRE(valid_sector(r, s));
        const SectorIndex index(r, s);
        const SymmetryTables symmetry(*r.board);
        const ClassWalk walk(*r.board, s);
        std::size_t wrong = 0;
        for (std::size_t g = 0; g < walk.groups(); ++g) {
            Bitboard images[32];
            symmetry.apply_all(walk.them(g), images);
            walk.for_each(g, [&](NormalPosition n) { wrong += index.slot_of(n, images) != index.slot_of(n); });
        }
        INFO(name << " " << s.name());
        CHECK(wrong == 0);
    }
}
