// mtb repack: rewrites a folder's tables in the current format (table/
// FORMAT.md) without solving anything again.  Each table's values are read,
// written with the table writer under a temporary name, read back and
// compared slot by slot with the originals; only a copy whose every value
// is equal is renamed into place (written durably, as write_table() does).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "table/durable_file.h"
#include "table/rule_decided.h"
#include "table/table_folder.h"
#include "table/table_identity.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace mtb::cli {
namespace {

const char* kRepackHelp =
    "usage: mtb repack DIR --out DIR2 [--level L] [--block-slots N] [--no-pack]\n"
    "                  [--no-dictionary] [--keep-decided] [--format V] [--threads N]\n"
    "\n"
    "Rewrites every table (*.mtb) of DIR into DIR2 in table format version 3\n"
    "(table/FORMAT.md), from the values stored in DIR: nothing is solved again.\n"
    "The positions the rules decide in one ply (a blocked side, a capture that\n"
    "leaves the opponent too few stones) are left to every reader to restore,\n"
    "and their slots store what compresses best (not in capture-resolved\n"
    "win/draw/loss files, which gain nothing by it; a table without such a\n"
    "position stays version 2).  Tables of format versions 1, 2 and 3 are read\n"
    "alike.  Each new file is written under a temporary name, read back and\n"
    "compared with the original at every slot; only then is it renamed into\n"
    "place.  DIR itself is never written.  Prints each table's bytes before and\n"
    "after, then the totals.\n"
    "\n"
    "  --out DIR2        the folder to write (created if missing; must not be DIR)\n"
    "  --level L         zstd level, 1..22 (default: each table's own, as its\n"
    "                    header records it)\n"
    "  --block-slots N   slots per block, 1..67108864 (default 65536)\n"
    "  --no-pack         one symbol per byte, never several packed into one\n"
    "  --no-dictionary   no zstd dictionary trained on the table's blocks\n"
    "  --keep-decided    store the rule-decided positions' values as they are\n"
    "                    (the file is then version 2)\n"
    "  --format V        write format version V: 3 (default), 2 (for readers\n"
    "                    older than version 3; as --keep-decided) or 1 (for\n"
    "                    readers older than version 2; no packing, no dictionary)\n"
    "  --threads N       threads compressing blocks (default: all cores)\n"
    "\n"
    "Exit status 0 when every table was rewritten and found equal, 1 when a\n"
    "table cannot be read or written or a value differs (that table is not\n"
    "written; the others are), 2 on bad usage.\n";

// Every slot of `written` holds the code `values` holds there (as
// read_all() gives it: rule-decided slots restored); else the first slot
// that differs.
std::optional<std::string> compare_values(const TableFile& written, const std::vector<ValueCode>& values) {
    if (written.slots() != values.size())
        return written.path() + ": holds " + std::to_string(written.slots()) + " slots, the original " +
               std::to_string(values.size());
    std::vector<ValueCode> read;
    if (auto e = written.read_all(read)) return e;
    for (std::size_t i = 0; i < read.size(); ++i)
        if (read[i] != values[i])
            return written.path() + ": slot " + std::to_string(i) + " reads " + std::to_string(read[i]) +
                   ", the original holds " + std::to_string(values[i]);
    return std::nullopt;
}

// Repacks one table into `out_dir`; adds its bytes to the totals.
std::optional<std::string> repack_one(const std::string& file, const std::string& out_dir, TableWriteOptions opt,
                                      bool level_given, std::uint64_t& bytes_before, std::uint64_t& bytes_after) {
    std::string error;
    auto t = TableFile::open(file, error);
    if (!t) return error;
    const Rules* r = nullptr;
    if (auto e = check_table_identity(file, t->header(), &r)) return file + ": " + *e;
    std::vector<ValueCode> values;
    if (auto e = t->read_all(values)) return e;
    const TableHeader& h = t->header();
    opt.content = h.content;
    // The table's own level unless --level (clamped: a forged header cannot pass a bad one).
    if (!level_given) opt.level = int(std::clamp<std::uint32_t>(h.level, 1, 22));
    opt.metric = h.metric;  // the byte as stored: old lasker-20 files keep their 0
    // A capture-resolved file already stores any value where a capture
    // wins at once, and blocked positions are rare: measured, no byte is
    // saved there, and the flag would cost each probe the rules' test.
    if (h.content == TableContent::WDL_CAPTURES) opt.rule_decided = false;
    if (opt.rule_decided) {
        // Stored: a filler at each slot the rules decide.  Compared: the
        // rules' value there, as every reader restores it (the same as
        // the original's, except where a capture-resolved file held a
        // lower value that its capture search lifted anyway).
        const std::optional<Metric> metric = table_metric(*r, h);
        if (!metric) return file + ": header names a metric " + r->name + " cannot have";
        std::uint64_t decided = 0;
        if (auto e = lower_rule_decided(*r, *metric, h.content, h.sector, values, &decided)) return file + ": " + *e;
        // A sector the rules decide nowhere stays version 2: its probes
        // then skip the rules' test.
        opt.rule_decided = decided > 0;
    }
    const std::string name = std::filesystem::path(file).filename().string();
    const std::string target = out_dir + "/" + name;
    // Not named *.mtb: a folder listing never takes it for a table.
    const std::string staged = target + ".repack";
    if (auto e = write_table(staged, *r, h.sector, values, opt)) return *e;
    if (opt.rule_decided) restore_rule_decided(*r, *table_metric(*r, h), h.content, h.sector, values);
    auto written = TableFile::open(staged, error);
    std::optional<std::string> problem = written ? compare_values(*written, values) : error;
    if (!problem && written) problem = written->check_matches(*r, h.sector);
    if (problem) {
        ::unlink(staged.c_str());
        return "not repacked: " + *problem;
    }
    const std::uint64_t after = written->size();
    written.reset();
    // write_table() synced the file; the rename and its folder follow.
    if (std::rename(staged.c_str(), target.c_str()) != 0) {
        const int e = errno;
        ::unlink(staged.c_str());
        return "cannot rename " + staged + " to " + target + ": " + std::strerror(e);
    }
    if (const int e = sync_parent_folder(target))
        return "cannot sync the folder of " + target + ": " + std::strerror(e);
    std::printf("%s: %llu -> %llu bytes (%.3fx)\n", name.c_str(), (unsigned long long)t->size(),
                (unsigned long long)after, double(after) / double(t->size()));
    std::fflush(stdout);
    bytes_before += t->size();
    bytes_after += after;
    return std::nullopt;
}

bool same_folder(const std::string& a, const std::string& b) {
    struct stat sa, sb;
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

}  // namespace

int cmd_repack(std::span<char*> args) {
    Args a(args, {"--out", "--level", "--block-slots", "--format", "--threads"},
           {"--no-pack", "--no-dictionary", "--keep-decided", "--help"});
    if (a.has("--help")) return std::fputs(kRepackHelp, stdout), OK;
    auto level = a.integer("--level", 1, 22);
    auto block_slots = a.integer("--block-slots", 1, kMaxBlockSlots);
    auto format = a.integer("--format", kOldestFormatVersion, kFormatVersion);
    auto threads = a.integer("--threads", 1, kMaxThreads);
    if (a.error()) return fail("repack", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("repack", "give one folder (see mtb repack --help)", USAGE);
    if (!a.value("--out")) return fail("repack", "give --out DIR2, the folder to write", USAGE);
    const std::string dir = a.positional()[0], out = *a.value("--out");
    TableWriteOptions opt;
    if (level) opt.level = int(*level);
    if (block_slots) opt.block_slots = std::uint32_t(*block_slots);
    if (format) opt.format_version = std::uint32_t(*format);
    opt.threads = threads ? int(*threads) : 0;
    opt.pack_symbols = !a.has("--no-pack");
    opt.train_dictionary = !a.has("--no-dictionary");
    opt.rule_decided = opt.format_version >= 3 && !a.has("--keep-decided");

    std::string error;
    const TableFolder folder = list_table_folder(dir, error);
    if (!error.empty()) return fail("repack", error);
    if (folder.files.empty()) return fail("repack", dir + ": no *.mtb files");
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) return fail("repack", "cannot create " + out + ": " + ec.message());
    if (same_folder(dir, out)) return fail("repack", "--out must be another folder than " + dir, USAGE);
    int bad = 0;
    for (const std::string& s : folder.skipped) fail("repack", s), ++bad;
    std::uint64_t before = 0, after = 0;
    int repacked = 0;
    for (const std::string& f : folder.files) {
        if (auto e = repack_one(f, out, opt, level.has_value(), before, after))
            fail("repack", *e), ++bad;
        else
            ++repacked;
    }
    std::printf("total: %llu -> %llu bytes (%.3fx); %d tables repacked, %d failed\n", (unsigned long long)before,
                (unsigned long long)after, before ? double(after) / double(before) : 1.0, repacked, bad);
    return bad ? FAILURE : OK;
}

}  // namespace mtb::cli
