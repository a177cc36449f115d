// A thin C++ wrapper over the C API in mtb/probe.h: an owning handle and a
// value type.  Errors are values here too (no exceptions), so a search loop
// can probe without try/catch.
//
// Thread safety: as the C API: every const member of mtb::Tables may be
// called from any number of threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mtb/probe.h"

namespace mtb {

// A packed result of the C API: a value or an error code.
struct ProbeResult {
    std::uint32_t raw = 0;

    bool ok() const { return !mtb_is_error(raw); }
    bool win() const { return ok() && MTB_GET_WDL(raw) == MTB_WIN; }
    bool draw() const { return ok() && MTB_GET_WDL(raw) == MTB_DRAW; }
    bool loss() const { return ok() && MTB_GET_WDL(raw) == MTB_LOSS; }
    unsigned plies() const { return ok() ? unsigned(MTB_GET_PLIES(raw)) : 0; }
    mtb_error_code error() const { return mtb_get_error_code(raw); }
    const char* error_name() const { return mtb_error_name(raw); }
    // Whether plies() counts to the next deciding capture (MTB_DTC), not
    // to the end of the game; false without a distance.
    bool dtc() const { return ok() && MTB_HAS_PLIES(raw) && MTB_IS_DTC(raw); }
    bool has_plies() const { return ok() && MTB_HAS_PLIES(raw); }
    // The one value text of every mtb edge (mtb_value_text()): "win in 11",
    // "draw", "loss, dtc 2", "win (WDL-only table: no distance)", or
    // "unknown (<error name>)".
    std::string text() const {
        char buf[96];
        const std::size_t n = mtb_value_text(raw, buf, sizeof buf);
        return n < sizeof buf ? std::string(buf, n) : std::string(buf);
    }
};

class Tables {
public:
    // Opens `dir` for rule set `rules`; check ok() / status() afterwards.
    Tables(const std::string& dir, const std::string& rules, std::size_t cache_bytes = 0)
        : tb_(mtb_open(dir.c_str(), rules.c_str(), cache_bytes, &status_)) {}

    bool ok() const { return tb_ != nullptr; }
    const mtb_status& status() const { return status_; }
    std::size_t table_count() const { return mtb_table_count(tb_.get()); }

    ProbeResult probe(const mtb_pos& pos, mtb_status* status = nullptr) const {
        return {mtb_probe(tb_.get(), &pos, status)};
    }
    // Parses position text and probes it.
    ProbeResult probe(const std::string& text, mtb_status* status = nullptr) const {
        mtb_pos pos;
        std::uint32_t r = mtb_parse_position(tb_.get(), text.c_str(), &pos, status);
        if (mtb_is_error(r)) return {r};
        return probe(pos, status);
    }
    // Every ply of `pos` with its value for the side playing it, best first.
    ProbeResult probe_root(const mtb_pos& pos, std::vector<mtb_move>& moves, mtb_status* status = nullptr) const {
        moves.resize(MTB_MAX_MOVES);
        std::size_t n = 0;
        std::uint32_t r = mtb_probe_root(tb_.get(), &pos, moves.data(), moves.size(), &n, status);
        moves.resize(mtb_is_error(r) && mtb_get_error_code(r) == MTB_E_CAPACITY ? 0 : n);
        return {r};
    }

    mtb_tb* handle() const { return tb_.get(); }

private:
    struct Close {
        void operator()(mtb_tb* tb) const { mtb_close(tb); }
    };
    mtb_status status_{};
    std::unique_ptr<mtb_tb, Close> tb_;
};

}  // namespace mtb
