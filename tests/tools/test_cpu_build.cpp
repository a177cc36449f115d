// tools/cpu_build.h: which CPUs get the BMI2 build, and cpuid read right
// (against the kernel's /proc/cpuinfo, an independent reading).
#include <fstream>
#include <sstream>
#include <string>

#include "tests/catch.hpp"
#include "tools/cpu_build.h"

using mtb::cli::CpuFacts;
using mtb::cli::pext_is_fast;

TEST_CASE("cpu build: pext counts as fast on Intel and on AMD from Zen 3", "[cpu_build]") {
    CHECK(pext_is_fast({"GenuineIntel", 6, true}));
    CHECK(pext_is_fast({"AuthenticAMD", 0x19, true}));        // Zen 3, Zen 4
    CHECK(pext_is_fast({"AuthenticAMD", 0x1A, true}));        // Zen 5
    CHECK_FALSE(pext_is_fast({"AuthenticAMD", 0x17, true}));  // Zen 1, Zen 2: microcoded
    CHECK_FALSE(pext_is_fast({"AuthenticAMD", 0x15, true}));  // Excavator
    CHECK_FALSE(pext_is_fast({"HygonGenuine", 0x18, true}));  // Dhyana, a Zen 1
    CHECK_FALSE(pext_is_fast({"GenuineIntel", 6, false}));
    CHECK_FALSE(pext_is_fast({"AuthenticAMD", 0x19, false}));
    CHECK_FALSE(pext_is_fast({}));
}

#if defined(__x86_64__) && defined(__linux__)
// The first value of a "key : value" line of /proc/cpuinfo, "" if none.
static std::string cpuinfo(const std::string& key) {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon);
        while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
        if (name != key) continue;
        std::string value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ') value.erase(0, 1);
        return value;
    }
    return {};
}

TEST_CASE("cpu build: cpuid agrees with the kernel's /proc/cpuinfo", "[cpu_build]") {
    const CpuFacts cpu = mtb::cli::this_cpu();
    const std::string vendor = cpuinfo("vendor_id"), family = cpuinfo("cpu family"), flags = cpuinfo("flags");
    if (vendor.empty()) {
        WARN("no vendor_id in /proc/cpuinfo: nothing to compare");
        return;
    }
    CHECK(cpu.vendor == vendor);
    CHECK(cpu.family == std::stoi(family));
    std::istringstream words(flags);
    bool bmi2 = false;
    for (std::string w; words >> w;) bmi2 = bmi2 || w == "bmi2";
    CHECK(cpu.bmi2 == bmi2);
}
#endif
