#include "table/table_folder.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <string_view>
#include <system_error>

#include "table/table_identity.h"
#include "table/table_reader.h"

namespace mtb {
namespace {

namespace fs = std::filesystem;

bool eat(std::string_view& s, char c) {
    if (s.empty() || s[0] != c) return false;
    s.remove_prefix(1);
    return true;
}

// DIR/<rules>/: the one spelling of a rule set's sub-folder.
fs::path rules_folder(const std::string& dir, const std::string& rules) { return fs::path(dir) / rules; }

// Whether `dir` holds an entry named as a table of the rule set (values
// or win/draw/loss file); whether it can be read is the opener's business.
bool holds_table_of(const fs::path& dir, const std::string& rules) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        Sector s;
        bool wdl = false;
        if (parse_table_file_name(it->path().filename().string(), rules, s, &wdl)) return true;
    }
    return false;
}

// Lists the *.mtb entries directly in `dir` into `out`; counts the file
// name prefixes ("<rules>_...") into `prefixes`.
void list_tables(const std::string& dir, TableFolder& out, std::map<std::string, int>& prefixes, std::string& error) {
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
    std::vector<std::string> found;
    for (const Rules& r : all_rules()) {
        const fs::path sub = rules_folder(dir, r.name);
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

std::string table_file_name(const Rules& r, Sector s, bool wdl_only) {
    return r.name + "_" + s.name() + (wdl_only ? ".wdl.mtb" : ".mtb");
}

bool parse_table_file_name(const std::string& name, const std::string& rules, Sector& out, bool* wdl_only) {
    std::string_view s = name;
    const std::string_view wdl_suffix = ".wdl.mtb";
    const bool wdl = wdl_only && name.size() > wdl_suffix.size() &&
                     std::string_view(name).substr(name.size() - wdl_suffix.size()) == wdl_suffix;
    const std::string_view suffix = wdl ? wdl_suffix : ".mtb";
    if (s.size() <= rules.size() + 1 + suffix.size() || s.substr(0, rules.size()) != rules) return false;
    s.remove_prefix(rules.size());
    if (!eat(s, '_') || s.substr(s.size() - suffix.size()) != suffix) return false;
    s.remove_suffix(suffix.size());
    const std::optional<Sector> t = Sector::from_name(s);
    if (!t || t->name() != s) return false;  // canonical spelling only
    out = *t;
    if (wdl_only) *wdl_only = wdl;
    return true;
}

std::string table_path(const std::string& dir, const Rules& r, Sector s, bool wdl_only) {
    // As std::filesystem::path's operator/ joins them: no "//" after a
    // folder named with a trailing slash, nothing before a bare name.
    const bool joined = dir.empty() || dir.back() == '/';
    return dir + (joined ? "" : "/") + table_file_name(r, s, wdl_only);
}

std::optional<std::string> values_file_of(const std::string& path) {
    const std::string_view wdl_suffix = ".wdl.mtb";
    if (path.size() <= wdl_suffix.size() ||
        std::string_view(path).substr(path.size() - wdl_suffix.size()) != wdl_suffix)
        return std::nullopt;
    return path.substr(0, path.size() - wdl_suffix.size()) + ".mtb";
}

TableFolder find_tables_folder(const std::string& dir, const std::string& rules) {
    TableFolder f;
    f.dir = dir;
    f.rules = rules;
    const fs::path sub = rules_folder(dir, rules);
    f.looked_at = dir + " and " + sub.string() + "/";
    if (holds_table_of(dir, rules)) {
        f.has_tables = true;
        return f;
    }
    std::error_code ec;
    if (fs::is_directory(sub, ec)) {
        f.dir = sub.string();
        f.rules_subfolder = true;
        f.has_tables = holds_table_of(sub, rules);
    }
    return f;
}

std::string no_tables_message(const TableFolder& f) {
    return "no " + f.rules + " table found in " + f.looked_at + " (make them with: mtb gen --rules " + f.rules + ")";
}

TableFolder list_table_folder(const std::string& named_dir, std::string& error) {
    TableFolder out;
    out.dir = named_dir;
    std::map<std::string, int> prefixes;
    list_tables(named_dir, out, prefixes, error);
    // A folder without tables of its own stands for its one rule-set
    // sub-folder that has some.
    if (error.empty() && out.files.empty() && out.skipped.empty()) {
        const std::vector<std::string> subs = rules_subfolders(named_dir);
        if (subs.size() == 1) {
            out.dir = subs[0];
            out.rules_subfolder = true;
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

std::optional<FolderClash> first_clash(const std::string& dir, const Rules& r, const Metric& m) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() != ".mtb") continue;
        std::string ignored;
        const auto t = TableFile::open(it->path().string(), ignored);
        if (!t) continue;
        const TableHeader& h = t->header();
        const std::string file = it->path().filename().string();
        if (h.rules_name != r.name) return FolderClash{file, h.rules_name, std::nullopt};
        const std::optional<Metric> own = table_metric(r, h);
        if (h.content == TableContent::VALUES && own && *own != m) return FolderClash{file, h.rules_name, own};
    }
    return std::nullopt;
}

}  // namespace mtb
