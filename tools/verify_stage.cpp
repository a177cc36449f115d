#include "tools/verify_stage.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "gen/pipeline.h"
#include "gen/verify.h"
#include "table/table_reader.h"

namespace mtb::cli {
namespace {

// One journal line per sound file: its name, size and modification time,
// so a file rewritten since it was checked is checked again.
std::string journal_key(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) return {};
    const auto time = fs::last_write_time(path, ec);
    if (ec) return {};
    return fs::path(path).filename().string() + " " + std::to_string(size) + " " +
           std::to_string(time.time_since_epoch().count());
}

class VerifyStage : public PipelineStage {
public:
    VerifyStage(const VerifyJob& job, VerifyTotals& totals);
    std::size_t items() const override { return files_.size(); }
    // Progress in positions: each file's slot count from its header (0 for
    // one that cannot be opened; it is reported when checked).
    double work(std::size_t i) const override { return file_slots_[i]; }
    bool finished(std::size_t i) override {
        key_ = job_.journal ? journal_key(files_[i]) : std::string();
        return !key_.empty() && job_.journal->count(key_);
    }
    ItemOutcome skip(PipelineItem& item) override {
        std::printf("ok       %s (journal)\n", files_[item.index()].c_str());
        return ItemOutcome::done();
    }
    ItemOutcome run(PipelineItem& item) override;

private:
    const VerifyJob& job_;
    const std::vector<std::string>& files_;
    VerifyTotals& totals_;
    std::vector<double> file_slots_;
    std::string key_;  // the journal line of the file in turn
    // The value-consistency check (gen/verify.h): one for all files, so
    // that tables read for one file serve the next.
    FileCheck check_values_;
    PipelineItem* current_ = nullptr;
    std::string label_;  // "[i/n] FILE" of the file under check
};

VerifyStage::VerifyStage(const VerifyJob& job, VerifyTotals& totals)
    : job_(job), files_(job.folder->files), totals_(totals), file_slots_(files_.size()) {
    for (std::size_t i = 0; i < files_.size(); ++i) {
        std::string ignored;
        if (auto t = TableFile::open(files_[i], ignored)) file_slots_[i] = double(t->header().slot_count);
    }
    if (job.values)
        check_values_ =
            verify_with_values(job.threads, std::size_t(256) << 20, [this](std::uint64_t done, std::uint64_t total) {
                const double slots = file_slots_[current_->index()];
                current_->update(label_ + ": values", slots * double(done) / double(total));
            });
}

ItemOutcome VerifyStage::run(PipelineItem& item) {
    const std::size_t i = item.index();
    const std::string& f = files_[i];
    const auto file_start = std::chrono::steady_clock::now();
    current_ = &item;
    label_ = std::string("[").append(std::to_string(i + 1)).append("/").append(std::to_string(files_.size()));
    label_.append("] ").append(f);
    item.update(label_ + ": checksums", 0);
    auto found = check_values_ ? check_values_(f) : verify_table(f);
    char times[64];
    std::snprintf(times, sizeof times, ": %.2f s (%.0f s in all)",
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - file_start).count(),
                  item.seconds_in_all());
    item.finished([&](std::size_t) { return label_ + times; });
    // A sound file must also be the table its name and folder say.
    std::string error;
    if (found.empty())
        if (auto t = TableFile::open(f, error))
            if (auto e = check_in_folder(*t, *job_.folder)) found.push_back({f, -1, *e});
    if (found.empty()) {
        std::printf("ok       %s\n", f.c_str());
        std::fflush(stdout);
        // On the disk before the next file: the record survives a kill
        // or a power cut; a run that cannot keep its journal stops.
        if (!key_.empty())
            if (auto e = job_.journal_out->append(key_)) return ItemOutcome::stop(*e);
        return ItemOutcome::done();
    }
    // A file whose values could not be checked (a table they are checked
    // against is damaged, missing or of another metric) is not blamed.
    const bool damaged = std::any_of(found.begin(), found.end(), [](const VerifyProblem& p) { return !p.unchecked; });
    ++(damaged ? totals_.bad_files : totals_.unchecked_files);
    if (damaged) totals_.problems += found.size();
    // Messages already name the file and, for a block, its number.
    for (const VerifyProblem& p : found)
        std::printf("%s %s\n", p.unchecked ? "UNCHECKED" : "DAMAGED ", p.message.c_str());
    std::fflush(stdout);
    return ItemOutcome::done();
}

}  // namespace

std::optional<std::string> verify_files(const VerifyJob& job, VerifyTotals& totals) {
    VerifyStage stage(job, totals);
    PipelineOptions po;
    po.name = "verify";
    po.progress = stderr;
    po.progress_tty = job.progress_tty;
    po.progress_interval = job.progress_interval;
    po.threads = job.threads;
    return run_pipeline(stage, po).error;
}

}  // namespace mtb::cli
