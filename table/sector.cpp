#include "table/sector.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <vector>

#include "table/combinatorics.h"

namespace mtb {

std::uint32_t Sector::key() const {
    return std::uint32_t(us_board) | std::uint32_t(them_board) << 8 | std::uint32_t(us_hand) << 16 |
           std::uint32_t(them_hand) << 24;
}

Sector Sector::from_key(std::uint32_t k) {
    return Sector{std::uint8_t(k), std::uint8_t(k >> 8), std::uint8_t(k >> 16), std::uint8_t(k >> 24)};
}

std::string Sector::name() const {
    // Appends rather than operator+ chains: GCC 12 warns falsely (-Wrestrict) on those.
    std::string s = std::to_string(us_board);
    s += 'v';
    s += std::to_string(them_board);
    if (!movement_only()) {
        s += '+';
        s += std::to_string(us_hand);
        s += '+';
        s += std::to_string(them_hand);
    }
    return s;
}

std::optional<Sector> Sector::from_name(std::string_view text) {
    // Reads a count and the separator after it, if any: "5v", "4+", "3".
    auto count = [&](std::uint8_t& out) {
        unsigned v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || v > 255) return false;
        out = std::uint8_t(v);
        text.remove_prefix(std::size_t(end - text.data()));
        return true;
    };
    auto eat = [&](char c) {
        if (text.empty() || text[0] != c) return false;
        text.remove_prefix(1);
        return true;
    };
    Sector s;
    if (!count(s.us_board) || !eat('v') || !count(s.them_board)) return std::nullopt;
    if (!text.empty() && !(eat('+') && count(s.us_hand) && eat('+') && count(s.them_hand))) return std::nullopt;
    if (!text.empty()) return std::nullopt;
    return s;
}

Sector sector_of(const Position& p) {
    Color us = p.side, them = ~p.side;
    return Sector{std::uint8_t(p.on_board(us)), std::uint8_t(p.on_board(them)), p.hand[us], p.hand[them]};
}

NormalPosition normalise(const Position& p) { return NormalPosition{p.us(), p.them()}; }

Position denormalise(const Sector& s, const NormalPosition& n, Color side) {
    Position p;
    p.side = side;
    p.stones[side] = n.us;
    p.stones[~side] = n.them;
    p.hand[side] = s.us_hand;
    p.hand[~side] = s.them_hand;
    return p;
}

bool valid_sector(const Rules& r, Sector s) {
    const int a = s.us_board, b = s.them_board, h = s.us_hand, g = s.them_hand;
    if (a + h > r.stones || b + g > r.stones) return false;
    if (a + b > r.board->size) return false;
    if (r.too_few_stones(a + h) || r.too_few_stones(b + g)) return false;
    // A sector does not say who moves: it is valid when its hands fit either colour.
    if (!hands_fit_side(r, WHITE, h, g) && !hands_fit_side(r, BLACK, h, g)) return false;
    return true;
}

std::vector<Sector> successor_sectors(const Rules& r, Sector s) {
    const int a = s.us_board, b = s.them_board, h = s.us_hand;
    const int n = r.board->size;
    std::vector<Sector> out;
    auto add = [&](PlyKind kind) {
        const Sector t = child_sector(s, kind);
        if (valid_sector(r, t)) out.push_back(t);
    };
    // Which kinds of ply exist here.  A removal needs a mill, so at least 3
    // of our stones on the board after the ply, and an opponent stone on
    // the board to remove.
    if (h > 0 && a + b < n) {
        add(PLY_PLACE);
        if (a + 1 >= 3 && b >= 1) add(PLY_PLACE_REMOVE);
    }
    if ((h == 0 || r.move_while_in_hand) && a >= 1 && a + b < n) {
        add(PLY_QUIET);
        if (a >= 3 && b >= 1) add(PLY_MOVE_REMOVE);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::uint64_t raw_positions(const Rules& r, Sector s) {
    const int n = r.board->size;
    return binomial(n, s.us_board) * binomial(n - s.us_board, s.them_board);
}

std::uint64_t distinct_positions(const Rules& r, Sector s) {
    const Board& bd = *r.board;
    const int a = s.us_board, b = s.them_board;
    if (a + b > bd.size) return 0;
    // Burnside: the number of classes is the average over the group of the
    // number of positions each symmetry fixes.  A fixed position colours
    // every cycle of the permutation wholly empty, ours or theirs, so count
    // colourings with `a` of our points and `b` of theirs by a small DP
    // over the cycles.
    std::uint64_t sum = 0;
    for (const Permutation& perm : bd.symmetries) {
        std::vector<int> cycles;
        Bitboard seen = 0;
        for (int p = 0; p < bd.size; ++p) {
            if (seen & bit(p)) continue;
            int len = 0;
            for (int q = p; !(seen & bit(q)); q = perm[q]) {
                seen |= bit(q);
                ++len;
            }
            cycles.push_back(len);
        }
        // ways[x][y]: colourings of the cycles so far with x ours, y theirs.
        std::vector<std::vector<std::uint64_t>> ways(a + 1, std::vector<std::uint64_t>(b + 1, 0));
        ways[0][0] = 1;
        for (int len : cycles) {
            auto next = ways;
            for (int x = 0; x <= a; ++x)
                for (int y = 0; y <= b; ++y) {
                    if (!ways[x][y]) continue;
                    if (x + len <= a) next[x + len][y] += ways[x][y];
                    if (y + len <= b) next[x][y + len] += ways[x][y];
                }
            ways = std::move(next);
        }
        sum += ways[a][b];
    }
    if (sum % bd.symmetries.size() != 0) throw std::logic_error("Burnside count not divisible by group order");
    return sum / bd.symmetries.size();
}

}  // namespace mtb
