// The journal of mtb verify --journal: one line per file found sound (its
// name, size and modification time), so that a long run that stops goes on
// where it was.  Reading is bounded (a journal is a regular file of short
// lines: /dev/zero or a line without end is refused, issue 28, D5);
// writing is durable and checked (each line is on the disk before the next
// file is checked, and a failed write stops the run instead of leaving it
// to start over silently, issue 28, D10 and item 10); a last line torn by
// a kill (no newline) is not trusted and is ended before the next record
// (issue 39, item 5).
#pragma once

#include <optional>
#include <set>
#include <string>

namespace mtb::cli {

// No journal line is longer than this (a file name, two numbers).
constexpr std::size_t kMaxJournalLine = 4096;

// Reads the journal's lines into `keys`; a missing file is an empty
// journal.  The error says why the file is no journal.
std::optional<std::string> read_journal(const std::string& path, std::set<std::string>& keys);

class JournalWriter {
public:
    ~JournalWriter();
    // Opens `path` for appending (creating it); the error names the file.
    std::optional<std::string> open(const std::string& path);
    // Appends `line` and a newline and syncs them to the disk.
    std::optional<std::string> append(const std::string& line);

private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace mtb::cli
