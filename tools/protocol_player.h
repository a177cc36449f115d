// What every referee player shares: one rule set, a search with its
// transposition table kept across the game, an optional table oracle
// (opened lazily), the time budget per ply, and the game's positions for
// repetition detection.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/search.h"
#include "tools/cli.h"

namespace mtb::cli {

struct PlayerOptions {
    double budget = 4.0;  // seconds per ply
    int max_depth = 64;
    std::optional<std::string> tables;
};

// Reads --budget SECONDS and --tables DIR; returns an exit code after
// printing the error, or 0.
int player_options_from_args(const Args& a, std::string_view cmd, PlayerOptions& o);

class Player {
public:
    Player(const Rules& r, PlayerOptions o);
    // The ply to play in p (which must be ongoing, with a ply).
    SearchResult choose(const Position& p);
    // Records a position of the game (after every ply, both sides).
    void seen(const Position& p) { history_.push_back(position_key(p)); }
    const Rules& rules() const { return r_; }
    Oracle* oracle() { return oracle_.get(); }

private:
    const Rules& r_;
    PlayerOptions opt_;
    Search search_;
    std::unique_ptr<Oracle> oracle_;
    std::vector<std::uint64_t> history_;
};

// Strips surrounding blanks and a trailing '\r'.
std::string trim(std::string s);
// Reads one line from stdin without the newline; false at end of input.
bool read_line(std::string& line);
// Writes one line to stdout and flushes it at once.
void write_line(const std::string& line);

}  // namespace mtb::cli

namespace mtb::cli {

// The referee protocols of ../shared/PROTOCOLS.md, on stdin/stdout.
// Each returns an exit code: 0 at the end of the game or of input.
int play_lasker_protocol(const PlayerOptions& o);  // protocol 1, lasker-20
int play_compo_protocol(const PlayerOptions& o);   // protocol 2, nmm-noflying

}  // namespace mtb::cli
