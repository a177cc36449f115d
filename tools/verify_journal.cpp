#include "tools/verify_journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "table/durable_file.h"
#include "tools/line_reader.h"

namespace mtb::cli {

std::optional<std::string> read_journal(const std::string& path, std::set<std::string>& keys) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return std::nullopt;
        return "the journal '" + path + "': " + std::strerror(errno);
    }
    if (!S_ISREG(st.st_mode)) return "the journal '" + path + "' is not a regular file";
    std::ifstream in(path);
    if (!in) return "cannot read the journal '" + path + "'";
    std::string line;
    for (std::size_t n = 1;; ++n) {
        const LineRead got = read_bounded_line(in, line, kMaxJournalLine);
        if (got == LineRead::END) break;
        if (got == LineRead::TOO_LONG)
            return "the journal '" + path + "' is no verify journal: line " + std::to_string(n) + " is over " +
                   std::to_string(kMaxJournalLine) + " bytes";
        // A last line without its newline is a record torn by a kill or a
        // power cut: not trusted (its file is checked again), and ended
        // by the writer before the next record (JournalWriter::open()).
        if (in.eof()) break;
        if (!line.empty()) keys.insert(line);
    }
    return std::nullopt;
}

JournalWriter::~JournalWriter() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> JournalWriter::open(const std::string& path) {
    path_ = path;
    struct stat st;
    const bool existed = ::stat(path.c_str(), &st) == 0;
    if (existed && !S_ISREG(st.st_mode)) return "the journal '" + path + "' is not a regular file";
    fd_ = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) return "cannot write the journal '" + path + "': " + std::strerror(errno);
    // A torn last record (no newline) is ended, so the next record is a
    // line of its own instead of being glued onto it and lost.
    char last = '\n';
    if (existed && st.st_size > 0 && ::pread(fd_, &last, 1, st.st_size - 1) == 1 && last != '\n')
        if (auto e = append("")) return e;
    // A journal just created must survive a power cut as an entry too.
    if (!existed)
        if (const int e = sync_parent_folder(path))
            return "cannot sync the folder of the journal '" + path + "': " + std::strerror(e);
    return std::nullopt;
}

std::optional<std::string> JournalWriter::append(const std::string& line) {
    const std::string text = line + "\n";
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return "cannot write the journal '" + path_ + "': " + std::strerror(n < 0 ? errno : EIO);
        done += std::size_t(n);
    }
    if (const int e = sync_file(fd_)) return "cannot sync the journal '" + path_ + "': " + std::strerror(e);
    return std::nullopt;
}

}  // namespace mtb::cli
