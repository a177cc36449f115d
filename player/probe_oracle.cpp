// The probe library behind the engine's Oracle interface.  Built without
// the library (no mtb/probe.h), the oracle knows nothing and says so once.
#include "player/probe_oracle.h"

#include <cstdio>
#include <string>
#include <vector>

#include "engine/notation.h"

#if __has_include("mtb/probe.h")
#include "mtb/probe.h"
#include "probe/c_value.h"
#include "probe/tables_folder.h"
#define MTB_HAVE_PROBE 1
#endif

namespace mtb::cli {
namespace {

#ifdef MTB_HAVE_PROBE

// The rule set whose tables hold `r`'s values: `r` itself, or, for a rule
// set with a no-capture counter, the same game without it (lasker-20 ->
// lasker).  Found by comparing parameters, never by name.
const Rules* table_rules(const Rules& r) {
    if (!r.has_capture_counter()) return &r;
    for (const Rules& t : all_rules())
        if (!t.has_capture_counter() && same_game_but_capture_counter(t, r)) return &t;
    return nullptr;
}

class ProbeOracle : public Oracle {
public:
    explicit ProbeOracle(std::string dir) : dir_(std::move(dir)) {}
    ~ProbeOracle() override { mtb_close(tb_); }

    std::optional<ExactValue> probe(const Rules& r, const Position& p) override {
        if (!opened_) open(r);
        if (!tb_) return std::nullopt;
        const mtb_pos pos = to_c(p);
        const std::uint32_t v = mtb_probe(tb_, &pos, nullptr);
        if (mtb_is_error(v)) {
            const mtb_error_code e = mtb_get_error_code(v);
            if (e != MTB_E_NO_TABLE && e != MTB_E_INVALID_POSITION && !warned_) {
                std::fprintf(stderr, "mtb: tables in %s: %s; playing on without them where they fail\n", dir_.c_str(),
                             mtb_error_name(v));
                warned_ = true;
            }
            return std::nullopt;
        }
        return unpack_value(v);
    }

    bool counter_aware() const override { return counter_aware_; }

    // mtb_probe_root()'s best-first list of p's plies, empty when the
    // tables cannot say (no table, no handle).
    std::vector<mtb_move> root(const Rules& r, const Position& p) {
        if (!opened_) open(r);
        if (!tb_) return {};
        const mtb_pos pos = to_c(p);
        std::vector<mtb_move> moves(MTB_MAX_MOVES);
        std::size_t n = 0;
        mtb_probe_root(tb_, &pos, moves.data(), moves.size(), &n, nullptr);
        moves.resize(std::min(n, moves.size()));
        return moves;
    }

private:
    mtb_pos to_c(const Position& p) const {
        mtb_pos pos{};
        pos.white = p.stones[WHITE];
        pos.black = p.stones[BLACK];
        pos.white_hand = p.hand[WHITE];
        pos.black_hand = p.hand[BLACK];
        pos.side_to_move = p.side == WHITE ? MTB_WHITE : MTB_BLACK;
        // Capture clock tables read the counter; counter-free ones ignore it.
        pos.plies_since_capture = counter_aware_ ? p.since_capture : 0;
        return pos;
    }

    // Opening reads every table header of the folder: done on the first
    // probe, so start-up stays fast.  Under a no-capture limit the rule
    // set's own (capture clock) tables come first: they are exact at every
    // counter; else the counter-free game's tables, trusted where the
    // counter cannot change them (search.cpp).
    void open(const Rules& r) {
        opened_ = true;
        if (r.has_capture_counter()) {
            mtb_status st{};
            tb_ = mtb_open(dir_.c_str(), r.name.c_str(), 0, &st);
            if (tb_ && mtb_table_count(tb_) > 0) {
                counter_aware_ = true;
                return;
            }
            mtb_close(tb_);
            tb_ = nullptr;
        }
        const Rules* t = table_rules(r);
        if (!t) {
            std::fprintf(stderr, "mtb: no counter-free rule set for %s; tables not used\n", r.name.c_str());
            return;
        }
        mtb_status st{};
        tb_ = mtb_open(dir_.c_str(), t->name.c_str(), 0, &st);
        if (!tb_) std::fprintf(stderr, "mtb: tables in %s not used: %s\n", dir_.c_str(), st.message);
        if (tb_ && mtb_table_count(tb_) == 0) {
            // Loud: a player asked for tables and plays without them.
            std::string what = no_tables_message(find_tables_folder(dir_, t->name), t->name);
            if (t != &r) what = no_tables_message(find_tables_folder(dir_, r.name), r.name) + "; " + what;
            std::fprintf(stderr, "mtb: WARNING: %s; playing by search alone\n", what.c_str());
        }
    }

    std::string dir_;
    mtb_tb* tb_ = nullptr;
    bool opened_ = false, warned_ = false, counter_aware_ = false;
};

#else

class ProbeOracle : public Oracle {
public:
    explicit ProbeOracle(std::string dir) : dir_(std::move(dir)) {}
    std::optional<ExactValue> probe(const Rules&, const Position&) override {
        if (!warned_) {
            std::fprintf(stderr, "mtb: tables in %s not used: this build has no probe library\n", dir_.c_str());
            warned_ = true;
        }
        return std::nullopt;
    }

private:
    std::string dir_;
    bool warned_ = false;
};

#endif

}  // namespace

std::unique_ptr<Oracle> make_probe_oracle(const std::string& dir) { return std::make_unique<ProbeOracle>(dir); }

std::optional<Move> level_blunder(Oracle& oracle, const Rules& r, const Position& p, PlayLevel level,
                                  std::uint64_t seed) {
#ifdef MTB_HAVE_PROBE
    auto* tables = dynamic_cast<ProbeOracle*>(&oracle);
    if (!tables || level == PlayLevel::PERFECT) return std::nullopt;
    const std::vector<mtb_move> moves = tables->root(r, p);
    const std::optional<std::size_t> pick = choose_ply(level, moves, seed);
    if (!pick || *pick == 0) return std::nullopt;
    for (Move m : MoveList(r, p))
        if (move_to_text(*r.board, m) == moves[*pick].text) return m;
    return std::nullopt;
#else
    (void)oracle, (void)r, (void)p, (void)level, (void)seed;
    return std::nullopt;
#endif
}

}  // namespace mtb::cli
