#include "tools/table_files.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

#include "table/table_identity.h"

namespace mtb::cli {

namespace {

// Lists the *.mtb entries directly in `dir` into `out`; counts the file
// name prefixes ("<rules>_...") into `prefixes`.
void list_tables(const std::string& dir, TableFolder& out, std::map<std::string, int>& prefixes, std::string& error) {
    namespace fs = std::filesystem;
    std::error_code ec;
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
}

// The DIR/<rules>/ folders below `dir` that hold *.mtb entries.
std::vector<std::string> rules_subfolders(const std::string& dir) {
    namespace fs = std::filesystem;
    std::vector<std::string> found;
    for (const Rules& r : all_rules()) {
        const fs::path sub = fs::path(dir) / r.name;
        std::error_code ec;
        if (!fs::is_directory(sub, ec)) continue;
        for (fs::directory_iterator it(sub, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".mtb") {
                found.push_back(sub.string());
                break;
            }
    }
    return found;
}

}  // namespace

TableFolder table_files(const std::string& named_dir, std::string& error) {
    namespace fs = std::filesystem;
    TableFolder out;
    out.dir = named_dir;
    std::map<std::string, int> prefixes;
    list_tables(named_dir, out, prefixes, error);
    // The DIR/<rules>/ rule of probe/tables_folder.h, for commands that
    // take any rule set's folder: a folder without tables of its own
    // stands for its one rule-set sub-folder that has some.
    if (error.empty() && out.files.empty() && out.skipped.empty()) {
        const std::vector<std::string> subs = rules_subfolders(named_dir);
        if (subs.size() == 1) {
            out.dir = subs[0];
            list_tables(out.dir, out, prefixes, error);
        } else if (subs.size() > 1) {
            std::string names;
            for (const std::string& s : subs) names.append(names.empty() ? "" : ", ").append(s);
            error = named_dir + " holds no table itself, and several rule-set folders do: name one of " + names;
        }
    }
    std::sort(out.files.begin(), out.files.end());
    std::sort(out.skipped.begin(), out.skipped.end());
    const std::string own = fs::path(out.dir).lexically_normal().filename().string();
    const std::string base = own.empty() ? fs::path(out.dir).lexically_normal().parent_path().filename().string() : own;
    if (find_rules(base)) {
        out.rules = base;
    } else {
        int best = 0;
        for (const auto& [prefix, count] : prefixes)
            if (count > best && find_rules(prefix)) out.rules = prefix, best = count;
    }
    return out;
}

std::optional<std::string> metric_mix(const TableFolder& folder) {
    // The first values file of each metric, and how many there are.
    std::map<std::string, std::pair<std::string, int>> seen;
    for (const std::string& f : folder.files) {
        std::string ignored;
        const auto t = TableFile::open(f, ignored);
        if (!t || t->header().content != TableContent::VALUES) continue;
        const Rules* r = find_rules(t->header().rules_name);
        const std::optional<Metric> m = r ? table_metric(*r, t->header()) : std::nullopt;
        if (!m) continue;
        auto& [first, count] = seen[m->name()];
        if (!count++) first = f;
    }
    if (seen.size() < 2) return std::nullopt;
    std::string text = folder.dir + " mixes metrics:";
    for (const auto& [name, first] : seen)
        text.append(" ")
            .append(std::to_string(first.second))
            .append(" ")
            .append(name)
            .append(first.second > 1 ? " values files (" : " values file (")
            .append(first.first)
            .append(first.second > 1 ? ", ...)" : ")")
            .append(name == seen.rbegin()->first ? "" : " and");
    return text + "; a folder holds one metric (probes refuse it): move one metric's files to a folder of their own";
}

std::optional<std::string> check_in_folder(const TableFile& t, const TableFolder& folder) {
    if (auto e = check_table_identity(t.path(), t.header())) return t.path() + ": " + *e;
    if (!folder.rules.empty() && t.header().rules_name != folder.rules)
        return t.path() + ": a " + t.header().rules_name + " table in a folder of " + folder.rules + " tables";
    return std::nullopt;
}

}  // namespace mtb::cli
