// Fast checks of the solver: small sector sets against the simple solver,
// a published value, and thread-count independence.
#include "tests/catch.hpp"

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

#include "cross_check.h"
#include "engine/notation.h"
#include "gen/child_values.h"
#include "gen/generate.h"
#include "gen/held_writes.h"
#include "gen/sector_graph.h"
#include "table/index.h"
#include "table/table_folder.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

namespace {

std::vector<RawSector> movement_sectors(int lo, int hi) {
    std::vector<RawSector> out;
    for (int a = lo; a <= hi; ++a)
        for (int b = lo; b <= hi; ++b) out.push_back({a, b, 0, 0});
    return out;
}

}  // namespace

TEST_CASE("six movement sectors 3..4 agree with the simple solver", "[gen]") {
    const Rules& r = *find_rules("six");
    auto units = movement_units(r, 4);
    REQUIRE(units.size() == 3);  // 3v3, {3v4, 4v3}, 4v4
    std::string dir = scratch_dir("six4");
    gen_units(r, units, dir, 2);
    SimpleSolver simple(r, movement_sectors(3, 4));
    simple.solve();
    CHECK(compare_with_simple(r, units, dir, simple) > 10000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("nmm 3v3: the published position is a win in 13", "[gen]") {
    const Rules& r = *find_rules("nmm");
    auto units = movement_units(r, 3);
    REQUIRE(units.size() == 1);
    std::string dir = scratch_dir("nmm3");
    gen_units(r, units, dir, 2);
    Position p;
    REQUIRE(!parse_position(r, ".WB......WB...........BW w 0 0", p));
    Sector s = sector_of(p);
    std::vector<ValueCode> values;
    REQUIRE(!load_table(table_path(dir, r, s), r, s, values));
    CHECK(value_text(values[SectorIndex(r, s).slot_of(normalise(p))]) == "win in 13");
    std::filesystem::remove_all(dir);
}

TEST_CASE("one thread and two threads write the same values", "[gen][threads]") {
    // nmm 3v3 has about 170 000 slots: above the size at which the solver's
    // loops start threads (PARALLEL_MIN in gen/solver.cpp, 1 << 16 slots),
    // so the two-thread run really runs two threads.  (Six's movement
    // sectors are all below it: both runs were single-threaded.)
    const Rules& r = *find_rules("nmm");
    auto units = movement_units(r, 3);
    constexpr std::uint64_t kParallelMin = 1 << 16;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) REQUIRE(SectorIndex(r, s).slots() > kParallelMin);
    std::string d1 = scratch_dir("t1"), d2 = scratch_dir("t2");
    gen_units(r, units, d1, 1);
    gen_units(r, units, d2, 2);
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            std::vector<ValueCode> a, b;
            REQUIRE(!load_table(table_path(d1, r, s), r, s, a));
            REQUIRE(!load_table(table_path(d2, r, s), r, s, b));
            CHECK(a == b);
        }
    std::filesystem::remove_all(d1);
    std::filesystem::remove_all(d2);
}

TEST_CASE("packed child tables give back every value at each width", "[gen]") {
    // Synthetic values over a real sector's slots, shaped to pick each
    // width: mostly one value with rare others (4 bits and escapes), about
    // a hundred values evenly (8 bits), a thousand evenly (16 bits).
    const Rules& r = *find_rules("nmm");
    const Sector s{3, 3, 0, 0};
    const std::uint64_t slots = SectorIndex(r, s).slots();
    std::uint64_t seed = 12345;
    auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull, seed >> 33; };
    struct Shape {
        int bits;
        std::function<ValueCode()> draw;
    };
    const std::vector<Shape> shapes = {
        {4, [&] { return next() % 100 ? VALUE_DRAW : ValueCode(2 + next() % 60); }},
        {8, [&] { return ValueCode(2 + next() % 100); }},
        {16, [&] { return ValueCode(2 + next() % 1000); }},
    };
    for (const Shape& shape : shapes) {
        std::vector<ValueCode> values(slots);
        for (ValueCode& v : values) v = shape.draw();
        const ChildTable t(r, s, values);
        INFO("expected width " << shape.bits);
        CHECK(t.bits() == shape.bits);
        std::uint64_t wrong = 0;
        for (std::uint64_t i = 0; i < slots; ++i) wrong += t.at(i) != values[i];
        CHECK(wrong == 0);
        // values() of runs, as the grouped init decodes a child row: the
        // same as at(), escapes included, from any first slot.
        std::vector<ValueCode> run;
        std::uint64_t runs = 0;
        for (std::uint64_t first = next() % 64; first < slots; first += 1 + next() % 4000, ++runs) {
            run.assign(std::size_t(std::min<std::uint64_t>(slots - first, 1 + next() % 3000)), VALUE_NONE);
            t.values(first, run.size(), run.data());
            for (std::size_t x = 0; x < run.size(); ++x) wrong += run[x] != values[first + x];
        }
        CHECK(runs > 10);
        CHECK(wrong == 0);
        // value() canonicalises: a position and its slot agree.
        NormalPosition n;
        for (std::uint64_t i = 0; i < slots; i += 997) {
            REQUIRE(t.index().position_of(i, n));
            CHECK(t.value(n) == values[i]);
        }
    }
}

