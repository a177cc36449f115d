// mtb verify: checks every checksum of every table in a folder and names
// each damaged file and block.
#include <algorithm>
#include <cstdio>

#include "gen/verify.h"
#include "probe/table_reader.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/table_files.h"

namespace mtb::cli {

static const char* kVerifyHelp =
    "usage: mtb verify DIR [--values] [--threads N]\n"
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
    "                successors' tables must be in DIR; slow for big tables)\n"
    "  --threads N   threads for --values (default: all cores)\n";

int cmd_verify(std::span<char*> args) {
    Args a(args, {"--threads"}, {"--values", "--help"});
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
    // The value-consistency check (gen/verify.h): one for all files, so that
    // tables read for one file serve the next.
    const FileCheck check_values = a.has("--values") ? verify_with_values(int(threads.value_or(0))) : FileCheck();
    for (const std::string& f : files) {
        auto found = check_values ? check_values(f) : verify_table(f);
        // A sound file must also be the table its name and folder say.
        if (found.empty())
            if (auto t = TableFile::open(f, error))
                if (auto e = check_in_folder(*t, folder)) found.push_back({f, -1, *e});
        if (found.empty()) {
            std::printf("ok       %s\n", f.c_str());
            continue;
        }
        ++bad_files;
        problems += found.size();
        // Messages already name the file and, for a block, its number.
        for (const VerifyProblem& p : found) std::printf("DAMAGED  %s\n", p.message.c_str());
    }
    for (const std::string& s : folder.skipped) std::printf("SKIPPED  %s\n", s.c_str());
    std::printf("%zu files, %zu sound, %zu damaged (%zu problems)", files.size(), files.size() - bad_files, bad_files,
                problems);
    if (!folder.skipped.empty()) std::printf(", %zu entries skipped", folder.skipped.size());
    std::printf("\n");
    if (!folder.skipped.empty()) return FAILURE;
    return bad_files ? FAILURE : OK;
}

}  // namespace mtb::cli
