// The adapter from the probe's C++ face (probe/prober.h) to the engine's
// Oracle interface.  Tables are opened lazily, on the first probe, so a
// player starts at once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "player/oracle.h"
#include "player/play_level.h"
#include "probe/prober.h"

namespace mtb {

// An oracle over the tables in `dir`.  Never fails here: a missing or bad
// folder shows on the first probe (one line on stderr, then the oracle
// knows nothing and the player plays on by search).
class TableOracle : public Oracle {
public:
    explicit TableOracle(std::string dir) : dir_(std::move(dir)) {}

    std::optional<ExactValue> probe(const Rules& r, const Position& p) override;
    bool counter_aware() const override { return counter_aware_; }
    // In the tables' metric, once they are open.
    ExactValue game_over(const Rules& r, const Position& p) override;
    // The tables' answer for p and its plies, best first (Prober::root());
    // unknown values when the tables cannot say.
    RootAnswer root(const Rules& r, const Position& p);
    // The best drawing plies of p by the ultra level's measure (probe/ultra.h),
    // in the tables' order; empty when the tables do not know p, its best
    // value is not a draw, or their values are not exact under r's counter
    // (counter-free tables for lasker-20): the search then plays as perfect.
    // `seconds` > 0 bounds the deeper look (UltraModel::max_seconds).
    std::vector<Move> ultra_plies(const Rules& r, const Position& p, double seconds = 0);

private:
    void open(const Rules& r);
    // p as the tables read it: counter-free tables ignore the counter.
    Position tables_position(Position p) const;

    std::string dir_;
    std::unique_ptr<TableSet> set_;
    std::unique_ptr<Prober> prober_;
    bool opened_ = false, warned_ = false, counter_aware_ = false;
};

inline std::unique_ptr<TableOracle> make_probe_oracle(const std::string& dir) {
    return std::make_unique<TableOracle>(dir);
}

// A player of `level` below perfect in p: the ply choose_ply() takes from
// the tables' best-first list when it takes another than the first, the
// level's blunder.  nullopt when the level plays its best ply this time, or
// the tables do not know p: the caller's search then plays, as at the
// perfect level (whose ply it is).
std::optional<Move> level_blunder(TableOracle& oracle, const Rules& r, const Position& p, PlayLevel level,
                                  std::uint64_t seed);

}  // namespace mtb
