#include "gen/pipeline.h"

#include <csignal>
#include <filesystem>

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
        done = run_.done_;
    }
    run_.line_->update(what, done + work_done);
}

void PipelineItem::finished(const std::function<std::string(std::size_t n)>& text) {
    std::lock_guard lock(run_.mutex_);
    run_.done_ += run_.stage_.work(index_);
    run_.counted_[index_] = true;
    const std::size_t n = ++run_.reported_;
    if (run_.line_) run_.line_->finished(text(n), run_.done_);
}

double PipelineItem::seconds_in_all() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - run_.start_).count();
}

std::vector<PipelineBatch> PipelineStage::schedule(const std::vector<std::size_t>& to_run, int) {
    return {PipelineBatch{{}, to_run}};
}

PipelineResult run_pipeline(PipelineStage& stage, const PipelineOptions& opt) { return PipelineRun(stage, opt).run(); }

PipelineResult PipelineRun::run() {
    const std::size_t n = stage_.items();
    result_.items.assign(n, ItemRecord{});
    counted_.assign(n, false);
    if (!opt_.lock_dir.empty())
        if (auto err = take_folder()) return result_.error = err, std::move(result_);
    stage_.begin();
    std::vector<bool> finished(n, false);
    if (opt_.skip_up_front) {
        for (std::size_t i = 0; i < n; ++i) finished[i] = stage_.finished(i);
        if (auto err = skip_finished_up_front(finished)) return result_.error = err, std::move(result_);
    }
    double total = 0;  // the work still to do, as far as known now
    for (std::size_t i = 0; i < n; ++i)
        if (!finished[i]) total += stage_.work(i);
    start_progress(total);
    if (opt_.skip_up_front) {
        std::vector<std::size_t> to_run;
        for (std::size_t i = 0; i < n; ++i)
            if (!finished[i]) to_run.push_back(i);
        for (const PipelineBatch& batch : stage_.schedule(to_run, opt_.threads)) {
            run_batch(batch);
            if (result_.error) break;
        }
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
    if (opt_.progress) line_.emplace(opt_.progress, opt_.progress_tty, total, opt_.progress_interval);
    start_ = std::chrono::steady_clock::now();
}

void PipelineRun::run_batch(const PipelineBatch& batch) {
    const auto& small = batch.side_by_side;
#pragma omp parallel for schedule(dynamic, 1) num_threads(opt_.threads) if (small.size() > 1)
    for (std::size_t k = 0; k < small.size(); ++k) run_one(small[k], 1);
    if (result_.error) return;
    for (std::size_t i : batch.one_by_one) {
        run_one(i, opt_.threads);
        if (result_.error) return;
    }
}

void PipelineRun::run_one(std::size_t i, int team) {
    const auto t0 = std::chrono::steady_clock::now();
    PipelineItem item(*this, i, team);
    const ItemOutcome o = stage_.run(item);
    record(i, o, false, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
}

void PipelineRun::run_in_turn(std::size_t i) {
    if (!stage_.finished(i)) return run_one(i, opt_.threads);
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
