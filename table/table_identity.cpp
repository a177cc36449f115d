#include "table/table_identity.h"

#include <cstdio>
#include <filesystem>

#include "table/value_range.h"

namespace mtb {

std::optional<std::string> check_header(const Rules& r, const TableHeader& h) {
    if (h.rules_name != r.name) return "made for rule set '" + h.rules_name + "', not '" + r.name + "'";
    if (h.rules_fingerprint != r.fingerprint()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "rule-set fingerprint %016llx differs from this program's '%s' (%016llx)",
                      (unsigned long long)h.rules_fingerprint, r.name.c_str(), (unsigned long long)r.fingerprint());
        return std::string(buf);
    }
    if (!valid_sector(r, h.sector))
        return "header names sector " + h.sector.name() + ", which " + r.name + " cannot have";
    const std::uint64_t slots = distinct_positions(r, h.sector);
    if (h.slot_count != slots)
        return "header says " + std::to_string(h.slot_count) + " slots, but sector " + h.sector.name() + " has " +
               std::to_string(slots);
    return std::nullopt;
}

std::optional<Metric> table_metric(const Rules& r, const TableHeader& h) {
    // A rule set with a no-capture limit has DTC only; its files written
    // before the header recorded the metric hold 0 there.
    if (r.has_capture_counter()) return Metric::native(r);
    return Metric::of(r, h.metric);
}

namespace {

// The rule set h names, when this program knows it with h's fingerprint.
const Rules* known_rules(const TableHeader& h) {
    const Rules* r = find_rules(h.rules_name);
    return r && r->fingerprint() == h.rules_fingerprint ? r : nullptr;
}

}  // namespace

std::optional<std::string> check_header_shape(const TableHeader& h) {
    const Rules* r = known_rules(h);
    return r ? check_header(*r, h) : std::nullopt;
}

std::optional<std::string> check_dictionary(const TableHeader& h, const std::vector<DictEntry>& dict) {
    const Rules* r = known_rules(h);
    if (!r) return std::nullopt;
    const std::optional<Metric> metric = table_metric(*r, h);
    if (!metric) return "header names a metric " + r->name + " cannot have";
    std::uint64_t positions = 0;
    for (const DictEntry& d : dict) {
        if (!code_in_range(*metric, h.content, d.code))
            return "dictionary holds code " + std::to_string(d.code) + ", outside the range of " + r->name +
                   (is_wdl_only(h.content) ? " win/draw/loss codes" : " values");
        if (d.count > h.slot_count - positions) return std::string("dictionary counts exceed the slot count");
        positions += d.count;
    }
    if (positions != h.slot_count)
        return "dictionary counts sum to " + std::to_string(positions) + " positions, not the " +
               std::to_string(h.slot_count) + " slots";
    return std::nullopt;
}

std::string why_skipped(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) return "skipped: a dangling symbolic link or unreadable entry";
    if (fs::is_regular_file(st)) return "";
    if (fs::is_directory(st)) return "skipped: a folder, not a table file";
    return "skipped: not a regular file (a FIFO, socket or device)";
}

std::optional<std::string> check_table_identity(const std::string& path, const TableHeader& h, const Rules** rules) {
    const Rules* r = find_rules(h.rules_name);
    if (!r) return "header names an unknown rule set '" + h.rules_name + "'";
    if (auto e = check_header(*r, h)) return e;
    const std::string name = std::filesystem::path(path).filename().string();
    const std::string want = table_file_name(*r, h.sector, is_wdl_only(h.content));
    if (name != want) return "file name " + name + " does not match its header (" + want + ")";
    if (rules) *rules = r;
    return std::nullopt;
}

}  // namespace mtb
