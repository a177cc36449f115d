// mtb player: plays one game under a referee's line protocol on stdin/stdout.
#include <cstdio>

#include "tools/commands.h"
#include "tools/protocol_player.h"

namespace mtb::cli {

static const char* kPlayerHelp =
    "usage: mtb player --protocol lasker|compo [--tables DIR] [--budget SECONDS] [--start POSITION]\n"
    "\n"
    "Plays one game on stdin/stdout under a referee's protocol (docs/PROTOCOLS.md):\n"
    "  lasker  the Lasker Morris course referee (rule set lasker-20): reads 'blue' or\n"
    "          'orange', then exchanges moves '<source> <target> <remove>'\n"
    "  compo   the Nine Men's Morris contest server (rule set nmm-noflying): reads\n"
    "          '0' or '1', answers its name, then answers each state line\n"
    "\n"
    "  --budget SECONDS  thinking time per ply (default 4)\n"
    "  --tables DIR      probe exact tables in DIR or DIR/<rules>/ (opened on first\n"
    "                    use; a loud warning when neither holds one)\n"
    "  --start POSITION  lasker: the game starts from this position (text with the\n"
    "                    counter, e.g. \"W.W...B.. w 0 1 4\") instead of the empty board\n"
    "\n"
    "stdout carries protocol lines only; diagnostics go to stderr.\n";

int cmd_player(std::span<char*> args) {
    Args a(args, {"--protocol", "--tables", "--budget", "--start"}, {"--help"});
    if (a.has("--help")) return std::fputs(kPlayerHelp, stdout), OK;
    if (a.error()) return fail("player", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("player", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    PlayerOptions o;
    if (int rc = player_options_from_args(a, "player", o)) return rc;
    o.start = a.value("--start");
    auto proto = a.value("--protocol");
    if (!proto) return fail("player", "--protocol lasker|compo is required (see mtb player --help)", USAGE);
    if (*proto == "lasker") return play_lasker_protocol(o);
    if (*proto == "compo") return play_compo_protocol(o);
    return fail("player", "unknown protocol '" + *proto + "'; choose lasker or compo", USAGE);
}

}  // namespace mtb::cli
