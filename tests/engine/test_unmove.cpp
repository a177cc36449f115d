// Un-moves against brute force (issue 2, item 6): for every rule set and
// many random legal positions P, the predecessors for_each_predecessor()
// lists are exactly the positions Q, found by trying every candidate, such
// that a forward ply of Q (generate + after) gives P.
#include "tests/catch.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/notation.h"
#include "engine/unmove.h"
#include "random_positions.h"

using namespace mtb;

namespace {

// Release builds check 10,000 positions per rule set; sanitizer builds,
// about 30 times slower, a tenth of that.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kFromGames = 500, kSetups = 500;
#else
constexpr int kFromGames = 5000, kSetups = 5000;
#endif

// Positions as sortable 64-bit keys.
std::uint64_t key(const Position& p) {
    return std::uint64_t(p.stones[WHITE]) | std::uint64_t(p.stones[BLACK]) << 24 | std::uint64_t(p.hand[WHITE]) << 48 |
           std::uint64_t(p.hand[BLACK]) << 53 | std::uint64_t(p.side) << 58 | std::uint64_t(p.since_capture & 31) << 59;
}

// Every Q with side to move ~p.side that differs from p in a way one ply
// could undo, generously: the mover (o) loses one board stone `t` and may
// gain one on any empty point, o's hand moves by -1, 0 or +1, the side to
// move may gain a stone on any free point, and the counter takes every
// value.  Q is kept when its counts are within the rule set's limits, the
// side not to move in Q has not already lost, the game goes on in Q, and a
// ply of Q leads to p.
std::vector<Position> brute_force_predecessors(const Rules& r, const Position& p) {
    const Board& b = *r.board;
    const Color s = p.side, o = ~s;
    const Bitboard empty = b.all & ~p.occupied();
    const int counters = r.has_capture_counter() ? r.no_capture_draw_plies : 0;
    std::vector<Position> found;
    for (Bitboard ts = p.stones[o]; ts;) {
        const Point t = pop_lsb(ts);
        // f == POINT_NONE: no stone of o's comes back.
        for (int f = -1; f < b.size; ++f) {
            if (f >= 0 && !(empty & bit(f))) continue;
            for (int dh = -1; dh <= 1; ++dh) {
                const int hand = p.hand[o] + dh;
                if (hand < 0 || hand > r.stones) continue;
                Position base = p;
                base.side = o;
                base.hand[o] = std::uint8_t(hand);
                base.stones[o] ^= bit(t);
                if (f >= 0) base.stones[o] |= bit(f);
                const Bitboard free_in_q = b.all & ~base.occupied();
                for (int x = -1; x < b.size; ++x) {
                    if (x >= 0 && !(free_in_q & bit(x))) continue;
                    Position q = base;
                    if (x >= 0) q.stones[s] |= bit(x);
                    if (q.total(o) > r.stones || q.total(s) > r.stones || q.total(s) < r.lose_below) continue;
                    // By RULES.md a ply never changes the mover's total (board
                    // + hand); skipping the other candidates here only saves
                    // time (after() keeping the total is tested elsewhere).
                    if (q.total(o) != p.total(o)) continue;
                    q.since_capture = 0;
                    if (outcome(r, q) != Outcome::ONGOING) continue;
                    // Plies do not depend on the counter: try each ply with
                    // counter 0 and, where all but the counter matches, with
                    // every counter value.
                    std::vector<bool> reached(counters + 1, false);
                    for (Move m : MoveList(r, q)) {
                        Position a = after(r, q, m);
                        a.since_capture = p.since_capture;
                        if (!(a == p)) continue;
                        for (int c = 0; c <= counters; ++c) {
                            q.since_capture = std::uint8_t(c);
                            reached[c] = reached[c] || after(r, q, m) == p;
                        }
                    }
                    for (int c = 0; c <= counters; ++c) {
                        q.since_capture = std::uint8_t(c);
                        if (reached[c] && outcome(r, q) == Outcome::ONGOING) found.push_back(q);
                    }
                }
            }
        }
    }
    return found;
}

std::vector<std::uint64_t> keys(const std::vector<Position>& v) {
    std::vector<std::uint64_t> k;
    for (const Position& p : v) k.push_back(key(p));
    std::sort(k.begin(), k.end());
    return k;
}

Position from_key(std::uint64_t k) {
    Position p;
    p.stones[WHITE] = Bitboard(k & 0xffffff);
    p.stones[BLACK] = Bitboard(k >> 24 & 0xffffff);
    p.hand[WHITE] = std::uint8_t(k >> 48 & 31);
    p.hand[BLACK] = std::uint8_t(k >> 53 & 31);
    p.side = Color(k >> 58 & 1);
    p.since_capture = std::uint8_t(k >> 59 & 31);
    return p;
}

}  // namespace

TEST_CASE("un-moves give exactly the brute-force predecessors, every rule set", "[unmove]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(20261122);
        std::vector<Position> positions = testing::random_positions(r, rng, kFromGames, kSetups);
        INFO("rule set " << r.name << ", " << positions.size() << " positions");
        CHECK(positions.size() >= size_t(kFromGames + kSetups));
        std::size_t total = 0, mismatches = 0;
        for (const Position& p : positions) {
            std::vector<Position> un;
            for_each_predecessor(r, p, [&](const Position& q) { un.push_back(q); });
            std::vector<std::uint64_t> got = keys(un), want = keys(brute_force_predecessors(r, p));
            total += got.size();
            // No predecessor twice.
            CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());
            if (got == want) continue;
            if (++mismatches > 3) continue;  // report the first few in full
            std::vector<std::uint64_t> extra, missing;
            std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
            std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
            std::string text = "position " + position_to_text(r, p) + "\n";
            for (auto k : extra) text += "  un-moves only: " + position_to_text(r, from_key(k)) + "\n";
            for (auto k : missing) text += "  brute force only: " + position_to_text(r, from_key(k)) + "\n";
            FAIL_CHECK(text);
        }
        CHECK(mismatches == 0);
        // The sample must exercise the generator, not just empty sets.
        CHECK(total > positions.size());
    }
}
