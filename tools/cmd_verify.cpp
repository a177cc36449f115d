// mtb verify: checks every checksum of every table in a folder and names
// each damaged file and block.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include "gen/progress_line.h"
#include "gen/verify.h"
#include "table/table_reader.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/table_files.h"
#include "tools/verify_journal.h"

namespace mtb::cli {

static const char* kVerifyHelp =
    "usage: mtb verify DIR [--values] [--threads N] [--journal FILE]\n"
    "\n"
    "Checks every *.mtb file in DIR: the header, dictionary and block index\n"
    "checksums, every block's checksum and decompression, and the whole-file\n"
    "checksum; that the header's rule set, sector and slot count are valid and\n"
    "agree with the file's name and with the folder's other tables.  Prints one\n"
    "line per file (\"ok\" or each problem, naming the file and block), one\n"
    "\"SKIPPED\" line per *.mtb entry that is no regular file (FIFO, folder,\n"
    "dangling link) and a summary.  Exit status 0 when every file is sound, 1\n"
    "when anything is wrong or skipped, 2 for bad usage.\n"
    "\n"
    "  --values      also check every value against its successors' values (the\n"
    "                successors' tables must be in DIR; slow for big tables);\n"
    "                a win/draw/loss-only file is checked against the values\n"
    "                file of its sector when that is in DIR too\n"
    "  --threads N   threads for --values (default: all cores)\n"
    "  --journal FILE  record each file found sound (name, size, modification\n"
    "                time) in FILE, and skip the files it already records\n"
    "                unchanged (\"ok (journal)\"): a long --values run that stops\n"
    "                goes on where it was when given the same FILE again; each\n"
    "                record is synced to the disk; a FILE that is no regular file\n"
    "                of short lines is refused (exit 2), a failed write stops the\n"
    "                run (exit 1)\n"
    "\n"
    "Progress (file i of n, its time, positions checked of all and an ETA) goes\n"
    "to standard error: a bar on a terminal, otherwise a line every 10 s, also\n"
    "inside a file, and one per file; MTB_PROGRESS_SECONDS=S sets the interval.\n"
    "  -h, --help    this text\n";

namespace {

// One journal line per sound file: its name, size and modification time,
// so a file rewritten since it was checked is checked again.
std::string journal_key(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return {};
    const auto time = fs::last_write_time(path, ec);
    if (ec) return {};
    return fs::path(path).filename().string() + " " + std::to_string(size) + " " +
           std::to_string(time.time_since_epoch().count());
}

}  // namespace

int cmd_verify(std::span<char*> args) {
    Args a(args, {"--threads", "--journal"}, {"--values", "--help"});
    auto threads = a.integer("--threads", 1, 1024);
    if (a.has("--help")) return std::fputs(kVerifyHelp, stdout), OK;
    if (a.error()) return fail("verify", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("verify", "give one folder (see mtb verify --help)", USAGE);
    std::string error;
    const TableFolder folder = table_files(a.positional()[0], error);
    const std::vector<std::string>& files = folder.files;
    if (!error.empty()) return fail("verify", error);
    if (files.empty() && folder.skipped.empty()) return fail("verify", a.positional()[0] + ": no *.mtb files");
    std::size_t bad_files = 0, problems = 0;
    // Progress (gen/progress_line.h) in positions: each file's slot count
    // from its header (0 for one that cannot be opened; it is reported below).
    const bool tty = isatty(fileno(stderr));
    std::optional<std::string> interval_error;
    const double interval = ProgressLine::interval_for(tty, interval_error);
    if (interval_error) return fail("verify", *interval_error, USAGE);
    std::vector<double> file_slots(files.size());
    double total_slots = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::string ignored;
        if (auto t = TableFile::open(files[i], ignored)) file_slots[i] = double(t->header().slot_count);
        total_slots += file_slots[i];
    }
    ProgressLine line(stderr, tty, total_slots, interval);
    std::string label;                  // "[i/n] FILE" of the file under check
    double done_before = 0, slots = 0;  // positions of the files before it; its own
    // The value-consistency check (gen/verify.h): one for all files, so that
    // tables read for one file serve the next.
    const FileCheck check_values =
        a.has("--values") ? verify_with_values(int(threads.value_or(0)), std::size_t(256) << 20,
                                               [&](std::uint64_t done, std::uint64_t total) {
                                                   line.update(label + ": values",
                                                               done_before + slots * double(done) / double(total));
                                               })
                          : FileCheck();
    const std::optional<std::string> journal_file = a.value("--journal");
    std::set<std::string> journal;
    JournalWriter journal_out;
    if (journal_file) {
        if (auto e = read_journal(*journal_file, journal)) return fail("verify", *e, USAGE);
        if (auto e = journal_out.open(*journal_file)) return fail("verify", *e);
    }
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto seconds_since = [](Clock::time_point t) {
        return std::chrono::duration<double>(Clock::now() - t).count();
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string& f = files[i];
        const std::string key = journal_file ? journal_key(f) : std::string();
        if (!key.empty() && journal.count(key)) {
            std::printf("ok       %s (journal)\n", f.c_str());
            line.reduce_total(file_slots[i]);
            continue;
        }
        const auto file_start = Clock::now();
        label = std::string("[").append(std::to_string(i + 1)).append("/").append(std::to_string(files.size()));
        label.append("] ").append(f);
        slots = file_slots[i];
        line.update(label + ": checksums", done_before);
        auto found = check_values ? check_values(f) : verify_table(f);
        done_before += slots;
        char times[64];
        std::snprintf(times, sizeof times, ": %.2f s (%.0f s in all)", seconds_since(file_start), seconds_since(start));
        line.finished(label + times, done_before);
        // A sound file must also be the table its name and folder say.
        if (found.empty())
            if (auto t = TableFile::open(f, error))
                if (auto e = check_in_folder(*t, folder)) found.push_back({f, -1, *e});
        if (found.empty()) {
            std::printf("ok       %s\n", f.c_str());
            std::fflush(stdout);
            // On the disk before the next file: the record survives a kill
            // or a power cut; a run that cannot keep its journal stops.
            if (!key.empty())
                if (auto e = journal_out.append(key)) return fail("verify", *e);
            continue;
        }
        ++bad_files;
        problems += found.size();
        // Messages already name the file and, for a block, its number.
        for (const VerifyProblem& p : found) std::printf("DAMAGED  %s\n", p.message.c_str());
    }
    for (const std::string& s : folder.skipped) std::printf("SKIPPED  %s\n", s.c_str());
    // A win/draw/loss-only file is value-checked against its sector's values
    // file only: without one, say that its values were not checked.
    std::size_t unchecked = 0;
    if (check_values)
        for (const std::string& f : files) {
            const std::string suffix = ".wdl.mtb";
            if (f.size() <= suffix.size() || f.compare(f.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
            std::error_code ec;
            if (!std::filesystem::exists(f.substr(0, f.size() - suffix.size()) + ".mtb", ec)) ++unchecked;
        }
    if (unchecked)
        std::printf(
            "NOTE     values not checked in %zu win/draw/loss-only files: their values files are not in %s "
            "(checksums only)\n",
            unchecked, a.positional()[0].c_str());
    std::printf("%zu files, %zu sound, %zu damaged (%zu problems)", files.size(), files.size() - bad_files, bad_files,
                problems);
    if (!folder.skipped.empty()) std::printf(", %zu entries skipped", folder.skipped.size());
    std::printf("\n");
    if (!folder.skipped.empty()) return FAILURE;
    return bad_files ? FAILURE : OK;
}

}  // namespace mtb::cli
