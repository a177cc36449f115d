#include "gen/output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "table/durable_file.h"

namespace mtb {

OutputLock::~OutputLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

std::optional<std::string> OutputLock::acquire(const std::string& dir) {
    const std::string path = dir + "/.mtb-gen.lock";
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return "cannot create the lock file " + path + ": " + std::strerror(errno);
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int e = errno;
        ::close(fd);
        if (e == EWOULDBLOCK)
            return "another mtb gen or mtb wdl is writing into " + dir + " (it holds " + path +
                   "); wait for it to finish or use another --out folder";
        return "cannot lock " + path + ": " + std::strerror(e);
    }
    fd_ = fd;
    return std::nullopt;
}

std::vector<std::string> remove_stale_temp_files(const std::string& dir) {
    namespace fs = std::filesystem;
    std::vector<std::string> removed;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!is_temp_table_name(name)) continue;
        std::error_code rm;
        if (it->is_regular_file(rm) && fs::remove(it->path(), rm)) removed.push_back(name);
    }
    return removed;
}

}  // namespace mtb
