#include "gen/capture_clock_solver.h"

#include <omp.h>

#include <algorithm>
#include <atomic>

#include "engine/unmove.h"
#include "gen/capture_clock.h"
#include "probe/index.h"

namespace mtb {
namespace {

// A slot not decided yet; no clock code comes near it (L <= 255).
constexpr ValueCode UNDECIDED = 0xffff;

template <class T>
T load(const T& w) {
    return std::atomic_ref<const T>(w).load(std::memory_order_relaxed);
}
template <class T>
void store(T& w, T v) {
    std::atomic_ref<T>(w).store(v, std::memory_order_relaxed);
}

// The unit's words and the bookkeeping that says which slots a pass visits.
struct ClockUnit {
    const Rules& r;
    const std::vector<Sector>& sectors;
    const ChildValues& children;
    std::vector<SectorIndex> index;
    std::vector<std::vector<ValueCode>>& values;
    // marks[h & 1][k][slot] == h: a successor was decided in pass h - 1.
    std::vector<std::vector<std::uint8_t>> marks[2];
    // due[k][slot] == h: the slot's last visit found a result with DTC h.
    std::vector<std::vector<std::uint8_t>> due;

    int in_unit(Sector s) const {
        for (std::size_t k = 0; k < sectors.size(); ++k)
            if (sectors[k] == s) return int(k);
        return -1;
    }

    // Marks the in-unit predecessors of a position decided in pass h for
    // pass h + 1.  Only quiet un-moves stay in the unit (a capture or a
    // placement changes the stone counts); a predecessor of the canonical
    // member stands for its whole class (symmetry maps plies to plies).
    void mark_predecessors(Position q, int h) {
        q.since_capture = 1;  // predecessors by a quiet ply, at counter 0
        const std::uint8_t next = std::uint8_t(h + 1);
        for_each_predecessor(r, q, [&](const Position& p) {
            const int k = in_unit(sector_of(p));
            if (k < 0) return;
            const std::uint64_t slot = index[std::size_t(k)].slot_of(normalise(p));
            if (load(values[std::size_t(k)][slot]) == UNDECIDED) store(marks[next & 1][std::size_t(k)][slot], next);
        });
    }
};

}  // namespace

SectorStats clock_sector_stats(Sector s, const std::vector<ValueCode>& values) {
    SectorStats st = sector_stats(s, values);
    st.longest_win = -1;
    for (ValueCode v : values)
        if (v >= 2 && value_wdl(v) == Wdl::WIN) st.longest_win = std::max(st.longest_win, clock_plies(v));
    return st;
}

std::optional<std::string> solve_clock_unit(const Rules& r, const std::vector<Sector>& unit,
                                            const ChildValues& children, std::vector<std::vector<ValueCode>>& values,
                                            const SolveOptions& opt) {
    if (!r.has_capture_counter()) return "solve_clock_unit: rule set " + r.name + " has no no-capture limit";
    const int limit = r.no_capture_draw_plies;
    if (limit > 250) return "solve_clock_unit: no-capture limit above 250";
    const int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
    ClockUnit u{r, unit, children, {}, values, {}, {}};
    values.assign(unit.size(), {});
    std::uint64_t total = 0;
    for (Sector s : unit) {
        const SectorIndex& idx = u.index.emplace_back(r, s);
        values[u.index.size() - 1].assign(idx.slots(), UNDECIDED);
        for (auto& m : u.marks) m.emplace_back(idx.slots(), 0);
        u.due.emplace_back(idx.slots(), 0);
        total += idx.slots();
    }
    bool missing = false;
    // Pass h visits every slot in pass 1, then only the slots a successor's
    // decision or an earlier visit points to: nothing else can change.
    for (int h = 1; h <= limit; ++h) {
        // The unit's positions as they stand with h - 1 plies left.
        auto lookup = [&](Sector s, NormalPosition n) -> ValueCode {
            const int k = u.in_unit(s);
            if (k < 0) return children.value(s, n);
            const ValueCode v = load(values[std::size_t(k)][u.index[std::size_t(k)].slot_of(n)]);
            return v != UNDECIDED && clock_plies(v) <= h - 1 ? v : VALUE_DRAW;
        };
        std::uint64_t done = 0;
        for (std::size_t k = 0; k < unit.size(); ++k) {
            std::vector<ValueCode>& words = values[k];
            const std::vector<std::uint8_t>& marked = u.marks[h & 1][k];
            std::vector<std::uint8_t>& due = u.due[k];
            const std::uint64_t slots = words.size();
#pragma omp parallel for schedule(dynamic, 1024) num_threads(threads) reduction(|| : missing)
            for (std::uint64_t i = 0; i < slots; ++i) {
                if (load(words[i]) != UNDECIDED) continue;
                if (h > 1 && load(marked[i]) != h && due[i] != h) continue;
                NormalPosition n;
                if (!u.index[k].position_of(i, n)) {
                    store(words[i], VALUE_NONE);
                    continue;
                }
                const Position p = denormalise(unit[k], n, WHITE);
                const ValueCode v = clock_value_from_successors(r, p, lookup);
                if (v == VALUE_NONE) {
                    missing = true;
                } else if (v != VALUE_DRAW && clock_plies(v) <= h) {
                    store(words[i], v);
                    u.mark_predecessors(p, h);
                } else if (v != VALUE_DRAW && clock_plies(v) <= limit) {
                    due[i] = std::uint8_t(clock_plies(v));  // decided then, unless sooner
                }
            }
            if (missing) return "solve_clock_unit: a child sector of " + unit[k].name() + " is not loaded";
            done += slots;
            if (opt.progress) opt.progress(SolveProgress{"layer", h, done, total});
        }
    }
    for (auto& words : values)
        for (ValueCode& w : words)
            if (w == UNDECIDED) w = VALUE_DRAW;
    return std::nullopt;
}

}  // namespace mtb