TEST_CASE("one thread and two threads pack and load child tables alike", "[gen][threads]") {
    // nmm 4v4 has over 3 M slots: several packing slices (64 K slots or
    // more each) and code-count slices (1 M slots), and it is loaded by the
    // whole team (tables of 1 M slots and up); 3v3 and 3v4 beside it are
    // loaded several at once, one thread each.
    const Rules& r = *find_rules("nmm");
    const Sector large{4, 4, 0, 0}, small_a{3, 3, 0, 0}, small_b{3, 4, 0, 0};
    REQUIRE(SectorIndex(r, large).slots() > (std::uint64_t(3) << 20));
    std::uint64_t seed = 777;
    auto next = [&] { return seed = seed * 6364136223846793005ull + 1442695040888963407ull, seed >> 33; };
    // Mostly draws with rare others (4 bits and escapes), a hundred values
    // (8 bits), a thousand (16 bits).
    const std::vector<std::pair<int, std::function<ValueCode()>>> shapes = {
        {4, [&] { return next() % 100 ? VALUE_DRAW : ValueCode(2 + next() % 60); }},
        {8, [&] { return ValueCode(2 + next() % 100); }},
        {16, [&] { return ValueCode(2 + next() % 1000); }},
    };
    auto draw = [&](Sector s, const std::function<ValueCode()>& f) {
        std::vector<ValueCode> v(SectorIndex(r, s).slots());
        for (ValueCode& x : v) x = f();
        return v;
    };
    for (const auto& [bits, f] : shapes) {
        INFO("width " << bits);
        const std::vector<ValueCode> values = draw(large, f);
        const ChildTable one(r, large, values, 1), two(r, large, values, 2);
        CHECK(one.bits() == bits);
        CHECK(two.bits() == bits);
        std::uint64_t wrong = 0;
        for (std::uint64_t i = 0; i < values.size(); ++i) wrong += (one.at(i) != values[i]) + (two.at(i) != values[i]);
        CHECK(wrong == 0);
    }
    // Tables on disk, loaded on one and on two threads.
    const std::string dir = scratch_dir("children");
    std::map<Sector, std::vector<ValueCode>> written;
    TableWriteOptions wo;
    wo.level = 1;
    for (Sector s : {large, small_a, small_b}) {
        written[s] = draw(s, shapes[0].second);
        REQUIRE(!write_table(table_path(dir, r, s), r, s, written[s], wo));
    }
    for (int threads : {1, 2}) {
        INFO(threads << " threads");
        ChildValues children;
        REQUIRE(!children.load(r, {small_a, large, small_b}, dir, threads));
        for (const auto& [s, values] : written) {
            const ChildTable* t = children.find(s);
            REQUIRE(t);
            std::uint64_t wrong = 0;
            for (std::uint64_t i = 0; i < values.size(); ++i) wrong += t->at(i) != values[i];
            CHECK(wrong == 0);
        }
    }
    // A damaged block of the large table is an error naming the file, on
    // every thread count.
    const std::string path = table_path(dir, r, large);
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekg(0, std::ios::end);
        const std::streamoff middle = f.tellg() / 2;
        f.seekg(middle);
        const char c = char(f.get() ^ 0x40);
        f.seekp(middle);
        f.put(c);
    }
    for (int threads : {1, 2}) {
        ChildValues children;
        const auto err = children.load(r, {large}, dir, threads);
        REQUIRE(err);
        CHECK(err->find(path) != std::string::npos);
        CHECK(err->find("block") != std::string::npos);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("pending positions that keep their exits' values solve as those that look again", "[gen][threads]") {
    // The solver keeps what a pending position's exits gave in its word
    // (SolveOptions::keep_exits); where that does not fit it looks at the
    // exits again when the last in-unit child is refuted.  nmm's words all
    // fit, so the second route runs here only with keep_exits off.  Units
    // 3v4+4v3 and 4v4 have exits (the captures) into solved tables.
    for (const char* name : {"nmm", "nmm-noflying"}) {
        const Rules& r = *find_rules(name);
        ChildValues kept_children, again_children;
        std::uint64_t compared = 0;
        const auto units = movement_units(r, 4);
        REQUIRE(units.size() == 3);  // 3v3, 3v4+4v3, 4v4
        for (const SolveUnit& u : units) {
            std::vector<std::vector<ValueCode>> kept, again;
            SolveOptions opt;
            opt.threads = 2;
            opt.parallel_min = 1024;  // two threads on every pass
            REQUIRE(!solve_unit(r, u.sectors, kept_children, kept, opt));
            opt.keep_exits = false;
            REQUIRE(!solve_unit(r, u.sectors, again_children, again, opt));
            for (std::size_t k = 0; k < u.sectors.size(); ++k) {
                INFO(name << " " << u.sectors[k].name());
                CHECK(kept[k] == again[k]);
                compared += kept[k].size();
                kept_children.add(r, u.sectors[k], kept[k]);
                again_children.add(r, u.sectors[k], again[k]);
            }
        }
        CHECK(compared > 1000000);
    }
}

TEST_CASE("placements' wins alone, found once a group, solve as every placement read", "[gen][threads]") {
    // Where the side to move places and has in-unit children, and the
    // opponent holds no stone to place, the grouped init takes only its
    // placements' wins (SolveOptions::
    // placement_wins_alone), handed from the child row's wins to the
    // movers they came from, less the placements that close a mill; the
    // word keeps no exits, and a last refutation looks at them again.  Off,
    // every placement's value is read.  Lasker's rules on the 16-point
    // board (so that placements close mills often in small sectors), with
    // and without a no-capture limit.
    for (int limit : {0, 20}) {
        Rules r = *find_rules("six");
        r.name = limit ? "six-lasker-20" : "six-lasker";
        r.move_while_in_hand = true;
        r.fly_at = 3;
        r.no_capture_draw_plies = limit;
        ChildValues on_children, off_children;
        std::uint64_t compared = 0, looked_again = 0;
        for (const SolveUnit& u : endgame_units(r, 5)) {
            std::vector<std::vector<ValueCode>> on, off;
            SolveOptions opt;
            opt.metric = Metric::native(r);
            opt.threads = 2;
            opt.parallel_min = 1024;  // two threads on every pass
            SolveStats on_stats, off_stats;
            opt.stats = &on_stats;
            REQUIRE(!solve_unit(r, u.sectors, on_children, on, opt));
            opt.placement_wins_alone = false;
            opt.stats = &off_stats;
            REQUIRE(!solve_unit(r, u.sectors, off_children, off, opt));
            // The second looks read exits in the win layers.
            if (on_stats.win_layers.random_reads > off_stats.win_layers.random_reads) ++looked_again;
            for (std::size_t k = 0; k < u.sectors.size(); ++k) {
                INFO(r.name << " " << u.sectors[k].name());
                CHECK(on[k] == off[k]);
                compared += on[k].size();
                on_children.add(r, u.sectors[k], on[k]);
                off_children.add(r, u.sectors[k], off[k]);
            }
        }
        CHECK(compared > 1000000);
        CHECK(looked_again > 3);
    }
}

namespace {
// Entries k << 32 | slot over two sectors of a and b words (the packing of
// gen/frontier.h), the first sector's words counted before the second's.
struct TwoSectors {
    std::uint16_t *a, *b;
    std::uint64_t a_slots;
    std::uint64_t word(std::uint64_t x) const { return (x >> 32 ? a_slots : 0) + (x & 0xffffffff); }
    std::uint64_t line(std::uint64_t x) const { return word(x) / 32; }
    void prefetch(std::uint64_t x) const { __builtin_prefetch((x >> 32 ? b : a) + (x & 0xffffffff)); }
};
}  // namespace

TEST_CASE("held writes are done once each, in the order of their cache lines", "[gen]") {
    // 2^20 + 2^19 words: lines below 2^16, so two radix passes; or 2^15 +
    // 2^14 (one pass).  A room of 1000 entries fills and is done several
    // times; within each time the lines must not fall.
    for (std::size_t a_slots : {std::size_t(1) << 20, std::size_t(1) << 15}) {
        std::vector<std::uint16_t> a(a_slots), b(a_slots / 2);
        const TwoSectors place{a.data(), b.data(), a.size()};
        HeldWrites<TwoSectors> held(place, (a.size() + b.size()) / 32, 1000);
        std::map<std::uint64_t, int> expected, done;
        std::uint64_t last_line = 0, runs = 0;
        auto apply = [&](std::uint64_t x) {
            ++done[x];
            if (place.line(x) < last_line) ++runs;
            last_line = place.line(x);
        };
        std::uint64_t x = 12345;
        for (int i = 0; i < 4321; ++i) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t k = x >> 63;
            const std::uint64_t slot = (x >> 20) % (k == 0 ? a.size() : b.size());
            ++expected[k << 32 | slot];
            held.add(k << 32 | slot, apply);
        }
        held.flush(apply);
        CHECK(done == expected);
        CHECK(runs <= 4);  // a new run only where a full room starts again
        CHECK(held.streamed_bytes() == 4321 * 8 * (a_slots == (1 << 20) ? 6 : 4));
    }
}

