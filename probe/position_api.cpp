// The C API's rule sets, positions and moves (probe/include/mtb/probe.h):
// thin conversions over engine/, so that callers in other languages play
// by the same rules code as the tables.  No exception crosses this boundary.
#include <cstdio>
#include <cstring>
#include <string>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "mtb/probe.h"
#include "probe/api_support.h"

using namespace mtb;
using namespace mtb::api;

extern "C" {

const mtb_rules* mtb_rules_find(const char* name, mtb_status* status) {
    const Rules* found = nullptr;
    guarded(status, [&]() -> std::uint32_t {
        if (!name) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_rules_find: name must not be NULL");
        found = find_rules(name);
        if (!found)
            return fail(status, MTB_E_UNKNOWN_RULES,
                        std::string("unknown rule set '") + name + "'; known: " + rules_names());
        return succeed(status, 0);
    });
    return handle_of(found);
}

const char* mtb_rules_name(const mtb_rules* rules) { return rules ? rules_of(rules)->name.c_str() : ""; }

unsigned mtb_rules_stones(const mtb_rules* rules) { return rules ? unsigned(rules_of(rules)->stones) : 0; }

unsigned mtb_rules_no_capture_limit(const mtb_rules* rules) {
    return rules ? unsigned(rules_of(rules)->no_capture_draw_plies) : 0;
}

unsigned mtb_point_count(const mtb_rules* rules) { return rules ? unsigned(rules_of(rules)->board->size) : 0; }

const char* mtb_point_name(const mtb_rules* rules, unsigned point) {
    if (!rules || point >= mtb_point_count(rules)) return nullptr;
    return rules_of(rules)->board->point_names[point].c_str();
}

uint32_t mtb_adjacent(const mtb_rules* rules, unsigned point) {
    if (!rules || point >= mtb_point_count(rules)) return 0;
    return rules_of(rules)->board->adjacent[point];
}

size_t mtb_mills(const mtb_rules* rules, uint32_t* mills, size_t capacity) {
    if (!rules) return 0;
    const std::vector<Bitboard>& all = rules_of(rules)->board->mills;
    for (std::size_t i = 0; mills && i < all.size() && i < capacity; ++i) mills[i] = all[i];
    return all.size();
}

uint32_t mtb_start_position(const mtb_rules* rules, mtb_pos* out, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!rules || !out) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_start_position: NULL argument");
        *out = to_c(start_position(*rules_of(rules)));
        return succeed(status, 0);
    });
}

uint32_t mtb_position_from_text(const mtb_rules* rules, const char* text, mtb_pos* out, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!rules || !text || !out) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_position_from_text: NULL argument");
        Position p;
        if (auto e = parse_position(*rules_of(rules), text, p)) return fail(status, MTB_E_INVALID_POSITION, e->message);
        *out = to_c(p);
        return succeed(status, 0);
    });
}

uint32_t mtb_position_to_text(const mtb_rules* rules, const mtb_pos* pos, char* text, size_t capacity,
                              mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!rules || !pos || !text) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_position_to_text: NULL argument");
        Position p;
        if (std::uint32_t e = to_position(*rules_of(rules), *pos, p, status)) return e;
        const std::string s = position_to_text(*rules_of(rules), p);
        if (s.size() + 1 > capacity)
            return fail(status, MTB_E_CAPACITY,
                        "mtb_position_to_text: " + std::to_string(s.size() + 1) + " bytes, capacity " +
                            std::to_string(capacity));
        std::memcpy(text, s.c_str(), s.size() + 1);
        return succeed(status, 0);
    });
}

uint32_t mtb_game_state_of(const mtb_rules* rules, const mtb_pos* pos, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!rules || !pos) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_game_state_of: NULL argument");
        Position p;
        if (std::uint32_t e = to_position(*rules_of(rules), *pos, p, status)) return e;
        switch (outcome(*rules_of(rules), p)) {
            case Outcome::LOSS:
                return succeed(status, MTB_GAME_LOST);
            case Outcome::DRAW:
                return succeed(status, MTB_GAME_DRAWN);
            case Outcome::ONGOING:
                break;
        }
        return succeed(status, MTB_ONGOING);
    });
}

uint32_t mtb_legal_moves(const mtb_rules* rules, const mtb_pos* pos, mtb_move* moves, size_t capacity, size_t* count,
                         mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!rules || !pos || !count || (!moves && capacity))
            return fail(status, MTB_E_BAD_ARGUMENT, "mtb_legal_moves: NULL argument");
        *count = 0;
        const Rules& r = *rules_of(rules);
        Position p;
        if (std::uint32_t e = to_position(r, *pos, p, status)) return e;
        if (outcome(r, p) != Outcome::ONGOING) return succeed(status, 0);
        MoveList list(r, p);
        *count = std::size_t(list.size());
        if (capacity < *count)
            return fail(status, MTB_E_CAPACITY,
                        "mtb_legal_moves: " + std::to_string(*count) + " plies, capacity " + std::to_string(capacity));
        std::size_t n = 0;
        for (Move m : list) write_move(*r.board, m, moves[n++]);
        return succeed(status, 0);
    });
}

uint32_t mtb_play_move(const mtb_rules* rules, mtb_pos* pos, const char* move_text, mtb_status* status) {
    return guarded(status, [&]() -> std::uint32_t {
        if (!rules || !pos || !move_text) return fail(status, MTB_E_BAD_ARGUMENT, "mtb_play_move: NULL argument");
        const Rules& r = *rules_of(rules);
        Position p;
        if (std::uint32_t e = to_position(r, *pos, p, status)) return e;
        if (outcome(r, p) != Outcome::ONGOING)
            return fail(status, MTB_E_INVALID_POSITION,
                        std::string("'") + move_text + "': the game is over in " + position_to_text(r, p));
        Move m;
        if (auto e = parse_move(r, p, move_text, m)) return fail(status, MTB_E_INVALID_POSITION, e->message);
        *pos = to_c(after(r, p, m));
        return succeed(status, 0);
    });
}

}  // extern "C"
