// What every referee player shares: one rule set, a search with its
// transposition table kept across the game, an optional table oracle
// (opened lazily), the time budget per ply, and the game's positions for
// repetition detection.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "player/play_level.h"
#include "player/probe_oracle.h"
#include "player/search.h"

namespace mtb {

struct PlayerOptions {
    double budget = 4.0;  // seconds per ply
    int max_depth = 64;
    std::optional<std::string> tables;
    // Position text the game starts from instead of the empty board (the
    // Lasker protocol; for referees and tests that start inside the tables).
    std::optional<std::string> start;
    // With tables, a level below perfect blunders as choose_ply() does;
    // each ply draws its seed from `seed`.  Outside the tables, and at the
    // perfect level, the search plays.
    PlayLevel level = PlayLevel::PERFECT;
    std::uint64_t seed = 0;
};

// How a protocol game ended: exit code 0 at the end of the game or of
// input, else 1 (a referee line that breaks the protocol) or 2 (a bad
// option); `error` says why, for the command line to print.
struct ProtocolResult {
    int exit_code = 0;
    std::string error;
    static ProtocolResult ok() { return {}; }
    static ProtocolResult failed(std::string why, int code = 1) { return {code, std::move(why)}; }
};

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
    std::unique_ptr<TableOracle> oracle_;
    std::vector<std::uint64_t> history_;
    std::mt19937_64 seeds_;  // one seed per ply for choose_ply()
};

// Strips surrounding blanks and a trailing '\r'.
std::string trim(std::string s);
// No referee line is longer than this; a longer one is an error.
constexpr std::size_t kMaxLineBytes = 4096;
// Reads one line from stdin without the newline and trims it; false at end
// of input.  Memory stays bounded: a line over kMaxLineBytes is read as its
// first kMaxLineBytes bytes followed by " ...", which no protocol accepts,
// and the rest of it is skipped.
bool read_line(std::string& line);
// A line as diagnostics show it: at most 60 bytes, control bytes as '?',
// and the length when cut.  A referee may never drain our stderr, so a
// message must never grow with the input.
std::string quote(const std::string& line);
// Writes one line to stdout and flushes it at once.
void write_line(const std::string& line);

}  // namespace mtb

namespace mtb {

// The protocols' line parsers, public so that the fuzzers (tests/fuzz) can
// reach them.  They never assert: any line gives a value or an error.
// Protocol 1: the opponent's "<source> <target> <remove>", checked legal in p.
std::optional<std::string> parse_lasker_move(const Rules& r, const Position& p, std::string text, Move& out);
// Protocol 2: "BoardState WhiteHolding BlackHolding MillingState"; the
// position gets `us` to move.
struct CompoState {
    Position pos;
    bool milling = false;
};
std::optional<std::string> parse_compo_state(const Rules& r, const std::string& line, Color us, CompoState& out);

// The referee protocols of docs/PROTOCOLS.md, on stdin/stdout.
ProtocolResult play_lasker_protocol(const PlayerOptions& o);  // protocol 1, lasker-20
ProtocolResult play_compo_protocol(const PlayerOptions& o);   // protocol 2, nmm-noflying

}  // namespace mtb
