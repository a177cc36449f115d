// The probe's C++ face behind the engine's Oracle interface.
#include "player/probe_oracle.h"

#include <cstdio>
#include <string>

#include "probe/ultra.h"
#include "table/table_folder.h"

namespace mtb {
namespace {

// The rule set whose tables hold `r`'s values: `r` itself, or, for a rule
// set with a no-capture counter, the same game without it (lasker-20 ->
// lasker).  Found by comparing parameters, never by name.
const Rules* table_rules(const Rules& r) {
    if (!r.has_capture_counter()) return &r;
    for (const Rules& t : all_rules())
        if (!t.has_capture_counter() && same_game_but_capture_counter(t, r)) return &t;
    return nullptr;
}

}  // namespace

Position TableOracle::tables_position(Position p) const {
    // Capture clock tables read the counter; counter-free ones ignore it.
    if (!counter_aware_) p.since_capture = 0;
    return p;
}

std::optional<ExactValue> TableOracle::probe(const Rules& r, const Position& p) {
    if (!opened_) open(r);
    if (!prober_) return std::nullopt;
    ProbeAnswer a = prober_->value(tables_position(p));
    if (!a.ok() && a.status != TbStatus::NO_TABLE && !warned_) {
        std::fprintf(stderr, "mtb: tables in %s: %s; playing on without them where they fail\n", dir_.c_str(),
                     status_name(a.status));
        warned_ = true;
    }
    return a.value;
}

ExactValue TableOracle::game_over(const Rules& r, const Position& p) {
    if (!opened_) open(r);
    return set_ ? set_->metric().game_over(game_end(r, p)) : Oracle::game_over(r, p);
}

RootAnswer TableOracle::root(const Rules& r, const Position& p) {
    if (!opened_) open(r);
    if (!prober_) return {};
    return prober_->root(tables_position(p));
}

std::vector<Move> TableOracle::ultra_plies(const Rules& r, const Position& p, double seconds) {
    std::vector<Move> best;
    if (!opened_) open(r);
    if (!prober_ || (r.has_capture_counter() && !counter_aware_)) return best;
    const RootAnswer root = prober_->root(p);
    if (root.plies.empty() || !root.plies[0].answer.ok() || root.plies[0].answer.value->wdl != Wdl::DRAW) return best;
    UltraModel model;
    model.max_seconds = seconds;
    for (std::size_t i : ultra_best(ultra_measures(*prober_, p, root.plies, model))) best.push_back(root.plies[i].move);
    return best;
}

// Opening reads every table header of the folder: done on the first probe,
// so start-up stays fast.  Under a no-capture limit the rule set's own
// (capture clock) tables come first: they are exact at every counter; else
// the counter-free game's tables, trusted where the counter cannot change
// them (search.cpp).
void TableOracle::open(const Rules& r) {
    opened_ = true;
    TbStatus st;
    std::string message;
    std::unique_ptr<TableSet> own;  // the rule set's own tables, under a no-capture limit
    if (r.has_capture_counter()) {
        own = TableSet::open(dir_, r, 0, st, message);
        if (own && own->table_count() > 0) {
            set_ = std::move(own);
            counter_aware_ = true;
            prober_ = std::make_unique<Prober>(*set_);
            return;
        }
    }
    const Rules* t = table_rules(r);
    if (!t) {
        std::fprintf(stderr, "mtb: no counter-free rule set for %s; tables not used\n", r.name.c_str());
        return;
    }
    set_ = TableSet::open(dir_, *t, 0, st, message);
    if (!set_) {
        std::fprintf(stderr, "mtb: tables in %s not used: %s\n", dir_.c_str(), message.c_str());
        return;
    }
    prober_ = std::make_unique<Prober>(*set_);
    if (set_->table_count() == 0) {
        // Loud: a player asked for tables and plays without them.
        std::string what = no_tables_message(find_tables_folder(dir_, t->name));
        if (t != &r) what = no_tables_message(find_tables_folder(dir_, r.name)) + "; " + what;
        std::fprintf(stderr, "mtb: WARNING: %s; playing by search alone\n", what.c_str());
        // Knowing nothing either way, finished games count in the rule
        // set's own metric (game_over()), as its own tables would.
        if (own) {
            set_ = std::move(own);
            counter_aware_ = true;
            prober_ = std::make_unique<Prober>(*set_);
        }
    }
}

std::optional<Move> level_blunder(TableOracle& oracle, const Rules& r, const Position& p, PlayLevel level,
                                  std::uint64_t seed) {
    if (level == PlayLevel::PERFECT || level == PlayLevel::ULTRA) return std::nullopt;
    const RootAnswer root = oracle.root(r, p);
    const std::optional<std::size_t> pick = choose_ply(level, root.plies, seed);
    if (!pick || *pick == 0) return std::nullopt;
    return root.plies[*pick].move;
}

}  // namespace mtb
