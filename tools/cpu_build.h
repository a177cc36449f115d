// Which build of mtb runs a command: the portable one, which finds the
// index's bits with byte tables and runs on any x86-64-v2 CPU, or the BMI2
// one beside it (the same sources built with -DMTB_BMI2=ON: pext and pdep),
// with which the solver takes 1.12-1.25x less CPU (BENCHMARKS.md, "Session
// 34" and "Session 35").  The portable mtb starts the BMI2 one in its place where the CPU
// runs pext fast.
//
// Why a second program rather than a second copy of the hot functions in
// this one: the index's bit functions are inline, and the solver's loops
// are templates and inline code that take them in.  Code compiled for
// BMI2 must never serve the portable path, and a second object file in the
// same link would let the linker keep either copy of each inline function.
// Two programs keep the two builds apart by construction.
//
// MTB_ISA chooses: "auto" (or unset) takes the BMI2 build where pext is
// fast and the build is there; "portable" stays in this one; "bmi2" takes
// the BMI2 build wherever the CPU has BMI2, or fails.
#pragma once

#include <string>

namespace mtb::cli {

// What this CPU says of itself (cpuid), as far as the choice needs it.
struct CpuFacts {
    std::string vendor;  // "GenuineIntel", "AuthenticAMD", ...
    int family = 0;      // base family, plus the extended family when the base is 15
    bool bmi2 = false;
};

CpuFacts this_cpu();

// Whether pext and pdep are fast on the CPU: any BMI2 CPU but AMD's (and
// Hygon's) before Zen 3, family 19h, which run them in microcode, slower
// than the byte tables.
bool pext_is_fast(const CpuFacts& cpu);

// In the portable build: replaces this process by the BMI2 build (same
// arguments, same process id) when MTB_ISA and the CPU say so and that
// build lies beside this program (or in ../libexec/mtb/ once installed).
// Returns when this build is to run.  Exits with status 2 and a line on
// stderr when MTB_ISA asks for what cannot be: an unknown value, or "bmi2"
// on a CPU or an installation without it.  In the BMI2 build: returns.
void run_bmi2_build_where_faster(char** argv);

// "pext (BMI2 build)" or "byte tables (portable build)": the build that
// runs, for gen's summary and `mtb bench gen`.
const char* index_bits_text();

}  // namespace mtb::cli
