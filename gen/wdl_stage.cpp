#include "gen/wdl_stage.h"

#include <algorithm>
#include <filesystem>

#include "gen/pipeline.h"
#include "gen/verify_tables.h"
#include "gen/wdl_captures.h"
#include "gen/wdl_leave_out.h"
#include "table/durable_file.h"
#include "table/table_folder.h"

namespace mtb {
namespace {

// Whether `target` is a sound table (every checksum), at least as new as
// the values file `source`, of the content and zstd level asked for: what
// --resume keeps.  (A sector written plain for want of its capture tables
// is written again.)
bool finished_copy(const std::string& target, const std::string& source, TableContent content, int level) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto made = fs::last_write_time(target, ec);
    if (ec) return false;
    const auto values = fs::last_write_time(source, ec);
    if (ec || made < values) return false;
    std::string error;
    auto t = TableFile::open(target, error);
    if (!t || t->header().content != content || t->header().level != std::uint32_t(level)) return false;
    return verify_table(target).empty();
}

class WdlStage : public PipelineStage {
public:
    WdlStage(const WdlJob& job, const WdlPlan& plan, const std::function<void(const WdlTable&)>& on_table,
             WdlTotals& totals)
        : job_(job), plan_(plan), on_table_(on_table), totals_(totals) {}
    std::size_t items() const override { return plan_.tables.size(); }
    double work(std::size_t i) const override { return double(plan_.tables[i]->header().slot_count); }
    bool finished(std::size_t i) override {
        return job_.resume && finished_copy(target(i), plan_.tables[i]->path(), job_.write.content, job_.write.level);
    }
    ItemOutcome skip(PipelineItem& item) override { return copy(item, true); }
    ItemOutcome run(PipelineItem& item) override { return copy(item, false); }
    // After every table: the sectors to leave out (--leave-out).
    void leave_out();

private:
    // Table i's win/draw/loss file in folder dir.
    std::string path_in(const std::string& dir, std::size_t i) const {
        const TableHeader& h = plan_.tables[i]->header();
        return table_path(dir, *find_rules(h.rules_name), h.sector, true);
    }
    std::string target(std::size_t i) const { return path_in(job_.out, i); }
    std::string plain_copy(std::size_t i) const { return path_in(plain_dir(), i); }
    std::string plain_dir() const { return job_.out + "/plain-copies"; }
    bool want_plain_copy() const { return job_.leave_out && job_.write.content == TableContent::WDL_CAPTURES; }
    ItemOutcome copy(PipelineItem& item, bool keep);
    std::optional<std::string> write_copies(PipelineItem& item, const std::string& label, bool keep, bool keep_plain,
                                            std::uint64_t& lowered, bool& resolved);
    std::optional<std::string> resolve(std::size_t i, std::vector<ValueCode>& values, std::uint64_t& lowered);
    void note(std::size_t i, const WdlTable& table, bool resolved);

