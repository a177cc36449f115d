// Boards as data (issue 2, item 3): sizes from docs/RULES.md, and the
// computed symmetry groups.
#include "tests/catch.hpp"

#include <algorithm>
#include <set>

#include "engine/board.h"

using namespace mtb;

namespace {

const Board& board(const char* name) {
    const Board* b = find_board(name);
    REQUIRE(b != nullptr);
    return *b;
}

// Image of a mask under a permutation, point by point.
Bitboard image(const Permutation& perm, Bitboard m) {
    Bitboard r = 0;
    for (int p = 0; p < MAX_POINTS; ++p)
        if (m & bit(p)) r |= bit(perm[p]);
    return r;
}

Permutation compose(const Permutation& a, const Permutation& b) {  // a after b
    Permutation c{};
    for (int p = 0; p < MAX_POINTS; ++p) c[p] = a[b[p]];
    return c;
}

}  // namespace

TEST_CASE("boards have the points, edges and mills of RULES.md", "[board]") {
    struct Expect {
        const char* name;
        int points, edges, mills;
    };
    for (Expect e : {Expect{"standard24", 24, 32, 16}, Expect{"diagonal24", 24, 40, 20}, Expect{"ring16", 16, 20, 8},
                     Expect{"board18", 18, 30, 12}}) {
        const Board& b = board(e.name);
        INFO(e.name);
        CHECK(b.size == e.points);
        CHECK(int(b.point_names.size()) == e.points);
        CHECK(int(b.edges.size()) == e.edges);
        CHECK(int(b.mills.size()) == e.mills);
        CHECK(popcount(b.all) == e.points);
        // Adjacency is symmetric and has one bit per edge end.
        int degree_sum = 0;
        for (int p = 0; p < b.size; ++p) {
            degree_sum += popcount(b.adjacent[p]);
            for (int q = 0; q < b.size; ++q) CHECK(bool(b.adjacent[p] & bit(q)) == bool(b.adjacent[q] & bit(p)));
        }
        CHECK(degree_sum == 2 * e.edges);
        // Every mill has 3 points, and mills_at lists exactly the mills through each point.
        for (Bitboard m : b.mills) CHECK(popcount(m) == 3);
        for (int p = 0; p < b.size; ++p) {
            int through = 0;
            for (Bitboard m : b.mills) through += bool(m & bit(p));
            int listed = 0;
            for (Bitboard m : b.mills_at[p])
                if (m) {
                    ++listed;
                    CHECK((m & bit(p)));
                }
            CHECK(listed == through);
        }
    }
}

TEST_CASE("point names and position-text order follow RULES.md", "[board]") {
    const Board& s = board("standard24");
    const char* order = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1";
    std::string names;
    for (int p = 0; p < s.size; ++p) names += (p ? " " : "") + s.point_names[p];
    CHECK(names == order);
    CHECK(s.point("a7") == Point(0));
    CHECK(s.point("g1") == Point(23));
    CHECK(!s.point("d4"));  // the centre is no point
    CHECK(!s.point("h1"));
    CHECK(board("board18").name_of(Point(0)) == "a0");
    CHECK(board("board18").name_of(Point(17)) == "g6");
    CHECK(board("ring16").name_of(Point(6)) == "a4");
    // A diagonal of diagonal24 that standard24 lacks.
    Point a7 = *s.point("a7"), b6 = *s.point("b6");
    CHECK(!(s.adjacent[a7] & bit(b6)));
    CHECK((board("diagonal24").adjacent[a7] & bit(b6)));
}

TEST_CASE("symmetry groups: published orders", "[board][symmetry]") {
    CHECK(board("standard24").symmetries.size() == 16);
    CHECK(board("diagonal24").symmetries.size() == 16);
    // Two concentric squares: the square's 8 symmetries times swapping the rings.
    CHECK(board("ring16").symmetries.size() == 16);
}

TEST_CASE("every symmetry of every board preserves edges and mills, and they form a group", "[board][symmetry]") {
    for (const Board& b : all_boards()) {
        INFO(b.name);
        REQUIRE(!b.symmetries.empty());
        std::set<std::pair<int, int>> edges;
        for (auto [u, v] : b.edges) edges.insert({std::min(u, v), std::max(u, v)});
        std::set<Bitboard> mills(b.mills.begin(), b.mills.end());
        std::set<Permutation> group(b.symmetries.begin(), b.symmetries.end());
        CHECK(group.size() == b.symmetries.size());  // no duplicates
        // The identity comes first.
        for (int p = 0; p < MAX_POINTS; ++p) CHECK(b.symmetries[0][p] == p);
        for (const Permutation& s : b.symmetries) {
            // A permutation of the board's points.
            Bitboard seen = 0;
            for (int p = 0; p < b.size; ++p) seen |= bit(s[p]);
            CHECK(seen == b.all);
            for (auto [u, v] : b.edges) {
                int a = s[u], c = s[v];
                CHECK(edges.count({std::min(a, c), std::max(a, c)}) == 1);
            }
            for (Bitboard m : b.mills) CHECK(mills.count(image(s, m)) == 1);
        }
        // Closed under composition (a finite closed set of permutations is a group).
        for (const Permutation& s : b.symmetries)
            for (const Permutation& t : b.symmetries) CHECK(group.count(compose(s, t)) == 1);
        // transform() agrees with the permutation.
        Bitboard some = b.all & 0x5a5a5a;
        for (int i = 0; i < int(b.symmetries.size()); ++i) CHECK(b.transform(i, some) == image(b.symmetries[i], some));
    }
}

TEST_CASE("a board that is not symmetric has only the identity", "[board][symmetry]") {
    Board b;
    BoardSpec path{"path", "p1 p2 p3 p4 p5", "p1-p2 p2-p3 p3-p4 p4-p5", "p1p2p3"};
    REQUIRE(!build_board(path, b).has_value());
    // A path with a mill at one end: reversing it would move the mill.
    CHECK(b.symmetries.size() == 1);
    BoardSpec sym{"path", "p1 p2 p3 p4 p5", "p1-p2 p2-p3 p3-p4 p4-p5", "p2p3p4"};
    REQUIRE(!build_board(sym, b).has_value());
    CHECK(b.symmetries.size() == 2);
}

TEST_CASE("malformed board data is rejected with a reason", "[board]") {
    Board b;
    CHECK(build_board({"x", "p1 p2 p3", "p1-p9", ""}, b).has_value());          // unknown point in edge
    CHECK(build_board({"x", "p1 p2 p3", "p1-p2 p1-p2", ""}, b).has_value());    // duplicate edge
    CHECK(build_board({"x", "p1 p1 p3", "", ""}, b).has_value());               // duplicate point
    CHECK(build_board({"x", "p1 p2 p3", "", "p1p2p2"}, b).has_value());         // repeated point in mill
    CHECK(build_board({"x", "p1 p2 p3", "", "p1p2p3 p3p2p1"}, b).has_value());  // duplicate mill
    CHECK(build_board({"x", "a b c", "a-b", "abc"}, b).has_value());            // mill text needs 2-char names
    CHECK(!build_board({"x", "p1 p2 p3", "p1-p2 p2-p3", "p1p2p3"}, b).has_value());
}
