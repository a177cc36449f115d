#include "player/protocol_player.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "player/probe_oracle.h"

namespace mtb {

Player::Player(const Rules& r, PlayerOptions o) : r_(r), opt_(o), search_(r), seeds_(o.seed) {
    if (opt_.tables) {
        oracle_ = make_probe_oracle(*opt_.tables);
        search_.set_oracle(oracle_.get());
    }
}

SearchResult Player::choose(const Position& p) {
    const std::uint64_t seed = seeds_();
    if (oracle_ && opt_.level != PlayLevel::PERFECT)
        if (std::optional<Move> m = level_blunder(*oracle_, r_, p, opt_.level, seed)) {
            SearchResult res;
            res.has_move = true;
            res.best = *m;
            return res;
        }
    SearchLimits lim;
    // The search stops at its deadline within a few thousand nodes; keep a
    // margin for reading, writing and the referee's own clock.
    lim.seconds = opt_.budget * 0.85;
    lim.max_depth = opt_.max_depth;
    std::vector<Move> among;
    if (oracle_ && opt_.level == PlayLevel::ULTRA) {
        // The measure takes at most half the budget (its first probes read
        // table blocks); the search, which only breaks its ties, the rest.
        const auto t0 = std::chrono::steady_clock::now();
        among = oracle_->ultra_plies(r_, p, lim.seconds * 0.5);
        const double used = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        lim.seconds = std::max(0.05, lim.seconds - used);
    }
    return search_.run(p, lim, history_, among);
}

std::string trim(std::string s) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && blank(s.back())) s.pop_back();
    std::size_t i = 0;
    while (i < s.size() && blank(s[i])) ++i;
    return s.substr(i);
}

bool read_line(std::string& line) {
    line.clear();
    bool too_long = false;
    int c;
    while ((c = std::getchar()) != EOF && c != '\n') {
        if (line.size() < kMaxLineBytes)
            line += char(c);
        else
            too_long = true;
    }
    if (c == EOF && line.empty() && !too_long) return false;
    line = trim(line);
    if (too_long) line += " ...";
    return true;
}

std::string quote(const std::string& line) {
    constexpr std::size_t kShown = 60;
    std::string out;
    for (std::size_t i = 0; i < line.size() && i < kShown; ++i) {
        const unsigned char c = static_cast<unsigned char>(line[i]);
        out += c < 0x20 || c >= 0x7f ? '?' : char(c);
    }
    if (line.size() > kShown) out += "... (" + std::to_string(line.size()) + " bytes)";
    return "'" + out + "'";
}

void write_line(const std::string& line) {
    std::fputs(line.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

}  // namespace mtb