    const WdlJob& job_;
    const WdlPlan& plan_;
    const std::function<void(const WdlTable&)>& on_table_;
    WdlTotals& totals_;
    // The capture sectors' values, kept across tables (a sector is the
    // capture child of several) up to 1 GiB beyond what one table needs.
    VerifyTables held_;
    // --leave-out: each sector's sizes both ways, its positions and whether
    // its table is capture-resolved; the plain copies wait in plain_dir().
    std::vector<WdlSectorBytes> sizes_;
    std::vector<std::uint64_t> sector_positions_;
    std::vector<char> resolved_kind_;
};

// Copies (or keeps) table i and reports it.  Inside a table the progress
// line names the step (read, captures, write): the steps do not report how
// far they are.
ItemOutcome WdlStage::copy(PipelineItem& item, bool keep) {
    const std::size_t i = item.index();
    const TableFile& t = *plan_.tables[i];
    const TableHeader& h = t.header();
    WdlTable table;
    table.target = target(i);
    table.kept = keep;
    table.value_bytes = h.file_size;
    for (const DictEntry& d : t.dictionary()) table.positions += d.count;
    const bool keep_plain = !want_plain_copy() || (job_.resume && finished_copy(plain_copy(i), t.path(),
                                                                                TableContent::WDL, job_.write.level));
    bool resolved = keep;  // a kept table is of the kind asked for
    std::string label = std::string("[").append(std::to_string(i + 1)).append("/");
    label.append(std::to_string(plan_.tables.size())).append("] ").append(table.target);
    if (!keep || !keep_plain)
        if (auto e = write_copies(item, label, keep, keep_plain, table.lowered, resolved))
            return ItemOutcome::failed(*e);
    std::error_code ec;
    table.wdl_bytes = std::filesystem::file_size(table.target, ec);
    on_table_(table);
    note(i, table, resolved);
    if (keep) return ItemOutcome::done();
    char in_all[48];
    std::snprintf(in_all, sizeof in_all, ": %.0f s in all", item.seconds_in_all());
    item.finished([&](std::size_t) { return label + in_all; });
    totals_.lowered += table.lowered;
    totals_.written += table.positions;
    return ItemOutcome::done();
}

// The plain copy (--leave-out) and the copy asked for, as far as not kept.
std::optional<std::string> WdlStage::write_copies(PipelineItem& item, const std::string& label, bool keep,
                                                  bool keep_plain, std::uint64_t& lowered, bool& resolved) {
    const std::size_t i = item.index();
    const TableHeader& h = plan_.tables[i]->header();
    const Rules& r = *find_rules(h.rules_name);
    std::vector<ValueCode> values;
    item.update(label + ": reading", 0);
    if (auto e = plan_.tables[i]->read_all(values)) return e;
    if (!keep_plain) {
        item.update(label + ": writing the plain copy", 0);
        TableWriteOptions plain_opt = job_.write;
        plain_opt.content = TableContent::WDL;
        if (auto e = write_table(plain_copy(i), r, h.sector, values, plain_opt)) return e;
    }
    if (keep) return std::nullopt;
    TableWriteOptions this_opt = job_.write;
    if (job_.write.content == TableContent::WDL_CAPTURES) {
        item.update(label + ": capture search", 0);
        if (auto missing = resolve(i, values, lowered)) {
            std::fprintf(stderr, "mtb wdl: %s written plain: %s\n", target(i).c_str(), missing->c_str());
            this_opt.content = TableContent::WDL;
        } else {
            resolved = true;
        }
    }
    item.update(label + ": writing", 0);
    return write_table(target(i), r, h.sector, values, this_opt);
}

// Lowers `values` where a capture decides (gen/wdl_captures.h); the error
// names the capture table missing.
std::optional<std::string> WdlStage::resolve(std::size_t i, std::vector<ValueCode>& values, std::uint64_t& lowered) {
    const TableHeader& h = plan_.tables[i]->header();
    const Rules& r = *find_rules(h.rules_name);
    const std::vector<Sector> needed = capture_sectors(r, h.sector);
    held_.trim(needed, std::size_t(1) << 30);
    for (Sector c : needed)
        if (auto missing = held_.load(r, c, job_.dir, job_.write.threads)) return missing;
    std::vector<ValueCode> lowered_values;
    if (auto missing = capture_resolved_wdl(r, h.sector, values, held_, job_.write.threads, lowered_values, &lowered))
        return missing;
    values = std::move(lowered_values);
    return std::nullopt;
}

void WdlStage::note(std::size_t i, const WdlTable& table, bool resolved) {
    if (job_.leave_out) {
        std::error_code ec;
        const std::uint64_t plain_bytes =
            want_plain_copy() ? std::filesystem::file_size(plain_copy(i), ec) : table.wdl_bytes;
        sizes_.push_back({plan_.tables[i]->header().sector, table.wdl_bytes, resolved ? plain_bytes : table.wdl_bytes});
        sector_positions_.push_back(table.positions);
        resolved_kind_.push_back(resolved && want_plain_copy());
    }
    totals_.positions += table.positions;
    totals_.value_bytes += table.value_bytes;
    totals_.wdl_bytes += table.wdl_bytes;
}

void WdlStage::leave_out() {
    const Rules& r = *find_rules(plan_.tables[0]->header().rules_name);
    const std::vector<Sector> left_out = sectors_to_leave_out(r, sizes_);
    std::error_code ec;
    for (std::size_t k = 0; k < sizes_.size(); ++k) {
        const std::string target = table_path(job_.out, r, sizes_[k].sector, true),
                          plain = table_path(plain_dir(), r, sizes_[k].sector, true);
        if (std::binary_search(left_out.begin(), left_out.end(), sizes_[k].sector)) {
            std::filesystem::remove(target, ec);
            totals_.left_out_positions += sector_positions_[k];
        } else if (resolved_kind_[k] && stored_plain(r, sizes_[k].sector, left_out)) {
            std::filesystem::rename(plain, target, ec);
            // The copy is on the disk (write_table); the rename must be too.
            if (!ec)
                if (const int e = sync_parent_folder(target)) ec = std::error_code(e, std::generic_category());
            ++totals_.plain_count;
        }
        if (ec) {
            std::fprintf(stderr, "mtb wdl: %s: %s\n", target.c_str(), ec.message().c_str());
            ++totals_.failures;
            ec.clear();
        }
    }
    std::filesystem::remove_all(plain_dir(), ec);
    totals_.wdl_bytes = leave_out_bytes(r, sizes_, left_out);
    totals_.left_out_planned = true;
    totals_.left_out = left_out.size();
    totals_.sectors = sizes_.size();
}

}  // namespace

WdlPlan plan_wdl(const std::vector<std::string>& files, const std::vector<Sector>& only) {
    WdlPlan plan;
    for (const std::string& path : files) {
        std::string error;
        auto t = TableFile::open(path, error);
        if (!t) {
            std::fprintf(stderr, "mtb wdl: %s\n", error.c_str());
            ++plan.failures;
            continue;
        }
        const TableHeader& h = t->header();
        const Rules* r = find_rules(h.rules_name);
        // Under a no-capture limit the win/draw/loss depends on the counter
        // (the metric has a horizon): no WDL copy can hold it.
        if (r && Metric::native(*r).horizon()) {
            ++plan.counter_tables;
            continue;
        }
        if (h.content != TableContent::VALUES || !r) continue;
        if (!only.empty() && std::find(only.begin(), only.end(), h.sector) == only.end()) continue;
        plan.slots += h.slot_count;
        plan.tables.push_back(std::move(t));
    }
    return plan;
}

std::optional<std::string> derive_wdl(const WdlJob& job, const WdlPlan& plan,
                                      const std::function<void(const WdlTable&)>& on_table, WdlTotals& totals) {
    WdlStage stage(job, plan, on_table, totals);
    totals.failures = plan.failures;
    if (job.leave_out && job.write.content == TableContent::WDL_CAPTURES) {
        const std::string plain_dir = job.out + "/plain-copies";
        std::error_code ec;
        std::filesystem::create_directories(plain_dir, ec);
        if (ec) return plain_dir + ": " + ec.message();
    }
    PipelineOptions po;
    po.name = "wdl";
    po.progress = stderr;
    po.progress_tty = job.progress_tty;
    po.progress_interval = job.progress_interval;
    po.threads = job.write.threads;
    const PipelineResult result = run_pipeline(stage, po);
    totals.failures += int(result.failures);
    if (job.leave_out && !totals.failures && !plan.tables.empty()) stage.leave_out();
    return std::nullopt;
}

}  // namespace mtb
