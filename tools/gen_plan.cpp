#include "tools/gen_plan.h"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "gen/child_cache.h"
#include "gen/generate.h"
#include "gen/run_plan.h"
#include "tools/json_out.h"

namespace mtb::cli {

std::string plan_help() {
    // The defaults are the model's own (gen/run_plan.h), printed from it.
    const ProjectionModel model;
    char rate[32], share[32], memory[160];
    std::snprintf(rate, sizeof rate, "%g", model.positions_per_cpu_second / 1e6);
    std::snprintf(share, sizeof share, "%g", model.serial_share);
    using M = UnitMemoryModel;
    std::snprintf(memory, sizeof memory,
                  "(%llu bytes a slot, children\n"
                  "                   at %llu bytes a slot, %llu bytes a slot of frontier, %llu MiB)\n",
                  (unsigned long long)M::word_bytes, (unsigned long long)M::child_bytes,
                  (unsigned long long)M::frontier_bytes, (unsigned long long)(M::fixed_bytes >> 20));
    return std::string("\n") +
           "Sizing a run (for a cluster: docs/CLUSTER.md):\n"
           "  --plan           solve nothing: list the units of the run in the order the\n"
           "                   scheduler starts them, each with its positions, estimated\n"
           "                   peak memory on the high side " +
           memory +
           "                   and the units whose tables it reads;\n"
           "                   then totals, the critical path (the longest chain of units\n"
           "                   that must run one after another) and a projected wall time\n"
           "  --ranks R        with --plan: project R MPI ranks of --threads threads each,\n"
           "                   one unit per rank at a time (default 1: one process)\n"
           "  --rate M         with --plan: M million positions per CPU second of one\n"
           "                   thread (default " +
           rate +
           ", the whole-game rate of lasker and\n"
           "                   nmm in BENCHMARKS.md); a unit on k threads is taken to\n"
           "                   run k / (1 + " +
           share +
           " (k - 1)) times faster\n"
           "  --json           with --plan: one JSON object instead of the table\n"
           "  --out DIR        with --plan: leave out the units whose tables DIR already\n"
           "                   holds (checksums checked), as a resumed run skips them:\n"
           "                   the plan of what is left\n";
}

namespace {

// --rate: a positive, finite number of millions.
std::optional<double> rate_from_args(const Args& a, std::string& error) {
    const auto text = a.value("--rate");
    if (!text) return ProjectionModel{}.positions_per_cpu_second;
    char* end = nullptr;
    const double m = std::strtod(text->c_str(), &end);
    if (end == text->c_str() || *end != '\0' || !std::isfinite(m) || m <= 0 || m > 1e6) {
        error = "--rate wants a positive number of million positions per CPU second, not '" + *text + "'";
        return std::nullopt;
    }
    return m * 1e6;
}

// "3, 5, 12": 1-based numbers in the printed order.
std::string numbers_text(const std::vector<std::size_t>& numbers) {
    std::string t;
    for (std::size_t n : numbers) t.append(t.empty() ? "" : ",").append(std::to_string(n));
    return t.empty() ? "-" : t;
}

struct PlanReport {
    std::vector<PlannedUnit> units;
    ProjectionModel model;
    std::vector<ProjectedUnit> run;   // in start order
    std::vector<std::size_t> number;  // unit index -> 1-based number in `run`
    std::vector<std::size_t> path;    // unit indexes, first to last
    std::vector<bool> on_path;
    std::uint64_t positions = 0, path_positions = 0;
    std::size_t largest = 0;      // the unit of most positions
    std::size_t most_memory = 0;  // the unit of the highest memory estimate (its children count too)
    // Solved tables kept for their readers beside the running units, at
    // most (gen/child_cache.h; none over MPI ranks).
    std::uint64_t kept_children_bytes = 0;
    double wall = 0, path_seconds = 0;
    // With --out: the folder, and the units and positions it already holds.
    std::string done_dir;
    std::size_t done_units = 0;
    std::uint64_t done_positions = 0;

    // With --out, what the folder already holds (JSON "already_solved").
    Json already_solved() const { return {{"dir", done_dir}, {"units", done_units}, {"positions", done_positions}}; }

