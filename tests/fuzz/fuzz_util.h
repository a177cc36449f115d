// Shared by the libFuzzer harnesses: picking a rule set from a byte and a
// scratch folder that lives as long as the fuzzing process.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "engine/rules.h"

namespace mtb::fuzz {

inline const Rules& rules_from(std::uint8_t b) {
    const auto& all = all_rules();
    return all[b % all.size()];
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A folder of this process (removed by the OS's temp cleaning; fuzzing
// processes are short-lived).
inline const std::string& scratch_dir() {
    static const std::string dir = [] {
        auto d = std::filesystem::temp_directory_path() / ("mtb-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d.string();
    }();
    return dir;
}

}  // namespace mtb::fuzz
