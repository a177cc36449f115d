#include "tools/verify_stage.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>

#include "gen/item_report.h"
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
    std::string item_name(std::size_t i) const override { return files_[i]; }
    bool finished(std::size_t i) override {
        const std::string key = job_.journal ? journal_key(files_[i]) : std::string();
        return !key.empty() && job_.journal->count(key);
    }
    ItemOutcome skip(PipelineItem& item) override {
        std::lock_guard lock(mutex_);
        print_in_order(item.index(), "ok       " + files_[item.index()] + " (journal)\n");
        return ItemOutcome::done();
    }
    ItemOutcome run(PipelineItem& item) override;
    std::string item_report(std::size_t i) override;
    ItemOutcome take_item_report(PipelineItem& item, const std::string& report) override;

private:
    // What checking one file found: its lines, and what they add up to.
    struct FileReport {
        std::string lines;
        std::string journal_key;  // the file is sound: this goes in the journal
        std::size_t bad_files = 0, problems = 0, unchecked_files = 0;
        std::string progress_text;  // its finished line
    };
    ItemOutcome take(PipelineItem& item, const FileReport& r);
    void print_in_order(std::size_t i, std::string lines);

    const VerifyJob& job_;
    const std::vector<std::string>& files_;
    VerifyTotals& totals_;
    std::vector<double> file_slots_;
    // The value-consistency check (gen/verify.h): one for all files, so
    // that tables read for one file serve the next.
    FileCheck check_values_;
    PipelineItem* current_ = nullptr;
    std::string label_;  // "[i/n] FILE" of the file under check
    // Files are printed in their order, whichever order they are checked
    // in (by the processes of an MPI job); a report kept for item_report.
    std::mutex mutex_;
    std::vector<std::optional<std::string>> lines_;
    std::size_t printed_ = 0;
    std::vector<FileReport> kept_;
};

VerifyStage::VerifyStage(const VerifyJob& job, VerifyTotals& totals)
    : job_(job),
      files_(job.folder->files),
      totals_(totals),
      file_slots_(files_.size()),
      lines_(files_.size()),
      kept_(files_.size()) {
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
    // The journal line before the check: a file changed while it is
    // checked is checked again next time.
    const std::string key = job_.journal ? journal_key(f) : std::string();
    auto found = check_values_ ? check_values_(f) : verify_table(f);
    char times[64];
    std::snprintf(times, sizeof times, ": %.2f s (%.0f s in all)",
                  std::chrono::duration<double>(std::chrono::steady_clock::now() - file_start).count(),
                  item.seconds_in_all());
    FileReport r;
    r.progress_text = label_ + times;
    // A sound file must also be the table its name and folder say.
    std::string error;
    if (found.empty())
        if (auto t = TableFile::open(f, error))
            if (auto e = check_in_folder(*t, *job_.folder)) found.push_back({f, -1, *e});
    if (found.empty()) {
        r.lines = "ok       " + f + "\n";
        r.journal_key = key;
    } else {
        // A file whose values could not be checked (a table they are
        // checked against is damaged, missing or of another metric) is not blamed.
        const bool damaged =
            std::any_of(found.begin(), found.end(), [](const VerifyProblem& p) { return !p.unchecked; });
        ++(damaged ? r.bad_files : r.unchecked_files);
        if (damaged) r.problems += found.size();
        // Messages already name the file and, for a block, its number.
        for (const VerifyProblem& p : found)
            r.lines.append(p.unchecked ? "UNCHECKED " : "DAMAGED  ").append(p.message).append("\n");
    }
    if (item.elsewhere()) return kept_[i] = std::move(r), ItemOutcome::done();
    return take(item, r);
}

// The file's lines, in file order; its totals; its journal record.
ItemOutcome VerifyStage::take(PipelineItem& item, const FileReport& r) {
    item.finished([&](std::size_t) { return r.progress_text; });
    std::lock_guard lock(mutex_);
    totals_.bad_files += r.bad_files;
    totals_.problems += r.problems;
    totals_.unchecked_files += r.unchecked_files;
    print_in_order(item.index(), r.lines);
    // On the disk before the next file: the record survives a kill or a
    // power cut; a run that cannot keep its journal stops.
    if (!r.journal_key.empty() && job_.journal_out)
        if (auto e = job_.journal_out->append(r.journal_key)) return ItemOutcome::stop(*e);
    return ItemOutcome::done();
}

std::string VerifyStage::item_report(std::size_t i) {
    const FileReport& r = kept_[i];
    ReportWriter w;
    w.put_string(r.lines);
    w.put_string(r.journal_key);
    w.put(r.bad_files);
    w.put(r.problems);
    w.put(r.unchecked_files);
    w.put_string(r.progress_text);
    return w.bytes();
}

ItemOutcome VerifyStage::take_item_report(PipelineItem& item, const std::string& report) {
    ReportReader rd(report);
    FileReport r;
    r.lines = rd.get_string();
    r.journal_key = rd.get_string();
    r.bad_files = rd.get<std::size_t>();
    r.problems = rd.get<std::size_t>();
    r.unchecked_files = rd.get<std::size_t>();
    r.progress_text = rd.get_string();
    if (!rd.ok()) return ItemOutcome::stop("the report on " + files_[item.index()] + " is cut short");
    return take(item, r);
}

// Prints file i's lines once every file before it is printed.  Called
// with mutex_ held, or with the files in turn (one process).
void VerifyStage::print_in_order(std::size_t i, std::string lines) {
    lines_[i] = std::move(lines);
    for (; printed_ < lines_.size() && lines_[printed_]; ++printed_) {
        std::fputs(lines_[printed_]->c_str(), stdout);
        lines_[printed_].reset();
    }
    std::fflush(stdout);
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
    po.distributor = job.distributor;
    return run_pipeline(stage, po).error;
}

}  // namespace mtb::cli
