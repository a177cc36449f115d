#include "gen/pipeline.h"

#include <condition_variable>
#include <csignal>
#include <filesystem>
#include <thread>

#include "gen/unit_scheduler.h"

namespace mtb {

std::size_t PipelineItem::count() const { return run_.stage_.items(); }

std::size_t PipelineItem::number() const {
    std::lock_guard lock(run_.mutex_);
    return run_.reported_ + 1;
}

int PipelineItem::run_threads() const { return run_.opt_.threads; }

bool PipelineItem::has_progress() const { return run_.line_.has_value(); }

void PipelineItem::update(const std::string& what, double work_done) {
    if (!run_.line_) return;
    double done;
    {
        std::lock_guard lock(run_.mutex_);
        run_.partial_done_ += work_done - run_.partial_[index_];
        run_.partial_[index_] = work_done;
        done = run_.done_ + run_.partial_done_;
    }
    run_.line_->update(what, done);
}

void PipelineItem::finished(const std::function<std::string(std::size_t n)>& text) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double work = run_.stage_.work(index_);
    std::lock_guard lock(run_.mutex_);
    run_.done_ += work;
    run_.partial_done_ -= run_.partial_[index_];
    run_.partial_[index_] = 0;
    run_.counted_[index_] = true;
    const std::size_t n = ++run_.reported_;
    if (run_.line_) run_.line_->finished(text(n), run_.done_ + run_.partial_done_, {work, seconds, team_});
}

double PipelineItem::seconds_in_all() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - run_.start_).count();
}

PipelineResult run_pipeline(PipelineStage& stage, const PipelineOptions& opt) {
    if (opt.distributor) return opt.distributor->run(stage, opt);
    return PipelineRun(stage, opt).run();
}

ItemOutcome run_pipeline_item(PipelineStage& stage, const PipelineOptions& opt, std::size_t i) {
    PipelineOptions alone = opt;
    alone.progress = nullptr;
    alone.distributor = nullptr;
    return PipelineRun(stage, alone).run_alone(i);
}

ItemOutcome PipelineRun::run_alone(std::size_t i) {
    const std::size_t n = stage_.items();
    counted_.assign(n, false);
    partial_.assign(n, 0);
    PipelineItem item(*this, i, opt_.threads, true);
    return stage_.run(item);
}

PipelineResult PipelineRun::run() {
    const std::size_t n = stage_.items();
    result_.items.assign(n, ItemRecord{});
    counted_.assign(n, false);
    partial_.assign(n, 0);
    if (!opt_.lock_dir.empty())
        if (auto err = take_folder()) return result_.error = err, std::move(result_);
    stage_.begin();
    std::vector<bool> finished(n, false);
    // Over several processes the items are started as the scheduler says.
    const bool up_front = opt_.skip_up_front || opt_.distributor;
    if (up_front) {
        for (std::size_t i = 0; i < n; ++i) finished[i] = stage_.finished(i);
        if (auto err = skip_finished_up_front(finished)) return result_.error = err, std::move(result_);
    }
    double total = 0;  // the work still to do, as far as known now
    for (std::size_t i = 0; i < n; ++i)
        if (!finished[i]) total += stage_.work(i);
    start_progress(total);
    if (up_front) {
        run_scheduled(finished);
    } else {
        for (std::size_t i = 0; i < n && !result_.error; ++i) run_in_turn(i);
    }
    line_.reset();  // ends a bar before the caller prints
    return std::move(result_);
}

std::optional<std::string> PipelineRun::take_folder() {
    const std::string& dir = opt_.lock_dir;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return "cannot create " + dir + ": " + ec.message();
    // One writer per folder; then the temporary files of a killed run are
    // ours to clean.  SIGXFSZ ignored: over a file-size limit write() then
    // fails with EFBIG and the writer says so, instead of a silent death.
    if (auto err = lock_.acquire(dir)) return err;
    for (const std::string& name : remove_stale_temp_files(dir))
        std::fprintf(stderr, "mtb %s: removed %s/%s, left by a run that was stopped while writing\n", opt_.name.c_str(),
                     dir.c_str(), name.c_str());
    std::signal(SIGXFSZ, SIG_IGN);
    return std::nullopt;
}