TEST_CASE("one thread and two threads: the init grouped, its words written in address order, solves as in slot order",
          "[gen][threads]") {
    // By default small movement sectors are initialised in slot order, each
    // word written as found.  slot_order_exit_bytes = 0 walks them grouped
    // by the opponent's stones, and held_writes_min_bytes = 0 holds the
    // words of that walk and writes them in address order
    // (gen/held_writes.h): another order of positions and of writes, the
    // same values.  Held, the walk writes only the positions with exits and
    // a pass in slot order the others (split_grouped_init), or, split off,
    // the walk writes them all: a third order.  lasker-20 adds the clock's
    // limit and sectors with stones in hand: those whose side to move
    // holds some are grouped either way, their words not held; those whose
    // opponent alone holds some are held and split like movement sectors.
    for (const char* name : {"nmm", "lasker-20"}) {
        const Rules& r = *find_rules(name);
        for (int threads : {1, 2}) {
            ChildValues plain_children, held_children, whole_children;
            std::uint64_t compared = 0, split = 0;
            for (const SolveUnit& u : endgame_units(r, 4)) {
                std::vector<std::vector<ValueCode>> plain, held, whole;
                SolveOptions opt;
                opt.metric = Metric::native(r);
                opt.threads = threads;
                opt.parallel_min = 1024;  // two threads on every pass
                REQUIRE(!solve_unit(r, u.sectors, plain_children, plain, opt));
                opt.slot_order_exit_bytes = 0;
                opt.held_writes_min_bytes = 0;
                SolveStats held_stats, whole_stats;
                opt.stats = &held_stats;
                REQUIRE(!solve_unit(r, u.sectors, held_children, held, opt));
                opt.split_grouped_init = false;
                opt.stats = &whole_stats;
                REQUIRE(!solve_unit(r, u.sectors, whole_children, whole, opt));
                // Held, the grouped walk writes nothing at once; split, the
                // pass in slot order writes the positions without exits.
                // (Units without exits, nmm's 3v3 and 3v4, stay in slot order.)
                bool movement = true;  // no stones in hand: the grouped init's words held
                for (const Sector& s : u.sectors) movement = movement && s.us_hand == 0 && s.them_hand == 0;
                if (movement && whole_stats.init.random_writes == 0) {
                    CHECK(held_stats.init.random_writes > 0);
                    CHECK(held_stats.init.random_writes < held_stats.init.positions);
                    ++split;
                }
                CHECK(held_stats.init.positions == whole_stats.init.positions);
                for (std::size_t k = 0; k < u.sectors.size(); ++k) {
                    INFO(name << " " << u.sectors[k].name() << " threads " << threads);
                    REQUIRE(plain[k].size() == held[k].size());
                    REQUIRE(plain[k].size() == whole[k].size());
                    std::uint64_t differ = 0, differ_whole = 0;
                    for (std::size_t i = 0; i < plain[k].size(); ++i) {
                        differ += plain[k][i] != held[k][i];
                        differ_whole += plain[k][i] != whole[k][i];
                    }
                    CHECK(differ == 0);
                    CHECK(differ_whole == 0);
                    compared += plain[k].size();
                    plain_children.add(r, u.sectors[k], plain[k]);
                    held_children.add(r, u.sectors[k], held[k]);
                    whole_children.add(r, u.sectors[k], whole[k]);
                }
            }
            CHECK(compared > 1000000);
            if (std::string(name) == "nmm") CHECK(split == 1);  // 4v4
        }
    }
}

