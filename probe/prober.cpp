#include "probe/prober.h"

#include <span>

#include "engine/notation.h"
#include "mtb/probe.h"

namespace mtb {
namespace {

void rank(std::span<PlyAnswer> plies) {
    rank_root_plies(plies, [](const PlyAnswer& a) { return a.answer.value; });
}

}  // namespace

const char* status_name(TbStatus st) { return mtb_error_name(std::uint32_t(0) - std::uint32_t(st)); }

std::string answer_text(const ProbeAnswer& a) { return value_text(a.value, status_name(a.status)); }

// Whether every sector a ply of sector s leads to has a values file, so
// that a left-out s gets distances from its plies (best_ply_value);
// otherwise TableSet::value's alpha-beta gives its win/draw/loss, faster.
bool Prober::plies_have_distances(Sector s) const {
    for (Sector c : successor_sectors(set_.rules(), s))
        if (set_.wdl_only(c)) return false;
    return true;
}

// The value of a position whose sector the set leaves out and whose plies'
// tables all have distances: its best ply's, as root() ranks them.  The
// first ply without a value gives its error.
ProbeAnswer Prober::best_ply_value(const Position& p) const {
    std::vector<PlyAnswer> plies;
    for (Move m : MoveList(set_.rules(), p)) {
        plies.push_back(PlyAnswer{m, ply(p, m), {}});
        if (!plies.back().answer.ok()) return std::move(plies.back().answer);
    }
    rank(plies);
    ProbeAnswer a;
    a.source = ValueSource::LEFT_OUT;
    // A position with no ply is over, never here; keep a value regardless.
    a.value = plies.empty() ? ExactValue{Wdl::LOSS, 0} : *plies[0].answer.value;
    return a;
}

ProbeAnswer Prober::value(const Position& p) const {
    const Rules& r = set_.rules();
    const Metric& metric = set_.metric();
    ProbeAnswer a;
    if ((a.game_end = game_end(r, p)) != GameEnd::NONE) {
        a.source = ValueSource::GAME_OVER;
        a.value = metric.game_over(a.game_end);
        return a;
    }
    const Sector s = sector_of(p);
    const bool left_out = set_.searched(s);
    if (left_out && plies_have_distances(s)) return best_ply_value(p);
    ValueCode v;
    a.status = set_.value(s, normalise(p), v, &a.message);
    if (a.status != TbStatus::OK) return a;
    a.source = left_out ? ValueSource::LEFT_OUT : ValueSource::OWN_TABLE;
    a.value = set_.wdl_only(s) ? ExactValue::wdl_only(value_wdl(v)) : metric.value(v, p.since_capture);
    return a;
}

ProbeAnswer Prober::ply(const Position& p, Move m) const {
    ProbeAnswer a = value(after(set_.rules(), p, m));
    if (a.value) a.value = a.value->before_ply(m.is_removal());
    return a;
}

RootAnswer Prober::root(const Position& p) const {
    const Rules& r = set_.rules();
    RootAnswer out;
    out.position = value(p);
    if (out.position.source == ValueSource::GAME_OVER) return out;
    std::string first_error;  // the first failed ply in the move generator's order
    for (Move m : MoveList(r, p)) {
        PlyAnswer& pa = out.plies.emplace_back();
        pa.move = m;
        pa.child = value(after(r, p, m));
        pa.answer = pa.child;
        if (pa.answer.value)
            pa.answer.value = pa.answer.value->before_ply(m.is_removal());
        else if (first_error.empty())
            first_error = move_to_text(*r.board, m) + ": " + pa.answer.message;
    }
    rank(out.plies);
    ProbeAnswer& own = out.position;
    if (own.ok()) return out;
    // Without the position's own table, its value is that of its best ply
    // once every ply is known.
    if (first_error.empty() && !out.plies.empty()) {
        own.value = out.plies[0].answer.value;
        own.source = ValueSource::PLIES;
        own.status = TbStatus::OK;
        return out;
    }
    // Neither: name the position's own table first (its message says how
    // to make it), then the ply that could not stand in for it.
    if (!first_error.empty() && own.status == TbStatus::NO_TABLE) {
        own.status = out.plies.back().answer.status;
        // A folder without any table says so once, for the position and its plies alike.
        if (first_error.find(own.message) == std::string::npos)
            own.message += "; its plies cannot stand in for it: " + first_error;
    }
    return out;
}

}  // namespace mtb
