#include "table/durable_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>

namespace mtb {

int create_temp_beside(const std::string& path, std::string& tmp) {
    static std::atomic<unsigned long> counter{0};
    for (;;) {
        tmp = path + "." + std::to_string(::getpid()) + "." + std::to_string(++counter) + ".tmp";
        const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0 || errno != EEXIST) return fd;  // EEXIST: a name left by a dead process of the same pid
    }
}

bool is_temp_table_name(const std::string& name) {
    auto ends_with = [&](const std::string& tail) {
        return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
    };
    return ends_with(".tmp") && name.find(".mtb.") != std::string::npos;
}

int sync_file(int fd) {
    while (::fsync(fd) != 0)
        if (errno != EINTR) return errno;
    return 0;
}

int sync_parent_folder(const std::string& path) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    const int e = sync_file(fd);
    ::close(fd);
    return e;
}

}  // namespace mtb
