// Which value codes a table may hold: the range of the value metric a rule
// set's tables are stored in (probe/FORMAT.md, "Value codes").  A code
// outside it is a damaged or forged table, never a value: read as one, a
// forged lasker-20 win beyond the no-capture limit would answer "draw".
#pragma once

#include "engine/rules.h"
#include "probe/table_format.h"
#include "probe/value.h"

namespace mtb {

// Whether a table of `content` under rule set r may store code c:
// - win/draw/loss-only content: the three codes wdl_only_code() gives;
// - values under a no-capture limit L (lasker-20): 1 (draw) or a capture
//   clock code 2n + 1 / 2n + 2 with DTC 1 <= n <= L (clock_plies);
// - other values: any position's code (>= 1).
inline bool code_in_range(const Rules& r, TableContent content, ValueCode c) {
    if (c == VALUE_NONE) return false;
    if (is_wdl_only(content)) return c == VALUE_DRAW || c == wdl_only_code(1) || c == wdl_only_code(-1);
    if (!r.has_capture_counter() || c == VALUE_DRAW) return true;
    const int dtc = clock_plies(c);
    return dtc >= 1 && dtc <= r.no_capture_draw_plies;
}

}  // namespace mtb
