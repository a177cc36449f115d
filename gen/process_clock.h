// The process's own CPU clock and peak memory, for the figures mtb gen,
// the solver's phases and mtb bench print.
#pragma once

#include <sys/resource.h>

#include <ctime>

namespace mtb {

// CPU seconds of the whole process so far (all threads, user and system).
inline double process_cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

// The process's peak resident memory so far, in bytes.
inline double peak_resident_bytes() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_maxrss) * 1024;  // Linux counts KiB
}

}  // namespace mtb
