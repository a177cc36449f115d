// A deliberately naive rules implementation, written from docs/RULES.md
// independently of engine/movegen.h: loops over point indices, adjacency
// from the board's edge list and mills from its mill list (both turned into
// plain lists once per board), no bit tricks, no movegen.h function.  Slow
// on purpose; it is the second opinion that perft, generate(),
// count_plies(), after() and outcome() are checked against.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "engine/position.h"

namespace naive {

using mtb::Board;
using mtb::Color;
using mtb::Position;
using mtb::Rules;

struct Ply {
    int from = -1, to = -1, remove = -1;  // -1: none (placement / no removal)
};

inline bool has(const Position& p, Color c, int point) { return (p.stones[c] >> point) & 1u; }
inline bool empty_at(const Position& p, int point) { return !has(p, mtb::WHITE, point) && !has(p, mtb::BLACK, point); }

inline int on_board(const Rules& r, const Position& p, Color c) {
    int n = 0;
    for (int i = 0; i < r.board->size; ++i) n += has(p, c, i);
    return n;
}

// The board's edges and mills as plain lists, read once from its data.
struct Geometry {
    std::vector<std::vector<bool>> adjacent;
    std::vector<std::vector<int>> mills;  // the points of each mill

    explicit Geometry(const Board& b) : adjacent(b.size, std::vector<bool>(b.size, false)) {
        for (auto [u, v] : b.edges) adjacent[u][v] = adjacent[v][u] = true;
        for (mtb::Bitboard m : b.mills) {
            std::vector<int> pts;
            for (int i = 0; i < b.size; ++i)
                if ((m >> i) & 1u) pts.push_back(i);
            mills.push_back(pts);
        }
    }
};

// One Geometry per board, built on first use.
inline const Geometry& geometry(const Board& b) {
    static std::deque<std::pair<const Board*, Geometry>> cache;  // deque: references stay valid
    for (auto& [board, g] : cache)
        if (board == &b) return g;
    cache.emplace_back(&b, Geometry(b));
    return cache.back().second;
}

// Whether the stones of colour c in p form a complete mill through `point`.
inline bool in_mill(const Rules& r, const Position& p, Color c, int point) {
    for (const auto& pts : geometry(*r.board).mills) {
        bool through = false, complete = true;
        for (int q : pts) {
            through |= q == point;
            complete &= has(p, c, q);
        }
        if (through && complete) return true;
    }
    return false;
}

inline bool can_fly(const Rules& r, int board_count, int hand_count) {
    if (r.fly_at == 0) return false;
    if (r.fly_count == mtb::FlyCount::BOARD_AND_HAND) return board_count + hand_count <= r.fly_at;
    return hand_count == 0 && board_count <= r.fly_at;
}

// Every ply of the side to move (the game is assumed not to have ended).
inline std::vector<Ply> plies(const Rules& r, const Position& p) {
    const Board& b = *r.board;
    const Geometry& g = geometry(b);
    const Color us = p.side, them = Color(1 - us);
    // Removable opponent stones: those outside mills, else (rule permitting) any.
    std::vector<int> outside, all_them;
    for (int i = 0; i < b.size; ++i)
        if (has(p, them, i)) {
            all_them.push_back(i);
            if (!in_mill(r, p, them, i)) outside.push_back(i);
        }
    std::vector<int> removable = outside;
    if (outside.empty() && r.removal == mtb::RemovalRule::PROTECTED_UNLESS_ALL_IN_MILLS) removable = all_them;

    std::vector<Ply> out;
    auto arrive = [&](int from, int to) {
        Position q = p;
        if (from >= 0) q.stones[us] &= ~(1u << from);
        q.stones[us] |= 1u << to;
        if (in_mill(r, q, us, to) && !removable.empty()) {
            for (int x : removable) out.push_back(Ply{from, to, x});
        } else {
            out.push_back(Ply{from, to, -1});
        }
    };
    const int hand = p.hand[us];
    if (hand > 0)
        for (int to = 0; to < b.size; ++to)
            if (empty_at(p, to)) arrive(-1, to);
    if (hand == 0 || r.move_while_in_hand) {
        const bool fly = can_fly(r, on_board(r, p, us), hand);
        for (int from = 0; from < b.size; ++from) {
            if (!has(p, us, from)) continue;
            for (int to = 0; to < b.size; ++to)
                if (empty_at(p, to) && (fly || g.adjacent[from][to])) arrive(from, to);
        }
    }
    return out;
}

inline Position play(const Rules& r, const Position& p, const Ply& m) {
    Position q = p;
    const Color us = p.side, them = Color(1 - us);
    if (m.from < 0)
        q.hand[us] = std::uint8_t(q.hand[us] - 1);
    else
        q.stones[us] &= ~(1u << m.from);
    q.stones[us] |= 1u << m.to;
    if (m.remove >= 0) {
        q.stones[them] &= ~(1u << m.remove);
        q.since_capture = 0;
    } else if (r.no_capture_draw_plies > 0) {
        q.since_capture = std::uint8_t(q.since_capture + 1);
    }
    q.side = them;
    return q;
}

// Whether the game is over before the side to move plays (leaving out "no
// ply", which the caller sees as an empty ply list): too few stones, a full
// board once placing is over (where that draws), the no-capture limit.
inline bool ended(const Rules& r, const Position& p) {
    const Color us = p.side;
    if (on_board(r, p, us) + p.hand[us] < r.lose_below) return true;
    if (r.full_board_draw && p.hand[0] == 0 && p.hand[1] == 0) {
        bool full = true;
        for (int i = 0; i < r.board->size; ++i) full &= !empty_at(p, i);
        if (full) return true;
    }
    return r.no_capture_draw_plies > 0 && p.since_capture >= r.no_capture_draw_plies;
}

inline std::uint64_t perft(const Rules& r, const Position& p, int depth) {
    if (depth == 0) return 1;
    if (ended(r, p)) return 0;
    std::vector<Ply> list = plies(r, p);
    if (depth == 1) return list.size();
    std::uint64_t n = 0;
    for (const Ply& m : list) n += naive::perft(r, play(r, p, m), depth - 1);
    return n;
}

}  // namespace naive
