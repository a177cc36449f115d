// Win/draw/loss-only tables: the probe reads them where a sector's values
// file is absent and agrees with the values on who wins; mtb_probe_root
// ranks plies by WDL; a player with only WDL tables still converts wins.
#include "tests/catch.hpp"

#include <atomic>
#include <filesystem>
#include <map>
#include <thread>

#include "cross_check.h"
#include "engine/notation.h"
#include "gen/sector_graph.h"
#include "gen/verify.h"
#include "gen/verify_tables.h"
#include "gen/wdl_captures.h"
#include "gen/wdl_leave_out.h"
#include "mtb/probe.h"
#include "player/probe_oracle.h"
#include "player/search.h"
#include "player/tt.h"
#include "table/index.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

namespace {

// Copies every table of `units` from `from` into `to` as kind(s) says:
// values as they are (VALUES), win/draw/loss only (WDL), or capture-resolved
// (WDL_CAPTURES, the capture sectors' values read from `from`).  Returns
// the slots a capture-resolved table stores lowered.
template <class Kind>
std::uint64_t copy_tables(const Rules& r, const std::vector<SolveUnit>& units, const std::string& from,
                          const std::string& to, Kind kind) {
    std::filesystem::create_directories(to);
    VerifyTables children;
    std::uint64_t lowered = 0;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            std::vector<ValueCode> values;
            REQUIRE(!load_table(table_path(from, r, s), r, s, values));
            TableWriteOptions opt;
            opt.content = kind(s);
            opt.threads = 1;
            if (opt.content == TableContent::WDL_CAPTURES) {
                for (Sector c : capture_sectors(r, s)) REQUIRE(!children.load(r, c, from, 1));
                std::vector<ValueCode> stored;
                std::uint64_t low = 0;
                REQUIRE(!capture_resolved_wdl(r, s, values, children, 2, stored, &low));
                values = std::move(stored);
                lowered += low;
            }
            REQUIRE(!write_table(table_path(to, r, s, is_wdl_only(opt.content)), r, s, values, opt));
        }
    return lowered;
}

mtb_pos c_pos(const Position& p) {
    return mtb_pos{p.stones[WHITE],
                   p.stones[BLACK],
                   p.hand[WHITE],
                   p.hand[BLACK],
                   std::uint8_t(p.side == WHITE ? MTB_WHITE : MTB_BLACK),
                   0};
}

struct Tables {
    mtb_tb* tb;
    Tables(const std::string& dir, const Rules& r) {
        mtb_status st{};
        tb = mtb_open(dir.c_str(), r.name.c_str(), 0, &st);
        INFO(st.message);
        REQUIRE(tb);
    }
    ~Tables() { mtb_close(tb); }
    std::uint32_t probe(const Position& p) const {
        const mtb_pos c = c_pos(p);
        return mtb_probe(tb, &c, nullptr);
    }
};

// The walks of the whole six game below visit every slot in release
// builds; sanitizer builds (ASan + UBSan, about four times slower, and run
// for memory errors rather than for values) visit every 7th slot of each
// sector: still every sector and every kind of table, in a seventh of the
// probes.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kSixStride = 7;
#else
constexpr std::uint64_t kSixStride = 1;
#endif

// The slots of a sector of n that a walk with `stride` visits.
std::uint64_t walked(std::uint64_t n, std::uint64_t stride) { return (n + stride - 1) / stride; }

// The position of every stride-th slot of the units' sectors, White to move.
template <class F>
void for_each_position(const Rules& r, const std::vector<SolveUnit>& units, std::uint64_t stride, F&& f) {
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            SectorIndex index(r, s);
            NormalPosition n;
            for (std::uint64_t slot = 0; slot < index.slots(); slot += stride)
                if (index.position_of(slot, n)) f(denormalise(s, n, WHITE));
        }
}

// Every position of the units' sectors, White to move.
template <class F>
void for_each_position(const Rules& r, const std::vector<SolveUnit>& units, F&& f) {
    for_each_position(r, units, 1, std::forward<F>(f));
}

// The whole six game solved into DIR/values and copied win/draw/loss only
// into DIR/plain and capture-resolved into DIR/resolved; returns the slots
// stored lowered.
std::uint64_t six_wdl_folders(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir) {
    const std::string values = dir + "/values";
    gen_units(r, units, values, 2);
    copy_tables(r, units, values, dir + "/plain", [](Sector) { return TableContent::WDL; });
    return copy_tables(r, units, values, dir + "/resolved", [](Sector) { return TableContent::WDL_CAPTURES; });
}

}  // namespace

