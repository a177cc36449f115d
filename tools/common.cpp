#include "tools/common.h"

namespace mtb::cli {

int rules_from_args(const Args& a, std::string_view cmd, const Rules*& r) {
    auto name = a.value("--rules");
    if (!name) return fail(cmd, "--rules NAME is required; NAME is one of: " + rules_names(), USAGE);
    r = find_rules(*name);
    if (!r) return fail(cmd, "unknown rule set '" + *name + "'; choose one of: " + rules_names(), USAGE);
    return OK;
}

int max_stones_from_args(const Args& a, std::string_view cmd, const Rules& r, std::optional<int>& out) {
    auto k = a.integer("--max-stones", r.lose_below, r.stones);
    if (a.error()) return fail(cmd, *a.error() + " for " + r.name, USAGE);
    if (k) out = int(*k);
    return OK;
}

int position_from_args(const Args& a, std::string_view cmd, const Rules& r, Position& p) {
    p = start_position(r);
    if (auto text = a.value("--position"))
        if (auto e = parse_position(r, *text, p)) return fail(cmd, e->message);
    if (auto moves = a.value("--moves"))
        if (auto e = play_moves(r, p, *moves)) return fail(cmd, e->message);
    return OK;
}

int sectors_from_args(const Args& a, std::string_view cmd, const Rules* r, std::vector<Sector>& out) {
    out.clear();
    const auto list = a.value("--sectors");
    if (!list) return 0;
    std::string_view rest = *list;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        const auto s = Sector::from_name(item);
        if (!s) return fail(cmd, "bad sector '" + std::string(item) + "' (write 5v4 or 5v4+2+3)", USAGE);
        if (r && !valid_sector(*r, *s)) return fail(cmd, "sector " + s->name() + " is not valid in " + r->name, USAGE);
        out.push_back(*s);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (out.empty()) return fail(cmd, "--sectors: no sector given", USAGE);
    return 0;
}

}  // namespace mtb::cli
