#include "gen/generate.h"

#include <omp.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <algorithm>
#include <chrono>

#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "gen/child_cache.h"
#include "gen/item_report.h"
#include "gen/pipeline.h"
#include "gen/process_clock.h"
#include "table/code_counts.h"
#include "table/table_folder.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

namespace mtb {
namespace {

std::string path_of(const Rules& r, Sector s, const std::string& dir) { return table_path(dir, r, s); }

}  // namespace

std::string unit_name(const SolveUnit& u) {
    std::string n;
    for (Sector s : u.sectors) {
        if (!n.empty()) n += ',';
        n += s.name();
    }
    return n;
}

std::vector<std::vector<std::size_t>> unit_needs(const Rules& r, const std::vector<SolveUnit>& units) {
    std::map<Sector, std::size_t> unit_of;
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector s : units[u].sectors) unit_of[s] = u;
    std::vector<std::vector<std::size_t>> needs(units.size());
    for (std::size_t u = 0; u < units.size(); ++u) {
        std::set<std::size_t> reads;
        for (Sector s : units[u].sectors)
            for (Sector c : successor_sectors(r, s)) {
                const auto it = unit_of.find(c);
                if (it == unit_of.end() || it->second == u) continue;
                if (it->second > u) throw std::logic_error("units not in solve order");
                reads.insert(it->second);
            }
        needs[u].assign(reads.begin(), reads.end());
    }
    return needs;
}

