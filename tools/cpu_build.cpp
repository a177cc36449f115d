#include "tools/cpu_build.h"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define MTB_HAVE_CPUID 1
#endif

#include "tools/cli.h"

namespace mtb::cli {

CpuFacts this_cpu() {
    CpuFacts cpu;
#ifdef MTB_HAVE_CPUID
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return cpu;
    const unsigned max_leaf = a;
    char vendor[13];
    std::memcpy(vendor, &b, 4);
    std::memcpy(vendor + 4, &d, 4);
    std::memcpy(vendor + 8, &c, 4);
    vendor[12] = '\0';
    cpu.vendor = vendor;
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        cpu.family = int(a >> 8 & 0xF);
        if (cpu.family == 0xF) cpu.family += int(a >> 20 & 0xFF);
    }
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        cpu.bmi2 = (b >> 8 & 1) != 0;
    }
#endif
    return cpu;
}

bool pext_is_fast(const CpuFacts& cpu) {
    if (!cpu.bmi2) return false;
    // Zen 1 and 2 (family 17h) and the cores before them take tens to
    // hundreds of cycles a pext, depending on the mask.
    const bool amd = cpu.vendor == "AuthenticAMD" || cpu.vendor == "HygonGenuine";
    return !(amd && cpu.family < 0x19);
}

// Only the portable build hands over (the BMI2 build has nothing to hand to).
#ifndef MTB_BMI2
namespace {

[[noreturn]] void refuse(const std::string& why) {
    std::fprintf(stderr, "mtb: %s\n", why.c_str());
    std::exit(USAGE);
}

// The BMI2 build's path: beside this program (a build folder), or where
// `cmake --install` puts it; "" when neither holds one.
std::string bmi2_build_path() {
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return {};
    self[n] = '\0';
    std::string dir(self);
    dir.resize(dir.rfind('/') + 1);
    for (const std::string& path : {dir + "mtb-bmi2", dir + "../libexec/mtb/mtb-bmi2"})
        if (access(path.c_str(), X_OK) == 0) return path;
    return {};
}

}  // namespace
#endif

void run_bmi2_build_where_faster(char** argv) {
#ifndef MTB_BMI2
    const char* set = std::getenv("MTB_ISA");
    const std::string_view choice = set && *set ? set : "auto";
    if (choice == "portable") return;
    if (choice != "auto" && choice != "bmi2")
        refuse("MTB_ISA=" + std::string(choice) + ": expected auto, portable or bmi2");
    const bool asked = choice == "bmi2";
    const CpuFacts cpu = this_cpu();
    if (asked && !cpu.bmi2) refuse("MTB_ISA=bmi2, but this CPU has no BMI2 instructions");
    if (!asked && !pext_is_fast(cpu)) return;
    const std::string path = bmi2_build_path();
    if (path.empty()) {
        if (asked) refuse("MTB_ISA=bmi2, but no mtb-bmi2 lies beside this mtb (cmake -DMTB_BMI2_BESIDE=ON builds it)");
        return;
    }
    execv(path.c_str(), argv);
    // Still here: it did not start.  The portable build runs.
    if (asked) refuse("MTB_ISA=bmi2: cannot start " + path + ": " + std::strerror(errno));
#else
    (void)argv;
#endif
}

const char* index_bits_text() {
#ifdef MTB_BMI2
    return "pext (BMI2 build)";
#else
    return "byte tables (portable build)";
#endif
}

}  // namespace mtb::cli
