#include "gen/wdl_captures.h"

#include <omp.h>

#include <algorithm>
#include <atomic>

#include "gen/sector_graph.h"
#include "table/capture_scan.h"
#include "table/index.h"

namespace mtb {
namespace {

constexpr std::uint8_t FIXED = 0, FREE = 1;

}  // namespace

std::vector<Sector> capture_sectors(const Rules& r, Sector s) {
    std::vector<Sector> out;
    for (Sector c : successor_sectors(r, s))
        if (c == child_sector(s, PLY_MOVE_REMOVE) || c == child_sector(s, PLY_PLACE_REMOVE)) out.push_back(c);
    return out;
}

int best_capture_wdl(const Rules& r, Sector s, NormalPosition n, const VerifyTables& children, Sector* missing) {
    // Every child's load is started before any value is read, so the
    // cache misses overlap.
    const StoredTable* table[MAX_PLIES];
    std::uint64_t slot[MAX_PLIES];
    int captures = 0;
    bool absent = false;
    const CaptureScan scan = scan_captures(r, s, n, [&](const PlyChild& c) {
        const StoredTable* t = children.find(c.sector);
        if (!t) {
            absent = true;
            if (missing) *missing = c.sector;
            return false;
        }
        table[captures] = t;
        slot[captures] = t->index().slot_of(c.position);
        t->prefetch(slot[captures++]);
        return true;
    });
    if (scan == CaptureScan::WINS) return 1;
    if (absent) return MISSING_TABLE;
    int best = NO_CAPTURE;
    for (int i = 0; i < captures && best < 1; ++i) best = std::max(best, -wdl_sign(table[i]->at(slot[i])));
    return best;
}

std::optional<std::string> capture_resolved_wdl(const Rules& r, Sector s, std::span<const ValueCode> values,
                                                const VerifyTables& children, int threads, std::vector<ValueCode>& out,
                                                std::uint64_t* lowered) {
    const SectorIndex index(r, s);
    if (values.size() != index.slots())
        return "capture-resolved WDL of " + s.name() + ": " + std::to_string(values.size()) +
               " values, the index has " + std::to_string(index.slots()) + " slots";
    // Which slots a capture decides (FREE): the best capture's win/draw/loss
    // equals the true one.
    std::vector<std::uint8_t> kind(values.size(), FIXED);
    std::atomic<bool> missing{false};
    Sector missing_sector;
    // In slot order: slot -> position is cheap when consecutive, and the
    // values and kinds are then read and written in order.
    const std::int64_t slots = std::int64_t(values.size());
#pragma omp parallel for schedule(dynamic, 4096) num_threads(threads > 0 ? threads : omp_get_max_threads())
    for (std::int64_t slot = 0; slot < slots; ++slot) {
        NormalPosition n;
        if (!index.position_of(std::uint64_t(slot), n)) continue;
        Sector absent;
        const int best = best_capture_wdl(r, s, n, children, &absent);
        if (best == MISSING_TABLE) {
            if (!missing.exchange(true)) missing_sector = absent;
        } else if (best == wdl_sign(values[std::size_t(slot)])) {
            kind[std::size_t(slot)] = FREE;
        }
    }
    if (missing) return "capture-resolved WDL of " + s.name() + " needs the table of " + missing_sector.name();
    // Runs compress best: a FREE slot repeats the value stored before it
    // where that is not above its true value, else stores the true value.
    // (Choosing each run's value by how far it reaches saved under 5% on
    // nmm samples, so the simple rule stays.)
    out.resize(values.size());
    std::uint64_t low = 0;
    int prev = values.empty() ? 0 : wdl_sign(values[0]);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const int truth = wdl_sign(values[i]);
        const int stored = kind[i] == FREE && prev <= truth ? prev : truth;
        low += stored < truth;
        out[i] = wdl_only_code(stored);
        prev = stored;
    }
    if (lowered) *lowered = low;
    return std::nullopt;
}

std::optional<std::string> check_wdl_against_values(const Rules& r, Sector s, bool captures_decide,
                                                    std::span<const ValueCode> stored,
                                                    std::span<const ValueCode> values, const VerifyTables& children,
                                                    int threads, std::vector<std::uint64_t>& wrong,
                                                    std::size_t max_errors) {
    const SectorIndex index(r, s);
    wrong.clear();
    if (stored.size() != index.slots() || values.size() != index.slots())
        return "win/draw/loss check of " + s.name() + ": " + std::to_string(stored.size()) + " stored and " +
               std::to_string(values.size()) + " values, the index has " + std::to_string(index.slots()) + " slots";
    const std::int64_t slots = std::int64_t(values.size());
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
    {
        std::vector<std::uint64_t> found;  // this thread's
#pragma omp for schedule(dynamic, 4096)
        for (std::int64_t i = 0; i < slots; ++i) {
            const std::uint64_t slot = std::uint64_t(i);
            const int truth = wdl_sign(values[slot]), kept = wdl_sign(stored[slot]);
            if (kept == truth) continue;
            // Only a capture-resolved table may store less, and only where
            // the best capture gives the true value.
            NormalPosition n;
            const bool allowed = captures_decide && kept < truth && index.position_of(slot, n) &&
                                 best_capture_wdl(r, s, n, children, nullptr) == truth;
            if (!allowed) found.push_back(slot);
        }
#pragma omp critical(mtb_wdl_check)
        wrong.insert(wrong.end(), found.begin(), found.end());
    }
    std::sort(wrong.begin(), wrong.end());
    if (wrong.size() > max_errors) wrong.resize(max_errors);
    return std::nullopt;
}

}  // namespace mtb
