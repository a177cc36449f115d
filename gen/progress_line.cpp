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

ProgressLine::ProgressLine(std::FILE* out, bool tty, double total, double interval)
    : start_(std::chrono::steady_clock::now()), out_(out), tty_(tty), total_(total), interval_(interval) {
    // With no interval every update prints: nothing to repeat.
    if (out_ && interval_ > 0) helper_ = std::thread([this] { heartbeat(); });
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
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressLine::update(const std::string& what, double done) {
    if (!out_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    what_ = what;
    done_ = done;
    observe_locked(now(), done);
    if (now() - last_print_ >= interval_) print_locked();
}

void ProgressLine::finished(const std::string& text, double done) {
    if (!out_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = done;
    observe_locked(now(), done);
    const std::string line = text + ", " + eta_locked(now(), done);
    std::fprintf(out_, "%s%s\n", tty_ ? "\r\033[K" : "", line.c_str());
    std::fflush(out_);
    bar_shown_ = false;
    // On a pipe the finished line counts as the interval's line.
    if (!tty_) last_print_ = now();
}

void ProgressLine::reduce_total(double work) {
    std::lock_guard<std::mutex> lock(mutex_);
    total_ = std::max(0.0, total_ - work);
}

std::string ProgressLine::eta(double done) {
    std::lock_guard<std::mutex> lock(mutex_);
    return eta_locked(now(), done);
}

void ProgressLine::observe_locked(double t, double done) {
    if (!rate_from_ && done >= WARMUP_SHARE * total_) rate_from_ = t, rate_done_from_ = done;
}

std::string ProgressLine::eta_locked(double t, double done) {
    const double warmup = WARMUP_SHARE * total_;
    observe_locked(t, done);
    if (done >= total_) return "ETA 0s";
    if (!rate_from_ || done - *rate_done_from_ < warmup || t <= *rate_from_) return "ETA -";
    const double rate = (done - *rate_done_from_) / (t - *rate_from_);
    return "ETA " + duration_text((total_ - done) / rate);
}

void ProgressLine::print_locked() {
    const double t = now();
    last_print_ = t;
    const double share = total_ > 0 ? std::min(1.0, done_ / total_) : 0;
    const std::string numbers = amount(done_) + "/" + amount(total_) + " positions (" +
                                std::to_string(int(share * 100)) + "%), " + duration_text(t) + " so far, " +
                                eta_locked(t, done_);
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
