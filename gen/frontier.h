// The solver's frontier: the slots of a unit whose value code was set, kept
// by code, so that layer n visits exactly the positions of distance n.
//
// Without it a layer must find its positions by scanning the unit's words
// (or summaries of them); on nmm units of 100 M slots and more with over 150
// layers that scan was about half of the layer phase.  With it each layer
// reads only its own list.  The price is 4 bytes per non-draw position while
// its layer is pending (the solver frees each list once it is done).
//
// Thread safety: add() from thread t touches only list t, so threads of one
// team append without locks; take() (which may start its own team) and the
// queries run between phases.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mtb {

class Frontier {
public:
    // An entry names a sector of the unit (below `sectors`) and a slot in it.
    static constexpr int SLOT_BITS = 32;

    // The one packing of (sector of the unit, slot) into a number, used by
    // the frontier's entries and the solver's lists of in-unit slots.
    static constexpr std::uint64_t entry(int k, std::uint64_t slot) { return std::uint64_t(k) << SLOT_BITS | slot; }
    static constexpr int sector_of(std::uint64_t e) { return int(e >> SLOT_BITS); }
    static constexpr std::uint64_t slot_of(std::uint64_t e) { return e & ((std::uint64_t(1) << SLOT_BITS) - 1); }

    Frontier(int threads, int sectors) : lists_(std::size_t(threads)), sectors_(sectors) {}

    // Notes that slot `slot` of sector k now holds `code` (called by thread t).
    void add(int t, int k, std::uint64_t slot, std::uint16_t code) {
        std::vector<std::vector<std::uint32_t>>& l = lists_[std::size_t(t)];
        const std::size_t i = index(code, k);
        if (i >= l.size()) l.resize(i + 1 + 64 * std::size_t(sectors_));
        l[i].push_back(std::uint32_t(slot));
    }

    // Number of entries of `code`.
    std::size_t size(std::uint16_t code) const {
        std::size_t n = 0;
        for (int k = 0; k < sectors_; ++k)
            for (const auto& l : lists_) {
                const std::size_t i = index(code, k);
                if (i < l.size()) n += l[i].size();
            }
        return n;
    }

    // Every entry of `code` as (k << SLOT_BITS | slot), sector by sector and
    // thread list by thread list (the same order for any `threads`, the
    // number that copy them); their lists are freed.
    std::vector<std::uint64_t> take(std::uint16_t code, int threads = 1) {
        struct Part {
            std::vector<std::uint32_t>* list;
            int k;
            std::size_t at;
        };
        std::vector<Part> parts;
        std::size_t total = 0;
        for (int k = 0; k < sectors_; ++k)
            for (auto& l : lists_) {
                const std::size_t i = index(code, k);
                if (i >= l.size() || l[i].empty()) continue;
                parts.push_back({&l[i], k, total});
                total += l[i].size();
            }
        std::vector<std::uint64_t> out(total);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (std::size_t p = 0; p < parts.size(); ++p) {
            std::uint64_t* o = out.data() + parts[p].at;
            for (std::uint32_t s : *parts[p].list) *o++ = entry(parts[p].k, s);
            std::vector<std::uint32_t>().swap(*parts[p].list);
        }
        return out;
    }

    // The largest code with an entry, or 0.
    std::uint16_t max_code() const {
        std::size_t best = 0;
        for (const auto& l : lists_)
            for (std::size_t i = l.size(); i-- > best;)
                if (!l[i].empty()) {
                    best = i;
                    break;
                }
        return std::uint16_t(best / std::size_t(sectors_));
    }

    // Bytes held by the lists now.
    std::size_t memory_bytes() const {
        std::size_t n = 0;
        for (const auto& l : lists_)
            for (const auto& v : l) n += v.capacity() * sizeof(std::uint32_t);
        return n;
    }

private:
    std::size_t index(std::uint16_t code, int k) const {
        return std::size_t(code) * std::size_t(sectors_) + std::size_t(k);
    }

    std::vector<std::vector<std::vector<std::uint32_t>>> lists_;  // [thread][code * sectors + k]
    int sectors_;
};

}  // namespace mtb
