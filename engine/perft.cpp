// Perft with bulk counting.  The generic generator (movegen.cpp) is
// correct but pays for generality at every node, so perft has its own
// path, measured on `mtb perft --rules nmm --depth 7` (3.0 s before, 1.25 s
// after, one core; see BENCHMARKS.md):
//   - positions are side-relative Nodes made in registers, never written
//     to a ply list (Move's default constructor alone wrote 3 KB per node,
//     and Position's colour-indexed arrays caused store-forwarding stalls);
//   - the board's mills are copied into a fixed-size array (the mill count
//     is a template parameter), so the one pass over them that finds both
//     the opponent's stones in mills and the mover's mill-closing points
//     is fully unrolled;
//   - the last ply is counted, not made; a moved stone closes a mill at
//     `to` only if `to` closes a mill for the whole own set, so the
//     per-point mill test runs only for those few targets.
// tests/engine checks perft against a naive perft and the plies against
// generate().
#include "engine/perft.h"

#include <array>
#include <tuple>

namespace mtb {
namespace {

constexpr int MAX_MILLS = 20;
// A mask no stone set contains (bit 31 is outside every board), used to pad
// the per-point mill partner lists.
constexpr Bitboard NEVER = Bitboard(1) << 31;

template <int NM>
struct Geometry {
    std::array<Bitboard, NM> mills{};  // padded with 0, which no pass counts
    // For each point, the other two points of each mill through it (as
    // many slots as Board::mills_at; unused slots hold NEVER).
    std::array<std::array<Bitboard, 4>, MAX_POINTS> partners{};
    std::array<Bitboard, MAX_POINTS> adjacent{};
    Bitboard all = 0;

    explicit Geometry(const Board& b) : adjacent(b.adjacent), all(b.all) {
        static_assert(std::tuple_size_v<decltype(Board::mills_at)::value_type> == 4);
        for (size_t i = 0; i < b.mills.size(); ++i) mills[i] = b.mills[i];
        for (int p = 0; p < MAX_POINTS; ++p)
            for (size_t k = 0; k < partners[p].size(); ++k)
                partners[p][k] = b.mills_at[p][k] ? b.mills_at[p][k] & ~bit(p) : NEVER;
    }

    // Whether own (not containing p) completes a mill through p.  Bitwise
    // on ints, not || on bools: no branches in perft's inner loop.
    bool closes(Bitboard own, Point p) const {
        const auto& pp = partners[p];
        return (int(!(pp[0] & ~own)) | int(!(pp[1] & ~own)) | int(!(pp[2] & ~own)) | int(!(pp[3] & ~own))) != 0;
    }
};

// A position seen from the side to move; perft never needs colours, and
// keeping the fields in registers (no array indexed by colour) avoids
// store-forwarding stalls when a child is made.
struct Node {
    Bitboard us, them;
    int hand_us, hand_them;
    int since_capture;
};

inline Node node_of(const Position& p) {
    return Node{p.us(), p.them(), p.hand[p.side], p.hand[~p.side], p.since_capture};
}

template <int NM>
class FastPerft {
public:
    FastPerft(const Rules& r) : r_(r), g_(*r.board) {}

    // Whether the game has ended before any ply; "no legal ply" needs no
    // test here, since such a position simply has no children.
    // The rules are outcome()'s (engine/movegen.h), asked with the node's counts.
    bool ended_early(const Node& p) const {
        return outcome_before_plies(r_, popcount(p.us) + p.hand_us, p.hand_us + p.hand_them, p.us | p.them,
                                    p.since_capture) != Outcome::ONGOING;
    }

    // The opponent's removable stones (movegen.h's removal rule, given the
    // stones in mills this pass found): 0 when a mill closes without removal.
    Bitboard removable_of(Bitboard them, Bitboard them_in_mills) const {
        return removable_given_mills(r_, them, them_in_mills);
    }

