// The C API (probe/include/mtb/probe.h) over TableSet.  No exception
// crosses this boundary: each entry point catches and returns a code.
#include "mtb/probe.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include "engine/notation.h"
#include "probe/api_support.h"
#include "probe/c_value.h"
#include "probe/table_set.h"

struct mtb_tb {
    std::unique_ptr<mtb::TableSet> set;
};

namespace {

using namespace mtb;
using namespace mtb::api;  // fail(), succeed(), guarded(), to_position(), to_c(), write_move()

std::uint32_t value_of(const TableSet& set, const Position& p, mtb_status* status);

// The mover's view of the value after a ply (ExactValue::before_ply; a
// capture is the deciding event of a DTC).
std::uint32_t mover_view(std::uint32_t child, bool capture) {
    const std::optional<ExactValue> v = unpack_value(child);
    return v ? pack_value(v->before_ply(capture)) : child;
}

// Sort key: the value's rank, errors last.
long rank(std::uint32_t result) {
    const std::optional<ExactValue> v = unpack_value(result);
    return v ? v->rank() : -(1L << 30);
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
// searched) and whose plies' tables all have distances: its best ply's,
// as mtb_probe_root ranks them.
std::uint32_t best_ply_value(const TableSet& set, const Position& p, mtb_status* status) {
    const Rules& r = set.rules();
    std::uint32_t best = 0;
    bool any = false;
    for (Move m : MoveList(r, p)) {
        const std::uint32_t v = mover_view(value_of(set, after(r, p, m), status), m.is_removal());
        if (mtb_is_error(v)) return v;
        if (!any || rank(v) > rank(best)) best = v;
        any = true;
    }
    return succeed(status, best);
}

// The value of a valid position: the end of the game needs no table.
std::uint32_t value_of(const TableSet& set, const Position& p, mtb_status* status) {
    const Rules& r = set.rules();
    const Metric& metric = set.metric();
    switch (outcome(r, p)) {
        case Outcome::LOSS:
            // Too few stones is a LOSS in 0; a blocked side's loss counts
            // as the metric says (one ply of the clock under a limit).
            return succeed(
                status,
                pack_value(metric.value(metric.loss(p.total(p.side) < r.lose_below ? 0 : metric.blocked_loss()))));
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

}  // namespace

extern "C" {

unsigned mtb_version_number(void) { return MTB_VERSION_NUMBER; }

unsigned mtb_is_error(uint32_t result) { return result > error_result(MTB_E_MAXCODE); }

mtb_error_code mtb_get_error_code(uint32_t result) {
    return mtb_is_error(result) ? mtb_error_code(std::uint32_t(0) - result) : MTB_E_NO_ERROR;
}

const char* mtb_error_name(uint32_t result) {
    switch (mtb_get_error_code(result)) {
        case MTB_E_NO_ERROR:
            return "no error";
        case MTB_E_GENERIC:
            return "unspecified error";
        case MTB_E_NO_TABLE:
            return "no table for this sector";
        case MTB_E_INVALID_POSITION:
            return "invalid position";
        case MTB_E_CORRUPT:
            return "corrupt table";
        case MTB_E_IO:
            return "I/O error";
        case MTB_E_RULES_MISMATCH:
            return "table made for other rules";
        case MTB_E_UNKNOWN_RULES:
            return "unknown rule set";
        case MTB_E_BAD_ARGUMENT:
            return "bad argument";
        case MTB_E_CAPACITY:
            return "buffer too small";
        case MTB_E_MEMORY:
            return "out of memory";
        case MTB_E_MAXCODE:
            break;
    }
    return "unknown error code";
}

mtb_tb* mtb_open(const char* dir, const char* rules, size_t cache_bytes, mtb_status* status) {
    mtb_tb* result = nullptr;
    guarded(status, [&]() -> std::uint32_t {
        if (!dir || !rules) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_open: dir and rules must not be NULL");
        const Rules* r = find_rules(rules);
        if (!r)
            return fail(status, MTB_E_UNKNOWN_RULES,
                        std::string("unknown rule set '") + rules + "'; known: " + rules_names());
        TbStatus st;
        std::string message;
        auto set = TableSet::open(dir, *r, cache_bytes, st, message);
        if (!set) return fail(status, mtb_error_code(st), message);
        result = new mtb_tb{std::move(set)};
        return succeed(status, 0);
    });
    return result;
}

void mtb_close(mtb_tb* tb) { delete tb; }

size_t mtb_table_count(const mtb_tb* tb) { return tb ? tb->set->table_count() : 0; }

// Declared with the position functions (probe/position_api.cpp); here
// because only this file sees inside mtb_tb.
const mtb_rules* mtb_rules_of(const mtb_tb* tb) { return tb ? handle_of(&tb->set->rules()) : nullptr; }

uint32_t mtb_probe(const mtb_tb* tb, const mtb_pos* pos, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!tb || !pos) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_probe: tb and pos must not be NULL");
        Position p;
        if (std::uint32_t e = to_position(tb->set->rules(), *pos, p, status)) return e;
        return value_of(*tb->set, p, status);
    });
}

uint32_t mtb_parse_position(const mtb_tb* tb, const char* text, mtb_pos* out, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!tb || !text || !out) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_parse_position: NULL argument");
        Position p;
        if (auto e = parse_position(tb->set->rules(), text, p)) return fail(status, MTB_E_INVALID_POSITION, e->message);
        *out = to_c(p);
        return succeed(status, 0);
    });
}

uint32_t mtb_probe_root(const mtb_tb* tb, const mtb_pos* pos, mtb_move* moves, size_t capacity, size_t* count,
                        mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!tb || !pos || !count || (!moves && capacity))
            return fail(status, MTB_E_BAD_ARGUMENT, "mtb_probe_root: NULL argument");
        *count = 0;
        const Rules& r = tb->set->rules();
        Position p;
        if (std::uint32_t e = to_position(r, *pos, p, status)) return e;
        if (outcome(r, p) != Outcome::ONGOING) return value_of(*tb->set, p, status);
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
            out.value = mover_view(value_of(*tb->set, after(r, p, m), &child_status), m.is_removal());
            if (mtb_is_error(out.value) && first_error.empty())
                first_error = std::string(out.text) + ": " + child_status.message;
        }
        std::stable_sort(moves, moves + n,
                         [](const mtb_move& a, const mtb_move& b) { return rank(a.value) > rank(b.value); });
        std::uint32_t own = value_of(*tb->set, p, status);
        if (!mtb_is_error(own)) return own;
        // Without the position's own table, its value is that of its best ply
        // once every ply is known.
        if (first_error.empty() && n > 0) return succeed(status, moves[0].value);
        if (!first_error.empty() && mtb_get_error_code(own) == MTB_E_NO_TABLE)
            return fail(status, mtb_get_error_code(moves[n - 1].value), first_error);
        return own;
    });
}

}  // extern "C"
