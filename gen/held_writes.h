// Writes of solver words held back and done in the order of their
// addresses instead of the order they are found in.
//
// The solver's init, walking a sector grouped by the opponent's stones
// (table/class_walk.h), writes each position's word where the index puts
// it: anywhere in the sector.  Past the caches each such write is a miss
// to memory, and even prefetched in batches it costs about as much as the
// machine's random read-modify-write (`mtb bench memory`).  Held instead, a
// few million at a time, radix-sorted by cache line and then done in that
// order, the same writes sweep the words in one direction, which the
// hardware streams (issue 34's "passes that stream their targets in order
// instead of scattering into them").  The price: each entry (8 bytes)
// written and read once per radix pass, once when held and once when done.
// Measured on nmm 6v6 alone, one thread: 1.17-1.24x less init CPU
// (BENCHMARKS.md, session 37).
//
// Tried and not kept: a propagation layer's updates held the same way.
// They commute, so the values were the same, but the layers took 10-12%
// more CPU on nmm 6v6: the layer's positions are already sorted by the
// opponent's stones, so their predecessors' words fall in few index rows,
// and most of a layer's cost is finding the predecessors, not the words'
// misses.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace mtb {

// Place: where an entry writes.  `std::uint64_t line(x)`, the entry's cache
// line counted from the start of the words it may write (below `lines`),
// and `void prefetch(x)`, which starts the load of its word.
template <class Place>
class HeldWrites {
public:
    // `lines`: the number of cache lines the entries may fall in;
    // `capacity`: the most entries held before they are done.
    HeldWrites(Place place, std::uint64_t lines, std::size_t capacity)
        : place_(std::move(place)), capacity_(std::max<std::size_t>(1, capacity)) {
        const int key_bits = std::max(1, int(std::bit_width(lines)));
        passes_ = key_bits > RADIX_BITS ? 2 : 1;
        low_bits_ = passes_ == 2 ? key_bits - key_bits / 2 : key_bits;
        high_bits_ = key_bits - low_bits_;
        items_.reserve(capacity_);
    }

    // Holds entry x; does every held entry, in address order, when the
    // room is full: apply(x).
    template <class Apply>
    void add(std::uint64_t x, Apply&& apply) {
        items_.push_back(x);
        if (items_.size() == capacity_) flush(apply);
    }

    // Does every held entry in address order: apply(x).
    template <class Apply>
    void flush(Apply&& apply) {
        if (items_.empty()) return;
        sorted_.resize(items_.size());
        scatter(items_, sorted_, 0, low_bits_);
        if (passes_ == 2) {
            scatter(sorted_, items_, low_bits_, high_bits_);
            items_.swap(sorted_);
        }
        // Each word is fetched a few entries ahead: in address order the
        // hardware's stream prefetch sees a stride of a line or two, but
        // not always far enough ahead.
        constexpr std::size_t AHEAD = 16;
        const std::size_t n = sorted_.size();
        for (std::size_t i = 0; i < n; ++i) {
            if (i + AHEAD < n) place_.prefetch(sorted_[i + AHEAD]);
            apply(sorted_[i]);
        }
        // Written once when held, read and written once per radix pass,
        // read once when done.
        streamed_ += std::uint64_t(n) * 8 * (2 + 2 * std::uint64_t(passes_));
        items_.clear();
    }

    // Bytes of entries written and read so far (the profile's streamed bytes).
    std::uint64_t streamed_bytes() const { return streamed_; }

private:
    static constexpr int RADIX_BITS = 12;  // 4096 buckets: their tails stay in L1 and the TLB

    // A stable counting sort of `from` into `to` by line bits [shift, shift + bits).
    void scatter(const std::vector<std::uint64_t>& from, std::vector<std::uint64_t>& to, int shift, int bits) {
        const std::uint64_t mask = (std::uint64_t(1) << bits) - 1;
        count_.assign(std::size_t(1) << bits, 0);
        for (std::uint64_t x : from) ++count_[place_.line(x) >> shift & mask];
        std::uint32_t at = 0;
        for (std::uint32_t& c : count_) at += std::exchange(c, at);
        for (std::uint64_t x : from) to[count_[place_.line(x) >> shift & mask]++] = x;
    }

    Place place_;
    std::size_t capacity_;
    int passes_ = 1, low_bits_ = 1, high_bits_ = 0;
    std::vector<std::uint64_t> items_, sorted_;
    std::vector<std::uint32_t> count_;
    std::uint64_t streamed_ = 0;
};

}  // namespace mtb
