// The progress of a long run (mtb gen, mtb verify --values, mtb wdl) on
// standard error: where it is, work done of the total and an ETA.
//
// On a terminal one bar is redrawn in place; elsewhere (a pipe, a log
// file) plain lines, at most one per interval, plus one line per finished
// unit or file (finished()).  A quiet helper thread repeats the line when
// nothing was printed for an interval, so a step that reports nothing
// (compressing one big table) still shows the run is alive.
//
// The ETA comes from the items (units, files) finished so far, each one's
// rate per thread weighted by its work: the first items are tiny, their
// fixed costs (loading, starting threads, writing files) make their rates
// several times too slow, and weighting by work lets the large ones, which
// are like the rest of the run, speak.  Until an item is finished the run's
// own rate so far stands in; until WARMUP_SHARE of the work is measured the
// line says "ETA -".  Between two updates (a long layer, writing a
// big table) the ETA counts down with the clock instead of growing while
// the work done seems to stand still.  Every percentage on a line says what
// it is a percentage of.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace mtb {

class ProgressLine {
public:
    // The share of the run's work measured before an ETA is given.
    static constexpr double WARMUP_SHARE = 0.01;
    // The environment variable that sets the interval in seconds (0: a line
    // for every update; tests use it to see lines inside small units).
    static constexpr const char* INTERVAL_VARIABLE = "MTB_PROGRESS_SECONDS";

    using Clock = std::function<double()>;  // seconds since some start

    // `total`: the run's work in positions.  `interval`: seconds between
    // lines (see interval_for()).  `threads`: the run's threads (items run
    // side by side share them).  `clock`: tests give a fake one (then no
    // helper thread runs); default: the steady clock.
    ProgressLine(std::FILE* out, bool tty, double total, double interval, int threads = 1, Clock clock = {});
    ~ProgressLine();  // stops the helper thread; ends a bar with a newline
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // MTB_PROGRESS_SECONDS when set to a number >= 0, else 10 s, or 1 s on a
    // terminal (where a line replaces the last one).  An invalid value is
    // the error text.
    static double interval_for(bool tty, std::optional<std::string>& error);

    // Where the run is (`what`, e.g. "[3/12] 4v4: init 42%") and how much is
    // done in all; printed when an interval has passed since the last line.
    // Thread-safe.
    void update(const std::string& what, double done);
    // What a finished item took: its work (positions), wall seconds and threads.
    struct ItemTime {
        double work = 0, seconds = 0;
        int threads = 1;
    };
    // A line printed whatever the interval (a unit or file finished), with
    // the finished item's time for the ETA.
    void finished(const std::string& text, double done, ItemTime item);
    void finished(const std::string& text, double done) { finished(text, done, ItemTime{}); }
    // Work left out of the run after all (a table kept by --resume).
    void reduce_total(double work);
    // "ETA 3m05s", or "ETA -" while the rate is not known yet.
    std::string eta();
    // Prints the line now if an interval passed since the last one (what the
    // helper thread does; tests with a fake clock call it).
    void tick();

private:
    void print_locked();
    void set_done_locked(double t, double done);
    std::optional<double> seconds_left_locked(double t) const;
    std::string eta_locked(double t) const;
    void heartbeat();
    double now() const;

    const std::chrono::steady_clock::time_point start_;
    const Clock clock_;
    const int threads_;
    std::FILE* out_;
    const bool tty_;
    double total_;
    const double interval_;
    std::mutex mutex_;
    std::condition_variable stop_cv_;
    bool stopping_ = false;
    std::string what_;
    double done_ = 0, done_at_ = 0, last_print_ = 0;  // work done, when it last changed
    double weighted_rates_ = 0, measured_work_ = 0;   // sum of work x rate per thread, of work
    bool bar_shown_ = false;                          // a tty bar is on the screen
    std::thread helper_;
};

}  // namespace mtb
