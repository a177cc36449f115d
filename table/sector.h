// Sectors: the positions with given stone counts, seen from the side to move.
//
// CONTRACT (shared by gen/, probe/ and tools/; implemented in table/sector.cpp):
// a position is normalised to the side to move ("us") and the opponent
// ("them"); colours are swapped when Black is to move, since every rule set
// treats both colours alike apart from who starts.  The no-capture counter
// of lasker-20 is not part of a sector.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/rules.h"

namespace mtb {

struct Sector {
    std::uint8_t us_board = 0, them_board = 0, us_hand = 0, them_hand = 0;

    friend bool operator==(const Sector&, const Sector&) = default;
    friend auto operator<=>(const Sector&, const Sector&) = default;
    // A stable 32-bit key: us_board | them_board << 8 | us_hand << 16 | them_hand << 24.
    std::uint32_t key() const;
    static Sector from_key(std::uint32_t key);
    // "5v4" for movement sectors, "5v4+2+3" when stones remain in hand.
    std::string name() const;
    // The sector a name stands for, the inverse of name(): "5v4" or
    // "5v4+2+3", decimal counts up to 255.  It also reads spellings name()
    // does not write ("05v4", "5v4+0+0"); callers that need the canonical
    // one compare name() with the text.  Nullopt when the text is not a
    // sector name.  Whether the sector fits a rule set is valid_sector()'s
    // question (below).
    static std::optional<Sector> from_name(std::string_view text);
    bool movement_only() const { return us_hand == 0 && them_hand == 0; }
    // The stones of the side that has more, on the board and in hand: what
    // `mtb gen --max-stones K` bounds and `mtb stats --by-stones` groups by.
    int stones_a_side() const { return std::max(us_board + us_hand, them_board + them_hand); }
};

// Plies by what they do to the stone counts: a move, a move with a
// removal, a placement, a placement with a removal.  All plies of one kind
// from one sector lead to one sector, child_sector(): the one place that
// says how a ply changes the counts (the sector graph and the solver both
// ask it).
enum PlyKind : std::uint8_t { PLY_QUIET, PLY_MOVE_REMOVE, PLY_PLACE, PLY_PLACE_REMOVE, PLY_KINDS };

constexpr PlyKind ply_kind(bool place, bool remove) {
    return place ? (remove ? PLY_PLACE_REMOVE : PLY_PLACE) : (remove ? PLY_MOVE_REMOVE : PLY_QUIET);
}

// The sector after a ply of `kind` from sector `s`, seen from the opponent,
// who moves next: its "us" is s's "them".  Whether such a ply exists is the
// caller's question (successor_sectors() below).
constexpr Sector child_sector(Sector s, PlyKind kind) {
    const int place = kind == PLY_PLACE || kind == PLY_PLACE_REMOVE;
    const int remove = kind == PLY_MOVE_REMOVE || kind == PLY_PLACE_REMOVE;
    return Sector{std::uint8_t(s.them_board - remove), std::uint8_t(s.us_board + place), s.them_hand,
                  std::uint8_t(s.us_hand - place)};
}

// Sectors of the positions one ply after a position of `s` (normalised to
// the new side to move), not counting game-ending results (opponent left
// with < lose_below stones).  Sorted, without duplicates.  A sector is
// listed when some position of `s` might have such a ply; it may be a
// superset of what positions of `s` actually reach.
std::vector<Sector> successor_sectors(const Rules& r, Sector s);

// A position seen from the side to move.
struct NormalPosition {
    Bitboard us = 0, them = 0;
};

// The child of ply m from position n of sector s, in normal form: the
// opponent moves next, so the mover's stones after the ply become the
// child's "them".  The sector is child_sector()'s.
struct PlyChild {
    Sector sector;
    NormalPosition position;
};
constexpr PlyChild ply_child(Sector s, NormalPosition n, const Move& m) {
    const Bitboard mover = (m.is_placement() ? n.us : n.us ^ bit(m.from)) | bit(m.to);
    const Bitboard other = m.is_removal() ? n.them ^ bit(m.remove) : n.them;
    return {child_sector(s, ply_kind(m.is_placement(), m.is_removal())), {other, mover}};
}

// Whether the ply that led to child c won at once: it left c's side to
// move too few stones (Rules::too_few_stones), so c has no table.
inline bool wins_at_once(const Rules& r, const PlyChild& c) {
    return r.too_few_stones(popcount(c.position.us) + c.sector.us_hand);
}

// Whether `s` is a sector a game could be in: counts fit the board and the
// rule set, both sides still have >= lose_below stones in total, and (where
// placements alternate) the hands fit one side having placed first.  Not
// every valid sector is reachable from the start; the solve order
// (gen/sector_graph.h) says which.
bool valid_sector(const Rules& r, Sector s);

// Exact number of distinct positions (symmetry classes) in a sector,
// computed independently of the index (Burnside's lemma over the board's
// symmetry group): the slot count of its table (table/index.h).
std::uint64_t distinct_positions(const Rules& r, Sector s);

// The number of positions in a sector before symmetry reduction:
// C(n, us_board) * C(n - us_board, them_board).
std::uint64_t raw_positions(const Rules& r, Sector s);

Sector sector_of(const Position& p);
NormalPosition normalise(const Position& p);
// The position with `side` to move; inverse of normalise.
Position denormalise(const Sector& s, const NormalPosition& n, Color side);

}  // namespace mtb
