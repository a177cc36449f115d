// The C API (probe/include/mtb/probe.h): its edge over the C++ face
// (probe/prober.h), which decides every value; here positions are unpacked
// and answers packed (probe/c_value.h), nothing more.  No exception crosses
// this boundary: each entry point catches and returns a code.
#include "mtb/probe.h"

#include <cstdio>
#include <cstring>
#include <new>
#include <string>

#include "engine/notation.h"
#include "probe/api_support.h"
#include "probe/c_value.h"
#include "probe/prober.h"
#include "probe/table_set.h"
#include "probe/ultra.h"

struct mtb_tb {
    std::unique_ptr<mtb::TableSet> set;
    mtb::Prober prober{*set};
};

using namespace mtb;
using namespace mtb::api;  // fail(), succeed(), guarded(), to_position(), to_c()

namespace {

// An answer as the C API's packed result, *status filled.
std::uint32_t packed(const ProbeAnswer& a, mtb_status* status) {
    if (!a.ok()) return fail(status, mtb_error_code(a.status), a.message);
    return succeed(status, pack_value(*a.value));
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

size_t mtb_value_text(uint32_t result, char* out, size_t size) {
    try {
        const std::string text = value_text(unpack_value(result), mtb_error_name(result));
        if (out && size) std::snprintf(out, size, "%s", text.c_str());
        return text.size();
    } catch (const std::exception&) {  // no memory for a few bytes: an empty text
        if (out && size) out[0] = 0;
        return 0;
    }
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
        return packed(tb->prober.value(p), status);
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
        Position p;
        if (std::uint32_t e = to_position(tb->set->rules(), *pos, p, status)) return e;
        const RootAnswer root = tb->prober.root(p);
        *count = root.plies.size();
        if (capacity < *count)
            return fail(status, MTB_E_CAPACITY,
                        "mtb_probe_root: " + std::to_string(*count) + " plies, capacity " + std::to_string(capacity));
        for (std::size_t i = 0; i < *count; ++i) {
            write_move(*tb->set->rules().board, root.plies[i].move, moves[i]);
            const ProbeAnswer& a = root.plies[i].answer;
            moves[i].value = a.ok() ? pack_value(*a.value) : error_result(mtb_error_code(a.status));
        }
        return packed(root.position, status);
    });
}

uint32_t mtb_ultra_root(const mtb_tb* tb, const mtb_pos* pos, mtb_move* moves, double* measures, size_t capacity,
                        size_t* count, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!tb || !pos || !count || (!moves && capacity))
            return fail(status, MTB_E_BAD_ARGUMENT, "mtb_ultra_root: NULL argument");
        *count = 0;
        Position p;
        if (std::uint32_t e = to_position(tb->set->rules(), *pos, p, status)) return e;
        const RootAnswer root = tb->prober.root(p);
        *count = root.plies.size();
        if (capacity < *count)
            return fail(status, MTB_E_CAPACITY,
                        "mtb_ultra_root: " + std::to_string(*count) + " plies, capacity " + std::to_string(capacity));
        const UltraMeasures m = ultra_measures(tb->prober, p, root.plies);
        const std::vector<std::size_t> order = ultra_order(root.plies, m);
        for (std::size_t i = 0; i < *count; ++i) {
            const PlyAnswer& ply = root.plies[order[i]];
            write_move(*tb->set->rules().board, ply.move, moves[i]);
            moves[i].value =
                ply.answer.ok() ? pack_value(*ply.answer.value) : error_result(mtb_error_code(ply.answer.status));
            if (measures) measures[i] = m.measure[order[i]];
        }
        return packed(root.position, status);
    });
}

}  // extern "C"
