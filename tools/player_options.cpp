#include "tools/player_options.h"

#include <charconv>
#include <string>

namespace mtb::cli {

int player_options_from_args(const Args& a, std::string_view cmd, PlayerOptions& o) {
    if (auto b = a.value("--budget")) {
        double v = 0;
        auto [p, ec] = std::from_chars(b->data(), b->data() + b->size(), v);
        if (ec != std::errc() || p != b->data() + b->size() || !(v > 0) || v > 3600)
            return fail(cmd, "--budget must be a number of seconds above 0 and at most 3600, got '" + *b + "'", USAGE);
        o.budget = v;
    }
    if (auto t = a.value("--tables")) o.tables = *t;
    return OK;
}

}  // namespace mtb::cli
