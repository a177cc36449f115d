#include "probe/tables_folder.h"

#include <filesystem>
#include <system_error>

#include "probe/table_set.h"

namespace mtb {
namespace {

// Whether `dir` holds an entry named as a table of the rule set (values
// or win/draw/loss file); whether it can be read is the opener's business.
bool holds_table_of(const std::filesystem::path& dir, const std::string& rules) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        Sector s;
        bool wdl = false;
        if (parse_table_file_name(it->path().filename().string(), rules, s, &wdl)) return true;
    }
    return false;
}

}  // namespace

TablesFolder find_tables_folder(const std::string& dir, const std::string& rules) {
    namespace fs = std::filesystem;
    TablesFolder f;
    f.dir = dir;
    const fs::path sub = fs::path(dir) / rules;
    f.looked_at = dir + " and " + sub.string() + "/";
    if (holds_table_of(dir, rules)) {
        f.has_tables = true;
        return f;
    }
    std::error_code ec;
    if (fs::is_directory(sub, ec)) {
        f.dir = sub.string();
        f.has_tables = holds_table_of(sub, rules);
    }
    return f;
}

std::string no_tables_message(const TablesFolder& f, const std::string& rules) {
    return "no " + rules + " table found in " + f.looked_at + " (make them with: mtb gen --rules " + rules + ")";
}

}  // namespace mtb
