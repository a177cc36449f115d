#include "tools/serve_board.h"

#include <algorithm>

namespace mtb::cli {

Json board_json(const Rules& r) {
    const Board& b = *r.board;
    // Point names are a file letter and a rank number.  The highest rank is
    // the top row on every board, as `mtb probe` draws it (board18, whose
    // position text starts at rank 0, included).
    auto rank_of = [&](int p) { return std::stoi(b.point_names[p].substr(1)); };
    int hi = rank_of(0);
    for (int p = 0; p < b.size; ++p) hi = std::max(hi, rank_of(p));
    Json j;
    j["rules"] = r.name;
    j["board"] = b.name;
    j["stones"] = r.stones;
    j["points"] = Json::array();
    for (int p = 0; p < b.size; ++p) {
        const int rank = rank_of(p);
        j["points"].push_back({{"name", b.point_names[p]}, {"x", b.point_names[p][0] - 'a'}, {"y", hi - rank}});
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
