// Which value codes a table may hold: the range of the value metric a rule
// set's tables are stored in (table/FORMAT.md, "Value codes").  A code
// outside it is a damaged or forged table, never a value: read as one, a
// forged lasker-20 win beyond the no-capture limit would answer "draw".
#pragma once

#include "engine/rules.h"
#include "table/metric.h"
#include "table/table_format.h"
#include "table/value.h"

namespace mtb {

// Whether a table of `content` whose values are in `metric` may store
// code c: win/draw/loss-only content the three codes wdl_only_code()
// gives; values the metric's range (Metric::code_in_range: any position's
// code under DTM, DTC n <= 32766, and under a no-capture limit L, as in
// lasker-20, 1 <= n <= L).
inline bool code_in_range(const Metric& metric, TableContent content, ValueCode c) {
    if (is_wdl_only(content)) return c == VALUE_DRAW || c == wdl_only_code(1) || c == wdl_only_code(-1);
    return metric.code_in_range(c);
}
// The same for the rule set's own metric (Metric::native).
inline bool code_in_range(const Rules& r, TableContent content, ValueCode c) {
    return code_in_range(Metric::native(r), content, c);
}

}  // namespace mtb
