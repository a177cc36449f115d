// The runner of every long job over a list of items (units of sectors for
// mtb gen, table files for mtb wdl and mtb verify): it plans the work (the
// items and their sizes in positions), holds the output folder's lock,
// skips the items an earlier run finished (by the stage's own rule),
// shows progress and an ETA (gen/progress_line.h) and keeps each item's
// outcome.  What an item is and how it is done is the stage's: gen
// (gen/generate.h), the WDL derivation (gen/wdl_stage.h) and the verifier
// (tools/verify_stage.h).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "gen/output_lock.h"
#include "gen/progress_line.h"

namespace mtb {

class PipelineDistributor;

struct PipelineOptions {
    std::string name;  // the command, for messages: "gen" prints "mtb gen: ..."
    // Not empty: the folder is created, locked against a second writer
    // (gen/output_lock.h) and cleared of the temporary files of a run that
    // was killed while writing.  mtb wdl and mtb verify take no lock.
    std::string lock_dir;
    std::FILE* progress = nullptr;  // progress lines; null: none
    bool progress_tty = false;      // redraw one line instead of printing lines
    double progress_interval = 10;  // seconds between lines
    int threads = 1;                // the threads of the run (the largest team)
    // Up front only: an item gets one thread per work_per_thread of its
    // work (gen/unit_scheduler.h); 0: every item gets every thread.
    double work_per_thread = 0;
    // How finished items are skipped.  Up front (gen): every item is
    // checked before any work, the finished ones are reported first and
    // left out of the progress total.  In turn (wdl, verify): each item is
    // checked when its turn comes, and a finished one leaves the total then.
    bool skip_up_front = false;
    // Not null: items run on the workers of a job over several processes,
    // started as in up-front mode (each worker is one of the scheduler's
    // threads; `threads` are each worker's own).
    PipelineDistributor* distributor = nullptr;
};

// What became of one item.
struct ItemOutcome {
    enum Kind { DONE, FAILED, STOP } kind = DONE;  // FAILED: the run goes on; STOP: it ends
    std::string error;                             // FAILED, STOP: why
    static ItemOutcome done() { return {}; }
    static ItemOutcome failed(std::string e) { return {FAILED, std::move(e)}; }
    static ItemOutcome stop(std::string e) { return {STOP, std::move(e)}; }
};

struct ItemRecord {
    bool skipped = false;  // finished by an earlier run
    double seconds = 0;
    ItemOutcome outcome;
};

class PipelineRun;

// The runner's view for the item a stage is working on.  Thread-safe: units
// of mtb gen run side by side.
class PipelineItem {
public:
    PipelineItem(PipelineRun& run, std::size_t index, int team, bool elsewhere = false)
        : run_(run), index_(index), team_(team), elsewhere_(elsewhere), start_(std::chrono::steady_clock::now()) {}
    std::size_t index() const { return index_; }
    int team() const { return team_; }  // threads the item may use
    // The item runs for a scheduling process elsewhere (run_pipeline_item):
    // what it would print or record goes into the stage's item_report().
    bool elsewhere() const { return elsewhere_; }
    int run_threads() const;     // the threads of the run
    std::size_t count() const;   // items in all
    std::size_t number() const;  // "[n/N]": one more than the items reported so far
    bool has_progress() const;
    // Where the item is, with `work_done` of its own work (positions) done
    // (items running side by side add up).
    void update(const std::string& what, double work_done);
    // The item is done: its work counts as done and text(n) is printed,
    // n being its number among the items reported (text is called only
    // when there is a progress line).
    void finished(const std::function<std::string(std::size_t n)>& text);
    double seconds_in_all() const;  // since the work began

private:
    PipelineRun& run_;
    std::size_t index_;
    int team_;
    bool elsewhere_;
    std::chrono::steady_clock::time_point start_;
};

class PipelineStage {
public:
    virtual ~PipelineStage() = default;
    // Called once the output folder is held, before any item is checked.
    virtual void begin() {}
    virtual std::size_t items() const = 0;
    virtual double work(std::size_t i) const = 0;  // positions, for the progress and ETA
    // Item i in messages ("5v4,4v5", a file name); default: its number.
    virtual std::string item_name(std::size_t i) const { return std::to_string(i + 1); }
    // The resume rule: whether an earlier run finished item i.
    virtual bool finished(std::size_t i) = 0;
    // Reports item i, finished earlier (may still do small work).
    virtual ItemOutcome skip(PipelineItem& item) = 0;
    virtual ItemOutcome run(PipelineItem& item) = 0;
    // Up front only: the items whose output item i reads, finished before
    // it starts (gen/unit_scheduler.h); default: none.
    virtual std::vector<std::size_t> needs(std::size_t) const { return {}; }
    // A run over several processes (PipelineDistributor): what running item
    // i elsewhere() left in this process (its results, its lines), as bytes
    // for the scheduling process, which takes them in place of its own run
    // of the item.
    virtual std::string item_report(std::size_t) { return {}; }
    virtual ItemOutcome take_item_report(PipelineItem&, const std::string&) { return ItemOutcome::done(); }
};

struct PipelineResult {
    std::optional<std::string> error;  // the error that stopped the run
    std::size_t failures = 0;          // items FAILED
    std::vector<ItemRecord> items;
};

// A run over several processes (an MPI job, tools/mpi_job.h): the
// scheduling process runs the pipeline as usual, but hands each started
// item to one of `slots()` workers (processes) instead of a thread of its
// own; the others only run the items it hands them.
class PipelineDistributor {
public:
    virtual ~PipelineDistributor() = default;
    // The whole run, in whichever process this is (run_pipeline calls it).
    virtual PipelineResult run(PipelineStage& stage, const PipelineOptions& opt) = 0;
    // Items at once, one per worker: the scheduler's threads.
    virtual int slots() const = 0;
    // Whether some workers share a machine's memory: then the items
    // running together keep the scheduler's memory rule
    // (gen/unit_scheduler.h); workers each on a machine of their own run
    // one item each whatever the sum.
    virtual bool workers_share_memory() const { return true; }
    // Runs item.index() on a free worker and returns its outcome (in the
    // scheduling process, from a thread of its own per item).
    virtual ItemOutcome run_item(PipelineStage& stage, PipelineItem& item) = 0;
};

// Runs `stage` to its end or its first STOP.  A FAILED item's error is
// printed to stderr as "mtb NAME: error".
PipelineResult run_pipeline(PipelineStage& stage, const PipelineOptions& opt);

// Runs item i of `stage` alone, elsewhere() (no lock, no progress line,
// opt.threads threads), for a worker of a run over several processes; the
// caller sends stage.item_report(i) back.  stage.begin() must be called first.
ItemOutcome run_pipeline_item(PipelineStage& stage, const PipelineOptions& opt, std::size_t i);

// The state of one run (used by PipelineItem).
class PipelineRun {
public:
    PipelineRun(PipelineStage& stage, const PipelineOptions& opt) : stage_(stage), opt_(opt) {}
    PipelineResult run();
    ItemOutcome run_alone(std::size_t i);

private:
    friend class PipelineItem;
    std::optional<std::string> take_folder();
    std::optional<std::string> skip_finished_up_front(std::vector<bool>& finished);
    void start_progress(double total);
    void run_scheduled(const std::vector<bool>& finished);
    ItemOutcome run_one(std::size_t i, int team);
    void run_in_turn(std::size_t i);
    void record(std::size_t i, const ItemOutcome& o, bool skipped, double seconds);

    PipelineStage& stage_;
    const PipelineOptions& opt_;
    PipelineResult result_;
    OutputLock lock_;
    std::optional<ProgressLine> line_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    mutable std::mutex mutex_;
    double done_ = 0;              // work of the items finished
    double partial_done_ = 0;      // work done in the items running
    std::vector<double> partial_;  // ... in item i
    std::size_t reported_ = 0;     // items finished, skipped or failed
    std::vector<bool> counted_;    // item i counted in reported_
};

}  // namespace mtb
