#include "tools/table_files.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

#include "table/table_identity.h"

namespace mtb::cli {

TableFolder table_files(const std::string& dir, std::string& error) {
    namespace fs = std::filesystem;
    TableFolder out;
    std::error_code ec;
    std::map<std::string, int> prefixes;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() != ".mtb") continue;
        const std::string path = it->path().string();
        if (std::string why = why_skipped(path); !why.empty())
            out.skipped.push_back(path + ": " + why);
        else
            out.files.push_back(path);
        const std::string name = it->path().filename().string();
        if (auto u = name.find('_'); u != std::string::npos) ++prefixes[name.substr(0, u)];
    }
    if (ec) error = dir + ": " + ec.message();
    std::sort(out.files.begin(), out.files.end());
    std::sort(out.skipped.begin(), out.skipped.end());
    const std::string own = fs::path(dir).lexically_normal().filename().string();
    const std::string base = own.empty() ? fs::path(dir).lexically_normal().parent_path().filename().string() : own;
    if (find_rules(base)) {
        out.rules = base;
    } else {
        int best = 0;
        for (const auto& [prefix, count] : prefixes)
            if (count > best && find_rules(prefix)) out.rules = prefix, best = count;
    }
    return out;
}

std::optional<std::string> check_in_folder(const TableFile& t, const TableFolder& folder) {
    if (auto e = check_table_identity(t.path(), t.header())) return t.path() + ": " + *e;
    if (!folder.rules.empty() && t.header().rules_name != folder.rules)
        return t.path() + ": a " + t.header().rules_name + " table in a folder of " + folder.rules + " tables";
    return std::nullopt;
}

}  // namespace mtb::cli
