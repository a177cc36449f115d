// Which unit of a run to start next, and with how many threads: the
// schedule of mtb gen (gen/generate.h), kept apart from the threads that
// solve, so that another driver (an MPI scheduling rank handing units to
// ranks, issue "Beyond one machine") can use the same rules.
//
// A unit is ready when every unit of the run whose tables it reads is
// finished.  Ready units are taken largest first (the big ones are the long
// chain at the end of a run: starting them early keeps the tail short), and
// each gets a team sized from its work: one thread per `work_per_thread`
// positions, at least one, at most every thread.  A unit that wants more
// threads than are free either starts with the free ones or waits for its
// team, whichever is estimated to end it sooner (time estimated as work per
// thread); while it waits, a smaller ready unit may start only if it is
// estimated to end before the waited-for threads are free, so the big one
// is never starved.  When every ready unit can start at once with its own
// team, the threads left over are spread over them in proportion to their
// work (spare_threads_for), or they would idle until a unit ends.  Memory:
// the units running together never hold more work than the largest unit of
// the run (a unit's memory grows with its positions), so the peak stays
// near that of one unit at a time.
//
// The object holds no clock and no threads: a driver asks next(), calls
// start() when it hands the unit out and finished() when it is written.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace mtb {

class UnitScheduler {
public:
    // work[u]: unit u's positions; needs[u]: the units of the run whose
    // tables u reads (indexes into the same list).  threads: the workers
    // (threads, or for MPI the ranks' threads) shared by all units.
    // memory_rule false: the workers do not share memory (MPI ranks on
    // nodes of their own, each running one unit at a time), so units run
    // together whatever their sum.
    UnitScheduler(std::vector<double> work, std::vector<std::vector<std::size_t>> needs, int threads,
                  double work_per_thread, bool memory_rule = true);
    // Units handed to workers that each run one unit at a time on threads
    // of their own (MPI ranks): one of the scheduler's threads per worker
    // and a team of one for every unit, whatever its work.  share_memory
    // false (one worker per node) lifts the memory rule.  mtb gen over
    // ranks (gen/pipeline.cpp) and its plan (gen/run_plan.cpp) both take
    // this set-up, so the plan projects the run.
    static UnitScheduler over_workers(std::vector<double> work, std::vector<std::vector<std::size_t>> needs,
                                      int workers, bool share_memory);

    // Finished before the run (a resumed run's units already written).
    void already_finished(std::size_t u);
    // The team unit u gets when enough threads are free.
    int team_for(std::size_t u) const;
    // The units not started whose needs are all finished, largest first
    // (equal work: lower index first).
    std::vector<std::size_t> ready() const;

    struct Start {
        std::size_t unit;
        int team;
    };
    // What to start now on the free threads, or nothing (wait for a
    // finished()).  Nothing while nothing runs means the run is over:
    // every unit finished, or the rest need a unit that never finished.
    std::optional<Start> next() const;
    void start(std::size_t u, int team);
    void finished(std::size_t u);
    // A running unit that will not be finished (its run failed): its
    // threads are free again and the units that need it never get ready.
    void abandoned(std::size_t u);

    int free_threads() const { return free_; }
    std::size_t running() const { return running_; }
    bool all_finished() const { return finished_count_ == work_.size(); }

private:
    enum class State { WAITING, RUNNING, FINISHED, ABANDONED };
    void release(std::size_t u, State end);
    bool fits(std::size_t u) const;  // beside the running units, within the memory rule
    // Threads beyond its own team for r[0], the first of the ready units r.
    int spare_threads_for(const std::vector<std::size_t>& r) const;
    std::vector<double> work_;
    std::vector<std::vector<std::size_t>> needs_;
    std::vector<std::vector<std::size_t>> needed_by_;
    std::vector<std::size_t> unfinished_needs_;
    std::vector<State> state_;
    std::vector<int> team_;
    int threads_, free_;
    double work_per_thread_;
    bool memory_rule_;
    double largest_work_ = 0, running_work_ = 0;
    std::size_t running_ = 0, finished_count_ = 0;
};

}  // namespace mtb
