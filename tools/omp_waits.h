// How OpenMP's idle threads wait in `mtb gen`: asleep, unless the user
// chose otherwise.
//
// libgomp by default spins a thread that waits (at a barrier, or for the
// next parallel region) for up to about 300,000 pause loops before it
// sleeps: milliseconds on today's Xeons.  The solver starts a few parallel
// regions per layer, and gen runs units side by side, so spinning threads
// burn CPU and take cores from the teams beside them.  On a 16-core Xeon,
// OMP_WAIT_POLICY=passive cut the CPU of `mtb gen --threads 16` by 10-25%
// and lasker <= 6's wall by 5-15%; on 2 cores it changed nothing beyond
// noise (BENCHMARKS.md, "Session 33").
//
// libgomp reads its environment once, before main() runs, so a program can
// only choose the policy for itself by setting it and starting itself
// again (execv of /proc/self/exe, same arguments, same process id).
#pragma once

namespace mtb::cli {

// When neither OMP_WAIT_POLICY nor GOMP_SPINCOUNT is set: sets
// OMP_WAIT_POLICY=passive and replaces the process with a fresh start of
// the same program and arguments.  Returns (doing nothing more) when the
// user set either variable or the restart fails; the run then goes on
// with whatever policy libgomp already took.
void restart_with_sleeping_omp_waits(char** argv);

// The wait policy this process runs under, for gen's summary:
// "OMP_WAIT_POLICY=passive", "GOMP_SPINCOUNT=N" or "libgomp's default".
const char* omp_wait_text();

}  // namespace mtb::cli
