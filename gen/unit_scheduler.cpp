#include "gen/unit_scheduler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mtb {

UnitScheduler::UnitScheduler(std::vector<double> work, std::vector<std::vector<std::size_t>> needs, int threads,
                             double work_per_thread, bool memory_rule)
    : work_(std::move(work)),
      needs_(std::move(needs)),
      needed_by_(work_.size()),
      unfinished_needs_(work_.size(), 0),
      state_(work_.size(), State::WAITING),
      team_(work_.size(), 0),
      threads_(std::max(1, threads)),
      free_(threads_),
      work_per_thread_(work_per_thread),
      memory_rule_(memory_rule) {
    if (needs_.size() != work_.size()) throw std::invalid_argument("UnitScheduler: one list of needs per unit");
    for (std::size_t u = 0; u < needs_.size(); ++u) {
        std::sort(needs_[u].begin(), needs_[u].end());
        needs_[u].erase(std::unique(needs_[u].begin(), needs_[u].end()), needs_[u].end());
        for (std::size_t c : needs_[u]) {
            if (c >= work_.size() || c == u) throw std::invalid_argument("UnitScheduler: a need out of the list");
            needed_by_[c].push_back(u);
        }
        unfinished_needs_[u] = needs_[u].size();
        largest_work_ = std::max(largest_work_, work_[u]);
    }
}

UnitScheduler UnitScheduler::over_workers(std::vector<double> work, std::vector<std::vector<std::size_t>> needs,
                                          int workers, bool share_memory) {
    // A work per thread of infinity: every team is one worker.
    return UnitScheduler(std::move(work), std::move(needs), workers, std::numeric_limits<double>::infinity(),
                         share_memory);
}

bool UnitScheduler::fits(std::size_t u) const {
    return !memory_rule_ || running_ == 0 || running_work_ + work_[u] <= largest_work_;
}

void UnitScheduler::already_finished(std::size_t u) {
    if (state_[u] != State::WAITING) throw std::logic_error("UnitScheduler: unit already started");
    state_[u] = State::FINISHED;
    ++finished_count_;
    for (std::size_t p : needed_by_[u]) --unfinished_needs_[p];
}

int UnitScheduler::team_for(std::size_t u) const {
    if (!(work_per_thread_ > 0)) return threads_;
    const double t = std::floor(work_[u] / work_per_thread_);
    return t >= threads_ ? threads_ : std::max(1, int(t));
}

std::vector<std::size_t> UnitScheduler::ready() const {
    std::vector<std::size_t> r;
    for (std::size_t u = 0; u < work_.size(); ++u)
        if (state_[u] == State::WAITING && unfinished_needs_[u] == 0) r.push_back(u);
    std::stable_sort(r.begin(), r.end(), [&](std::size_t a, std::size_t b) { return work_[a] > work_[b]; });
    return r;
}

std::optional<UnitScheduler::Start> UnitScheduler::next() const {
    if (free_ == 0) return std::nullopt;
    const std::vector<std::size_t> r = ready();
    if (r.empty()) return std::nullopt;
    const std::size_t big = r[0];
    const int want = team_for(big);
    if (want <= free_ && fits(big)) return Start{big, want + spare_threads_for(r)};
    // Not enough threads or memory free (so some unit runs).  The time
    // until they are: at most the longest running unit's work per thread
    // (an upper bound: it has run a while).
    double wait = 0;
    for (std::size_t u = 0; u < work_.size(); ++u)
        if (state_[u] == State::RUNNING) wait = std::max(wait, work_[u] / team_[u]);
    if (fits(big) && work_[big] / free_ <= wait + work_[big] / want) return Start{big, free_};
    // `big` waits; a smaller unit may use the free threads meanwhile if it
    // ends before they would be free anyway.
    for (std::size_t k = 1; k < r.size(); ++k) {
        const int team = std::min(team_for(r[k]), free_);
        if (work_[r[k]] / team <= wait && fits(r[k])) return Start{r[k], team};
    }
    return std::nullopt;
}

// Threads no unit would take: every ready unit can start now with its own
// team (within the free threads and the memory rule), so nothing waits for
// the threads left over, and until a unit ends no other gets ready.  They
// are spread over the ready units in proportion to their work, so a run's
// first units (a chain of small ones, each alone) and units that end a wave
// use the whole machine.  Each call gives r[0] its share of what is free
// now; the next call, with r[0] started, gives r[1] the same share of the
// rest.  A unit takes spare threads only down to work_per_thread /
// kSpareWorkDivisor of its work a thread (64 K positions by default): a
// team's threads share its words, so too many on a small unit only
// contend.  Small units do gain from a second thread: nmm's 3v3 (170 K
// positions) 1.26x, 3v4 1.39x (BENCHMARKS.md, "Session 32").
int UnitScheduler::spare_threads_for(const std::vector<std::size_t>& r) const {
    constexpr double kSpareWorkDivisor = 32;
    if (!(work_per_thread_ > 0) || std::isinf(work_per_thread_)) return 0;  // teams of one worker
    int need = 0;
    double ready_work = 0;
    for (std::size_t u : r) need += team_for(u), ready_work += work_[u];
    const bool all_fit =
        !memory_rule_ || (running_ == 0 && r.size() == 1) || running_work_ + ready_work <= largest_work_;
    if (need >= free_ || !all_fit || !(ready_work > 0)) return 0;
    const std::size_t u = r[0];
    const int own = team_for(u);
    const int share = int(std::floor(free_ * (work_[u] / ready_work)));
    const int most = int(std::floor(work_[u] / (work_per_thread_ / kSpareWorkDivisor)));
    const int team = std::max(own, std::min(share, most));
    return std::min(team - own, free_ - need);
}

void UnitScheduler::start(std::size_t u, int team) {
    if (state_[u] != State::WAITING || unfinished_needs_[u] != 0)
        throw std::logic_error("UnitScheduler: unit not ready");
    if (team < 1 || team > free_) throw std::logic_error("UnitScheduler: team larger than the free threads");
    state_[u] = State::RUNNING;
    team_[u] = team;
    free_ -= team;
    ++running_;
    running_work_ += work_[u];
}

// Unit u stops running as `end`: its team's threads are free again.
void UnitScheduler::release(std::size_t u, State end) {
    if (state_[u] != State::RUNNING) throw std::logic_error("UnitScheduler: unit not running");
    state_[u] = end;
    free_ += team_[u];
    --running_;
    running_work_ -= work_[u];
}

void UnitScheduler::finished(std::size_t u) {
    release(u, State::FINISHED);
    ++finished_count_;
    for (std::size_t p : needed_by_[u]) --unfinished_needs_[p];
}

void UnitScheduler::abandoned(std::size_t u) { release(u, State::ABANDONED); }

}  // namespace mtb
