// mtb course: the 18-point course programs (protocol 3 of PROTOCOLS.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "player/probe_oracle.h"
#include "player/protocol_course.h"
#include "player/protocol_player.h"
#include "player/search.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/line_reader.h"
#include "tools/player_options.h"

namespace mtb::cli {

static const char* kCourseHelp =
    "usage: mtb course opening|game|opening-black|game-black <in> <out> <depth> [--tables DIR]\n"
    "\n"
    "The 18-point course programs (rule set morris18).  Reads a board string\n"
    "(18 of W, B, x in the order a0 g0 b1 f1 c2 e2 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6)\n"
    "from <in>, plays White's best ply (opening: a placement; game: a move, or a\n"
    "hop with exactly 3 stones), writes the new board to <out> and prints\n"
    "  Board Position: <board>\n"
    "  Positions evaluated by static estimation: <n>\n"
    "  MINIMAX estimate: <v>\n"
    "using minimax to <depth> plies with the course's static estimation.  The\n"
    "-black programs swap colours, play White and swap back.  With --tables the\n"
    "ply is the tables' optimal one where they know the position, and the exact\n"
    "value follows the estimate on its line (\"exact value: win in 11\").  DIR or\n"
    "DIR/morris18/ holds the tables (a loud warning when neither does).\n"
    "\n"
    "Exit status 0 when a board was written, 1 when it cannot be written, 2 for\n"
    "bad usage or an input that is no course board (docs/PROTOCOLS.md).\n";

int cmd_course(std::span<char*> args) {
    Args a(args, {"--tables", "--budget"}, {"--help"});
    if (a.has("--help")) return std::fputs(kCourseHelp, stdout), OK;
    if (a.error()) return fail("course", *a.error(), USAGE);
    const auto& pos = a.positional();
    if (pos.size() != 4)
        return fail("course", "expected opening|game|opening-black|game-black <in> <out> <depth>", USAGE);
    CourseKind kind;
    bool black = false;
    if (pos[0] == "opening" || pos[0] == "opening-black")
        kind = CourseKind::OPENING;
    else if (pos[0] == "game" || pos[0] == "game-black")
        kind = CourseKind::GAME;
    else
        return fail("course", "unknown program '" + pos[0] + "'; choose opening, game, opening-black or game-black",
                    USAGE);
    black = pos[0].ends_with("-black");
    std::string error;
    auto depth_arg = parse_integer(pos[3], 1, 20, "<depth>", error);
    if (!depth_arg) return fail("course", error, USAGE);
    const int depth = int(*depth_arg);
    PlayerOptions po;
    if (int rc = player_options_from_args(a, "course", po)) return rc;

    const Rules& r = *find_rules("morris18");
    std::ifstream in(pos[1]);
    if (!in) return fail("course", "cannot read '" + pos[1] + "'", USAGE);
    std::string text;
    // Bounded: <in> may be a file that never ends a line (/dev/zero).
    if (read_bounded_line(in, text, kMaxLineBytes) == LineRead::TOO_LONG)
        return fail("course", pos[1] + ": first line over " + std::to_string(kMaxLineBytes) + " bytes", USAGE);
    text = trim(text);
    if (black) text = swap_colours(text);
    Position p;
    if (auto e = parse_course_board(r, kind, text, p)) return fail("course", pos[1] + ": " + *e, USAGE);
    if (outcome(r, p) != Outcome::ONGOING)
        return fail("course", "the game is over in this position: White has no ply", USAGE);

    // Plain minimax (the course's numbers need it) has no time bound: say
    // so before a search that may take hours rather than go quiet.
    const double estimate = std::pow(double(std::max(2, count_plies(r, p))), depth);
    if (estimate > 1e9)
        std::fprintf(stderr,
                     "mtb course: depth %d is plain minimax over about %.0e positions here; this may take very long\n",
                     depth, estimate);
    CourseMinimax mm = course_minimax(r, kind, p, depth);
    if (!mm.best) return fail("course", "White has no ply in this position");
    Move m = *mm.best;
    std::string exact;
    if (po.tables) {
        std::unique_ptr<Oracle> oracle = make_probe_oracle(*po.tables);
        Search s(r);
        s.set_oracle(oracle.get());
        SearchLimits lim;
        lim.seconds = po.budget * 0.85;
        SearchResult res = s.run(p, lim);
        if (res.exact) {
            m = res.best;
            exact = value_text(*res.exact);
        }
    }
    std::string board = course_board_text(r, after(r, p, m));
    if (black) board = swap_colours(board);
    std::ofstream out(pos[2]);
    out << board << '\n';
    out.close();
    if (!out) return fail("course", "cannot write '" + pos[2] + "'");
    std::printf("Board Position: %s\n", board.c_str());
    std::printf("Positions evaluated by static estimation: %llu\n", (unsigned long long)mm.evaluations);
    std::printf("MINIMAX estimate: %d%s\n", mm.value, exact.empty() ? "" : ("   exact value: " + exact).c_str());
    return OK;
}

}  // namespace mtb::cli
