#include "tools/mpi_job.h"

#include <cstdlib>

#if MTB_MPI
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "gen/item_report.h"
#endif

namespace mtb::cli {

const char* mpi_launcher_variable() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
        if (std::getenv(v)) return v;
    return nullptr;
}

#if MTB_MPI
namespace {

constexpr int kWorkTag = 1;    // rank 0 -> worker: an item's index, or -1: the run is over
constexpr int kReportTag = 2;  // worker -> rank 0: the item's outcome and report
// How often a waiting rank looks for a message.  Open MPI's blocking calls
// spin on a core; a rank that waits for hours (for its next unit, or rank
// 0 for a report) should not take a core from the solving threads.
constexpr auto kPoll = std::chrono::milliseconds(2);

// What rank 0 prints when the job is stopped under it (a rank died and
// mpirun ends the others with SIGTERM, or the job was cancelled): kept
// ready as text, since a signal handler can only write it.
char stop_text[2][4096];
std::atomic<int> stop_current{-1};

extern "C" void on_stop(int sig) {
    const int k = stop_current.load();
    if (k >= 0) {
        const char* t = stop_text[k];
        ssize_t ignored = ::write(STDERR_FILENO, t, std::strlen(t));
        (void)ignored;
    }
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

class MpiJobImpl final : public MpiJob {
public:
    MpiJobImpl(std::string command, int rank, int size, bool share_memory)
        : command_(std::move(command)), rank_(rank), size_(size), share_memory_(share_memory) {
        for (int k = size - 1; k >= 0; --k) free_.push_back(k);
        busy_.assign(std::size_t(size), -1);
    }
    ~MpiJobImpl() override {
        if (rank_ == 0) release_workers();
        MPI_Finalize();
    }
    PipelineDistributor* distributor() override { return size_ > 1 ? this : nullptr; }
    int slots() const override { return size_; }
    bool workers_share_memory() const override { return share_memory_; }

    PipelineResult run(PipelineStage& stage, const PipelineOptions& opt) override {
        if (rank_ != 0) serve(stage, opt);
        stage_ = &stage;
        update_stop_text();
        std::signal(SIGTERM, on_stop);
        std::signal(SIGINT, on_stop);
        PipelineResult result = PipelineRun(stage, opt).run();
        release_workers();
        return result;
    }

    ItemOutcome run_item(PipelineStage& stage, PipelineItem& item) override {
        const int k = take_rank(item.index());
        ItemOutcome o;
        if (k == 0) {
            o = stage.run(item);
        } else {
            const long long i = (long long)item.index();
            {
                std::lock_guard lock(mpi_);
                MPI_Send(&i, 1, MPI_LONG_LONG, k, kWorkTag, MPI_COMM_WORLD);
            }
            const std::string bytes = receive_report(k);
            ReportReader r(bytes);
            const auto kind = r.get<int>();
            o.error = r.get_string();
            const std::string report = r.get_string();
            if (!r.ok())
                o = ItemOutcome::stop("rank " + std::to_string(k) + " sent a report cut short");
            else if (kind == ItemOutcome::DONE)
                o = stage.take_item_report(item, report);
            else
                o.kind = ItemOutcome::Kind(kind);
        }
        give_back_rank(k);
        return o;
    }

private:
    // A worker: runs the items rank 0 hands it until it says the run is
    // over, then ends the process.
    [[noreturn]] void serve(PipelineStage& stage, const PipelineOptions& opt) {
        // As rank 0 does when it takes the folder: a write over a file-size
        // limit fails with EFBIG (and is reported) instead of killing us.
        std::signal(SIGXFSZ, SIG_IGN);
        stage.begin();
        for (;;) {
            int ready = 0;
            while (MPI_Iprobe(0, kWorkTag, MPI_COMM_WORLD, &ready, MPI_STATUS_IGNORE), !ready)
                std::this_thread::sleep_for(kPoll);
            long long i = -1;
            MPI_Recv(&i, 1, MPI_LONG_LONG, 0, kWorkTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (i < 0) break;
            const ItemOutcome o = run_pipeline_item(stage, opt, std::size_t(i));
            ReportWriter w;
            w.put(int(o.kind));
            w.put_string(o.error);
            w.put_string(o.kind == ItemOutcome::DONE ? stage.item_report(std::size_t(i)) : std::string());
            MPI_Send(w.bytes().data(), int(w.bytes().size()), MPI_BYTE, 0, kReportTag, MPI_COMM_WORLD);
        }
        MPI_Finalize();
        std::fflush(nullptr);
        std::exit(0);
    }

    std::string receive_report(int k) {
        for (;;) {
            {
                std::lock_guard lock(mpi_);
                int ready = 0;
                MPI_Status st;
                MPI_Iprobe(k, kReportTag, MPI_COMM_WORLD, &ready, &st);
                if (ready) {
                    int n = 0;
                    MPI_Get_count(&st, MPI_BYTE, &n);
                    std::string bytes(std::size_t(n), '\0');
                    MPI_Recv(bytes.data(), n, MPI_BYTE, k, kReportTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    return bytes;
                }
            }
            std::this_thread::sleep_for(kPoll);
        }
    }

    // Every worker is told the run is over (once): rank 0 calls this
    // however its run ended, so that no rank waits for ever.
    void release_workers() {
        std::lock_guard lock(mpi_);
        if (released_) return;
        released_ = true;
        const long long over = -1;
        for (int k = 1; k < size_; ++k) MPI_Send(&over, 1, MPI_LONG_LONG, k, kWorkTag, MPI_COMM_WORLD);
    }

    // A free rank (the scheduler starts no more items than there are ranks).
    int take_rank(std::size_t item) {
        std::lock_guard lock(free_mutex_);
        const int k = free_.back();
        free_.pop_back();
        busy_[std::size_t(k)] = (long long)item;
        update_stop_text();
        return k;
    }
    void give_back_rank(int k) {
        std::lock_guard lock(free_mutex_);
        free_.push_back(k);
        busy_[std::size_t(k)] = -1;
        update_stop_text();
    }

    // The stop message with what each rank was doing (free_mutex_ held, or
    // before any item starts): written into the buffer not in use, then
    // made the one in use.
    void update_stop_text() {
        const bool gen = command_ == "gen";
        std::string t = "mtb " + command_ + ": the MPI job was stopped (a rank died or the job was cancelled)";
        std::string running;
        for (int k = 0; k < size_; ++k)
            if (busy_[std::size_t(k)] >= 0)
                running.append(running.empty() ? "" : ", ")
                    .append(stage_->item_name(std::size_t(busy_[std::size_t(k)])))
                    .append(" on rank ")
                    .append(std::to_string(k));
        if (!running.empty()) t.append(" while ").append(gen ? "solving " : "checking ").append(running);
        t.append(gen ? ". Tables written so far are whole and kept; run the same command again to go on: "
                       "finished units are skipped.\n"
                     : ". Run the same command again with --journal FILE to go on: files it records sound "
                       "are skipped.\n");
        const int next = stop_current.load() == 0 ? 1 : 0;
        std::snprintf(stop_text[next], sizeof stop_text[next], "%s", t.c_str());
        stop_current.store(next);
    }

    std::string command_;
    int rank_, size_;
    bool share_memory_;
    PipelineStage* stage_ = nullptr;
    std::mutex mpi_;  // one MPI call at a time (MPI_THREAD_SERIALIZED)
    bool released_ = false;
    std::mutex free_mutex_;
    std::vector<int> free_;        // ranks without an item, lowest last
    std::vector<long long> busy_;  // the item on each rank, -1: none
};

}  // namespace

std::unique_ptr<MpiJob> join_mpi_job(const std::string& command, std::string& error) {
    if (!mpi_launcher_variable()) return nullptr;
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        error = "cannot start MPI (MPI_Init_thread failed)";
        return nullptr;
    }
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_SERIALIZED) {
        // Rank 0 waits for several ranks from threads of its own.
        if (rank == 0)
            error = "the MPI library gives threads no MPI calls (MPI_THREAD_SERIALIZED needed); run without mpirun";
        MPI_Finalize();
        if (rank != 0) std::exit(1);
        return nullptr;
    }
    // Ranks that share a node share its memory: then the units running
    // together keep the scheduler's memory rule (one rank per node: none).
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    int on_node = 1, most_on_a_node = 1;
    MPI_Comm_size(node, &on_node);
    MPI_Comm_free(&node);
    MPI_Allreduce(&on_node, &most_on_a_node, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return std::make_unique<MpiJobImpl>(command, rank, size, most_on_a_node > 1);
}

#else

std::unique_ptr<MpiJob> join_mpi_job(const std::string& command, std::string& error) {
    if (const char* v = mpi_launcher_variable())
        error = std::string("started by an MPI launcher (") + v +
                " is set), but this mtb was built without MPI (cmake -DMTB_MPI=ON, with libopenmpi-dev): run mtb " +
                command + " without mpirun, or rebuild";
    return nullptr;
}

#endif

}  // namespace mtb::cli
