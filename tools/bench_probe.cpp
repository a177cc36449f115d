// mtb bench probe: random probes into a warm nmm 5v5 table through the C
// API, one thread and then more; and the time to open a folder and answer
// the first probe.  Uses DIR/nmm_5v5.mtb (or the sector --sector names,
// values file first, else its win/draw/loss-only file) from --tables when
// present, else a synthetic table (values a fixed function of the slot)
// written to a temporary folder.
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <thread>
#include <vector>

#include "mtb/probe.h"
#include "table/index.h"
#include "table/table_folder.h"
#include "table/table_writer.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace mtb::cli {
namespace {

using clock = std::chrono::steady_clock;
double seconds_since(clock::time_point t0) { return std::chrono::duration<double>(clock::now() - t0).count(); }

ValueCode synthetic_value(std::uint64_t slot) {
    std::uint64_t h = (slot + 1) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    int v = int(h % 61);
    return v == 0 ? VALUE_DRAW : ValueCode(v + 1);
}

// Random positions of sector s with either side to move.
std::vector<mtb_pos> random_positions(const Rules& r, Sector s, std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<mtb_pos> out(count);
    const int n = r.board->size;
    for (mtb_pos& p : out) {
        Bitboard used = 0;
        auto pick = [&](int stones) {
            Bitboard set = 0;
            while (stones) {
                Bitboard b = bit(int(rng() % unsigned(n)));
                if (used & b) continue;
                used |= b;
                set |= b;
                --stones;
            }
            return set;
        };
        Bitboard us = pick(s.us_board), them = pick(s.them_board);
        // White places first: while stones are in hand, equal hands are
        // White's turn and unequal ones Black's.
        const bool white = s.movement_only() ? bool(rng() & 1) : s.us_hand == s.them_hand;
        p = mtb_pos{white ? us : them,
                    white ? them : us,
                    s.us_hand,
                    s.them_hand,
                    std::uint8_t(white ? MTB_WHITE : MTB_BLACK),
                    0};
        if (!white) std::swap(p.white_hand, p.black_hand);
    }
    return out;
}

// The folder of the table: a real one from --tables (values, else
// win/draw/loss only), or a synthetic one written into `tmp`.
int table_folder(const Args& a, const Rules& r, Sector s, std::string& dir, std::string& name,
                 std::filesystem::path& tmp) {
    namespace fs = std::filesystem;
    if (auto t = a.value("--tables")) {
        const TableFolder folder = find_tables_folder(*t, r.name);
        for (bool wdl : {true, false})
            if (fs::exists(folder.path(r, s, wdl))) dir = folder.dir, name = table_file_name(r, s, wdl);
        if (dir.empty()) {  // a set may leave the sector out: the probe then searches one ply or says why not
            dir = *t;
            name += " (no table: left out of the set?)";
        }
    }
    if (!dir.empty()) {
        std::printf("table %s/%s\n", dir.c_str(), name.c_str());
        return OK;
    }
    tmp = fs::temp_directory_path() / ("mtb-bench-probe-" + std::to_string(::getpid()));
    fs::create_directories(tmp);
    dir = tmp.string();
    auto t0 = clock::now();
    SectorIndex idx(r, s);
    std::vector<ValueCode> v(idx.slots());
    for (std::uint64_t i = 0; i < v.size(); ++i) v[i] = synthetic_value(i);
    TableWriteOptions opt;
    opt.level = 1;
    if (auto e = write_table(table_path(tmp.string(), r, s), r, s, v, opt)) return fail("bench", *e);
    std::printf("synthetic %s: %llu slots written in %.2f s (zstd level 1)\n", name.c_str(),
                (unsigned long long)v.size(), seconds_since(t0));
    return OK;
}

// Warm probes with 1, 2, 4 ... max_threads threads.
void warm_passes(mtb_tb* tb, const std::vector<mtb_pos>& positions, unsigned max_threads) {
    const std::size_t count = positions.size();
    for (unsigned threads = 1; threads <= max_threads; threads *= 2) {
        std::atomic<std::uint64_t> errors{0};
        std::vector<std::thread> pool;
        auto t0 = clock::now();
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back([&, t] {
                std::size_t start = count / threads * t;
                std::uint64_t bad = 0;
                for (std::size_t i = 0; i < count; ++i)
                    bad += mtb_is_error(mtb_probe(tb, &positions[(start + i) % count], nullptr));
                errors += bad;
            });
        for (auto& th : pool) th.join();
        double secs = seconds_since(t0);
        double total = double(count) * threads / secs / 1e6;
        std::printf("warm, %2u thread%s: %7.2f M probes/s total, %6.2f M/s per thread%s\n", threads,
                    threads == 1 ? " " : "s", total, total / threads, errors ? "  ERRORS" : "");
        if (threads < max_threads && threads * 2 > max_threads) threads = max_threads / 2;  // end at max_threads
    }
}

}  // namespace

int bench_probe(const Args& a) {
    const bool quick = a.has("--quick");
    const Rules& r = *find_rules("nmm");
    Sector s = quick ? Sector{4, 4, 0, 0} : Sector{5, 5, 0, 0};
    if (auto text = a.value("--sector")) {
        const std::optional<Sector> named = Sector::from_name(*text);
        if (!named || !valid_sector(r, *named)) return fail("bench", "--sector: no nmm sector '" + *text + "'", USAGE);
        if (!a.value("--tables")) return fail("bench", "--sector needs --tables", USAGE);
        s = *named;
    }
    std::string name = table_file_name(r, s);
    namespace fs = std::filesystem;
    std::string dir;
    fs::path tmp;
    if (int rc = table_folder(a, r, s, dir, name, tmp)) return rc;
    struct Cleanup {
        fs::path p;
        ~Cleanup() {
            std::error_code ec;
            if (!p.empty()) fs::remove_all(p, ec);
        }
    } cleanup{tmp};

    const std::size_t count = quick ? 200000 : 2000000;
    auto positions = random_positions(r, s, count, 20261122);
    mtb_status st;

    // Open a folder and answer the first probe (file in the OS cache).
    auto t0 = clock::now();
    mtb_tb* first = mtb_open(dir.c_str(), "nmm", 0, &st);
    if (!first) return fail("bench", st.message);
    std::uint32_t v0 = mtb_probe(first, &positions[0], &st);
    double open_ms = seconds_since(t0) * 1e3;
    mtb_close(first);
    if (mtb_is_error(v0)) return fail("bench", st.message);
    std::printf("open folder + first probe: %.1f ms\n", open_ms);

    // Warm the cache: room for the whole table.
    mtb_tb* tb = mtb_open(dir.c_str(), "nmm", std::size_t(512) << 20, &st);
    if (!tb) return fail("bench", st.message);
    std::uint64_t signature = 0;
    t0 = clock::now();
    for (const mtb_pos& p : positions) {
        std::uint32_t v = mtb_probe(tb, &p, &st);
        if (mtb_is_error(v)) {
            mtb_close(tb);
            return fail("bench", st.message);
        }
        signature = signature * 31 + v;
    }
    std::printf("first pass (cold cache): %.2f M probes/s\n", count / seconds_since(t0) / 1e6);

    unsigned max_threads = std::max(1u, std::thread::hardware_concurrency());
    if (auto t = a.integer("--threads", 1, kMaxThreads)) max_threads = unsigned(*t);  // checked by cmd_bench
    warm_passes(tb, positions, max_threads);
    mtb_close(tb);
    std::printf("signature %llu\n", (unsigned long long)signature);
    return OK;
}

}  // namespace mtb::cli
