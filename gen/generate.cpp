#include "gen/generate.h"

#include <omp.h>
#include <algorithm>
#include <chrono>

#include <csignal>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include "gen/output_lock.h"
#include "gen/progress_line.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

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

}  // namespace

std::vector<int> unit_waves(const Rules& r, const std::vector<SolveUnit>& units) {
    std::map<Sector, std::size_t> unit_of;
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector s : units[u].sectors) unit_of[s] = u;
    std::vector<int> wave(units.size(), 0);
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector s : units[u].sectors)
            for (Sector c : successor_sectors(r, s)) {
                const auto it = unit_of.find(c);
                if (it != unit_of.end() && it->second != u) {
                    if (it->second > u) throw std::logic_error("units not in solve order");
                    wave[u] = std::max(wave[u], wave[it->second] + 1);
                }
            }
    return wave;
}

bool unit_done(const Rules& r, const SolveUnit& unit, const std::string& dir, const Metric& metric) {
    for (Sector s : unit.sectors) {
        std::string path = path_of(r, s, dir);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) return false;
        if (!verify_table(path).empty()) return false;
        std::string err;
        auto f = TableFile::open(path, err);
        if (!f || f->check_matches(r, s, metric)) return false;
    }
    return true;
}

std::vector<Sector> missing_children(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir) {
    // The successors of the planned sectors, closed over the successors of
    // each one without a table (its own children may be missing too).
    std::set<Sector> planned, missing;
    for (const SolveUnit& u : units) planned.insert(u.sectors.begin(), u.sectors.end());
    std::vector<Sector> unexpanded(planned.begin(), planned.end());
    while (!unexpanded.empty()) {
        const Sector s = unexpanded.back();
        unexpanded.pop_back();
        for (Sector c : successor_sectors(r, s)) {
            std::error_code ec;
            if (planned.count(c) || missing.count(c) || std::filesystem::exists(path_of(r, c, dir), ec)) continue;
            missing.insert(c);
            unexpanded.push_back(c);
        }
    }
    return {missing.begin(), missing.end()};
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

    // Positions still to solve, the work of the progress line and its ETA.
    std::vector<bool> done(units.size());
    std::uint64_t total_slots = 0, solved_slots = 0;
    for (std::size_t u = 0; u < units.size(); ++u) {
        done[u] = unit_done(r, units[u], opt.dir, opt.metric);
        if (!done[u])
            for (Sector s : units[u].sectors) total_slots += distinct_positions(r, s);
    }
    results.assign(units.size(), UnitResult{});
    const int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
    std::size_t finished = 0;  // units reported so far, for "[n/N]"
    std::optional<ProgressLine> line;
    // The share of a unit's time its init takes, to place a unit's init
    // progress: measured on the units solved so far, a half until then.
    double init_seconds = 0, unit_seconds = 0;

    // Solves unit u with `team` threads into results[u]; prints its line.
    // Called by several threads at once for small units (team 1), so what
    // it shares is updated under the critical section mtb_gen_report.
    auto solve_one = [&](std::size_t u, int team) -> std::optional<std::string> {
        const SolveUnit& unit = units[u];
        UnitResult& res = results[u];
        const auto t0 = clock::now();
        // Children: the successor sectors outside the unit.
        std::vector<Sector> child_sectors;
        for (Sector s : unit.sectors)
            for (Sector c : successor_sectors(r, s))
                if (std::find(unit.sectors.begin(), unit.sectors.end(), c) == unit.sectors.end() &&
                    std::find(child_sectors.begin(), child_sectors.end(), c) == child_sectors.end())
                    child_sectors.push_back(c);
        std::uint64_t unit_slots = 0;
        for (Sector s : unit.sectors) unit_slots += distinct_positions(r, s);
        // A unit with every thread runs alone: it reports within itself
        // (small ones side by side only report when they finish).
        const bool alone = line && team == threads;
        char label[96];
        std::snprintf(label, sizeof label, "[%zu/%zu] %s", finished + 1, units.size(), unit_name(unit).c_str());
        if (alone) line->update(std::string(label) + ": loading children", double(solved_slots));
        ChildValues children;
        if (auto err = children.load(r, child_sectors, opt.dir, team, opt.metric)) return err;

        SolveOptions so;
        so.threads = team;
        if (alone) {
            const double init_share = unit_seconds > 0 ? init_seconds / unit_seconds : 0.5;
            so.progress = [&, init_share](const SolveProgress& p) {
                const bool init = p.phase[0] == 'i';
                const double share = init ? init_share * double(p.done) / double(p.total) : init_share;
                std::string what = std::string(label) + ": " + p.phase;
                if (init)
                    what.append(" ").append(std::to_string(p.total ? 100 * p.done / p.total : 100)).append("%");
                else if (p.phase[0] == 'l')
                    what.append(" ").append(std::to_string(p.layer));
                line->update(what, double(solved_slots) + share * double(unit_slots));
            };
        }
        std::vector<std::vector<ValueCode>> values;
        SolveStats stats;
        so.stats = &stats;
        so.metric = opt.metric;
        if (auto err = solve_unit(r, unit.sectors, children, values, so)) return err;
        const auto t_solved = clock::now();
        res.peak_bytes = children.memory_bytes() + stats.frontier_bytes;
        children = ChildValues();  // not needed to write: free it first
        TableWriteOptions write_opt;
        write_opt.level = opt.level;
        write_opt.threads = team;
        write_opt.metric = opt.metric.kind();
        for (std::size_t k = 0; k < unit.sectors.size(); ++k) {
            res.peak_bytes += values[k].size() * sizeof(ValueCode);
            res.sectors.push_back(sector_stats(unit.sectors[k], values[k], opt.metric));
            if (auto err = write_table(path_of(r, unit.sectors[k], opt.dir), r, unit.sectors[k], values[k], write_opt))
                return err;
        }
        res.seconds = std::chrono::duration<double>(clock::now() - t0).count();
        const double write_seconds = std::chrono::duration<double>(clock::now() - t_solved).count();
#pragma omp critical(mtb_gen_report)
        {
            solved_slots += unit_slots;
            ++finished;
            if (team == threads) {
                init_seconds += stats.init_seconds;
                unit_seconds += stats.init_seconds + stats.layer_seconds + stats.final_seconds;
            }
            if (line) {
                std::uint64_t positions = 0;
                for (const SectorStats& s : res.sectors) positions += s.positions;
                // Where the unit's time went: wall and CPU seconds of the
                // solver's init and layers (CPU: the whole process, so
                // approximate while units run side by side), then the files.
                char text[400];
                std::snprintf(text, sizeof text,
                              "[%zu/%zu] %s: %llu position%s in %.2f s (%.1f M/s; %d thread%s; init %.2f s, %.2f CPU "
                              "s; %d layers %.2f s, %.2f CPU s; write %.2f s)",
                              finished, units.size(), unit_name(unit).c_str(), (unsigned long long)positions,
                              positions == 1 ? "" : "s", res.seconds,
                              res.seconds > 0 ? positions / res.seconds / 1e6 : 0.0, team, team == 1 ? "" : "s",
                              stats.init_seconds, stats.init_cpu_seconds, stats.layers, stats.layer_seconds,
                              stats.layer_cpu_seconds, write_seconds);
                line->finished(text, double(solved_slots));
            }
        }
        return std::nullopt;
    };

    // Units already solved: their statistics from the files.
    for (std::size_t u = 0; u < units.size(); ++u) {
        if (!done[u]) continue;
        results[u].skipped = true;
        for (Sector s : units[u].sectors) {
            std::vector<ValueCode> v;
            if (auto err = load_table(path_of(r, s, opt.dir), r, s, v, opt.metric)) return err;
            results[u].sectors.push_back(sector_stats(s, v, opt.metric));
        }
        ++finished;
        if (opt.progress)
            std::fprintf(opt.progress, "[%zu/%zu] %s: already solved\n", finished, units.size(),
                         unit_name(units[u]).c_str());
    }
    // The line's clock starts with the work to do.
    if (opt.progress) line.emplace(opt.progress, opt.progress_tty, double(total_slots), opt.progress_interval);

    // Many cores: a unit's own threads idle in its short layers and are
    // not started at all below the solver's parallel_min, so small units
    // would run one after another on one thread.  Units are therefore taken
    // in waves (a unit's wave is one more than that of any unit of the list
    // whose tables it reads, so the units of a wave are independent): the
    // small units of a wave run side by side, one thread each, then its
    // large ones one after another with every thread.
    const std::vector<int> wave = unit_waves(r, units);
    const std::uint64_t small_below = std::uint64_t(opt.small_unit_slots_per_thread) * std::uint64_t(threads);
    const int waves = wave.empty() ? 0 : *std::max_element(wave.begin(), wave.end()) + 1;
    for (int w = 0; w < waves; ++w) {
        std::vector<std::size_t> small, large;
        for (std::size_t u = 0; u < units.size(); ++u) {
            if (done[u] || wave[u] != w) continue;
            std::uint64_t raw = 0;
            for (Sector s : units[u].sectors) raw += raw_positions(r, s);
            (raw < small_below && threads > 1 ? small : large).push_back(u);
        }
        if (small.size() == 1) large.insert(large.begin(), small[0]), small.clear();  // nothing to run beside it
        std::optional<std::string> error;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (small.size() > 1)
        for (std::size_t i = 0; i < small.size(); ++i) {
            auto err = solve_one(small[i], 1);
#pragma omp critical(mtb_gen_error)
            if (err && !error) error = err;
        }
        if (error) return error;
        for (std::size_t u : large)
            if (auto err = solve_one(u, threads)) return err;
    }
    return std::nullopt;
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

}  // namespace mtb
