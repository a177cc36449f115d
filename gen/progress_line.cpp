#include "gen/progress_line.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "gen/generate.h"

namespace mtb {
namespace {

// "4.92 M", "26.7 G": done and total at a glance.
std::string amount(double x) {
    char buf[32];
    if (x >= 1e9)
        std::snprintf(buf, sizeof buf, "%.2f G", x / 1e9);
    else if (x >= 1e6)
        std::snprintf(buf, sizeof buf, "%.2f M", x / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
}

}  // namespace

ProgressLine::ProgressLine(std::FILE* out, bool tty, double total, double interval, int threads, Clock clock)
    : start_(std::chrono::steady_clock::now()),
      clock_(std::move(clock)),
      threads_(std::max(1, threads)),
      out_(out),
      tty_(tty),
      total_(total),
      interval_(interval) {
    // With no interval every update prints: nothing to repeat.  A fake
    // clock is driven by tick().
    if (out_ && interval_ > 0 && !clock_) helper_ = std::thread([this] { heartbeat(); });
}

ProgressLine::~ProgressLine() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
        if (bar_shown_) std::fputc('\n', out_);
    }
    stop_cv_.notify_all();
    if (helper_.joinable()) helper_.join();
}

double ProgressLine::interval_for(bool tty, std::optional<std::string>& error) {
    const char* text = std::getenv(INTERVAL_VARIABLE);
    if (text && *text) {
        char* end = nullptr;
        const double s = std::strtod(text, &end);
        if (*end == 0 && std::isfinite(s) && s >= 0) return s;
        error = std::string(INTERVAL_VARIABLE) + "='" + text + "': give a number of seconds >= 0";
    }
    return tty ? 1 : 10;
}

double ProgressLine::now() const {
    if (clock_) return clock_();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressLine::update(const std::string& what, double done) {
    if (!out_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    what_ = what;
    const double t = now();
    set_done_locked(t, done);
    if (t - last_print_ >= interval_) print_locked();
}

void ProgressLine::finished(const std::string& text, double done, ItemTime item) {
    if (!out_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    const double t = now();
    set_done_locked(t, done);
    if (item.work > 0 && item.seconds > 0) {
        // Rate per thread, weighted by work: sum(w * w / (s * threads)) / sum(w).
        weighted_rates_ += item.work * item.work / (item.seconds * std::max(1, item.threads));
        measured_work_ += item.work;
    }
    const std::string line = text + ", " + eta_locked(t);
    std::fprintf(out_, "%s%s\n", tty_ ? "\r\033[K" : "", line.c_str());
    std::fflush(out_);
    bar_shown_ = false;
    // On a pipe the finished line counts as the interval's line.
    if (!tty_) last_print_ = t;
}

void ProgressLine::reduce_total(double work) {
    std::lock_guard<std::mutex> lock(mutex_);
    total_ = std::max(0.0, total_ - work);
}

std::string ProgressLine::eta() {
    std::lock_guard<std::mutex> lock(mutex_);
    return eta_locked(now());
}

void ProgressLine::tick() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (out_ && !what_.empty() && now() - last_print_ >= interval_) print_locked();
}

void ProgressLine::set_done_locked(double t, double done) {
    if (done != done_) done_ = done, done_at_ = t;
}

std::optional<double> ProgressLine::seconds_left_locked(double t) const {
    if (done_ >= total_) return 0.0;
    // Not from less than WARMUP_SHARE of the work: the first units alone
    // (nmm 3v3 is 0.04% of nmm <= 6) say little of the rest.
    const double enough = WARMUP_SHARE * total_;
    double rate = 0;  // positions per second of the whole run
    if (measured_work_ > 0 && measured_work_ >= enough)
        rate = weighted_rates_ / measured_work_ * threads_;
    else if (measured_work_ == 0 && done_ > 0 && done_ >= enough && done_at_ > 0)
        rate = done_ / done_at_;  // nothing finished yet: the run's own rate so far
    if (!(rate > 0)) return std::nullopt;
    // Counted from the last change of the work done, then down with the
    // clock; never below a tenth of that estimate, so a slow step does not
    // sit at "0s".
    const double at_last_change = (total_ - done_) / rate;
    return std::max(at_last_change - (t - done_at_), 0.1 * at_last_change);
}

std::string ProgressLine::eta_locked(double t) const {
    const std::optional<double> left = seconds_left_locked(t);
    return left ? "ETA " + duration_text(*left) : "ETA -";
}

void ProgressLine::print_locked() {
    const double t = now();
    last_print_ = t;
    const double share = total_ > 0 ? std::min(1.0, done_ / total_) : 0;
    const std::string numbers = amount(done_) + "/" + amount(total_) + " positions (" +
                                std::to_string(int(share * 100)) + "% of the run), " + duration_text(t) + " so far, " +
                                eta_locked(t);
    if (tty_) {
        // A bar of 20 cells, then the same words as on a pipe.
        const int cells = 20, full = int(share * cells);
        std::fprintf(out_, "\r\033[K[%s%s] %s: %s", std::string(std::size_t(full), '#').c_str(),
                     std::string(std::size_t(cells - full), '.').c_str(), what_.c_str(), numbers.c_str());
        bar_shown_ = true;
    } else {
        std::fprintf(out_, "%s: %s\n", what_.c_str(), numbers.c_str());
    }
    std::fflush(out_);
}

void ProgressLine::heartbeat() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_) {
        // Wake when the line is due: an interval after the last one.
        const double wait = std::max(0.01, last_print_ + interval_ - now());
        stop_cv_.wait_for(lock, std::chrono::duration<double>(wait));
        if (!stopping_ && !what_.empty() && now() - last_print_ >= interval_) print_locked();
    }
}

}  // namespace mtb
