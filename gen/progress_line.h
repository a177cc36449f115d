// The progress of a long run (mtb gen, mtb verify --values, mtb wdl) on
// standard error: where it is, work done of the total and an ETA.
//
// On a terminal one bar is redrawn in place; elsewhere (a pipe, a log
// file) plain lines, at most one per interval, plus one line per finished
// unit or file (finished()).  A quiet helper thread repeats the line when
// nothing was printed for an interval, so a step that reports nothing
// (compressing one big table) still shows the run is alive.
//
// The ETA is honest about its start: work is counted in positions (a unit
// of 1 G positions weighs 1000 times one of 1 M), and the rate is measured
// from the moment the first WARMUP_SHARE of the total was done, because the
// first units are tiny and their fixed costs (loading, starting threads,
// writing files) would make the rate look several times too slow.  Until
// a further WARMUP_SHARE is done the line says "ETA -".
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace mtb {

class ProgressLine {
public:
    static constexpr double WARMUP_SHARE = 0.01;
    // The environment variable that sets the interval in seconds (0: a line
    // for every update; tests use it to see lines inside small units).
    static constexpr const char* INTERVAL_VARIABLE = "MTB_PROGRESS_SECONDS";

    // `total`: the run's work in positions.  `interval`: seconds between
    // lines (see interval_for()).
    ProgressLine(std::FILE* out, bool tty, double total, double interval);
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
    // A line printed whatever the interval (a unit or file finished).
    void finished(const std::string& text, double done);
    // Work left out of the run after all (a table kept by --resume).
    void reduce_total(double work);
    // "ETA 3m05s", or "ETA -" while the rate is not known yet.
    std::string eta(double done);

private:
    void print_locked();
    void observe_locked(double now, double done);  // notes the end of the warm-up
    std::string eta_locked(double now, double done);
    void heartbeat();
    double now() const;

    const std::chrono::steady_clock::time_point start_;
    std::FILE* out_;
    const bool tty_;
    double total_;
    const double interval_;
    std::mutex mutex_;
    std::condition_variable stop_cv_;
    bool stopping_ = false;
    std::string what_;
    double done_ = 0, last_print_ = 0;
    std::optional<double> rate_from_, rate_done_from_;  // time and work when the warm-up ended
    bool bar_shown_ = false;                            // a tty bar is on the screen
    std::thread helper_;
};

}  // namespace mtb