TEST_CASE("WDL-only tables give the values' WDL on every position, without plies", "[gen][wdl]") {
    // six 3..4: 3v3 keeps its values file in the mixed folder, so that plies
    // from a values table and from a WDL-only one meet in one probe_root.
    const Rules& r = *find_rules("six");
    const auto units = movement_units(r, 4);
    const std::string dir = scratch_dir("wdl-only"), values = dir + "/values", wdl = dir + "/wdl",
                      mixed = dir + "/mixed";
    gen_units(r, units, values, 2);
    const auto plain_wdl = [](Sector) { return TableContent::WDL; };
    copy_tables(r, units, values, wdl, plain_wdl);
    copy_tables(r, units, values, mixed, [](Sector s) {
        return s != Sector{3, 3, 0, 0} ? TableContent::WDL : TableContent::VALUES;
    });
    // A values file shadows the WDL-only file of its sector.
    copy_tables(r, units, values, mixed + "-both", plain_wdl);
    copy_tables(r, units, values, mixed + "-both", [](Sector) { return TableContent::VALUES; });

    const Tables full(values, r), only(wdl, r), mix(mixed, r), both(mixed + "-both", r);
    std::uint64_t positions = 0, roots = 0;
    for_each_position(r, units, [&](const Position& p) {
        ++positions;
        const std::uint32_t v = full.probe(p), w = only.probe(p), b = both.probe(p);
        REQUIRE(!mtb_is_error(v));
        REQUIRE(!mtb_is_error(w));
        CHECK(b == v);
        CHECK(MTB_HAS_PLIES(v));
        CHECK(MTB_GET_WDL(w) == MTB_GET_WDL(v));
        // Only a game already over is answered without a table, with plies.
        CHECK(MTB_HAS_PLIES(w) == (outcome(r, p) != Outcome::ONGOING));
        if (!MTB_HAS_PLIES(w)) CHECK(MTB_GET_PLIES(w) == 0);
        if (positions % 61 != 0) return;

        // Root ranking from the mixed folder: each ply's WDL as the values
        // say, wins before draws before losses, and within wins (losses)
        // those with plies before (after) those without.
        ++roots;
        mtb_move full_moves[MTB_MAX_MOVES], mixed_moves[MTB_MAX_MOVES];
        std::size_t nf = 0, nm = 0;
        const mtb_pos c = c_pos(p);
        const std::uint32_t rv = mtb_probe_root(full.tb, &c, full_moves, MTB_MAX_MOVES, &nf, nullptr);
        const std::uint32_t rm = mtb_probe_root(mix.tb, &c, mixed_moves, MTB_MAX_MOVES, &nm, nullptr);
        REQUIRE(nf == nm);
        REQUIRE(!mtb_is_error(rm));
        CHECK(MTB_GET_WDL(rm) == MTB_GET_WDL(rv));
        std::map<std::string, std::uint32_t> by_text;
        for (std::size_t i = 0; i < nf; ++i) by_text[full_moves[i].text] = full_moves[i].value;
        auto order = [](std::uint32_t x) {
            const int known = MTB_HAS_PLIES(x) ? 1 : 0;
            switch (MTB_GET_WDL(x)) {
                case MTB_WIN:
                    return 4 + known;
                case MTB_DRAW:
                    return 3;
                default:
                    return 1 - known;
            }
        };
        for (std::size_t i = 0; i < nm; ++i) {
            INFO(mixed_moves[i].text);
            REQUIRE(!mtb_is_error(mixed_moves[i].value));
            CHECK(MTB_GET_WDL(mixed_moves[i].value) == MTB_GET_WDL(by_text[mixed_moves[i].text]));
            if (i) CHECK(order(mixed_moves[i - 1].value) >= order(mixed_moves[i].value));
        }
    });
    CHECK(positions > 100000);
    CHECK(roots > 1000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("a player with WDL-only tables converts its wins", "[gen][wdl]") {
    // nmm 3..4: WDL-only tables for 3v4, 4v3 and 4v4, distances for 3v3.
    // The winner starts in a WDL-only sector and searches with those tables
    // (keeping the win, making progress by captures: mtb/probe.h "Values");
    // the loser defends perfectly (the slowest loss, from the values).
    // Every winner's ply must keep the win, and the game must end in a win.
    // (With WDL-only tables for the flying 3v3 endgame as well, where no
    // capture comes before the last, the search keeps the win but does not
    // find its way: distances are needed there.)
    const Rules& r = *find_rules("nmm");
    const auto units = movement_units(r, 4);
    const Sector endgame{3, 3, 0, 0};
    const std::string dir = scratch_dir("wdl-player"), values = dir + "/values", wdl = dir + "/wdl";
    gen_units(r, units, values, 2);
    copy_tables(r, units, values, wdl,
                [&](Sector s) { return s != endgame ? TableContent::WDL : TableContent::VALUES; });
    const Tables full(values, r);

    // Starts: the longest wins in the WDL-only sectors and a spread of others.
    std::vector<std::pair<int, Position>> wins;
    for_each_position(r, units, [&](const Position& p) {
        const std::uint32_t v = full.probe(p);
        if (sector_of(p) != endgame && MTB_GET_WDL(v) == MTB_WIN && MTB_GET_PLIES(v) >= 5)
            wins.push_back({int(MTB_GET_PLIES(v)), p});
    });
    REQUIRE(wins.size() > 100);
    std::stable_sort(wins.begin(), wins.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::pair<int, Position>> starts(wins.begin(), wins.begin() + 4);
    for (std::size_t i = 4; i < wins.size() && starts.size() < 12; i += wins.size() / 8) starts.push_back(wins[i]);

    auto oracle = make_probe_oracle(wdl);
    for (const auto& [plies, start] : starts) {
        INFO("start " << position_to_text(r, start) << ", win in " << plies);
        Search winner(r);
        winner.set_oracle(oracle.get());
        Position p = start;
        std::vector<std::uint64_t> history;
        int ply = 0;
        for (; ply < 400 && outcome(r, p) == Outcome::ONGOING; ++ply) {
            Move m;
            if (p.side == start.side) {
                SearchLimits limits;
                limits.max_depth = 4;
                limits.seconds = 0;
                SearchResult res = winner.run(p, limits, history);
                REQUIRE(res.has_move);
                m = res.best;
            } else {
                mtb_move moves[MTB_MAX_MOVES];
                std::size_t n = 0;
                const mtb_pos c = c_pos(p);
                REQUIRE(!mtb_is_error(mtb_probe_root(full.tb, &c, moves, MTB_MAX_MOVES, &n, nullptr)));
                REQUIRE(n > 0);
                REQUIRE(!parse_move(r, p, moves[0].text, m));
            }
            history.push_back(position_key(p));
            p = after(r, p, m);
            if (p.side != start.side && outcome(r, p) == Outcome::ONGOING) {
                INFO("after the winner's ply " << ply << ": " << position_to_text(r, p));
                REQUIRE(MTB_GET_WDL(full.probe(p)) == MTB_LOSS);
            }
        }
        INFO("ended after " << ply << " plies at " << position_to_text(r, p));
        CHECK(p.side != start.side);
        CHECK(outcome(r, p) == Outcome::LOSS);
    }
    std::filesystem::remove_all(dir);
}

// mtb_probe_root from `tables` gives every ply of p the win/draw/loss it
// has from `full` (the values).
static void check_root_wdl(const Tables& full, const Tables& tables, const Position& p) {
    mtb_move full_moves[MTB_MAX_MOVES], moves[MTB_MAX_MOVES];
    std::size_t nf = 0, n = 0;
    const mtb_pos c = c_pos(p);
    REQUIRE(!mtb_is_error(mtb_probe_root(full.tb, &c, full_moves, MTB_MAX_MOVES, &nf, nullptr)));
    REQUIRE(!mtb_is_error(mtb_probe_root(tables.tb, &c, moves, MTB_MAX_MOVES, &n, nullptr)));
    REQUIRE(nf == n);
    std::map<std::string, std::uint32_t> by_text;
    for (std::size_t i = 0; i < nf; ++i) by_text[full_moves[i].text] = full_moves[i].value;
    for (std::size_t i = 0; i < n; ++i) {
        INFO(moves[i].text);
        CHECK(MTB_GET_WDL(moves[i].value) == MTB_GET_WDL(by_text[moves[i].text]));
    }
}

TEST_CASE("capture-resolved WDL tables give the values' WDL on every position", "[gen][wdl]") {
    // The whole six game (placement and movement): slots a capture decides
    // hold a lowered value, and the probe must recover every true one by
    // its capture search, through WDL_CAPTURES tables alone and through a
    // mixed folder (values files for the sectors with at most 4 stones on
    // the board, so that searches cross from one kind into the other).
    const Rules& r = *find_rules("six");
    const auto units = solve_units(r);
    const std::string dir = scratch_dir("wdl-captures"), values = dir + "/values", plain = dir + "/plain",
                      resolved = dir + "/resolved", mixed = dir + "/mixed";
    const std::uint64_t lowered = six_wdl_folders(r, units, dir);
    copy_tables(r, units, values, mixed, [](Sector s) {
        return s.us_board + s.them_board <= 4 ? TableContent::VALUES : TableContent::WDL_CAPTURES;
    });
    std::uint64_t slots = 0, to_walk = 0;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            slots += SectorIndex(r, s).slots();
            to_walk += walked(SectorIndex(r, s).slots(), kSixStride);
        }
    // The test means something only if many slots were lowered.
    INFO("lowered " << lowered << " of " << slots);
    CHECK(lowered * 20 > slots);
    auto bytes = [](const std::string& d) {
        std::uintmax_t n = 0;
        for (const auto& e : std::filesystem::directory_iterator(d)) n += e.file_size();
        return n;
    };
    CHECK(bytes(resolved) < bytes(plain));

    const Tables full(values, r), only(resolved, r), mix(mixed, r);
    std::uint64_t positions = 0, roots = 0;
    for_each_position(r, units, kSixStride, [&](Position p) {
        ++positions;
        // Placement sectors where the side to move has fewer in hand are
        // Black's turn (White places first).
        if (mtb_get_error_code(full.probe(p)) == MTB_E_INVALID_POSITION)
            p = denormalise(sector_of(p), normalise(p), BLACK);
        const std::uint32_t v = full.probe(p), w = only.probe(p), m = mix.probe(p);
        REQUIRE(!mtb_is_error(v));
        REQUIRE(!mtb_is_error(w));
        REQUIRE(!mtb_is_error(m));
        CHECK(MTB_GET_WDL(w) == MTB_GET_WDL(v));
        CHECK(MTB_GET_WDL(m) == MTB_GET_WDL(v));
        if (positions % 97 != 0) return;
        // Every ply's value from the resolved tables, as the values say.
        ++roots;
        check_root_wdl(full, only, p);
    });
    CHECK(positions == to_walk);
    CHECK(roots > 10000 / kSixStride);

    // mtb verify --values checks a WDL file against the values file beside
    // it: sound as written, and two damages that keep every checksum right
    // are found: a slot stored above its value, and a slot lowered where
    // no capture exists to lift it back.
    const Sector s{4, 4, 2, 2};
    std::vector<ValueCode> v, stored;
    REQUIRE(!load_table(table_path(values, r, s), r, s, v));
    VerifyTables children;
    for (Sector c : capture_sectors(r, s)) REQUIRE(!children.load(r, c, values, 1));
    REQUIRE(!capture_resolved_wdl(r, s, v, children, 1, stored));
    const SectorIndex index(r, s);
    std::int64_t raise = -1, lower = -1;
    for (std::uint64_t slot = 0; slot < v.size() && (raise < 0 || lower < 0); ++slot) {
        NormalPosition n;
        REQUIRE(index.position_of(slot, n));
        if (raise < 0 && wdl_sign(v[slot]) < 0) raise = std::int64_t(slot);
        if (lower < 0 && wdl_sign(v[slot]) > 0 && best_capture_wdl(r, s, n, children) == NO_CAPTURE)
            lower = std::int64_t(slot);
    }
    REQUIRE(raise >= 0);
    REQUIRE(lower >= 0);
    const FileCheck verify = verify_with_values(1);
    const std::string file = table_path(values, r, s, true);
    auto write = [&](const std::vector<ValueCode>& codes) {
        TableWriteOptions opt;
        opt.threads = 1;
        opt.content = TableContent::WDL_CAPTURES;
        REQUIRE(!write_table(file, r, s, codes, opt));
    };
    write(stored);
    CHECK(verify(file).empty());
    for (std::int64_t slot : {raise, lower}) {
        std::vector<ValueCode> damaged = stored;
        damaged[std::size_t(slot)] = wdl_only_code(slot == raise ? 0 : -1);
        write(damaged);
        const std::vector<VerifyProblem> problems = verify(file);
        REQUIRE(problems.size() == 1);
        CHECK(problems[0].message.find("wrong win/draw/loss") != std::string::npos);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("threads probe capture-resolved WDL tables at once", "[gen][wdl]") {
    // Four threads share one handle on capture-resolved tables (six 3..4,
    // movement: every capture search crosses sectors, and the tables are
    // opened by whichever thread needs them first) and each checks every
    // position's win/draw/loss against the values.  Run under TSan in CI.
    const Rules& r = *find_rules("six");
    const auto units = movement_units(r, 4);
    const std::string dir = scratch_dir("wdl-captures-threads"), values = dir + "/values", resolved = dir + "/resolved";
    gen_units(r, units, values, 2);
    const std::uint64_t lowered =
        copy_tables(r, units, values, resolved, [](Sector) { return TableContent::WDL_CAPTURES; });
    REQUIRE(lowered > 1000);
    std::vector<mtb_pos> positions;
    std::vector<std::uint32_t> want;
    {
        const Tables full(values, r);
        for_each_position(r, units, [&](const Position& p) {
            positions.push_back(c_pos(p));
            want.push_back(MTB_GET_WDL(full.probe(p)));
        });
    }
    const Tables only(resolved, r);
    constexpr int THREADS = 4;
    std::atomic<std::uint64_t> wrong{0}, done{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < THREADS; ++t)
        pool.emplace_back([&, t] {
            // Each thread starts elsewhere, so that first opens race.
            for (std::size_t i = 0; i < positions.size(); ++i) {
                const std::size_t j = (i + positions.size() / THREADS * std::size_t(t)) % positions.size();
                const std::uint32_t v = mtb_probe(only.tb, &positions[j], nullptr);
                wrong += mtb_is_error(v) || MTB_GET_WDL(v) != want[j];
                ++done;
            }
        });
    for (auto& th : pool) th.join();
    CHECK(wrong == 0);
    CHECK(done == positions.size() * THREADS);
    CHECK(positions.size() > 100000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("a WDL set that leaves sectors out gives the values' WDL on every position", "[gen][wdl]") {
    // The whole six game.  The plan (gen/wdl_leave_out.h) leaves out the
    // sectors whose bytes save the most; the probe values their positions
    // by one ply of search over the kept tables (TableSet::searched), and
    // must agree with the values on every position of every sector, kept
    // or left out.
    const Rules& r = *find_rules("six");
    const auto units = solve_units(r);
    const std::string dir = scratch_dir("wdl-leave-out"), values = dir + "/values", plain = dir + "/plain",
                      resolved = dir + "/resolved", set = dir + "/set";
    six_wdl_folders(r, units, dir);
    std::vector<WdlSectorBytes> sizes;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            const std::string name = table_file_name(r, s, true);
            sizes.push_back(
                {s, std::filesystem::file_size(resolved + "/" + name), std::filesystem::file_size(plain + "/" + name)});
        }
    const std::vector<Sector> left_out = sectors_to_leave_out(r, sizes);
    std::filesystem::create_directories(set);
    std::uint64_t slots = 0, left_slots = 0, to_walk = 0, left_to_walk = 0;
    for (const WdlSectorBytes& b : sizes) {
        const std::uint64_t n = SectorIndex(r, b.sector).slots();
        slots += n;
        to_walk += walked(n, kSixStride);
        const std::string name = table_file_name(r, b.sector, true);
        if (std::binary_search(left_out.begin(), left_out.end(), b.sector)) {
            left_slots += n;
            left_to_walk += walked(n, kSixStride);
            // A left-out sector rests on kept tables only.
            for (Sector c : successor_sectors(r, b.sector)) {
                INFO(b.sector.name() << " -> " << c.name());
                CHECK(!std::binary_search(left_out.begin(), left_out.end(), c));
            }
            continue;
        }
        const bool as_plain = stored_plain(r, b.sector, left_out);
        std::filesystem::copy_file((as_plain ? plain : resolved) + "/" + name, set + "/" + name);
    }
    const std::uintmax_t all_resolved = [&] {
        std::uintmax_t n = 0;
        for (const auto& e : std::filesystem::directory_iterator(resolved)) n += e.file_size();
        return n;
    }();
    std::uintmax_t kept = 0;
    for (const auto& e : std::filesystem::directory_iterator(set)) kept += e.file_size();
    INFO(left_out.size() << " sectors left out, " << left_slots << " of " << slots << " positions; " << kept
                         << " bytes against " << all_resolved);
    // The test means something only if many positions are searched.
    CHECK(left_slots * 5 > slots);
    CHECK(kept == leave_out_bytes(r, sizes, left_out));
    CHECK(kept < all_resolved);

    const Tables full(values, r), part(set, r);
    std::uint64_t positions = 0, searched = 0, roots = 0;
    for_each_position(r, units, kSixStride, [&](Position p) {
        ++positions;
        if (mtb_get_error_code(full.probe(p)) == MTB_E_INVALID_POSITION)
            p = denormalise(sector_of(p), normalise(p), BLACK);
        const std::uint32_t v = full.probe(p), w = part.probe(p);
        REQUIRE(!mtb_is_error(v));
        INFO(position_to_text(r, p) << ": " << mtb_error_name(w));
        REQUIRE(!mtb_is_error(w));
        CHECK(MTB_GET_WDL(w) == MTB_GET_WDL(v));
        if (std::binary_search(left_out.begin(), left_out.end(), sector_of(p))) {
            ++searched;
            // Children in WDL files: win/draw/loss only (the end of a game
            // is exact).
            if (outcome(r, p) == Outcome::ONGOING) CHECK(!MTB_HAS_PLIES(w));
        }
        if (positions % 97 != 0) return;
        ++roots;
        check_root_wdl(full, part, p);
    });
    CHECK(positions == to_walk);
    CHECK(searched == left_to_walk);

    // A hand-made set may leave out a sector that captures of kept
    // capture-resolved tables lead into: their capture searches then
    // search it one ply deep (TableSet::ply_search).  Every position of
    // such a parent still has the values' win/draw/loss.
    // The left-out sector whose capture parents hold the most positions.
    Sector dropped{};
    std::vector<Sector> parents;
    std::uint64_t most = 0;
    for (Sector x : left_out) {
        std::vector<Sector> these;
        std::uint64_t n = 0;
        for (const WdlSectorBytes& b : sizes)
            for (Sector c : capture_sectors(r, b.sector))
                if (c == x) these.push_back(b.sector), n += SectorIndex(r, b.sector).slots();
        if (n > most) most = n, dropped = x, parents = these;
    }
    REQUIRE(!parents.empty());
    const std::string hand = dir + "/hand";
    std::filesystem::copy(resolved, hand);
    std::filesystem::remove(table_path(hand, r, dropped, true));
    const Tables by_hand(hand, r);
    std::uint64_t through = 0;
    for_each_position(r, units, kSixStride, [&](Position p) {
        if (std::find(parents.begin(), parents.end(), sector_of(p)) == parents.end()) return;
        if (mtb_get_error_code(full.probe(p)) == MTB_E_INVALID_POSITION)
            p = denormalise(sector_of(p), normalise(p), BLACK);
        const std::uint32_t v = full.probe(p), w = by_hand.probe(p);
        INFO(position_to_text(r, p) << " (" << dropped.name() << " left out): " << mtb_error_name(w));
        REQUIRE(!mtb_is_error(w));
        CHECK(MTB_GET_WDL(w) == MTB_GET_WDL(v));
        ++through;
    });
    CHECK(through > 10000 / kSixStride);

    // A sector is searched only when all its successors have tables:
    // without one of them, its positions have no table again.
    const Sector gone = left_out.front();
    const Sector child = successor_sectors(r, gone).front();
    std::filesystem::remove(table_path(set, r, child, true));
    const Tables holed(set, r);
    bool probed = false;
    for_each_position(r, units, [&](Position p) {
        if (probed || sector_of(p) != gone) return;
        if (mtb_get_error_code(full.probe(p)) == MTB_E_INVALID_POSITION)
            p = denormalise(sector_of(p), normalise(p), BLACK);
        if (outcome(r, p) != Outcome::ONGOING) return;  // the end of a game needs no table
        CHECK(mtb_get_error_code(holed.probe(p)) == MTB_E_NO_TABLE);
        probed = true;
    });
    CHECK(probed);
    std::filesystem::remove_all(dir);
}
