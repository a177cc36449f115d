// The C API on arbitrary bytes: a position struct taken from the input
// (any stone bits, hands, side, counter) probed against real tables, and
// the rest of the input as position text.  Errors come back as error
// codes, never as a crash or an assert.
#include <cstring>

#include "mtb/probe.h"
#include "table/index.h"
#include "table/table_writer.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

// nmm's 3v3 and its twins, with values a fixed function of the slot.
mtb_tb* tables() {
    static mtb_tb* tb = [] {
        const mtb::Rules& r = *mtb::find_rules("nmm");
        const std::string dir = mtb::fuzz::scratch_dir() + "/capi";
        std::filesystem::create_directories(dir);
        for (mtb::Sector s : {mtb::Sector{3, 3, 0, 0}, mtb::Sector{3, 4, 0, 0}}) {
            mtb::SectorIndex idx(r, s);
            std::vector<mtb::ValueCode> v(idx.slots());
            for (std::uint64_t i = 0; i < v.size(); ++i) v[i] = mtb::ValueCode(2 + i % 40);
            mtb::TableWriteOptions opt;
            opt.level = 1;
            (void)mtb::write_table(mtb::table_path(dir, r, s), r, s, v, opt);
        }
        mtb_status st;
        return mtb_open(dir.c_str(), "nmm", 1 << 20, &st);
    }();
    return tb;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    mtb_tb* tb = tables();
    if (!tb || size < sizeof(mtb_pos)) return 0;
    mtb_pos pos;
    std::memcpy(&pos, data, sizeof pos);
    mtb_status st;
    (void)mtb_probe(tb, &pos, &st);
    (void)mtb_error_name(mtb_probe(tb, &pos, nullptr));
    mtb_move moves[MTB_MAX_MOVES];
    std::size_t n = 0;
    (void)mtb_probe_root(tb, &pos, moves, MTB_MAX_MOVES, &n, &st);
    (void)mtb_probe_root(tb, &pos, moves, data[0] % 4, &n, &st);  // too small a buffer
    const std::string text(reinterpret_cast<const char*>(data + sizeof pos), size - sizeof pos);
    if (!mtb_is_error(mtb_parse_position(tb, text.c_str(), &pos, &st))) (void)mtb_probe(tb, &pos, &st);
    return 0;
}
