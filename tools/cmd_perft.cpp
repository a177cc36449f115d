// mtb perft: counts ply sequences of a given depth; the count is the last line.
#include <chrono>
#include <cstdio>

#include "engine/notation.h"
#include "engine/perft.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"

namespace mtb::cli {

static const char* kPerftHelp =
    "usage: mtb perft --rules NAME --depth D [--position TEXT | --moves \"a4 g7 ...\"] [--divide]\n"
    "\n"
    "Counts the ply sequences of length D (a ply is a move with its removal; a\n"
    "position where the game has ended has no children).  The count is the last\n"
    "line printed.  --divide first prints each ply of the position with its count.\n"
    "--moves plays a sequence from the start (or from --position) first.\n";

int cmd_perft(std::span<char*> args) {
    Args a(args, {"--rules", "--depth", "--position", "--moves"}, {"--divide", "--help"});
    if (a.has("--help")) return std::fputs(kPerftHelp, stdout), OK;
    auto depth = a.integer("--depth", 0, 64);
    if (a.error()) return fail("perft", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("perft", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    if (!depth) return fail("perft", "--depth is required (see mtb perft --help)", USAGE);
    const Rules* r = nullptr;
    if (int rc = rules_from_args(a, "perft", r)) return rc;
    Position p;
    if (int rc = position_from_args(a, "perft", *r, p)) return rc;

    int d = int(*depth);
    if (a.has("--divide") && d > 0 && outcome(*r, p) == Outcome::ONGOING) {
        std::uint64_t total = 0;
        for (Move m : MoveList(*r, p)) {
            std::uint64_t n = perft(*r, after(*r, p, m), d - 1);
            total += n;
            std::printf("%s: %llu\n", move_to_text(*r->board, m).c_str(), (unsigned long long)n);
        }
        std::printf("%llu\n", (unsigned long long)total);
        return OK;
    }
    std::printf("%llu\n", (unsigned long long)perft(*r, p, d));
    return OK;
}

}  // namespace mtb::cli
