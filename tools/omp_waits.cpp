#include "tools/omp_waits.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <string>

namespace mtb::cli {

void restart_with_sleeping_omp_waits(char** argv) {
    if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;
    // The executable's own path, so that a restart never runs another mtb
    // found on PATH.
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return;
    self[n] = '\0';
    if (setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
    execv(self, argv);
    // Still here: the restart failed.  This process keeps libgomp's
    // policy; leave the environment as it was for what it starts.
    unsetenv("OMP_WAIT_POLICY");
}

const char* omp_wait_text() {
    static const std::string text = [] {
        if (const char* p = std::getenv("OMP_WAIT_POLICY")) return "OMP_WAIT_POLICY=" + std::string(p);
        if (const char* s = std::getenv("GOMP_SPINCOUNT")) return "GOMP_SPINCOUNT=" + std::string(s);
        return std::string("libgomp's default");
    }();
    return text.c_str();
}

}  // namespace mtb::cli
