#include "probe/position_value.h"

#include <span>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "probe/api_support.h"
#include "probe/c_value.h"

namespace mtb {
namespace {

using namespace mtb::api;  // fail(), succeed(), write_move()

// The mover's view of the value after a ply (ExactValue::before_ply; a
// capture is the deciding event of a DTC).
std::uint32_t mover_view(std::uint32_t child, bool capture) {
    const std::optional<ExactValue> v = unpack_value(child);
    return v ? pack_value(v->before_ply(capture)) : child;
}

// The value of ply m from p for the side that plays it.
std::uint32_t ply_value(const TableSet& set, const Position& p, Move m, mtb_status* status) {
    return mover_view(position_value(set, after(set.rules(), p, m), status), m.is_removal());
}

void rank(std::span<mtb_move> moves) {
    rank_root_plies(moves, [](const mtb_move& m) { return unpack_value(m.value); });
}

// Whether every sector a ply of sector s leads to has a values file, so
// that a left-out s gets distances from its plies (best_ply_value);
// otherwise TableSet::value's alpha-beta gives its win/draw/loss, faster.
bool plies_have_distances(const TableSet& set, Sector s) {
    for (Sector c : successor_sectors(set.rules(), s))
        if (set.wdl_only(c)) return false;
    return true;
}

// The value of a position whose sector a set leaves out (TableSet::
// searched) and whose plies' tables all have distances: its best ply's, as
// mtb_probe_root ranks them.  The first ply without a value gives its error.
std::uint32_t best_ply_value(const TableSet& set, const Position& p, mtb_status* status) {
    const Rules& r = set.rules();
    std::vector<mtb_move> moves;
    for (Move m : MoveList(r, p)) {
        moves.push_back(mtb_move{});
        moves.back().value = ply_value(set, p, m, status);
        if (mtb_is_error(moves.back().value)) return moves.back().value;
    }
    rank(moves);
    return succeed(status, moves.empty() ? 0 : moves[0].value);
}

}  // namespace

std::uint32_t position_value(const TableSet& set, const Position& p, mtb_status* status) {
    const Rules& r = set.rules();
    const Metric& metric = set.metric();
    switch (outcome(r, p)) {
        case Outcome::LOSS:
            // Too few stones is a LOSS in 0; a blocked side's loss counts
            // as the metric says (one ply of the clock under a limit).
            return succeed(
                status,
                pack_value(metric.value(metric.loss(r.too_few_stones(p.total(p.side)) ? 0 : metric.blocked_loss()))));
        case Outcome::DRAW:
            return succeed(status, pack_value(ExactValue::draw()));
        case Outcome::ONGOING:
            break;
    }
    if (set.searched(sector_of(p)) && plies_have_distances(set, sector_of(p))) return best_ply_value(set, p, status);
    ValueCode v;
    std::string message;
    TbStatus st = set.value(sector_of(p), normalise(p), v, &message);
    if (st != TbStatus::OK) return fail(status, mtb_error_code(st), message);
    if (set.wdl_only(sector_of(p))) return succeed(status, pack_value(ExactValue::wdl_only(value_wdl(v))));
    return succeed(status, pack_value(metric.value(v, p.since_capture)));
}

std::uint32_t root_values(const TableSet& set, const Position& p, mtb_move* moves, std::size_t capacity,
                          std::size_t* count, mtb_status* status) {
    const Rules& r = set.rules();
    *count = 0;
    if (outcome(r, p) != Outcome::ONGOING) return position_value(set, p, status);
    MoveList list(r, p);
    *count = std::size_t(list.size());
    if (capacity < *count)
        return fail(status, MTB_E_CAPACITY,
                    "mtb_probe_root: " + std::to_string(*count) + " plies, capacity " + std::to_string(capacity));
    std::size_t n = 0;
    std::string first_error;
    for (Move m : list) {
        mtb_move& out = moves[n++];
        write_move(*r.board, m, out);
        mtb_status child_status;
        out.value = ply_value(set, p, m, &child_status);
        if (mtb_is_error(out.value) && first_error.empty())
            first_error = std::string(out.text) + ": " + child_status.message;
    }
    rank(std::span(moves, n));
    std::uint32_t own = position_value(set, p, status);
    if (!mtb_is_error(own)) return own;
    // Without the position's own table, its value is that of its best ply
    // once every ply is known.
    if (first_error.empty() && n > 0) return succeed(status, moves[0].value);
    if (!first_error.empty() && mtb_get_error_code(own) == MTB_E_NO_TABLE)
        return fail(status, mtb_get_error_code(moves[n - 1].value), first_error);
    return own;
}

}  // namespace mtb