TEST_CASE("the solver's profile counts each position once per phase it goes through", "[gen]") {
    // nmm 3v3 alone (no children): every position is looked at once by the
    // init, written once there, and each win and loss is propagated once
    // (a tentative win bettered later is skipped in its old layer).
    const Rules& r = *find_rules("nmm");
    const Sector s{3, 3, 0, 0};
    for (int threads : {1, 2}) {
        SolveStats st;
        SolveOptions opt;
        opt.threads = threads;
        opt.parallel_min = 1 << 10;  // two threads really run two
        opt.stats = &st;
        std::vector<std::vector<ValueCode>> values;
        REQUIRE(!solve_unit(r, {s}, ChildValues{}, values, opt));
        const SectorStats sum = sector_stats(s, values[0]);
        CHECK(st.init.positions == sum.positions);
        CHECK(st.init.random_writes == sum.positions);
        CHECK(st.loss_layers.positions == sum.losses);
        CHECK(st.win_layers.positions == sum.wins);
        CHECK(st.finish.positions == sum.slots);
        CHECK(st.finish.streamed_bytes == 4 * sum.slots);
        CHECK(st.loss_layers.random_writes > 0);
        CHECK(st.win_layers.random_writes > 0);
    }
}

TEST_CASE("the write's profile counts each unit's slots and the bytes it streamed", "[gen]") {
    // lasker <= 3 into a folder: its write row counts every slot of the
    // unit once, the values read to count their codes (2 bytes a slot), at
    // least a byte a slot handed to zstd and at most both encodings of 2
    // bytes a slot, and the files' bytes on disk.
    const Rules& r = *find_rules("lasker");
    const std::vector<SolveUnit> units = endgame_units(r, 3);
    const std::string dir = scratch_dir("write-profile");
    GenOptions opt;
    opt.dir = dir;
    opt.threads = 1;
    std::vector<UnitResult> results;
    REQUIRE(!generate_units(r, units, opt, results));
    REQUIRE(results.size() == units.size());
    std::uint64_t all_slots = 0;
    for (const UnitResult& u : results) {
        std::uint64_t slots = 0, files = 0;
        for (const SectorStats& st : u.sectors) {
            slots += st.slots;
            files += std::filesystem::file_size(table_path(dir, r, st.sector));
        }
        CHECK(u.write.positions == slots);
        CHECK(u.write.streamed_bytes >= 2 * slots + slots + files);
        CHECK(u.write.streamed_bytes <= 2 * slots + 4 * slots + files);
        CHECK(u.write.cpu_seconds >= 0);
        CHECK(u.write.random_reads == 0);
        all_slots += slots;
    }
    CHECK(all_slots > 10000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("sector statistics count every kind of value and the longest win", "[gen]") {
    // nmm 3v3 solved, with empty slots put in: the statistics against a
    // plain count over the decoded values.
    const Rules& r = *find_rules("nmm");
    const Sector s{3, 3, 0, 0};
    std::vector<std::vector<ValueCode>> values;
    REQUIRE(!solve_unit(r, {s}, ChildValues{}, values));
    std::vector<ValueCode> v = values[0];
    for (std::size_t i = 0; i < v.size(); i += 97) v[i] = VALUE_NONE;
    std::uint64_t none = 0, positions = 0, wins = 0, losses = 0, draws = 0;
    int longest = -1;
    for (ValueCode c : v) {
        if (c == VALUE_NONE) {
            ++none;
            continue;
        }
        ++positions;
        const ExactValue e = decode_value(c);
        if (e.is_win()) ++wins, longest = std::max(longest, e.plies);
        if (e.is_loss()) ++losses;
        if (e.is_draw()) ++draws;
    }
    const SectorStats st = sector_stats(s, v);
    CHECK(st.slots == v.size());
    CHECK(st.positions == positions);
    CHECK(st.wins == wins);
    CHECK(st.losses == losses);
    CHECK(st.draws == draws);
    CHECK(st.longest_win == longest);
    CHECK(longest == 25);  // the 3v3 row of `mtb gen --rules nmm`
    CHECK(none > v.size() / 100);
    CHECK(st.slots == st.positions + none);
}