std::vector<Sector> unit_children(const Rules& r, const SolveUnit& unit) {
    const std::vector<Sector>& sectors = unit.sectors;
    std::vector<Sector> children;
    for (Sector s : sectors)
        for (Sector c : successor_sectors(r, s))
            if (std::find(sectors.begin(), sectors.end(), c) == sectors.end() &&
                std::find(children.begin(), children.end(), c) == children.end())
                children.push_back(c);
    return children;
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

namespace {

// mtb gen as a stage of the pipeline (gen/pipeline.h): an item is a unit,
// finished when its tables are whole (unit_done).
class GenStage : public PipelineStage {
public:
    GenStage(const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt,
             std::vector<UnitResult>& results)
        : r_(r), units_(units), opt_(opt), results_(results), needs_(unit_needs(r, units)) {
        const std::uint64_t budget = ChildCache::budget(r, units, opt.keep_children_bytes, opt.distributor != nullptr);
        if (budget > 0) cache_.emplace(r, units, budget);
    }
    void begin() override { results_.assign(units_.size(), UnitResult{}); }
    std::size_t items() const override { return units_.size(); }
    double work(std::size_t u) const override {
        std::uint64_t slots = 0;
        for (Sector s : units_[u].sectors) slots += distinct_positions(r_, s);
        return double(slots);
    }
    std::string item_name(std::size_t u) const override { return unit_name(units_[u]); }
    bool finished(std::size_t u) override { return unit_done(r_, units_[u], opt_.dir, opt_.metric); }
    ItemOutcome skip(PipelineItem& item) override;
    ItemOutcome run(PipelineItem& item) override;
    std::vector<std::size_t> needs(std::size_t u) const override { return needs_[u]; }
    std::string item_report(std::size_t u) override;
    ItemOutcome take_item_report(PipelineItem& item, const std::string& report) override;

private:
    std::optional<std::string> solve(PipelineItem& item, const std::string& label, SolveStats& stats,
                                     std::vector<std::vector<ValueCode>>& values);
    std::function<void(const SolveProgress&)> progress_of(PipelineItem& item, const std::string& label);
    void unit_solved(PipelineItem& item);
    std::string finished_text(std::size_t u, std::size_t n, int team, const SolveStats& stats, double write_seconds);

    const Rules& r_;
    const std::vector<SolveUnit>& units_;
    const GenOptions& opt_;
    std::vector<UnitResult>& results_;
    const std::vector<std::vector<std::size_t>> needs_;
    // The share of a unit's solve time its init pass takes, to place a
    // unit's progress: measured on the units solved so far, a half until
    // then.
    std::mutex timing_mutex_;
    double init_seconds_ = 0, unit_seconds_ = 0;
    std::optional<ChildCache> cache_;  // none over MPI ranks or with a budget of 0
};

// Units already solved: their statistics from the files.
ItemOutcome GenStage::skip(PipelineItem& item) {
    const std::size_t u = item.index();
    results_[u].skipped = true;
    if (cache_) cache_->skip(u);
    for (Sector s : units_[u].sectors) {
        std::vector<ValueCode> v;
        if (auto err = load_table(path_of(r_, s, opt_.dir), r_, s, v, opt_.metric)) return ItemOutcome::stop(*err);
        results_[u].sectors.push_back(sector_stats(s, v, opt_.metric));
    }
    if (opt_.progress)
        std::fprintf(opt_.progress, "[%zu/%zu] %s: already solved\n", item.number(), units_.size(),
                     unit_name(units_[u]).c_str());
    return ItemOutcome::done();
}

// Solves unit u with the item's team into results[u]; prints its line.
// Called by several threads at once (units side by side).
ItemOutcome GenStage::run(PipelineItem& item) {
    const std::size_t u = item.index();
    UnitResult& res = results_[u];
    const auto t0 = std::chrono::steady_clock::now();
    char label[96];
    std::snprintf(label, sizeof label, "[%zu/%zu] %s", item.number(), units_.size(), unit_name(units_[u]).c_str());
    std::vector<std::vector<ValueCode>> values;
    SolveStats stats;
    if (auto err = solve(item, label, stats, values)) return ItemOutcome::stop(*err);
    res.stats = stats;
    const auto t_solved = std::chrono::steady_clock::now();
    TableWriteOptions write_opt;
    write_opt.level = opt_.level;
    write_opt.threads = item.team();
    write_opt.metric = opt_.metric.kind();
    // No trained zstd dictionary while solving: it doubles the write time
    // (nmm <= 6: 7.5 -> 20 s of 95) for about 0.5% of the bytes on value
    // tables; `mtb repack` adds one to finished tables.
    write_opt.train_dictionary = false;
    const std::vector<Sector>& sectors = units_[u].sectors;
    for (std::size_t k = 0; k < sectors.size(); ++k) res.peak_bytes += values[k].size() * sizeof(ValueCode);
    // Each sector's codes counted once, by the team, for its statistics,
    // its table's dictionary and its kept copy (three passes over the
    // values before: 2 bytes a slot each).  Once written, a sector is kept,
    // packed, for the units that read it (which would otherwise load the
    // file just written), and its values freed before the next is packed:
    // the unit's peak stays its solve's.
    res.sectors.resize(sectors.size());
    const double c_solved = process_cpu_seconds();
    TableWriteStats written;
    write_opt.stats = &written;
    for (std::size_t k = 0; k < sectors.size(); ++k) {
        res.write.positions += values[k].size();
        res.write.streamed_bytes += values[k].size() * sizeof(ValueCode);
        const std::vector<std::uint64_t> counts = count_codes_parallel(values[k], item.team());
        res.sectors[k] = sector_stats_of_counts(sectors[k], counts, opt_.metric);
        TableWriteOptions sector_opt = write_opt;
        sector_opt.code_counts = &counts;
        if (auto err = write_table(path_of(r_, sectors[k], opt_.dir), r_, sectors[k], values[k], sector_opt))
            return ItemOutcome::stop(*err);
        if (cache_) cache_->keep(sectors[k], values[k], counts, item.team());
        std::vector<ValueCode>().swap(values[k]);
    }
    if (cache_) res.kept_bytes = cache_->peak_bytes();
#if defined(__GLIBC__)
    // The kept tables' small parts (their dictionaries, escape buckets)
    // were allocated near the top of the heap, above what the unit freed:
    // glibc keeps the pages under them mapped unless told to return them.
    if (cache_) malloc_trim(0);
#endif
    res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    res.write_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_solved).count();
    res.write.cpu_seconds = process_cpu_seconds() - c_solved;
    res.write.streamed_bytes += written.frame_bytes + written.file_bytes;
    res.team = item.team();
    unit_solved(item);
    return ItemOutcome::done();
}

// Unit item.index() is solved (here or by another process): its times
// place the next units' progress, its line is printed.
void GenStage::unit_solved(PipelineItem& item) {
    const UnitResult& res = results_[item.index()];
    {
        std::lock_guard lock(timing_mutex_);
        init_seconds_ += res.stats.init_seconds;
        unit_seconds_ += res.stats.init_seconds + res.stats.layer_seconds + res.stats.final_seconds;
    }
    item.finished(
        [&](std::size_t n) { return finished_text(item.index(), n, res.team, res.stats, res.write_seconds); });
}

// A unit's result as bytes, for the scheduling process of an MPI job.
std::string GenStage::item_report(std::size_t u) {
    const UnitResult& res = results_[u];
    ReportWriter w;
    w.put(res.sectors.size());
    for (const SectorStats& s : res.sectors) w.put(s);
    w.put(res.seconds);
    w.put(res.peak_bytes);
    w.put(res.stats);
    w.put(res.write_seconds);
    w.put(res.write);
    w.put(res.load_seconds);
    w.put(res.team);
    w.put(res.children_read);
    w.put(res.children_kept);
    w.put(res.kept_bytes);
    return w.bytes();
}

ItemOutcome GenStage::take_item_report(PipelineItem& item, const std::string& report) {
    UnitResult& res = results_[item.index()];
    ReportReader r(report);
    const std::size_t sectors = r.get<std::size_t>();
    res.sectors.resize(sectors == units_[item.index()].sectors.size() ? sectors : 0);
    for (SectorStats& s : res.sectors) s = r.get<SectorStats>();
    res.seconds = r.get<double>();
    res.peak_bytes = r.get<std::uint64_t>();
    res.stats = r.get<SolveStats>();
    res.write_seconds = r.get<double>();
    res.write = r.get<PhaseTraffic>();
    res.load_seconds = r.get<double>();
    res.team = r.get<int>();
    res.children_read = r.get<int>();
    res.children_kept = r.get<int>();
    res.kept_bytes = r.get<std::uint64_t>();
    if (!r.ok() || res.sectors.size() != units_[item.index()].sectors.size())
        return ItemOutcome::stop("the report of unit " + unit_name(units_[item.index()]) + " does not fit it");
    unit_solved(item);
    return ItemOutcome::done();
}

// Loads the unit's children and solves it into `values`.
std::optional<std::string> GenStage::solve(PipelineItem& item, const std::string& label, SolveStats& stats,
                                           std::vector<std::vector<ValueCode>>& values) {
    const std::vector<Sector>& sectors = units_[item.index()].sectors;
    const std::vector<Sector> child_sectors = unit_children(r_, units_[item.index()]);
    if (item.has_progress()) item.update(label + ": loading children", 0);
    ChildValues children;
    const auto t_load = std::chrono::steady_clock::now();
    results_[item.index()].children_read = int(child_sectors.size());
    if (cache_) results_[item.index()].children_kept = int(cache_->lend(item.index(), children));
    if (auto err = children.load(r_, child_sectors, opt_.dir, item.team(), opt_.metric)) return err;
    results_[item.index()].load_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_load).count();
    SolveOptions so;
    so.threads = item.team();
    if (item.has_progress()) so.progress = progress_of(item, label);
    so.stats = &stats;
    so.metric = opt_.metric;
    if (auto err = solve_unit(r_, sectors, children, values, so)) return err;
    results_[item.index()].peak_bytes = children.memory_bytes() + stats.frontier_bytes;
    return std::nullopt;
}

