// Works on items a batch after starting their memory loads, for loops whose
// items each touch one far-apart place (the solver's init writes a word per
// position, the verifier reads a stored value per position).
//
// A batch's prefetches are issued back to back and the batch before is
// worked on meanwhile, so the misses overlap.  Spread one by one between
// the index look-ups that find the addresses, perf put most of the solver
// init's samples on the instruction after each prefetch (AMD EPYC): they
// were waited for nearly one at a time (BENCHMARKS.md, "prefetches back to
// back").
#pragma once

namespace mtb {

template <class Item, int BATCH = 16>
class PrefetchedBatches {
public:
    // Adds x; when its batch is full, calls prefetch(item) for each of that
    // batch's items, then work(item) for each item of the batch before.
    template <class Prefetch, class Work>
    void add(const Item& x, Prefetch&& prefetch, Work&& work) {
        items_[cur_][size_++] = x;
        if (size_ == BATCH) flush(prefetch, work);
    }
    // Works on every item still held (call once, after the last add).
    template <class Prefetch, class Work>
    void finish(Prefetch&& prefetch, Work&& work) {
        flush(prefetch, work);  // prefetches the last batch
        flush(prefetch, work);  // and works on it
    }

private:
    template <class Prefetch, class Work>
    void flush(Prefetch& prefetch, Work& work) {
        for (int i = 0; i < size_; ++i) prefetch(items_[cur_][i]);
        for (int i = 0; i < ready_; ++i) work(items_[cur_ ^ 1][i]);
        ready_ = size_;
        size_ = 0;
        cur_ ^= 1;
    }

    Item items_[2][BATCH];
    int size_ = 0, cur_ = 0, ready_ = 0;  // ready_: items of the batch before, not yet worked on
};

}  // namespace mtb
