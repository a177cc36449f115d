#include "gen/capture_clock_verify.h"

#include "gen/capture_clock.h"

namespace mtb {

ValueCode clock_value_from_successor_tables(const Rules& r, Sector s, NormalPosition n, const SuccessorTables& succ) {
    auto lookup = [&](Sector c, NormalPosition cn) -> ValueCode {
        for (int place = 0; place < 2; ++place)
            for (int remove = 0; remove < 2; ++remove)
                if (succ.table[place][remove] && succ.sector[place][remove] == c)
                    return succ.table[place][remove]->value(cn);
        return VALUE_NONE;
    };
    return clock_value_from_successors(r, denormalise(s, n, WHITE), lookup);
}

}  // namespace mtb