// The solver's progress as the run's line: the init pass in percent of
// itself, then the layers.  The unit's work done: its init share as the
// init pass goes, then, since the layers say nothing of how far they are,
// the rest with the clock (the rest expected to take what the init took
// times the measured ratio), up to 90% of it until the unit is written: the
// line does not stand still through a unit's long layers.
std::function<void(const SolveProgress&)> GenStage::progress_of(PipelineItem& item, const std::string& label) {
    double init_share;
    {
        std::lock_guard lock(timing_mutex_);
        init_share = unit_seconds_ > 0 ? init_seconds_ / unit_seconds_ : 0.5;
    }
    const double unit_slots = work(item.index());
    const auto t0 = std::chrono::steady_clock::now();
    return [&item, label, init_share, unit_slots, t0, init_end = -1.0](const SolveProgress& p) mutable {
        const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::string what = label + ": ";
        double share;
        if (p.phase[0] == 'i') {
            const double part = p.total ? double(p.done) / double(p.total) : 1;
            share = init_share * part;
            what.append("init pass ").append(std::to_string(int(100 * part))).append("% done");
        } else {
            if (init_end < 0) init_end = t;
            const double rest = init_share > 0 ? init_end * (1 - init_share) / init_share : 0;
            share = init_share + (1 - init_share) * (rest > 0 ? std::min(0.9, (t - init_end) / rest) : 0.9);
            what.append(p.phase[0] == 'l' ? "layer " + std::to_string(p.layer) : std::string(p.phase) + " pass");
        }
        item.update(what, share * unit_slots);
    };
}

// Where the unit's time went: wall and CPU seconds of the solver's init and
// layers (CPU: the whole process, so approximate while units run side by
// side), then the files, the children's load and the finish pass (the
// rest of `seconds` is the solver's set-up: scripts/gen-serial-parts.py).
std::string GenStage::finished_text(std::size_t u, std::size_t n, int team, const SolveStats& stats,
                                    double write_seconds) {
    const UnitResult& res = results_[u];
    std::uint64_t positions = 0;
    for (const SectorStats& s : res.sectors) positions += s.positions;
    char text[480];
    std::snprintf(text, sizeof text,
                  "[%zu/%zu] %s: %llu position%s in %.2f s (%.1f M/s; %d thread%s; init %.2f s, %.2f CPU "
                  "s; %d layers %.2f s, %.2f CPU s; write %.2f s; children %.2f s; finish %.2f s; set-up %.2f s)",
                  n, units_.size(), unit_name(units_[u]).c_str(), (unsigned long long)positions,
                  positions == 1 ? "" : "s", res.seconds, res.seconds > 0 ? positions / res.seconds / 1e6 : 0.0, team,
                  team == 1 ? "" : "s", stats.init_seconds, stats.init_cpu_seconds, stats.layers, stats.layer_seconds,
                  stats.layer_cpu_seconds, write_seconds, res.load_seconds, stats.final_seconds, stats.setup_seconds);
    return text;
}

}  // namespace

std::optional<std::string> generate_units(const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt,
                                          std::vector<UnitResult>& results) {
    PipelineOptions po;
    po.name = "gen";
    po.lock_dir = opt.dir;
    po.progress = opt.progress;
    po.progress_tty = opt.progress_tty;
    po.progress_interval = opt.progress_interval;
    po.threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
    po.work_per_thread = opt.positions_per_thread;
    po.skip_up_front = true;
    po.distributor = opt.distributor;
    GenStage stage(r, units, opt, results);
    return run_pipeline(stage, po).error;
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
