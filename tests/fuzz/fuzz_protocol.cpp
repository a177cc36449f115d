// Every referee protocol's line parser (player/protocol_*): the lasker
// opponent move, the contest server's state line, the course board string,
// and the bounded quoting of a line for diagnostics.  The first byte picks
// the parser (and, for moves, a position reached by a few plies).
#include "player/protocol_course.h"
#include "player/protocol_player.h"
#include "tests/fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mtb;
    if (size < 1) return 0;
    const std::string line(reinterpret_cast<const char*>(data + 1), size - 1);
    if (quote(line).size() > 100) __builtin_trap();  // diagnostics stay short
    switch (data[0] % 4) {
        case 0: {
            const Rules& r = *find_rules("lasker-20");
            Position p = start_position(r);
            for (int i = 0; i < (data[0] >> 2) % 8; ++i) {
                MoveList list(r, p);
                if (list.size() == 0) break;
                p = after(r, p, *list.begin());
            }
            Move m;
            (void)parse_lasker_move(r, p, line, m);
            break;
        }
        case 1: {
            CompoState st;
            (void)parse_compo_state(*find_rules("nmm-noflying"), line, (data[0] >> 2) & 1 ? BLACK : WHITE, st);
            break;
        }
        default: {
            Position p;
            const Rules& r = *find_rules("morris18");
            const CourseKind kind = data[0] % 4 == 2 ? CourseKind::OPENING : CourseKind::GAME;
            if (!parse_course_board(r, kind, line, p)) (void)course_board_text(r, p);
            break;
        }
    }
    return 0;
}
