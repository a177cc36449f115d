// mtb player: plays one game under a referee's line protocol on stdin/stdout.
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <random>

#include "player/protocol_player.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/player_options.h"

namespace mtb::cli {

static const char* kPlayerHelp =
    "usage: mtb player --protocol lasker|compo [--tables DIR [--level LEVEL] [--seed S]]\n"
    "                  [--budget SECONDS] [--start POSITION]\n"
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
    "  --level LEVEL     with --tables, how strongly to play where the tables know\n"
    "                    the position: perfect (default: the best value, the\n"
    "                    shortest win, the longest loss), strong, medium or easy\n"
    "                    (the perfect ply, but with a chance of 10%, 40% or 75% a\n"
    "                    random legal ply), or ultra (perfect, but among drawing\n"
    "                    plies the one that gives a fallible opponent the most\n"
    "                    chances to lose); outside the tables the search plays\n"
    "  --seed S          the random plies of --level, 0..2^64-1 (default: from the\n"
    "                    system)\n"
    "  --start POSITION  lasker: the game starts from this position (text with the\n"
    "                    counter, e.g. \"W.W...B.. w 0 1 4\") instead of the empty board\n"
    "\n"
    "stdout carries protocol lines only; diagnostics go to stderr.\n";

// A seed is any 64-bit value, as the C API, Python and mtb serve take it.
static bool parse_seed(const std::string& text, std::uint64_t& seed) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    return ec == std::errc() && end == text.data() + text.size();
}

namespace {

// The protocol's end as the command's exit code, its error printed.
int exit_of(const ProtocolResult& r) { return r.error.empty() ? r.exit_code : fail("player", r.error, r.exit_code); }

}  // namespace

int cmd_player(std::span<char*> args) {
    Args a(args, {"--protocol", "--tables", "--budget", "--start", "--level", "--seed"}, {"--help"});
    if (a.has("--help")) return std::fputs(kPlayerHelp, stdout), OK;
    if (a.error()) return fail("player", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("player", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    PlayerOptions o;
    if (int rc = player_options_from_args(a, "player", o)) return rc;
    o.start = a.value("--start");
    o.seed = (std::uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    if (auto text = a.value("--seed"))
        if (!parse_seed(*text, o.seed))
            return fail("player", "--seed must be a whole number from 0 to 18446744073709551615, got " + quote(*text),
                        USAGE);
    if (auto level = a.value("--level")) {
        const auto l = parse_play_level(*level);
        if (!l)
            return fail("player", "unknown level " + quote(*level) + "; choose one of: " + play_level_names(), USAGE);
        if (!o.tables && *l != PlayLevel::PERFECT)
            return fail("player", "--level " + *level + " needs --tables: the levels choose among the tables' plies",
                        USAGE);
        o.level = *l;
    }
    auto proto = a.value("--protocol");
    if (!proto) return fail("player", "--protocol lasker|compo is required (see mtb player --help)", USAGE);
    if (*proto == "lasker") return exit_of(play_lasker_protocol(o));
    if (*proto == "compo") return exit_of(play_compo_protocol(o));
    return fail("player", "unknown protocol '" + *proto + "'; choose lasker or compo", USAGE);
}

}  // namespace mtb::cli
