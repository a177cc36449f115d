// The table files in a folder, for mtb stats and mtb verify.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace mtb::cli {

// Paths of the *.mtb files directly in `dir`, sorted; sets `error` when the
// folder cannot be read.
inline std::vector<std::string> table_files(const std::string& dir, std::string& error) {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".mtb" && it->is_regular_file()) out.push_back(it->path().string());
    if (ec) error = dir + ": " + ec.message();
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace mtb::cli
