// Building a board from its text description, and computing its symmetries.
#include "engine/board.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace mtb {
namespace {

std::vector<std::string> split(std::string_view s) {
    std::vector<std::string> out;
    std::istringstream in{std::string(s)};
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

}  // namespace

std::optional<Point> Board::point(std::string_view n) const {
    for (int p = 0; p < size; ++p)
        if (point_names[p] == n) return Point(p);
    return std::nullopt;
}

Bitboard Board::transform(int s, Bitboard b) const {
    Bitboard r = 0;
    const Permutation& perm = symmetries[s];
    while (b) r |= bit(perm[pop_lsb(b)]);
    return r;
}

std::optional<std::string> build_board(const BoardSpec& spec, Board& b) {
    b = Board{};
    b.name = spec.name;
    b.point_names = split(spec.points);
    b.size = int(b.point_names.size());
    if (b.size < 3 || b.size > MAX_POINTS) return "point count out of range";
    b.all = b.size == 32 ? ~Bitboard(0) : bit(b.size) - 1;
    for (int i = 0; i < b.size; ++i)
        for (int j = 0; j < i; ++j)
            if (b.point_names[i] == b.point_names[j]) return "duplicate point " + b.point_names[i];

    for (const std::string& e : split(spec.edges)) {
        auto dash = e.find('-');
        if (dash == std::string::npos) return "bad edge " + e;
        auto u = b.point(std::string_view(e).substr(0, dash));
        auto v = b.point(std::string_view(e).substr(dash + 1));
        if (!u || !v || *u == *v) return "bad edge " + e;
        if (b.adjacent[*u] & bit(*v)) return "duplicate edge " + e;
        b.adjacent[*u] |= bit(*v);
        b.adjacent[*v] |= bit(*u);
        b.edges.emplace_back(*u, *v);
    }

    for (const std::string& m : split(spec.mills)) {
        // Point names are two characters on every built-in board.
        if (m.size() != 6) return "bad mill " + m;
        Bitboard mask = 0;
        for (int k = 0; k < 3; ++k) {
            auto p = b.point(std::string_view(m).substr(2 * k, 2));
            if (!p || (mask & bit(*p))) return "bad mill " + m;
            mask |= bit(*p);
        }
        if (std::find(b.mills.begin(), b.mills.end(), mask) != b.mills.end()) return "duplicate mill " + m;
        b.mills.push_back(mask);
        for (Bitboard mm = mask; mm;) {
            Point p = pop_lsb(mm);
            auto& slots = b.mills_at[p];
            auto free = std::find(slots.begin(), slots.end(), Bitboard(0));
            if (free == slots.end()) return "too many mills through " + b.point_names[p];
            *free = mask;
        }
    }
    b.symmetries = compute_symmetries(b);
    return std::nullopt;
}

namespace {

// Depth-first search over point images.  A partial map is kept only while it
// maps every edge between mapped points to an edge and every non-edge to a
// non-edge; mills are checked on complete maps.  Boards are small and
// regular, so this finishes in microseconds.
struct SymmetrySearch {
    const Board& b;
    std::set<Bitboard> mill_set;
    std::array<int, MAX_POINTS> mills_through{};
    Permutation image{};
    Bitboard used = 0;
    std::vector<Permutation> found;

    explicit SymmetrySearch(const Board& board) : b(board), mill_set(board.mills.begin(), board.mills.end()) {
        for (int p = 0; p < b.size; ++p)
            for (Bitboard m : b.mills_at[p]) mills_through[p] += m != 0;
    }

    bool mills_preserved() const {
        for (Bitboard m : b.mills) {
            Bitboard img = 0;
            for (Bitboard mm = m; mm;) img |= bit(image[pop_lsb(mm)]);
            if (!mill_set.count(img)) return false;
        }
        return true;
    }

    void extend(int p) {
        if (p == b.size) {
            if (mills_preserved()) found.push_back(image);
            return;
        }
        for (int q = 0; q < b.size; ++q) {
            if (used & bit(q)) continue;
            if (popcount(b.adjacent[p]) != popcount(b.adjacent[q])) continue;
            if (mills_through[p] != mills_through[q]) continue;
            bool ok = true;
            for (int r = 0; r < p && ok; ++r) ok = bool(b.adjacent[p] & bit(r)) == bool(b.adjacent[q] & bit(image[r]));
            if (!ok) continue;
            image[p] = Point(q);
            used |= bit(q);
            extend(p + 1);
            used &= ~bit(q);
        }
    }
};

}  // namespace

std::vector<Permutation> compute_symmetries(const Board& b) {
    SymmetrySearch search(b);
    search.image.fill(POINT_NONE);
    search.extend(0);
    // Put the identity first so that symmetry 0 always means "unchanged".
    auto is_identity = [&](const Permutation& perm) {
        for (int p = 0; p < b.size; ++p)
            if (perm[p] != p) return false;
        return true;
    };
    auto id = std::find_if(search.found.begin(), search.found.end(), is_identity);
    if (id != search.found.end()) std::iter_swap(search.found.begin(), id);
    for (auto& perm : search.found)
        for (int p = b.size; p < MAX_POINTS; ++p) perm[p] = Point(p);
    return search.found;
}

}  // namespace mtb
