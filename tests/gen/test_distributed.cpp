// The pipeline over several processes (gen/pipeline.h, PipelineDistributor)
// without MPI: two "ranks", each a generate_units call of its own on a
// thread of its own with its own stage and results, joined by queues where
// tools/mpi_job.cpp has MPI messages.  Rank 0 schedules and solves; rank 1
// only solves what it is handed and sends the item's report back as bytes.
// This runs in every test stage (ASan, TSan), which the MPI tests do not.
#include "tests/catch.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include "cross_check.h"
#include "gen/generate.h"
#include "gen/item_report.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

using namespace mtb;
using mtb::test::scratch_dir;

namespace {

template <class T>
class Queue {
public:
    void push(T v) {
        std::lock_guard lock(m_);
        q_.push_back(std::move(v));
        cv_.notify_one();
    }
    T pop() {
        std::unique_lock lock(m_);
        cv_.wait(lock, [&] { return !q_.empty(); });
        T v = std::move(q_.front());
        q_.pop_front();
        return v;
    }

private:
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<T> q_;
};

struct Wire {
    Queue<long long> work;  // rank 0 -> rank 1: an item, -1: over
    Queue<std::string> reports;
};

class FakeRank : public PipelineDistributor {
public:
    FakeRank(Wire& wire, int rank) : wire_(wire), rank_(rank) {}
    PipelineResult run(PipelineStage& stage, const PipelineOptions& opt) override {
        if (rank_ == 0) {
            PipelineResult r = PipelineRun(stage, opt).run();
            wire_.work.push(-1);
            return r;
        }
        stage.begin();
        for (long long i; (i = wire_.work.pop()) >= 0;) {
            const ItemOutcome o = run_pipeline_item(stage, opt, std::size_t(i));
            ++served;
            ReportWriter w;
            w.put(int(o.kind));
            w.put_string(o.kind == ItemOutcome::DONE ? stage.item_report(std::size_t(i)) : o.error);
            wire_.reports.push(w.bytes());
        }
        return {};
    }
    int slots() const override { return 2; }
    // Rank 1 when it is free, else rank 0 itself (the scheduler never
    // starts more than two at once).
    ItemOutcome run_item(PipelineStage& stage, PipelineItem& item) override {
        {
            std::unique_lock lock(m_);
            if (worker_busy_) {
                lock.unlock();
                ++ran_here;
                return stage.run(item);
            }
            worker_busy_ = true;
        }
        wire_.work.push((long long)item.index());
        const std::string bytes = wire_.reports.pop();
        {
            std::lock_guard lock(m_);
            worker_busy_ = false;
        }
        ReportReader r(bytes);
        const int kind = r.get<int>();
        const std::string report = r.get_string();
        REQUIRE(r.ok());
        if (kind != ItemOutcome::DONE) return ItemOutcome::stop(report);
        return stage.take_item_report(item, report);
    }
    std::atomic<int> served{0}, ran_here{0};

private:
    Wire& wire_;
    int rank_;
    std::mutex m_;
    bool worker_busy_ = false;
};

}  // namespace

TEST_CASE("two ranks (queues for MPI): the tables and summary of one process; a rerun skips every unit",
          "[gen][pipeline][distributed]") {
    const Rules& r = *find_rules("six");
    const std::vector<SolveUnit> units = solve_units(r);
    const std::string d1 = scratch_dir("dist1"), d2 = scratch_dir("dist2");
    std::vector<UnitResult> one;
    GenOptions o1;
    o1.dir = d1;
    o1.threads = 1;
    REQUIRE(!generate_units(r, units, o1, one));

    // Both ranks solve into d2; returns the units rank 1 and rank 0 solved.
    auto two_ranks = [&](std::vector<UnitResult>& at0) {
        Wire wire;
        FakeRank rank0(wire, 0), rank1(wire, 1);
        std::vector<UnitResult> at1;
        GenOptions o0 = o1, o1b = o1;
        o0.dir = o1b.dir = d2;
        o0.distributor = &rank0;
        o1b.distributor = &rank1;
        std::optional<std::string> err1;
        std::thread t([&] { err1 = generate_units(r, units, o1b, at1); });
        const auto err0 = generate_units(r, units, o0, at0);
        t.join();
        REQUIRE(!err0);
        REQUIRE(!err1);
        return std::pair<int, int>(rank1.served.load(), rank0.ran_here.load());
    };
    std::vector<UnitResult> two;
    const auto [served, here] = two_ranks(two);
    CHECK(served > 5);  // rank 1 solved units ...
    CHECK(here > 5);    // ... and so did rank 0, side by side
    REQUIRE(two.size() == one.size());
    int compared = 0;
    for (std::size_t u = 0; u < units.size(); ++u) {
        // Rank 0's results of units rank 1 solved came as bytes: the same counts.
        REQUIRE(two[u].sectors.size() == one[u].sectors.size());
        CHECK(!two[u].skipped);
        for (std::size_t k = 0; k < one[u].sectors.size(); ++k) {
            const SectorStats &a = one[u].sectors[k], &b = two[u].sectors[k];
            CHECK(a.sector == b.sector);
            CHECK((a.positions == b.positions && a.wins == b.wins && a.losses == b.losses && a.draws == b.draws &&
                   a.longest_win == b.longest_win));
        }
        CHECK(two[u].team == 1);
        for (Sector s : units[u].sectors) {
            std::vector<ValueCode> a, b;
            REQUIRE(!load_table(d1 + "/" + table_file_name(r, s), r, s, a));
            REQUIRE(!load_table(d2 + "/" + table_file_name(r, s), r, s, b));
            CHECK(a == b);
            ++compared;
        }
    }
    CHECK(compared > 50);
    // The same command again: every unit finished, none handed out.
    std::vector<UnitResult> again;
    const auto [served2, here2] = two_ranks(again);
    CHECK(served2 == 0);
    CHECK(here2 == 0);
    for (const UnitResult& u : again) CHECK(u.skipped);
    std::filesystem::remove_all(d1);
    std::filesystem::remove_all(d2);
}
