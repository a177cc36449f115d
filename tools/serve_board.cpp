#include "tools/serve_board.h"

#include <algorithm>

namespace mtb::cli {

Json board_json(const Rules& r) {
    const Board& b = *r.board;
    // Point names are a file letter and a rank number.  Position text lists
    // the rows from the top, so the first point's rank is the top row: the
    // standard boards count ranks upwards (a7 first), board18 downwards (a0).
    auto rank_of = [&](int p) { return std::stoi(b.point_names[p].substr(1)); };
    int lo = rank_of(0), hi = lo;
    for (int p = 0; p < b.size; ++p) lo = std::min(lo, rank_of(p)), hi = std::max(hi, rank_of(p));
    const bool top_is_high = rank_of(0) == hi;
    Json j;
    j["rules"] = r.name;
    j["board"] = b.name;
    j["stones"] = r.stones;
    j["points"] = Json::array();
    for (int p = 0; p < b.size; ++p) {
        const int rank = rank_of(p);
        j["points"].push_back(
            {{"name", b.point_names[p]}, {"x", b.point_names[p][0] - 'a'}, {"y", top_is_high ? hi - rank : rank - lo}});
    }
    j["edges"] = Json::array();
    for (auto [u, v] : b.edges) j["edges"].push_back({b.point_names[u], b.point_names[v]});
    j["mills"] = Json::array();
    for (Bitboard m : b.mills) {
        Json mill = Json::array();
        for (Bitboard s = m; s;) mill.push_back(b.point_names[pop_lsb(s)]);
        j["mills"].push_back(std::move(mill));
    }
    return j;
}

}  // namespace mtb::cli