std::optional<std::string> PipelineRun::skip_finished_up_front(std::vector<bool>& finished) {
    for (std::size_t i = 0; i < finished.size(); ++i) {
        if (!finished[i]) continue;
        PipelineItem item(*this, i, opt_.threads);
        const ItemOutcome o = stage_.skip(item);
        record(i, o, true, 0);
        if (result_.error) return result_.error;
    }
    return std::nullopt;
}

void PipelineRun::start_progress(double total) {
    // The line's clock starts with the work to do.
    const int threads = opt_.threads * (opt_.distributor ? opt_.distributor->slots() : 1);
    if (opt_.progress) line_.emplace(opt_.progress, opt_.progress_tty, total, opt_.progress_interval, threads);
    start_ = std::chrono::steady_clock::now();
}

// The items in the order of a UnitScheduler: each on a thread of its own
// that leads the item's team, started as the scheduler says; this thread
// only waits for items to end.  After a STOP nothing more starts and the
// items running end first.
void PipelineRun::run_scheduled(const std::vector<bool>& finished) {
    const std::size_t n = stage_.items();
    std::vector<double> work(n);
    std::vector<std::vector<std::size_t>> needs(n);
    for (std::size_t i = 0; i < n; ++i) work[i] = stage_.work(i), needs[i] = stage_.needs(i);
    // Over several processes each worker is one of the scheduler's threads
    // and takes one item at a time, with threads of its own.
    const bool workers = opt_.distributor != nullptr;
    UnitScheduler scheduler =
        workers ? UnitScheduler::over_workers(std::move(work), std::move(needs), opt_.distributor->slots(),
                                              opt_.distributor->workers_share_memory())
                : UnitScheduler(std::move(work), std::move(needs), opt_.threads, opt_.work_per_thread);
    for (std::size_t i = 0; i < n; ++i)
        if (finished[i]) scheduler.already_finished(i);
    std::mutex m;  // guards scheduler and ended
    std::condition_variable item_ended;
    std::vector<std::size_t> ended;
    std::vector<std::thread> leaders(n);
    std::unique_lock lock(m);
    for (;;) {
        bool stopped;
        {
            std::lock_guard result_lock(mutex_);
            stopped = result_.error.has_value();
        }
        while (!stopped) {
            const auto start = scheduler.next();
            if (!start) break;
            scheduler.start(start->unit, start->team);
            leaders[start->unit] = std::thread([this, &m, &item_ended, &ended, &scheduler, start = *start] {
                const ItemOutcome o = run_one(start.unit, start.team);
                std::lock_guard ended_lock(m);
                if (o.kind == ItemOutcome::DONE)
                    scheduler.finished(start.unit);
                else
                    scheduler.abandoned(start.unit);
                ended.push_back(start.unit);
                item_ended.notify_one();
            });
        }
        for (std::size_t i : ended) leaders[i].join();
        ended.clear();
        if (scheduler.running() == 0) break;
        item_ended.wait(lock, [&] { return !ended.empty(); });
    }
}

ItemOutcome PipelineRun::run_one(std::size_t i, int team) {
    const auto t0 = std::chrono::steady_clock::now();
    PipelineItem item(*this, i, opt_.distributor ? opt_.threads : team);
    const ItemOutcome o = opt_.distributor ? opt_.distributor->run_item(stage_, item) : stage_.run(item);
    record(i, o, false, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    return o;
}

void PipelineRun::run_in_turn(std::size_t i) {
    if (!stage_.finished(i)) return (void)run_one(i, opt_.threads);
    PipelineItem item(*this, i, opt_.threads);
    const ItemOutcome o = stage_.skip(item);
    // The ETA counts the work left.
    if (o.kind == ItemOutcome::DONE && line_) line_->reduce_total(stage_.work(i));
    record(i, o, true, 0);
}

void PipelineRun::record(std::size_t i, const ItemOutcome& o, bool skipped, double seconds) {
    std::lock_guard lock(mutex_);
    result_.items[i] = {skipped, seconds, o};
    if (!counted_[i]) counted_[i] = true, ++reported_;
    if (o.kind == ItemOutcome::FAILED) {
        std::fprintf(stderr, "mtb %s: %s\n", opt_.name.c_str(), o.error.c_str());
        ++result_.failures;
    } else if (o.kind == ItemOutcome::STOP && !result_.error) {
        result_.error = o.error;
    }
}

}  // namespace mtb
