// Rule sets as run-time values.  Code reads these fields; it never branches
// on a rule set's name.  The table of built-in rule sets is in rules.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "engine/board.h"

namespace mtb {

// Which stones count towards the flying threshold.
enum class FlyCount : std::uint8_t {
    BOARD_AND_HAND,  // stones on the board plus stones in hand
    BOARD_ONLY,      // stones on the board, and only once the hand is empty
};

// Which opponent stones a mill may remove.
enum class RemovalRule : std::uint8_t {
    // Stones outside complete mills; if there are none, any stone.
    PROTECTED_UNLESS_ALL_IN_MILLS,
    // Stones outside complete mills; if there are none, nothing is removed.
    NO_REMOVAL_IF_ALL_IN_MILLS,
};

struct Rules {
    std::string name;
    const Board* board = nullptr;
    int stones = 9;                   // stones per side, all in hand at the start
    bool move_while_in_hand = false;  // Lasker: each ply places or moves
    int fly_at = 0;                   // 0: never; else fly when the count is <= fly_at
    FlyCount fly_count = FlyCount::BOARD_AND_HAND;
    RemovalRule removal = RemovalRule::PROTECTED_UNLESS_ALL_IN_MILLS;
    int lose_below = 3;             // a side with fewer stones (board + hand) has lost
    bool full_board_draw = false;   // board full when placing ends: draw
    int no_capture_draw_plies = 0;  // 0: off; else draw after this many plies without capture
    std::string_view description;

    bool can_fly(int on_board, int in_hand) const {
        if (fly_at == 0) return false;
        if (fly_count == FlyCount::BOARD_ONLY) return in_hand == 0 && on_board <= fly_at;
        return on_board + in_hand <= fly_at;
    }
    bool has_capture_counter() const { return no_capture_draw_plies > 0; }
    // Whether a side with `stones` (board + hand) has lost: so a capture
    // that leaves the opponent this few wins at once.  The one statement of
    // the rule for every caller; inline, as the solver asks it per capture.
    bool too_few_stones(int stones) const { return stones < lose_below; }

    // A stable 64-bit hash over the board (points, edges, mills) and every
    // field of kValueFields, not the name: it identifies the game in table
    // files.
    std::uint64_t fingerprint() const;
};

// The fields that change table values, in the order fingerprint() hashes
// them after the board; the one list of them.  `name` and `description`
// do not change values and `board` is hashed by its contents: rules.cpp
// checks at compile time that every field of Rules is one of these or one
// of those three, so a field added to Rules cannot be left out of the
// fingerprint unnoticed.
inline constexpr auto kValueFields =
    std::tuple{&Rules::stones,  &Rules::move_while_in_hand, &Rules::fly_at,          &Rules::fly_count,
               &Rules::removal, &Rules::lose_below,         &Rules::full_board_draw, &Rules::no_capture_draw_plies};

// Whether two rule sets play the same game on the same board apart from
// the no-capture draw rule (a counter rule set's counter-free twin, whose
// tables it reads).
bool same_game_but_capture_counter(const Rules& a, const Rules& b);

const std::vector<Rules>& all_rules();
const Rules* find_rules(std::string_view name);
// "nmm, nmm-noflying, ..." for error messages and --help.
std::string rules_names();

}  // namespace mtb
