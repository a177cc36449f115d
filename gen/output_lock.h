// mtb gen's and mtb wdl's hold on their output folder (issue 15, item 5;
// issue 39, item 4): one writer per folder, and the temporary files a
// killed run left behind.
//
// Two runs into one folder would write the same "<table>.tmp" names and
// could rename each other's half-written work into place; the lock (flock
// on "<dir>/.mtb-gen.lock", released by the kernel when the process dies,
// so a killed run never leaves a stale lock) makes the second run refuse
// at once with a clear message.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mtb {

class OutputLock {
public:
    OutputLock() = default;
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

    // Takes the lock on `dir` (which must exist) without waiting; the error
    // says when another mtb gen holds it.
    std::optional<std::string> acquire(const std::string& dir);

private:
    int fd_ = -1;
};

// Removes the temporary table files in `dir` (is_temp_table_name()) (left by a run that was killed
// while writing; call it only while holding the lock) and returns their
// names, so the caller can report them.
std::vector<std::string> remove_stale_temp_files(const std::string& dir);

}  // namespace mtb
