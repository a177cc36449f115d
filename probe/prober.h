// The C++ face of the probe: the value of a position and of its plies in
// engine types, with where each value came from.  The whole decision of a
// probed value lives here: the end of the game (Metric::game_over), a
// sector the set leaves out (TableSet::searched: its best ply's value where
// every ply's table has distances, else TableSet::value's one-ply search),
// a stored code through the folder's metric, and at the root the plies'
// tables standing in for a missing or failed own table.  TableSet only
// stores and looks up codes.  The C API (probe_api.cpp) packs these answers;
// `mtb probe`, `mtb serve` and the player's oracle read them directly.
//
// Thread safety: as TableSet's const members; a Prober is a view of one set.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/value.h"
#include "probe/table_set.h"

namespace mtb {

// Where a value came from.
enum class ValueSource : std::uint8_t {
    GAME_OVER,  // the game is over (ProbeAnswer::game_end says why): no table read
    OWN_TABLE,  // the position's own table (a capture-resolved one lifted by its captures)
    LEFT_OUT,   // a sector the set leaves out, valued from its plies' tables
    PLIES,      // the root's best ply, the position's own table missing or failed
};

// One probe's answer: a value, or why there is none.
struct ProbeAnswer {
    std::optional<ExactValue> value;  // nullopt: unknown; status and message say why
    ValueSource source = ValueSource::OWN_TABLE;
    TbStatus status = TbStatus::OK;
    // Why the value is unknown; with source PLIES, why the own table failed.
    std::string message;
    GameEnd game_end = GameEnd::NONE;  // why the game is over (source GAME_OVER)

    bool ok() const { return value.has_value(); }
    // Whether the value did not come from the position's own table but from
    // its plies' (LEFT_OUT or PLIES).
    bool from_plies() const { return source == ValueSource::LEFT_OUT || source == ValueSource::PLIES; }
};

// A ply and its answer from the view of the side that plays it, beside the
// answer of the position after it (its own side to move's view: lichess
// shows each ply so, and under DTC a capture's child keeps a distance of
// its own).  child.game_end says whether and why the ply ends the game.
struct PlyAnswer {
    Move move;
    ProbeAnswer answer;
    ProbeAnswer child;
};

// A position's answer and its plies ranked best first (rank_root_plies).
struct RootAnswer {
    ProbeAnswer position;
    std::vector<PlyAnswer> plies;
};

// The C API's name of a look-up's outcome ("no table for this sector",
// "corrupt table", ...): TbStatus numbers are its error codes.
const char* status_name(TbStatus st);

// The value's one text (value_text, engine/value.h), or
// "unknown (<status_name>)".
std::string answer_text(const ProbeAnswer& a);

class Prober {
public:
    explicit Prober(const TableSet& set) : set_(set) {}

    const TableSet& tables() const { return set_; }
    const Rules& rules() const { return set_.rules(); }

    // The value of valid position p for its side to move.
    ProbeAnswer value(const Position& p) const;
    // The value of ply m of valid position p for the side that plays it
    // (ExactValue::before_ply: under DTC a capture is the deciding event).
    ProbeAnswer ply(const Position& p, Move m) const;
    // Every ply of valid position p with its value, best first, and p's own
    // value: from its table, else from its best ply once every ply is known.
    // No plies when the game is over.
    RootAnswer root(const Position& p) const;

private:
    ProbeAnswer best_ply_value(const Position& p) const;
    bool plies_have_distances(Sector s) const;

    const TableSet& set_;
};

}  // namespace mtb
