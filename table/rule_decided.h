// Rule-decided slots (table format version 3, table/FORMAT.md "Rule-decided
// slots"): positions whose value the rules give within one ply, whatever
// any table holds.  A file whose header sets `rule_decided` stores any
// symbol there (the writer repeats the slot before, so runs grow), and
// every reader puts the rules' value back without reading another table:
// the writer's lowering (before write_table()), TableFile::read_all() and
// the probe's look-up (probe/table_set.cpp) all ask the function here, so
// they agree on exactly which slots are left out.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "engine/rules.h"
#include "table/metric.h"
#include "table/sector.h"
#include "table/table_format.h"  // TableContent
#include "table/value.h"

namespace mtb {

// The code a table of `content` and metric m holds for position n of sector s when the rules decide it in one ply,
// else VALUE_NONE:
//   - the game is already over (game_end(), at capture counter 0): a draw,
//     or a loss in 0 (too few stones) or in m.blocked_loss() (blocked), as
//     the solver scores it;
//   - else a capture of the side to move leaves the opponent too few
//     stones (wins_at_once()): a win in 1, no win being shorter.
// In a win/draw/loss file the code is its win/draw/loss code.
ValueCode rule_decided_code(const Rules& r, const Metric& m, TableContent content, Sector s, NormalPosition n);

// Fills each slot of `values` (all of sector s's slots, in slot order)
// whose position rule_decided_code() decides with the code of the slot
// before it (slot 0 keeps its own): the writer then stores longer runs, and
// the dictionary counts what is stored.  Fails, naming
// the first such slot, when a slot holds another code than the rules' (the
// values are not this sector's, or not in metric m); `values` is then
// partly lowered and must not be written.  In a capture-resolved file
// (content 2) a slot whose capture wins at once may hold any code: the
// probe's capture search lifts it to the win anyway.
// *decided (when given) becomes the number of such slots.
std::optional<std::string> lower_rule_decided(const Rules& r, const Metric& m, TableContent content, Sector s,
                                              std::span<ValueCode> values, std::uint64_t* decided = nullptr);

// The inverse: sets each decided slot of `values` to the rules' code.
void restore_rule_decided(const Rules& r, const Metric& m, TableContent content, Sector s, std::span<ValueCode> values);

// Which of `wanted` (at most 32 codes) the rules decide at some position of
// sector s: bit i for wanted[i].  One walk of the sector's slots, which stops
// once every one is found.  For figures a file's dictionary cannot give
// where it leaves codes to the rules (mtb stats' longest win of a table
// whose every win is a capture that wins at once).
std::uint32_t rule_decided_codes(const Rules& r, const Metric& m, TableContent content, Sector s,
                                 std::span<const ValueCode> wanted);

}  // namespace mtb
