// Format version 3's rule-decided slots (table/FORMAT.md "Rule-decided
// slots"): the writer's input lowered by lower_rule_decided(), and every
// reader (read_all, value_at, the probe's TableSet) giving the rules' value
// back.  The decided values are stated here again from the move generator
// alone, so a wrong rule in table/rule_decided.cpp shows.
#include "tests/catch.hpp"

#include <cstring>

#include "engine/movegen.h"
#include "probe/table_set.h"
#include "table/index.h"
#include "table/rule_decided.h"
#include "table/table_folder.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "tests/table/file_bytes.h"
#include "tests/table/synthetic.h"
#include "tests/table/tmp_dir.h"

using namespace mtb;

namespace {

// Six Men's Morris (16 points): small sectors.  In 6v3 a capture wins at
// once from 38% of the positions; in 5v6, 0.24% are blocked.
const Sector kWins{6, 3, 0, 0};
const Sector kBlocked{5, 6, 0, 0};

const Rules& six() { return *find_rules("six"); }

// A DTM table of sector s as the solver would write it at the decided
// slots, with synthetic values elsewhere, in runs of 32 slots as real
// tables hold runs; `decided` lists those slots.
std::vector<ValueCode> values_with_decided(Sector s, std::vector<std::uint64_t>& decided) {
    const Rules& r = six();
    SectorIndex idx(r, s);
    std::vector<ValueCode> v(idx.slots());
    for (std::uint64_t slot = 0; slot < v.size(); ++slot) v[slot] = test::synthetic_value(slot / 32);
    for (std::uint64_t slot = 0; slot < v.size(); ++slot) {
        NormalPosition n;
        REQUIRE(idx.position_of(slot, n));
        const Position p = denormalise(s, n, WHITE);
        const MoveList moves(r, p);
        bool wins = false;
        for (const Move& m : moves) wins |= m.is_removal() && popcount(n.them) - 1 + s.them_hand < r.lose_below;
        if (moves.begin() == moves.end())
            v[slot] = value_loss(0);  // blocked: lost, no ply left
        else if (wins)
            v[slot] = value_win(1);  // a capture leaves two stones
        else
            continue;
        decided.push_back(slot);
    }
    return v;
}

void rechecksum_header(std::vector<std::uint8_t>& b) {
    const std::uint64_t sum = checksum64({b.data(), 120});
    for (int i = 0; i < 8; ++i) b[120 + std::size_t(i)] = std::uint8_t(sum >> (8 * i));
}

}  // namespace

