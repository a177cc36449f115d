#include "tools/table_figures.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <vector>

#include "table/rule_decided.h"
#include "table/table_identity.h"

namespace mtb::cli {

void TableFigures::add(const TableFigures& o) {
    positions += o.positions;
    wins += o.wins;
    losses += o.losses;
    draws += o.draws;
    bytes += o.bytes;
    longest_win = std::max(longest_win, o.longest_win);
    longest_loss = std::max(longest_loss, o.longest_loss);
    if (o.positions) metric = o.metric;
}

TableFigures table_figures(const TableFile& t) {
    TableFigures f;
    const TableHeader& h = t.header();
    f.file = std::filesystem::path(t.path()).filename().string();
    f.sector = h.sector.name();
    f.wdl = is_wdl_only(h.content);
    // Counts of stored codes: not every position's value where some are
    // lowered (content 2) or left to the rules (rule_decided).
    f.counts_known = h.content != TableContent::WDL_CAPTURES && !h.rule_decided;
    f.bytes = h.file_size;
    // The distance in the table's own metric (a table of an unknown rule
    // set is counted as DTM).
    const Rules* rules = find_rules(h.rules_name);
    const Metric metric = rules ? table_metric(*rules, h).value_or(Metric()) : Metric();
    f.metric = metric.name();
    for (const DictEntry& d : t.dictionary()) {
        f.positions += d.count;
        if (!d.count) continue;
        if (value_wdl(d.code) == Wdl::DRAW) {
            f.draws += d.count;
        } else if (value_wdl(d.code) == Wdl::WIN) {
            f.wins += d.count;
            if (!f.wdl) f.longest_win = std::max(f.longest_win, metric.plies(d.code));
        } else {
            f.losses += d.count;
            if (!f.wdl) f.longest_loss = std::max(f.longest_loss, metric.plies(d.code));
        }
    }
    // A version-3 file leaves the shortest results to the rules (a win in
    // 1, a loss in the blocked loss or in 0: Metric::game_over_code()): they
    // are the longest only when the dictionary holds none of their kind,
    // which one walk of the sector then settles (rare: a table whose every
    // win is a capture that wins).
    if (h.rule_decided && !f.wdl && rules && rules->fingerprint() == h.rules_fingerprint &&
        (f.longest_win < 0 || f.longest_loss < 0)) {
        // Only the kinds the dictionary lacks, so the walk stops at the first.
        const ValueCode win = metric.win(1), blocked = metric.loss(metric.blocked_loss()), lost = metric.loss(0);
        std::vector<ValueCode> wanted;
        if (f.longest_win < 0) wanted.push_back(win);
        if (f.longest_loss < 0) wanted.insert(wanted.end(), {blocked, lost});
        const std::uint32_t found = rule_decided_codes(*rules, metric, h.content, h.sector, wanted);
        auto decided = [&](ValueCode c) {
            const auto i = std::find(wanted.begin(), wanted.end(), c) - wanted.begin();
            return (found >> i & 1) != 0;
        };
        if (f.longest_win < 0 && decided(win)) f.longest_win = 1;
        if (f.longest_loss < 0 && (decided(blocked) || decided(lost)))
            f.longest_loss = decided(blocked) ? metric.blocked_loss() : 0;
    }
    return f;
}

Json table_figures_json(const TableFigures& f, bool with_name) {
    Json j;
    if (with_name) {
        j["file"] = f.file;
        j["sector"] = f.sector;
        j["wdl_only"] = f.wdl;
    }
    j["positions"] = f.positions;
    auto count = [&](std::uint64_t n) { return f.counts_known ? Json(n) : Json(nullptr); };
    j["wins"] = count(f.wins);
    j["losses"] = count(f.losses);
    j["draws"] = count(f.draws);
    j["metric"] = f.wdl ? Json(nullptr) : Json(f.metric);
    j["longest_win"] = f.longest_win < 0 ? Json(nullptr) : Json(f.longest_win);
    j["longest_loss"] = f.longest_loss < 0 ? Json(nullptr) : Json(f.longest_loss);
    j["bytes"] = f.bytes;
    j["bits_per_position"] = std::round(f.bits() * 1e4) / 1e4;
    return j;
}

}  // namespace mtb::cli
