#include "tools/serve_stats.h"

#include <algorithm>
#include <filesystem>

#include "probe/table_identity.h"
#include "probe/table_reader.h"
#include "probe/value.h"

namespace mtb::cli {
namespace {

// Counts one table's dictionary: every slot's value code with its count.
Json figures(const TableFile& t, bool dtc) {
    std::uint64_t positions = 0, wins = 0, draws = 0, losses = 0;
    int longest_win = -1, longest_loss = -1;
    for (const DictEntry& d : t.dictionary()) {
        positions += d.count;
        if (!d.count) continue;
        const int plies = dtc ? clock_plies(d.code) : value_plies(d.code);
        switch (value_wdl(d.code)) {
            case Wdl::DRAW:
                draws += d.count;
                break;
            case Wdl::WIN:
                wins += d.count, longest_win = std::max(longest_win, plies);
                break;
            case Wdl::LOSS:
                losses += d.count, longest_loss = std::max(longest_loss, plies);
                break;
        }
    }
    const bool wdl = is_wdl_only(t.header().content);
    const bool counts = t.header().content != TableContent::WDL_CAPTURES;
    auto count = [&](std::uint64_t n) { return counts ? Json(n) : Json(nullptr); };
    auto longest = [&](int n) { return wdl || n < 0 ? Json(nullptr) : Json(n); };
    Json j;
    j["file"] = std::filesystem::path(t.path()).filename().string();
    j["wdl_only"] = wdl;
    j["positions"] = positions;
    j["wins"] = count(wins);
    j["draws"] = count(draws);
    j["losses"] = count(losses);
    j["longest_win"] = longest(longest_win);
    j["longest_loss"] = longest(longest_loss);
    return j;
}

}  // namespace

std::optional<Json> SectorStats::get(const std::string& folder, const Rules& r, Sector s) const {
    namespace fs = std::filesystem;
    for (bool wdl : {false, true}) {
        const std::string path = (fs::path(folder) / table_file_name(r, s, wdl)).string();
        {
            std::lock_guard lock(mutex_);
            if (auto it = known_.find(path); it != known_.end()) {
                if (it->second) return it->second;
                continue;
            }
        }
        std::error_code ec;
        std::optional<Json> j;
        if (fs::exists(path, ec)) {
            std::string error;
            if (auto t = TableFile::open(path, error); t && !t->check_matches(r, s))
                j = figures(*t, distance_is_dtc(r));
        }
        std::lock_guard lock(mutex_);
        known_.emplace(path, j);
        if (j) return j;
    }
    return std::nullopt;
}

}  // namespace mtb::cli