    // count_plies() of a position that has not ended early.
    int count(const Node& p) const {
        const Bitboard own = p.us, them = p.them, empty = g_.all & ~(own | them);
        Bitboard them_in_mills = 0, closing = 0;
        for (Bitboard m : g_.mills) {
            if ((them & m) == m) them_in_mills |= m;
            Bitboard missing = m & ~own;
            if (popcount(missing) == 1) closing |= missing;
        }
        closing &= empty;
        const int nrem = popcount(removable_of(them, them_in_mills));
        // A mill-closing arrival counts once per removable stone (or once
        // when nothing can be removed).
        const int extra = nrem > 1 ? nrem - 1 : 0;
        int n = 0;
        if (p.hand_us > 0) n += popcount(empty) + extra * popcount(closing);
        if (p.hand_us == 0 || r_.move_while_in_hand) {
            const bool fly = r_.can_fly(popcount(own), p.hand_us);
            for (Bitboard f = own; f;) {
                Point from = pop_lsb(f);
                Bitboard targets = fly ? empty : g_.adjacent[from] & empty;
                n += popcount(targets);
                if (!extra) continue;
                // Closing points of own minus `from` are closing points of own.
                for (Bitboard t = targets & closing; t;)
                    if (g_.closes(own ^ bit(from), pop_lsb(t))) n += extra;
            }
        }
        return n;
    }

    // Calls visit(child) for every ply of p, in registers: the same plies
    // as generate(), without writing them down.
    template <class Visit>
    void for_each_child(const Node& p, Visit&& visit) const {
        const Bitboard own = p.us, them = p.them, empty = g_.all & ~(own | them);
        Bitboard them_in_mills = 0;
        for (Bitboard m : g_.mills)
            if ((them & m) == m) them_in_mills |= m;
        const Bitboard rem = removable_of(them, them_in_mills);
        const int counter = r_.has_capture_counter() ? p.since_capture + 1 : 0;
        auto arrive = [&](Bitboard own_after, Point to, int hand_after) {
            if (rem && g_.closes(own_after, to)) {
                for (Bitboard x = rem; x;) visit(Node{them ^ bit(pop_lsb(x)), own_after, p.hand_them, hand_after, 0});
            } else {
                visit(Node{them, own_after, p.hand_them, hand_after, counter});
            }
        };
        if (p.hand_us > 0)
            for (Bitboard t = empty; t;) {
                Point to = pop_lsb(t);
                arrive(own | bit(to), to, p.hand_us - 1);
            }
        if (p.hand_us == 0 || r_.move_while_in_hand) {
            const bool fly = r_.can_fly(popcount(own), p.hand_us);
            for (Bitboard f = own; f;) {
                Point from = pop_lsb(f);
                Bitboard rest = own ^ bit(from);
                for (Bitboard t = fly ? empty : g_.adjacent[from] & empty; t;) {
                    Point to = pop_lsb(t);
                    arrive(rest | bit(to), to, p.hand_us);
                }
            }
        }
    }

    std::uint64_t run(const Node& p, int depth) const {
        if (ended_early(p)) return 0;
        if (depth == 1) return std::uint64_t(count(p));
        std::uint64_t n = 0;
        if (depth == 2) {
            for_each_child(p, [&](const Node& q) {
                if (!ended_early(q)) n += std::uint64_t(count(q));
            });
        } else {
            for_each_child(p, [&](const Node& q) { n += run(q, depth - 1); });
        }
        return n;
    }

private:
    const Rules& r_;
    const Geometry<NM> g_;
};

template <int NM>
std::uint64_t perft_with(const Rules& r, const Position& p, int depth) {
    return FastPerft<NM>(r).run(node_of(p), depth);
}

}  // namespace

std::uint64_t perft(const Rules& r, const Position& p, int depth) {
    if (depth <= 0) return 1;
    // Round the mill count up to a few fixed sizes; the padding is zeros.
    const size_t nm = r.board->mills.size();
    if (nm <= 8) return perft_with<8>(r, p, depth);
    if (nm <= 12) return perft_with<12>(r, p, depth);
    if (nm <= 16) return perft_with<16>(r, p, depth);
    assert(nm <= MAX_MILLS);
    return perft_with<MAX_MILLS>(r, p, depth);
}

}  // namespace mtb
