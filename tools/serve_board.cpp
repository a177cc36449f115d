#include "tools/serve_board.h"

#include <algorithm>

namespace mtb::cli {

Json board_json(const Rules& r) {
    const Board& b = *r.board;
    // Point names are a file letter and a rank number.  As `mtb probe` draws
    // a board: the rank of the position text's first point is the top row
    // (a7 on the standard boards, a0 on board18, whose course counts ranks
    // downwards), so the text reads the drawing row by row.
    auto rank_of = [&](int p) { return std::stoi(b.point_names[p].substr(1)); };
    int hi = rank_of(0), lo = rank_of(0);
    for (int p = 0; p < b.size; ++p) hi = std::max(hi, rank_of(p)), lo = std::min(lo, rank_of(p));
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
