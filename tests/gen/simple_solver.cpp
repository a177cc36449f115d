#include "simple_solver.h"

#include <bit>

#include "engine/unmove.h"

namespace mtb::test {
namespace {

struct Binomials {
    std::uint64_t c[33][33] = {};
    Binomials() {
        for (int n = 0; n <= 32; ++n) {
            c[n][0] = 1;
            for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
        }
    }
};
const Binomials kChoose;

std::uint64_t choose(int n, int k) { return k < 0 || k > n ? 0 : kChoose.c[n][k]; }

// Colex rank of a set of bit positions: sum over its i-th lowest bit p of C(p, i).
std::uint64_t colex(std::uint32_t set) {
    std::uint64_t r = 0;
    for (int i = 1; set; ++i, set &= set - 1) r += kChoose.c[std::countr_zero(set)][i];
    return r;
}

// The bits of `x` at the positions of the set bits of `mask`, packed low.
std::uint32_t compress(std::uint32_t x, std::uint32_t mask) {
    std::uint32_t r = 0;
    for (int j = 0; mask; ++j, mask &= mask - 1)
        if (x & mask & -mask) r |= 1u << j;
    return r;
}

std::uint32_t expand(std::uint32_t x, std::uint32_t mask) {
    std::uint32_t r = 0;
    for (int j = 0; mask; ++j, mask &= mask - 1)
        if (x >> j & 1) r |= mask & -mask;
    return r;
}

// The k-subset of colex rank `rank` (inverse of colex()).
std::uint32_t uncolex(std::uint64_t rank, int k) {
    std::uint32_t set = 0;
    for (int i = k; i >= 1; --i) {
        int p = i - 1;
        while (choose(p + 1, i) <= rank) ++p;
        set |= 1u << p;
        rank -= choose(p, i);
    }
    return set;
}

// The next larger integer with the same number of set bits (Gosper).
std::uint32_t next_subset(std::uint32_t x) {
    std::uint32_t c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

constexpr std::uint16_t UNKNOWN = 0;

}  // namespace

std::vector<RawSector> SimpleSolver::all_sectors(const Rules& r) {
    std::vector<RawSector> out;
    const int n = r.board->size, s = r.stones;
    for (int uh = 0; uh <= s; ++uh)
        for (int th = 0; th <= s; ++th) {
            if (!r.move_while_in_hand && uh != th && uh != th + 1) continue;
            for (int ub = 0; ub + uh <= s; ++ub)
                for (int tb = 0; tb + th <= s && ub + tb <= n; ++tb)
                    if (ub + uh >= r.lose_below && tb + th >= r.lose_below) out.push_back({ub, tb, uh, th});
        }
    return out;
}

SimpleSolver::SimpleSolver(const Rules& r, std::vector<RawSector> sectors) : r_(r), block_of_(25 * 25 * 25 * 25, -1) {
    std::uint64_t offset = 0;
    const int n = r.board->size;
    for (RawSector s : sectors) {
        block_of_[((s.us_board * 25 + s.them_board) * 25 + s.us_hand) * 25 + s.them_hand] = int(blocks_.size());
        std::uint64_t them_count = choose(n - s.us_board, s.them_board);
        blocks_.push_back({s, offset, them_count});
        offset += choose(n, s.us_board) * them_count;
    }
    values_.assign(offset, UNKNOWN);
    counters_.assign(offset, 0);
}

int SimpleSolver::block_index(int ub, int tb, int uh, int th) const {
    return block_of_[((ub * 25 + tb) * 25 + uh) * 25 + th];
}

std::int64_t SimpleSolver::index_of(const Position& p) const {
    const Color us = p.side, them = ~p.side;
    int b = block_index(p.on_board(us), p.on_board(them), p.hand[us], p.hand[them]);
    if (b < 0) return -1;
    const Block& bl = blocks_[b];
    std::uint32_t free = r_.board->all & ~p.stones[us];
    return std::int64_t(bl.offset + colex(p.stones[us]) * bl.them_count + colex(compress(p.stones[them], free)));
}

std::uint16_t SimpleSolver::value(const Position& p) const {
    std::int64_t i = index_of(p);
    return i < 0 ? 0 : values_[i];
}

void SimpleSolver::solve() {
    const Rules& r = r_;
    const int n = r.board->size;
    std::vector<std::uint32_t> queue;  // FIFO: distances never decrease along it
    // Init: terminal positions (value 2 = loss in 0), immediate wins (3 =
    // win in 1) and ply counts; blocks are independent, so in parallel.
#pragma omp parallel for schedule(dynamic, 1)
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
        const Block& bl = blocks_[b];
        thread_local Move moves[MAX_PLIES];
        const RawSector s = bl.s;
        std::uint64_t i = bl.offset;
        const std::uint32_t us_end = std::uint32_t(1) << n;
        for (std::uint32_t us = (1u << s.us_board) - 1; us < us_end; us = s.us_board ? next_subset(us) : us_end) {
            const std::uint32_t free = r.board->all & ~us;
            const std::uint32_t them_end = std::uint32_t(1) << (n - s.us_board);
            for (std::uint32_t t = (1u << s.them_board) - 1; t < them_end;
                 t = s.them_board ? next_subset(t) : them_end, ++i) {
                Position p;
                p.side = WHITE;
                p.stones[WHITE] = us;
                p.stones[BLACK] = expand(t, free);
                p.hand[WHITE] = std::uint8_t(s.us_hand);
                p.hand[BLACK] = std::uint8_t(s.them_hand);
                Outcome o = outcome(r, p);
                if (o == Outcome::LOSS) {
                    values_[i] = 2;
                    continue;
                }
                if (o == Outcome::DRAW) {
                    values_[i] = 1;
                    continue;
                }
                Move* end = generate(r, p, moves);
                const int plies = int(end - moves);
                bool wins_now = false;
                for (Move* m = moves; m != end; ++m) {
                    Position q = after(r, p, *m);
                    if (q.total(q.side) < r.lose_below) wins_now = true;
                }
                if (wins_now) {
                    values_[i] = 3;
                } else {
                    counters_[i] = std::uint16_t(plies);
                }
            }
        }
    }
    for (std::uint32_t i = 0; i < values_.size(); ++i)
        if (values_[i] == 2) queue.push_back(i);
    for (std::uint32_t i = 0; i < values_.size(); ++i)
        if (values_[i] == 3) queue.push_back(i);
    // Each position leaves the queue once; its predecessors learn from it.
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const std::uint32_t c = queue[head];
        // Find c's block and position.
        std::size_t lo = 0, hi = blocks_.size();
        while (hi - lo > 1) {
            std::size_t mid = (lo + hi) / 2;
            (blocks_[mid].offset <= c ? lo : hi) = mid;
        }
        const Block& bl = blocks_[lo];
        const std::uint64_t local = c - bl.offset;
        const std::uint32_t us = uncolex(local / bl.them_count, bl.s.us_board);
        Position p;
        p.side = WHITE;
        p.stones[WHITE] = us;
        p.stones[BLACK] = expand(uncolex(local % bl.them_count, bl.s.them_board), r.board->all & ~us);
        p.hand[WHITE] = std::uint8_t(bl.s.us_hand);
        p.hand[BLACK] = std::uint8_t(bl.s.them_hand);
        const std::uint16_t v = values_[c];
        const int dist = v - 2;
        const bool loss = dist % 2 == 0;
        for_each_predecessor(r, p, [&](const Position& q) {
            std::int64_t qi = index_of(q);
            if (qi < 0 || values_[qi] != UNKNOWN) return;
            if (loss) {
                values_[qi] = std::uint16_t(dist + 1 + 2);
                queue.push_back(std::uint32_t(qi));
            } else if (--counters_[qi] == 0) {
                values_[qi] = std::uint16_t(dist + 1 + 2);
                queue.push_back(std::uint32_t(qi));
            }
        });
    }
    for (auto& v : values_)
        if (v == UNKNOWN) v = 1;
}

}  // namespace mtb::test
