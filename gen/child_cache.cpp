#include "gen/child_cache.h"

#include <algorithm>
#include <set>

#include "gen/generate.h"

namespace mtb {

std::uint64_t ChildCache::budget(const Rules& r, const std::vector<SolveUnit>& units,
                                 std::optional<std::uint64_t> asked, bool over_ranks) {
    if (over_ranks) return 0;
    if (asked) return *asked;
    std::uint64_t largest = 0;
    for (const SolveUnit& u : units) {
        std::uint64_t positions = 0;
        for (Sector s : u.sectors) positions += distinct_positions(r, s);
        largest = std::max(largest, positions);
    }
    return largest;
}

ChildCache::ChildCache(const Rules& r, const std::vector<SolveUnit>& units, std::uint64_t budget_bytes)
    : r_(r), units_(units), budget_(budget_bytes) {
    std::set<Sector> solved_here;
    for (const SolveUnit& u : units) solved_here.insert(u.sectors.begin(), u.sectors.end());
    children_.resize(units.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector c : unit_children(r, units[u]))
            if (solved_here.count(c)) {
                children_[u].push_back(c);
                ++readers_[c];
            }
}

void ChildCache::keep(Sector s, std::span<const ValueCode> values, const std::vector<std::uint64_t>& counts,
                      int threads) {
    {
        // A packed table takes half a byte a slot at the least.
        std::lock_guard lock(mutex_);
        const auto it = readers_.find(s);
        if (it == readers_.end() || it->second == 0 || bytes_ + values.size() / 2 > budget_) return;
    }
    auto table = std::make_shared<const ChildTable>(SectorIndex(r_, s), values, threads, &counts);
    const std::uint64_t size = table->memory_bytes();
    std::lock_guard lock(mutex_);
    // A slot without a value: the file's reader refuses the table, and so
    // must its readers here.
    if (table->empty_slots() || readers_[s] == 0 || bytes_ + size > budget_) return;
    kept_[s] = std::move(table);
    bytes_ += size;
    peak_ = std::max(peak_, bytes_);
}

std::size_t ChildCache::lend(std::size_t u, ChildValues& children) {
    std::lock_guard lock(mutex_);
    std::size_t lent = 0;
    for (Sector c : children_[u]) {
        const auto it = kept_.find(c);
        if (it == kept_.end() || children.has(c)) continue;
        children.add(it->second);
        ++lent;
    }
    count_down(u);
    return lent;
}

void ChildCache::skip(std::size_t u) {
    std::lock_guard lock(mutex_);
    count_down(u);
}

void ChildCache::count_down(std::size_t u) {
    for (Sector c : children_[u]) {
        int& n = readers_[c];
        if (n > 0) --n;
        if (n > 0) continue;
        const auto it = kept_.find(c);
        if (it == kept_.end()) continue;
        bytes_ -= it->second->memory_bytes();
        kept_.erase(it);
    }
}

std::uint64_t ChildCache::bytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

std::uint64_t ChildCache::peak_bytes() const {
    std::lock_guard lock(mutex_);
    return peak_;
}

}  // namespace mtb
