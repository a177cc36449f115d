#include "gen/generate.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>

#include "gen/capture_clock_solver.h"
#include "gen/output_lock.h"
#include "probe/table_reader.h"
#include "probe/table_writer.h"

namespace mtb {
namespace {

std::string path_of(const Rules& r, Sector s, const std::string& dir) { return dir + "/" + table_file_name(r, s); }

std::string unit_name(const SolveUnit& u) {
    std::string n;
    for (Sector s : u.sectors) {
        if (!n.empty()) n += ',';
        n += s.name();
    }
    return n;
}

std::string duration_text(double s) {
    char buf[32];
    if (s < 60)
        std::snprintf(buf, sizeof buf, "%.0fs", s);
    else if (s < 3600)
        std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
    else
        std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, int(s) / 60 % 60);
    return buf;
}

SectorStats stats_of(const Rules& r, Sector s, const std::vector<ValueCode>& v) {
    return r.has_capture_counter() ? clock_sector_stats(s, v) : sector_stats(s, v);
}

}  // namespace

bool unit_done(const Rules& r, const SolveUnit& unit, const std::string& dir) {
    for (Sector s : unit.sectors) {
        std::string path = path_of(r, s, dir);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) return false;
        if (!verify_table(path).empty()) return false;
        std::string err;
        auto f = TableFile::open(path, err);
        if (!f || f->check_matches(r, s)) return false;
    }
    return true;
}

std::optional<std::string> generate_units(const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt,
                                          std::vector<UnitResult>& results) {
    using clock = std::chrono::steady_clock;
    std::error_code ec;
    std::filesystem::create_directories(opt.dir, ec);
    if (ec) return "cannot create " + opt.dir + ": " + ec.message();
    // One writer per folder; then the temporary files of a killed run are
    // ours to clean.  SIGXFSZ ignored: over a file-size limit write() then
    // fails with EFBIG and the writer says so, instead of a silent death.
    OutputLock lock;
    if (auto err = lock.acquire(opt.dir)) return err;
    for (const std::string& name : remove_stale_temp_files(opt.dir))
        std::fprintf(stderr, "mtb gen: removed %s/%s, left by a run that was stopped while writing\n", opt.dir.c_str(),
                     name.c_str());
    std::signal(SIGXFSZ, SIG_IGN);

    // Slots still to solve, for the ETA.
    std::vector<bool> done(units.size());
    std::uint64_t total_slots = 0, solved_slots = 0;
    for (std::size_t u = 0; u < units.size(); ++u) {
        done[u] = unit_done(r, units[u], opt.dir);
        if (!done[u])
            for (Sector s : units[u].sectors) total_slots += raw_positions(r, s);  // proportional to slots
    }
    const auto run_start = clock::now();
    results.clear();
    for (std::size_t u = 0; u < units.size(); ++u) {
        const SolveUnit& unit = units[u];
        UnitResult res;
        const auto t0 = clock::now();
        if (done[u]) {
            res.skipped = true;
            for (Sector s : unit.sectors) {
                std::vector<ValueCode> v;
                if (auto err = load_table(path_of(r, s, opt.dir), r, s, v)) return err;
                res.sectors.push_back(stats_of(r, s, v));
            }
            if (opt.progress)
                std::fprintf(opt.progress, "%s[%zu/%zu] %s: already solved\n", opt.progress_tty ? "\r\033[K" : "",
                             u + 1, units.size(), unit_name(unit).c_str());
            results.push_back(std::move(res));
            continue;
        }
        // Children: the successor sectors outside the unit.
        std::vector<Sector> child_sectors;
        for (Sector s : unit.sectors)
            for (Sector c : successor_sectors(r, s))
                if (std::find(unit.sectors.begin(), unit.sectors.end(), c) == unit.sectors.end() &&
                    std::find(child_sectors.begin(), child_sectors.end(), c) == child_sectors.end())
                    child_sectors.push_back(c);
        ChildValues children;
        if (auto err = children.load(r, child_sectors, opt.dir)) return err;

        std::uint64_t unit_raw = 0;
        for (Sector s : unit.sectors) unit_raw += raw_positions(r, s);
        SolveOptions so;
        so.threads = opt.threads;
        if (opt.progress && opt.progress_tty) {
            so.progress = [&](const SolveProgress& p) {
                const double elapsed = std::chrono::duration<double>(clock::now() - run_start).count();
                const double frac_unit = p.phase[0] == 'i' ? 0.5 * p.done / double(p.total) : 0.5;
                const double slots_done = solved_slots + frac_unit * unit_raw;
                const double eta = slots_done > 0 ? elapsed * (total_slots - slots_done) / slots_done : 0;
                std::fprintf(opt.progress, "\r\033[K[%zu/%zu] %s: %s %d, %.1f M positions done, %.1f M/s, ETA %s",
                             u + 1, units.size(), unit_name(unit).c_str(), p.phase, p.layer, slots_done / 1e6,
                             elapsed > 0 ? slots_done / elapsed / 1e6 : 0.0, duration_text(eta).c_str());
                std::fflush(opt.progress);
            };
        }
        std::vector<std::vector<ValueCode>> values;
        SolveStats stats;
        so.stats = &stats;
        // A no-capture limit (lasker-20) has its own bounded solver.
        if (auto err = (r.has_capture_counter() ? solve_clock_unit : solve_unit)(r, unit.sectors, children, values, so))
            return err;
        const auto t_solved = clock::now();
        res.peak_bytes = children.memory_bytes() + stats.frontier_bytes;
        children = ChildValues();  // not needed to write: free it first
        TableWriteOptions write_opt;
        write_opt.level = opt.level;
        write_opt.threads = opt.threads;
        for (std::size_t k = 0; k < unit.sectors.size(); ++k) {
            res.peak_bytes += values[k].size() * sizeof(ValueCode);
            res.sectors.push_back(stats_of(r, unit.sectors[k], values[k]));
            if (auto err = write_table(path_of(r, unit.sectors[k], opt.dir), r, unit.sectors[k], values[k], write_opt))
                return err;
        }
        res.seconds = std::chrono::duration<double>(clock::now() - t0).count();
        const double write_seconds = std::chrono::duration<double>(clock::now() - t_solved).count();
        solved_slots += unit_raw;
        if (opt.progress) {
            std::uint64_t positions = 0;
            for (const SectorStats& s : res.sectors) positions += s.positions;
            const double elapsed = std::chrono::duration<double>(clock::now() - run_start).count();
            const double eta = elapsed * (total_slots - solved_slots) / double(solved_slots);
            // Where the unit's time went: wall and CPU seconds of the
            // solver's init and layers, then the table files.
            std::fprintf(opt.progress,
                         "%s[%zu/%zu] %s: %llu positions in %.2f s (%.1f M/s; init %.2f s, %.2f CPU s; %d layers "
                         "%.2f s, %.2f CPU s; write %.2f s), ETA %s\n",
                         opt.progress_tty ? "\r\033[K" : "", u + 1, units.size(), unit_name(unit).c_str(),
                         (unsigned long long)positions, res.seconds,
                         res.seconds > 0 ? positions / res.seconds / 1e6 : 0.0, stats.init_seconds,
                         stats.init_cpu_seconds, stats.layers, stats.layer_seconds, stats.layer_cpu_seconds,
                         write_seconds, duration_text(eta).c_str());
            std::fflush(opt.progress);
        }
        results.push_back(std::move(res));
    }
    return std::nullopt;
}

}  // namespace mtb
