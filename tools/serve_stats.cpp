#include "tools/serve_stats.h"

#include <algorithm>
#include <filesystem>

#include "table/table_folder.h"
#include "table/table_identity.h"
#include "table/table_reader.h"
#include "tools/table_figures.h"

namespace mtb::cli {
std::optional<Json> SectorFigureCache::get(const std::string& folder, const Rules& r, Sector s) const {
    namespace fs = std::filesystem;
    for (bool wdl : {false, true}) {
        const std::string path = table_path(folder, r, s, wdl);
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
                j = table_figures_json(table_figures(*t), true);
        }
        std::lock_guard lock(mutex_);
        known_.emplace(path, j);
        if (j) return j;
    }
    return std::nullopt;
}

}  // namespace mtb::cli