TEST_CASE("rule-decided: lowered slots are smaller on disk and every reader restores them", "[table]") {
    const Rules& r = six();
    for (const Sector sector : {kWins, kBlocked}) {
        INFO("sector " << sector.name());
        test::TmpDir plain_dir, lowered_dir;
        std::vector<std::uint64_t> decided;
        const std::vector<ValueCode> values = values_with_decided(sector, decided);
        std::size_t blocked = 0;
        for (std::uint64_t s : decided) blocked += values[s] == value_loss(0);
        if (sector == kWins)
            REQUIRE(decided.size() > values.size() / 3);
        else
            REQUIRE((blocked > 100 && blocked == decided.size()));

        TableWriteOptions opt;
        opt.level = 3;
        opt.block_slots = 4096;
        const std::string plain_path = table_path(plain_dir.path.string(), r, sector);
        REQUIRE_FALSE(write_table(plain_path, r, sector, values, opt));
        std::vector<ValueCode> lowered = values;
        std::uint64_t count = 0;
        REQUIRE_FALSE(lower_rule_decided(r, Metric(), TableContent::VALUES, sector, lowered, &count));
        CHECK(count == decided.size());
        opt.rule_decided = true;
        const std::string path = table_path(lowered_dir.path.string(), r, sector);
        REQUIRE_FALSE(write_table(path, r, sector, lowered, opt));

        std::string error;
        auto plain = TableFile::open(plain_path, error);
        auto file = TableFile::open(path, error);
        REQUIRE(plain);
        REQUIRE(file);
        CHECK(plain->header().format_version == 2);
        CHECK_FALSE(plain->header().rule_decided);
        CHECK(file->header().format_version == 3);
        CHECK(file->header().rule_decided);
        // The decided slots broke the runs: as fillers they join them.
        if (sector == kWins) CHECK(file->size() < plain->size() * 3 / 4);

        // What is stored differs from the values at decided slots...
        std::vector<ValueCode> stored, block;
        for (std::uint32_t b = 0; b < file->header().block_count; ++b) {
            REQUIRE_FALSE(file->read_block(b, block));
            stored.insert(stored.end(), block.begin(), block.end());
        }
        std::size_t differ = 0;
        for (std::uint64_t s : decided) differ += stored[s] != values[s];
        CHECK(differ > decided.size() / 2);
        // ...and every reader gives the values back.
        std::vector<ValueCode> all;
        REQUIRE_FALSE(file->read_all(all));
        CHECK(all == values);
        for (std::size_t i = 0; i < decided.size(); i += decided.size() / 7) {
            ValueCode v = VALUE_NONE;
            REQUIRE_FALSE(file->value_at(decided[i], v));
            CHECK(v == values[decided[i]]);
        }
        TbStatus st;
        std::string message;
        auto set = TableSet::open(lowered_dir.path.string(), r, 0, st, message);
        REQUIRE(set);
        SectorIndex idx(r, sector);
        std::size_t wrong = 0;
        for (std::uint64_t slot = 0; slot < values.size(); ++slot) {
            NormalPosition n;
            REQUIRE(idx.position_of(slot, n));
            ValueCode v = VALUE_NONE;
            REQUIRE(set->value(sector, n, v, &message) == TbStatus::OK);
            wrong += v != values[slot];
        }
        CHECK(wrong == 0);
    }
}

TEST_CASE("rule-decided: a slot holding another value than the rules' is refused", "[table]") {
    std::vector<std::uint64_t> decided;
    std::vector<ValueCode> values = values_with_decided(kWins, decided);
    REQUIRE_FALSE(decided.empty());
    values[decided[decided.size() / 2]] = VALUE_DRAW;
    auto e = lower_rule_decided(six(), Metric(), TableContent::VALUES, kWins, values);
    REQUIRE(e);
    CHECK(e->find("slot " + std::to_string(decided[decided.size() / 2])) != std::string::npos);
    // In a win/draw/loss file the codes are win/draw/loss codes.
    std::vector<std::uint64_t> again;
    std::vector<ValueCode> wdl = values_with_decided(kWins, again);
    for (auto& c : wdl) c = wdl_only_code(wdl_sign(c));
    CHECK_FALSE(lower_rule_decided(six(), Metric(), TableContent::WDL, kWins, wdl));
}

TEST_CASE("rule-decided: the header field is refused before version 3 and beyond its one kind", "[table]") {
    const Rules& r = six();
    test::TmpDir dir;
    std::vector<std::uint64_t> decided;
    std::vector<ValueCode> values = values_with_decided(kWins, decided);
    REQUIRE_FALSE(lower_rule_decided(r, Metric(), TableContent::VALUES, kWins, values));
    TableWriteOptions opt;
    opt.level = 1;
    opt.rule_decided = true;
    const std::string path = table_path(dir.path.string(), r, kWins);
    REQUIRE_FALSE(write_table(path, r, kWins, values, opt));
    const std::vector<std::uint8_t> good = test::slurp(path);
    REQUIRE(good[115] == 1);
    auto refused = [&](std::vector<std::uint8_t> bytes, const char* why) {
        rechecksum_header(bytes);
        test::spit(dir.file("forged.mtb"), bytes);
        std::string error;
        CHECK_FALSE(TableFile::open(dir.file("forged.mtb"), error));
        CHECK(error.find(why) != std::string::npos);
    };
    std::vector<std::uint8_t> v2 = good;
    v2[8] = 2;  // format_version
    refused(v2, "reserved header field not zero");
    std::vector<std::uint8_t> kind = good;
    kind[115] = 2;
    refused(kind, "unknown rule-decided kind");
}