    std::vector<std::size_t> needs_numbers(std::size_t u) const {
        std::vector<std::size_t> n;
        for (std::size_t c : units[u].needs) n.push_back(number[c]);
        std::sort(n.begin(), n.end());
        return n;
    }
    double cpu_seconds(double positions) const { return positions / model.positions_per_cpu_second; }
};

void print_json(const Rules& r, const PlanReport& p) {
    Json j;
    j["rules"] = r.name;
    j["ranks"] = p.model.ranks;
    j["threads"] = p.model.threads;
    j["rate"] = p.model.positions_per_cpu_second;
    j["units"] = Json::array();
    for (std::size_t k = 0; k < p.run.size(); ++k) {
        const ProjectedUnit& run = p.run[k];
        const PlannedUnit& u = p.units[run.unit];
        Json unit;
        unit["number"] = k + 1;
        unit["name"] = unit_name(u.unit);
        unit["sectors"] = Json::array();
        for (std::size_t s = 0; s < u.unit.sectors.size(); ++s)
            unit["sectors"].push_back({{"name", u.unit.sectors[s].name()}, {"positions", u.sector_positions[s]}});
        unit["positions"] = u.positions;
        unit["memory_bytes"] = u.memory_bytes;
        unit["needs"] = p.needs_numbers(run.unit);
        unit["threads"] = run.threads;
        unit["start_seconds"] = run.start;
        unit["end_seconds"] = run.end;
        unit["critical"] = bool(p.on_path[run.unit]);
        j["units"].push_back(std::move(unit));
    }
    Json path = Json::array();
    for (std::size_t u : p.path) path.push_back(p.number[u]);
    j["total"] = {{"units", p.units.size()},
                  {"positions", p.positions},
                  {"cpu_seconds", p.cpu_seconds(double(p.positions))},
                  {"largest_unit", p.number[p.largest]},
                  {"largest_memory_bytes", p.units[p.largest].memory_bytes},
                  {"most_memory_unit", p.number[p.most_memory]},
                  {"most_memory_bytes", p.units[p.most_memory].memory_bytes},
                  {"kept_children_bytes", p.kept_children_bytes}};
    j["critical_path"] = {{"units", path},
                          {"positions", p.path_positions},
                          {"cpu_seconds", p.cpu_seconds(double(p.path_positions))},
                          {"seconds", p.path_seconds}};
    j["wall_seconds"] = p.wall;
    if (!p.done_dir.empty()) j["already_solved"] = p.already_solved();
    std::printf("%s\n", dump(j).c_str());
}

// "nmm --max-stones 6": the rule set and the selection of the planned run.
std::string selection_text(const Args& a, const Rules& r) {
    std::string selection = r.name;
    for (const char* flag : {"--max-stones", "--sectors"})
        if (const auto v = a.value(flag)) selection.append(" ").append(flag).append(" ").append(*v);
    return selection;
}

void print_text(const Args& a, const Rules& r, const PlanReport& p) {
    const ProjectionModel& m = p.model;
    const std::string selection = selection_text(a, r);
    std::printf(
        "plan of mtb gen --rules %s: %zu units, %llu positions; %d rank%s x %d thread%s at %.3g M positions "
        "per CPU second\n",
        selection.c_str(), p.units.size(), (unsigned long long)p.positions, m.ranks, m.ranks == 1 ? "" : "s", m.threads,
        m.threads == 1 ? "" : "s", m.positions_per_cpu_second / 1e6);
    if (!p.done_dir.empty())
        std::printf("left out: %zu units, %llu positions, already solved in %s\n", p.done_units,
                    (unsigned long long)p.done_positions, p.done_dir.c_str());
    std::printf("%6s %-24s %15s %11s %7s %10s %10s %s\n", "number", "unit", "positions", "memory MiB", "threads",
                "start s", "end s", "needs (* critical path)");
    for (std::size_t k = 0; k < p.run.size(); ++k) {
        const ProjectedUnit& run = p.run[k];
        const PlannedUnit& u = p.units[run.unit];
        std::printf("%6zu %-24s %15llu %11.1f %7d %10.1f %10.1f %s%s\n", k + 1, unit_name(u.unit).c_str(),
                    (unsigned long long)u.positions, double(u.memory_bytes) / 1048576.0, run.threads, run.start,
                    run.end, numbers_text(p.needs_numbers(run.unit)).c_str(), p.on_path[run.unit] ? " *" : "");
    }
    const PlannedUnit& big = p.units[p.largest];
    const PlannedUnit& hungry = p.units[p.most_memory];
    std::printf(
        "total: %zu units, %llu positions, %.0f CPU s; largest unit %zu (%s), %llu positions, %.1f MiB; most memory: "
        "unit %zu (%s), %.1f MiB\n",
        p.units.size(), (unsigned long long)p.positions, p.cpu_seconds(double(p.positions)), p.number[p.largest],
        unit_name(big.unit).c_str(), (unsigned long long)big.positions, double(big.memory_bytes) / 1048576.0,
        p.number[p.most_memory], unit_name(hungry.unit).c_str(), double(hungry.memory_bytes) / 1048576.0);
    std::printf(
        "kept children: at most %.1f MiB beside the running units (solved tables packed for the units that read "
        "them; --keep-children MB, 0: none; over MPI ranks: none)\n",
        double(p.kept_children_bytes) / 1048576.0);
    std::string chain;
    for (std::size_t u : p.path) chain.append(chain.empty() ? "" : " -> ").append(std::to_string(p.number[u]));
    std::printf("critical path: %zu units, %llu positions (%.1f%% of all), %.0f CPU s, %.1f s on %d thread%s: %s\n",
                p.path.size(), (unsigned long long)p.path_positions,
                p.positions ? 100.0 * double(p.path_positions) / double(p.positions) : 0.0,
                p.cpu_seconds(double(p.path_positions)), p.path_seconds, m.threads, m.threads == 1 ? "" : "s",
                chain.c_str());
    std::printf("projected wall time: %.1f s (%s) on %d rank%s x %d thread%s\n", p.wall, duration_text(p.wall).c_str(),
                m.ranks, m.ranks == 1 ? "" : "s", m.threads, m.threads == 1 ? "" : "s");
}

}  // namespace

int check_plan_flags(const Args& a) {
    if (a.has("--plan")) return OK;
    for (std::string_view f : {"--ranks", "--rate", "--json"})
        if (a.has(f)) return fail("gen", std::string(f) + " goes with --plan", USAGE);
    return OK;
}

int print_gen_plan(const Args& a, const Rules& r, const std::vector<SolveUnit>& all_units,
                   std::optional<long long> threads, const Metric& metric) {
    const bool json = a.has("--json");
    PlanReport p;
    auto ranks = a.integer("--ranks", 1, 1000000);
    if (a.error()) return fail_json(json, "gen", *a.error(), USAGE);
    std::string error;
    const auto rate = rate_from_args(a, error);
    if (!rate) return fail_json(json, "gen", error, USAGE);
    p.model.ranks = ranks ? int(*ranks) : 1;
    p.model.threads = threads ? int(*threads) : omp_get_max_threads();
    p.model.positions_per_cpu_second = *rate;
    if (all_units.empty()) return fail_json(json, "gen", "no units to plan", USAGE);
    std::vector<SolveUnit> units, done;
    if (const auto dir = a.value("--out")) {
        p.done_dir = *dir;
        for (const SolveUnit& u : all_units) (unit_done(r, u, *dir, metric) ? done : units).push_back(u);
        p.done_units = done.size();
        for (const PlannedUnit& u : plan_units(r, done)) p.done_positions += u.positions;
        if (units.empty()) {
            if (json)
                std::printf(
                    "%s\n",
                    dump(Json{{"rules", r.name}, {"units", Json::array()}, {"already_solved", p.already_solved()}})
                        .c_str());
            else
                std::printf(
                    "plan of mtb gen --rules %s: nothing left; all %zu units (%llu positions) already "
                    "solved in %s\n",
                    selection_text(a, r).c_str(), p.done_units, (unsigned long long)p.done_positions,
                    p.done_dir.c_str());
            return OK;
        }
    } else {
        units = all_units;
    }
    p.units = plan_units(r, units);
    p.run = project_run(p.units, p.model);
    p.number.assign(p.units.size(), 0);
    for (std::size_t k = 0; k < p.run.size(); ++k) p.number[p.run[k].unit] = k + 1;
    p.path = critical_path(p.units);
    p.on_path.assign(p.units.size(), false);
    for (std::size_t u : p.path) {
        p.on_path[u] = true;
        p.path_positions += p.units[u].positions;
        p.path_seconds += p.model.seconds(double(p.units[u].positions), p.model.threads);
    }
    for (std::size_t u = 0; u < p.units.size(); ++u) {
        p.positions += p.units[u].positions;
        if (p.units[u].positions > p.units[p.largest].positions) p.largest = u;
        if (p.units[u].memory_bytes > p.units[p.most_memory].memory_bytes) p.most_memory = u;
    }
    for (const ProjectedUnit& run : p.run) p.wall = std::max(p.wall, run.end);
    // As mtb gen sizes it: from every unit of the run, solved or not.
    const auto keep_mb = a.integer("--keep-children", 0, 1LL << 30);
    p.kept_children_bytes = ChildCache::budget(
        r, all_units, keep_mb ? std::optional<std::uint64_t>(std::uint64_t(*keep_mb) << 20) : std::nullopt,
        p.model.ranks > 1);
    json ? print_json(r, p) : print_text(a, r, p);
    return OK;
}

}  // namespace mtb::cli
