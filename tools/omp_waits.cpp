#include "tools/omp_waits.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <string>

namespace mtb::cli {
namespace {

// The user's choice of how idle threads wait ("NAME=value"), or "" when
// neither variable libgomp reads for it is set: the one place that says
// which variables count as a choice.
std::string users_wait_choice() {
    for (const char* name : {"OMP_WAIT_POLICY", "GOMP_SPINCOUNT"})
        if (const char* value = std::getenv(name)) return std::string(name) + "=" + value;
    return {};
}

}  // namespace

void restart_with_sleeping_omp_waits(char** argv) {
    if (!users_wait_choice().empty()) return;
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
        const std::string choice = users_wait_choice();
        return choice.empty() ? std::string("libgomp's default") : choice;
    }();
    return text.c_str();
}

}  // namespace mtb::cli
