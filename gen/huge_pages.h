// Asking the kernel for 2 MiB pages under a large array.
//
// The solver writes its own words at random (one per position in the init
// pass, several per position in the layers): with 4 KiB pages almost every
// such access to an array of hundreds of megabytes misses the TLB as well
// as the cache.  Measured on nmm 5v8+1+0 (400 MB of words, 2 threads):
// 94.4 -> 85.1 CPU s.  Linux backs an madvise(MADV_HUGEPAGE) range with
// 2 MiB pages when transparent huge pages are set to "madvise" or "always"
// (the development machine has "madvise").  Call it after reserving and
// before first touching the memory.  Elsewhere, or when the kernel says
// no, nothing changes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace mtb {

inline void advise_huge_pages(const void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t HUGE = std::uintptr_t(2) << 20;
    const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(data) + HUGE - 1) & ~(HUGE - 1);
    const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(HUGE - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

// v.reserve(n), the room asked for 2 MiB pages before anything touches it
// (what is already in v was touched: only fresh room gains).
template <class T>
void reserve_on_huge_pages(std::vector<T>& v, std::size_t n) {
    v.reserve(n);
    advise_huge_pages(v.data(), v.capacity() * sizeof(T));
}

// Room for n elements in v, for a buffer kept from one pass to the next:
// grown (fresh, on 2 MiB pages) only when smaller than n, so a pass reuses
// the pages the largest pass so far faulted in; fresh room is faulted in
// and zeroed by the kernel page by page (BENCHMARKS.md, session 56).  The
// old room is freed before the new is taken.  What v held may be lost.
template <class T>
void keep_room_on_huge_pages(std::vector<T>& v, std::size_t n) {
    if (v.capacity() >= n) return;
    std::vector<T>().swap(v);
    reserve_on_huge_pages(v, n);
}

}  // namespace mtb
