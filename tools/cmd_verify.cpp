// mtb verify: checks every checksum of every table in a folder and names
// each damaged file and block.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include "gen/progress_line.h"
#include "table/table_folder.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/mpi_job.h"
#include "tools/verify_journal.h"
#include "tools/verify_stage.h"

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
    "dangling link), one \"MIXED\" line when the values files hold more than one\n"
    "metric (dtm and dtc: probes refuse such a folder) and a summary.  A file\n"
    "whose values cannot be checked because a table they are checked against\n"
    "is damaged, missing or of another metric is \"UNCHECKED\", not damaged.\n"
    "DIR without tables of its own stands for its one DIR/<rules>/ folder.\n"
    "Exit status 0 when every file is sound, 1 when anything is wrong,\n"
    "mixed, unchecked or skipped, 2 for bad usage.\n"
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
    "  -h, --help    this text\n"
    "\n"
    "Over several processes: mpirun -np N mtb verify DIR --values ...: rank 0\n"
    "hands files to the ranks, largest first, prints the same lines and summary\n"
    "and keeps the journal; each rank checks with its own --threads N.\n";

namespace {

// A win/draw/loss-only file is value-checked against its sector's values
// file only: the files without one, whose values were not checked.
std::size_t wdl_files_unchecked(const std::vector<std::string>& files) {
    std::size_t unchecked = 0;
    for (const std::string& f : files) {
        std::error_code ec;
        if (auto twin = values_file_of(f); twin && !std::filesystem::exists(*twin, ec)) ++unchecked;
    }
    return unchecked;
}

int print_summary(const TableFolder& folder, const VerifyTotals& t, bool values, const std::string& dir) {
    for (const std::string& s : folder.skipped) std::printf("SKIPPED  %s\n", s.c_str());
    // Every file may be sound and the folder still unusable: probes refuse
    // a folder mixing metrics.
    const std::optional<std::string> mix = metric_mix(folder);
    if (mix) std::printf("MIXED    %s\n", mix->c_str());
    const std::size_t unchecked = values ? wdl_files_unchecked(folder.files) : 0;
    if (unchecked)
        std::printf(
            "NOTE     values not checked in %zu win/draw/loss-only files: their values files are not in %s "
            "(checksums only)\n",
            unchecked, dir.c_str());
    const std::size_t files = folder.files.size();
    std::printf("%zu files, %zu sound, %zu damaged (%zu problems)", files, files - t.bad_files - t.unchecked_files,
                t.bad_files, t.problems);
    if (t.unchecked_files) std::printf(", %zu with values not checked", t.unchecked_files);
    if (!folder.skipped.empty()) std::printf(", %zu entries skipped", folder.skipped.size());
    if (mix) std::printf(", metrics mixed");
    std::printf("\n");
    return folder.skipped.empty() && !mix && !t.bad_files && !t.unchecked_files ? OK : FAILURE;
}

}  // namespace

int cmd_verify(std::span<char*> args) {
    Args a(args, {"--threads", "--journal"}, {"--values", "--help"});
    auto threads = a.integer("--threads", 1, 1024);
    if (a.has("--help")) return std::fputs(kVerifyHelp, stdout), OK;
    if (a.error()) return fail("verify", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("verify", "give one folder (see mtb verify --help)", USAGE);
    std::string error;
    const TableFolder folder = list_table_folder(a.positional()[0], error);
    if (!error.empty()) return fail("verify", error);
    if (folder.files.empty() && folder.skipped.empty())
        return fail("verify", a.positional()[0] + ": no *.mtb files (nor in a DIR/<rules>/ folder)");
    VerifyJob job;
    job.folder = &folder;
    job.values = a.has("--values");
    job.threads = int(threads.value_or(0));
    job.progress_tty = isatty(fileno(stderr));
    std::optional<std::string> interval_error;
    job.progress_interval = ProgressLine::interval_for(job.progress_tty, interval_error);
    if (interval_error) return fail("verify", *interval_error, USAGE);
    std::set<std::string> journal;
    JournalWriter journal_out;
    if (const std::optional<std::string> journal_file = a.value("--journal")) {
        if (auto e = read_journal(*journal_file, journal)) return fail("verify", *e, USAGE);
        if (auto e = journal_out.open(*journal_file)) return fail("verify", *e);
        job.journal = &journal;
        job.journal_out = &journal_out;
    }
    // Under mpirun: the files spread over the job's ranks (tools/mpi_job.h).
    std::string mpi_error;
    const std::unique_ptr<MpiJob> mpi = join_mpi_job("verify", mpi_error);
    if (!mpi_error.empty()) return fail("verify", mpi_error);
    job.distributor = mpi ? mpi->distributor() : nullptr;
    VerifyTotals totals;
    if (auto e = verify_files(job, totals)) return fail("verify", *e);
    return print_summary(folder, totals, job.values, folder.dir);
}

}  // namespace mtb::cli
