// Position text under every rule set: parsing never crashes, and what it
// accepts prints back to text that parses to the same position.
#include "engine/notation.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const mtb::Rules& r = mtb::fuzz::rules_from(data[0]);
    mtb::Position p;
    if (mtb::parse_position(r, mtb::fuzz::as_text(data + 1, size - 1), p)) return 0;
    const std::string text = mtb::position_to_text(r, p);
    mtb::Position q;
    if (mtb::parse_position(r, text, q) || !(q == p)) __builtin_trap();
    return 0;
}
