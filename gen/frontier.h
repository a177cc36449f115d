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

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gen/huge_pages.h"

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
        std::vector<std::uint32_t>& list = l[i];
        if (list.size() == list.capacity() && list.size() >= HUGE_PAGES_FROM) grow_on_huge_pages(list);
        list.push_back(std::uint32_t(slot));
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

    // Marks the entries added so far (the solver's init) apart from those
    // added later, for take().
    void seal() {
        sealed_.assign(lists_.size(), {});
        for (std::size_t t = 0; t < lists_.size(); ++t)
            for (const auto& l : lists_[t]) sealed_[t].push_back(l.size());
    }

    // Every entry of `code` as (k << SLOT_BITS | slot), sector by sector and
    // thread list by thread list (the same order for any `threads`, the
    // number that copy them); their lists are freed.  With `before_seal`,
    // the entries added before seal() go there instead, in the same order.
    std::vector<std::uint64_t> take(std::uint16_t code, int threads = 1,
                                    std::vector<std::uint64_t>* before_seal = nullptr) {
        std::vector<std::uint64_t> out;
        take_into(out, code, threads, before_seal);
        return out;
    }
    // take() into `out`, whose room is kept where it is large enough
    // (keep_room_on_huge_pages): a solver that takes every layer into one
    // vector faults its pages in once.
    void take_into(std::vector<std::uint64_t>& out, std::uint16_t code, int threads = 1,
                   std::vector<std::uint64_t>* before_seal = nullptr) {
        struct Part {
            std::vector<std::uint32_t>* list;
            int k;
            std::size_t sealed;         // its first entries, added before seal()
            std::size_t at, sealed_at;  // where they go in the result, in *before_seal
        };
        std::vector<Part> parts;
        std::size_t total = 0, total_sealed = 0;
        for (int k = 0; k < sectors_; ++k)
            for (std::size_t t = 0; t < lists_.size(); ++t) {
                std::vector<std::vector<std::uint32_t>>& l = lists_[t];
                const std::size_t i = index(code, k);
                if (i >= l.size() || l[i].empty()) continue;
                std::size_t sealed = 0;
                if (before_seal && t < sealed_.size() && i < sealed_[t].size())
                    sealed = std::min(sealed_[t][i], l[i].size());
                parts.push_back({&l[i], k, sealed, total, total_sealed});
                total += l[i].size() - sealed;
                total_sealed += sealed;
            }
        out.clear();
        keep_room_on_huge_pages(out, total);
        out.resize(total);
        if (before_seal) {
            before_seal->clear();
            reserve_on_huge_pages(*before_seal, total_sealed);
            before_seal->resize(total_sealed);
        }
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
        for (std::size_t p = 0; p < parts.size(); ++p) {
            const Part& part = parts[p];
            const std::vector<std::uint32_t>& l = *part.list;
            for (std::size_t n = 0; n < part.sealed; ++n) (*before_seal)[part.sealed_at + n] = entry(part.k, l[n]);
            std::uint64_t* o = out.data() + part.at;
            for (std::size_t n = part.sealed; n < l.size(); ++n) *o++ = entry(part.k, l[n]);
            std::vector<std::uint32_t>().swap(*part.list);
        }
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

    // Each layer's lists are fresh memory, and on 4 KiB pages the
    // kernel's faults on them were a large part of the solver's system
    // time (BENCHMARKS.md, session 52), so take() makes its lists on 2 MiB
    // pages (gen/huge_pages.h), and lists of this many entries or more (2
    // MiB: smaller room has no whole 2 MiB page) grow onto them.
    static constexpr std::size_t HUGE_PAGES_FROM = std::size_t(1) << 19;

private:
    static void grow_on_huge_pages(std::vector<std::uint32_t>& list) {
        std::vector<std::uint32_t> bigger;
        reserve_on_huge_pages(bigger, 2 * list.capacity());
        bigger.assign(list.begin(), list.end());
        list.swap(bigger);
    }
    std::size_t index(std::uint16_t code, int k) const {
        return std::size_t(code) * std::size_t(sectors_) + std::size_t(k);
    }

    std::vector<std::vector<std::vector<std::uint32_t>>> lists_;  // [thread][code * sectors + k]
    std::vector<std::vector<std::size_t>> sealed_;                // [thread][code * sectors + k]: sizes at seal()
    int sectors_;
};

}  // namespace mtb
