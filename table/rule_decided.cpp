#include "table/rule_decided.h"

#include <vector>

#include "engine/movegen.h"
#include "table/index.h"

namespace mtb {
namespace {

// Calls f(slot, decided code) for each slot of sector s that the rules
// decide, in slot order.
template <class F>
void for_each_decided(const Rules& r, const Metric& m, TableContent content, Sector s, std::uint64_t slots, F&& f) {
    const SectorIndex index(r, s);
    constexpr std::size_t kRun = 4096;  // positions_of() walks runs of slots
    std::vector<NormalPosition> run(kRun);
    for (std::uint64_t first = 0; first < slots; first += kRun) {
        const std::size_t count = std::size_t(std::min<std::uint64_t>(kRun, slots - first));
        index.positions_of(first, count, run.data());
        for (std::size_t i = 0; i < count; ++i)
            if (const ValueCode c = rule_decided_code(r, m, content, s, run[i]); c != VALUE_NONE)
                if (!f(first + i, c)) return;
    }
}

}  // namespace

ValueCode rule_decided_code(const Rules& r, const Metric& m, TableContent content, Sector s, NormalPosition n) {
    const Position p = denormalise(s, n, WHITE);
    const GameEnd end = game_end(r, p);
    ValueCode code = end == GameEnd::NONE ? VALUE_NONE : m.game_over_code(end);
    // A capture can leave the opponent too few stones only when one stone
    // less is too few: a test on the counts spares the ply list elsewhere.
    if (code == VALUE_NONE && r.too_few_stones(s.them_board + s.them_hand - 1)) {
        for (const Move& mv : MoveList(r, p))
            if (mv.is_removal() && wins_at_once(r, ply_child(s, n, mv))) {
                code = m.win(1);
                break;
            }
    }
    if (code == VALUE_NONE || !is_wdl_only(content)) return code;
    return wdl_only_code(wdl_sign(code));
}

std::optional<std::string> lower_rule_decided(const Rules& r, const Metric& m, TableContent content, Sector s,
                                              std::span<ValueCode> values, std::uint64_t* decided) {
    std::optional<std::string> error;
    std::uint64_t count = 0;
    for_each_decided(r, m, content, s, values.size(), [&](std::uint64_t slot, ValueCode c) {
        const bool lifted = content == TableContent::WDL_CAPTURES && wdl_sign(c) > 0;
        if (values[slot] != c && !lifted) {
            error = "sector " + s.name() + ", slot " + std::to_string(slot) + ": holds code " +
                    std::to_string(values[slot]) + ", but the rules decide code " + std::to_string(c);
            return false;
        }
        // The code of the slot before (already filled): runs compress best.
        if (slot > 0) values[slot] = values[slot - 1];
        ++count;
        return true;
    });
    if (decided) *decided = count;
    return error;
}

void restore_rule_decided(const Rules& r, const Metric& m, TableContent content, Sector s,
                          std::span<ValueCode> values) {
    for_each_decided(r, m, content, s, values.size(), [&](std::uint64_t slot, ValueCode c) {
        values[slot] = c;
        return true;
    });
}

std::uint32_t rule_decided_codes(const Rules& r, const Metric& m, TableContent content, Sector s,
                                 std::span<const ValueCode> wanted) {
    const std::uint32_t all = (std::uint32_t(1) << wanted.size()) - 1;
    std::uint32_t found = 0;
    for_each_decided(r, m, content, s, SectorIndex(r, s).slots(), [&](std::uint64_t, ValueCode d) {
        for (std::size_t i = 0; i < wanted.size(); ++i)
            if (wanted[i] == d) found |= std::uint32_t(1) << i;
        return found != all;
    });
    return found;
}

}  // namespace mtb
