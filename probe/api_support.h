// Glue shared by the C API's source files (probe/*_api.cpp): filling an
// mtb_status, turning exceptions into error codes, and converting positions
// between the C struct and the engine's.  Internal: not installed.
#pragma once

#include <cstdint>
#include <cstdio>
#include <new>
#include <string>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "mtb/probe.h"

namespace mtb::api {

constexpr std::uint32_t error_result(mtb_error_code c) { return std::uint32_t(0) - std::uint32_t(c); }

// Sets *status (if any) and returns the error result.
inline std::uint32_t fail(mtb_status* status, mtb_error_code code, const std::string& message) {
    if (status) {
        status->code = code;
        std::snprintf(status->message, sizeof status->message, "%s", message.c_str());
    }
    return error_result(code);
}

inline std::uint32_t succeed(mtb_status* status, std::uint32_t value) {
    if (status) {
        status->code = MTB_E_NO_ERROR;
        status->message[0] = 0;
    }
    return value;
}

// Runs f, so that no exception crosses the C boundary.
template <class F>
std::uint32_t guarded(mtb_status* status, F&& f) {
    try {
        return f();
    } catch (const std::bad_alloc&) {
        return fail(status, MTB_E_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        return fail(status, MTB_E_GENERIC, e.what());
    }
}

// The opaque C handle of a rule set is the engine's static Rules object.
inline const Rules* rules_of(const mtb_rules* r) { return reinterpret_cast<const Rules*>(r); }
inline const mtb_rules* handle_of(const Rules* r) { return reinterpret_cast<const mtb_rules*>(r); }

// A caller's position as the engine's, field by field, unchecked.
inline Position from_c(const mtb_pos& in) {
    Position p;
    p.stones[WHITE] = in.white;
    p.stones[BLACK] = in.black;
    p.hand[WHITE] = in.white_hand;
    p.hand[BLACK] = in.black_hand;
    p.side = in.side_to_move == MTB_WHITE ? WHITE : BLACK;
    p.since_capture = in.plies_since_capture;
    return p;
}

// Converts and validates a caller's position; 0 or the error result.
inline std::uint32_t to_position(const Rules& r, const mtb_pos& in, Position& p, mtb_status* status) {
    if (in.side_to_move > 1) return fail(status, MTB_E_INVALID_POSITION, "side_to_move must be MTB_WHITE or MTB_BLACK");
    if ((in.white | in.black) & ~r.board->all)
        return fail(status, MTB_E_INVALID_POSITION, "stones on points the board " + r.board->name + " does not have");
    p = from_c(in);
    if (auto e = validate(r, p)) return fail(status, MTB_E_INVALID_POSITION, *e);
    return 0;
}

inline mtb_pos to_c(const Position& p) {
    return mtb_pos{p.stones[WHITE],
                   p.stones[BLACK],
                   p.hand[WHITE],
                   p.hand[BLACK],
                   std::uint8_t(p.side == WHITE ? MTB_WHITE : MTB_BLACK),
                   p.since_capture};
}

// One ply for the caller, `value` 0 (not probed).
inline void write_move(const Board& b, Move m, mtb_move& out) {
    out = mtb_move{};
    out.from = std::uint8_t(m.is_placement() ? unsigned(MTB_NO_POINT) : unsigned(m.from));
    out.to = m.to;
    out.remove = std::uint8_t(m.is_removal() ? unsigned(m.remove) : unsigned(MTB_NO_POINT));
    std::snprintf(out.text, sizeof out.text, "%s", move_to_text(b, m).c_str());
}

}  // namespace mtb::api
