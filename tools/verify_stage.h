// mtb verify as a stage of the pipeline (gen/pipeline.h): an item is a
// table file, checked (checksums, with --values every value) and matched
// against its folder; with a journal (tools/verify_journal.h) a file it
// records unchanged is skipped and each sound file is recorded.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "gen/pipeline.h"
#include "table/table_folder.h"
#include "tools/verify_journal.h"

namespace mtb::cli {

struct VerifyJob {
    const TableFolder* folder = nullptr;
    bool values = false;  // --values
    int threads = 0;
    bool progress_tty = false;
    double progress_interval = 10;
    // The journal: the files it records, where sound files are added; none
    // when null.
    const std::set<std::string>* journal = nullptr;
    JournalWriter* journal_out = nullptr;
    // Not null: the files are checked by the processes of an MPI job
    // (tools/mpi_job.h); this one prints and keeps the journal.
    PipelineDistributor* distributor = nullptr;
};

struct VerifyTotals {
    std::size_t bad_files = 0, problems = 0;
    std::size_t unchecked_files = 0;  // sound checksums, values not checked (VerifyProblem::unchecked)
};

// Checks every file of job.folder, printing one line per file.  The
// error: the journal could not be written (the run stopped).
std::optional<std::string> verify_files(const VerifyJob& job, VerifyTotals& totals);

}  // namespace mtb::cli
