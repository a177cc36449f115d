// Move text: a sequence of plies from the start of every rule set, then one
// more ply from wherever that led.  Parsing never crashes; an accepted ply
// is legal and prints back to the same ply.
#include "engine/notation.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const mtb::Rules& r = mtb::fuzz::rules_from(data[0]);
    std::string_view text = mtb::fuzz::as_text(data + 1, size - 1);
    mtb::Position p = mtb::start_position(r);
    // Up to the last '|': a sequence; after it: one ply.
    const std::size_t bar = text.rfind('|');
    if (bar != std::string_view::npos) {
        (void)mtb::play_moves(r, p, text.substr(0, bar));
        text = text.substr(bar + 1);
    }
    mtb::Move m;
    if (mtb::parse_move(r, p, text, m)) return 0;
    mtb::Move back;
    if (mtb::parse_move(r, p, mtb::move_to_text(*r.board, m), back) || !(back == m)) __builtin_trap();
    return 0;
}
