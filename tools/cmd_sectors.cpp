// mtb sectors: the sectors of a rule set in solve order, with each sector's
// index size and its exact number of distinct positions.
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gen/sector_graph.h"
#include "table/index.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"
#include "tools/json_out.h"

namespace mtb::cli {

static const char* kSectorsHelp =
    "usage: mtb sectors --rules NAME [--max-stones K] [--json]\n"
    "\n"
    "Lists the solve units of a rule set in solve order (each unit after the\n"
    "units its plies lead to).  A sector is named <ours>v<theirs> stones on the\n"
    "board, from the side to move's view, with +<our hand>+<their hand> while\n"
    "stones remain in hand.  For each sector: its slots in the index, its exact\n"
    "number of distinct positions (Burnside's lemma over the board's symmetries)\n"
    "and the memory its index tables take.  Totals and the slot overhead close\n"
    "the list.\n"
    "\n"
    "  --max-stones K   only the movement endgame: both hands empty, 3..K stones a side\n"
    "                   (lasker, lasker-20: at most K stones a side in total, board + hand)\n"
    "  --json           one JSON object instead of the table; it also lists each\n"
    "                   sector's successor sectors (where its plies lead)\n";

namespace {

struct SectorFigures {
    Sector sector;
    std::uint64_t slots, distinct;
    std::size_t index_bytes;
};

}  // namespace

int cmd_sectors(std::span<char*> args) {
    Args a(args, {"--rules", "--max-stones"}, {"--json", "--help"});
    if (a.has("--help")) return std::fputs(kSectorsHelp, stdout), OK;
    if (a.error()) return fail("sectors", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("sectors", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    const Rules* r = nullptr;
    if (int rc = rules_from_args(a, "sectors", r)) return rc;
    std::optional<int> max_stones;
    if (int rc = max_stones_from_args(a, "sectors", *r, max_stones)) return rc;

    auto units = max_stones ? endgame_units(*r, int(*max_stones)) : solve_units(*r);
    // The index depends only on the stones on the board, so sectors that
    // differ only in their hands share one set of figures.
    std::map<std::pair<int, int>, std::pair<std::uint64_t, std::size_t>> by_board;
    std::vector<std::vector<SectorFigures>> figures;
    std::uint64_t slots = 0, distinct = 0;
    std::size_t sectors = 0, max_bytes = 0;
    for (const SolveUnit& u : units) {
        auto& row = figures.emplace_back();
        for (const Sector& s : u.sectors) {
            auto key = std::make_pair(int(s.us_board), int(s.them_board));
            auto it = by_board.find(key);
            if (it == by_board.end()) {
                SectorIndex idx(*r, s);
                it = by_board.emplace(key, std::make_pair(idx.slots(), idx.memory_bytes())).first;
            }
            SectorFigures f{s, it->second.first, distinct_positions(*r, s), it->second.second};
            slots += f.slots;
            distinct += f.distinct;
            max_bytes = std::max(max_bytes, f.index_bytes);
            ++sectors;
            row.push_back(f);
        }
    }
    const double overhead = distinct ? 100.0 * double(slots - distinct) / double(distinct) : 0.0;

    if (a.has("--json")) {
        Json j;
        j["rules"] = r->name;
        j["units"] = Json::array();
        for (size_t i = 0; i < figures.size(); ++i) {
            Json unit;
            unit["unit"] = i;
            unit["sectors"] = Json::array();
            for (const SectorFigures& f : figures[i]) {
                Json s;
                s["name"] = f.sector.name();
                s["us_board"] = f.sector.us_board;
                s["them_board"] = f.sector.them_board;
                s["us_hand"] = f.sector.us_hand;
                s["them_hand"] = f.sector.them_hand;
                s["slots"] = f.slots;
                s["distinct"] = f.distinct;
                s["index_bytes"] = f.index_bytes;
                s["successors"] = Json::array();
                for (const Sector& t : successor_sectors(*r, f.sector)) s["successors"].push_back(t.name());
                unit["sectors"].push_back(std::move(s));
            }
            j["units"].push_back(std::move(unit));
        }
        j["total"] = {{"units", figures.size()}, {"sectors", sectors},           {"slots", slots},
                      {"distinct", distinct},    {"overhead_percent", overhead}, {"max_index_bytes", max_bytes}};
        std::printf("%s\n", dump(j).c_str());
        return OK;
    }
    std::printf("%5s  %-10s %15s %15s %10s\n", "unit", "sector", "slots", "distinct", "index MiB");
    for (size_t i = 0; i < figures.size(); ++i)
        for (const SectorFigures& f : figures[i])
            std::printf("%5zu  %-10s %15llu %15llu %10.2f\n", i, f.sector.name().c_str(), (unsigned long long)f.slots,
                        (unsigned long long)f.distinct, f.index_bytes / 1048576.0);
    std::printf(
        "total: %zu units, %zu sectors, %llu slots, %llu distinct positions, overhead %.4f%%, "
        "largest index %.2f MiB\n",
        figures.size(), sectors, (unsigned long long)slots, (unsigned long long)distinct, overhead,
        max_bytes / 1048576.0);
    return OK;
}

}  // namespace mtb::cli
