// The pipeline runner (gen/pipeline.h) on a toy stage: finished items are
// skipped by the stage's rule (up front or in turn), a FAILED item lets the
// run go on and a STOP ends it, items run side by side keep their outcomes
// and start only after the items they need.
#include "tests/catch.hpp"

#include <atomic>
#include <mutex>
#include <set>

#include "gen/pipeline.h"

using namespace mtb;

namespace {

struct ToyStage : PipelineStage {
    std::set<std::size_t> done_before, fail, stop;
    std::size_t n = 6;
    std::vector<std::size_t> order;  // items run or skipped, as they came
    std::vector<std::size_t> numbers;
    std::mutex m;
    std::size_t items() const override { return n; }
    double work(std::size_t i) const override { return double(i + 1); }
    bool finished(std::size_t i) override { return done_before.count(i) != 0; }
    ItemOutcome skip(PipelineItem& item) override {
        std::lock_guard lock(m);
        order.push_back(item.index());
        return ItemOutcome::done();
    }
    ItemOutcome run(PipelineItem& item) override {
        const std::size_t i = item.index();
        {
            std::lock_guard lock(m);
            order.push_back(i);
        }
        if (fail.count(i)) return ItemOutcome::failed("item " + std::to_string(i) + " failed");
        if (stop.count(i)) return ItemOutcome::stop("item " + std::to_string(i) + " stopped");
        item.finished([&](std::size_t k) {
            numbers.push_back(k);
            return std::string("item");
        });
        return ItemOutcome::done();
    }
};

PipelineOptions toy_options(bool up_front, int threads = 1) {
    PipelineOptions opt;
    opt.name = "test";
    opt.skip_up_front = up_front;
    opt.threads = threads;
    return opt;
}

}  // namespace

TEST_CASE("the runner skips finished items in turn and goes on after a failed one", "[gen][pipeline]") {
    ToyStage stage;
    stage.done_before = {1, 4};
    stage.fail = {2};
    const PipelineResult res = run_pipeline(stage, toy_options(false));
    CHECK_FALSE(res.error);
    CHECK(res.failures == 1);
    CHECK(stage.order == std::vector<std::size_t>{0, 1, 2, 3, 4, 5});
    REQUIRE(res.items.size() == 6);
    CHECK(res.items[1].skipped);
    CHECK(res.items[4].skipped);
    CHECK_FALSE(res.items[0].skipped);
    CHECK(res.items[2].outcome.kind == ItemOutcome::FAILED);
}

TEST_CASE("the runner reports finished items first when skipping up front, and stops at a STOP", "[gen][pipeline]") {
    ToyStage stage;
    stage.done_before = {3, 5};
    stage.stop = {2};
    PipelineOptions opt = toy_options(true);
    opt.progress = std::tmpfile();
    opt.progress_interval = 0;
    const PipelineResult res = run_pipeline(stage, opt);
    REQUIRE(res.error);
    CHECK(*res.error == "item 2 stopped");
    // Up front the largest first (work i + 1): 4, then 2, which stops the
    // run; nothing starts after it.
    CHECK(stage.order == std::vector<std::size_t>{3, 5, 4, 2});
    // Numbers count the items reported so far, the skipped ones included.
    CHECK(stage.numbers == std::vector<std::size_t>{3});
    std::fclose(opt.progress);
}

TEST_CASE("items run side by side with teams from their work, each after the items it needs", "[gen][pipeline]") {
    // Work i + 1, one thread per 2 of work, 3 threads: items 0..2 want one
    // thread, 3 and 4 two, 5 three (fewer when a shorter wait is not worth
    // it, more when the rest of the ready items leave threads idle:
    // gen/unit_scheduler.h).  5 needs 0 and 4; 1 needs 3.
    struct SideStage : ToyStage {
        std::vector<std::size_t> needs(std::size_t i) const override {
            if (i == 5) return {0, 4};
            if (i == 1) return {3};
            return {};
        }
        std::vector<bool> ended = std::vector<bool>(6, false);
        std::vector<int> teams = std::vector<int>(6, 0);
        int early = 0;
        ItemOutcome run(PipelineItem& item) override {
            {
                std::lock_guard lock(m);
                for (std::size_t c : needs(item.index())) early += !ended[c];
                teams[item.index()] = item.team();
            }
            ItemOutcome o = ToyStage::run(item);
            std::lock_guard lock(m);
            ended[item.index()] = true;
            return o;
        }
    } stage;
    PipelineOptions opt = toy_options(true, 3);
    opt.work_per_thread = 2;
    const PipelineResult res = run_pipeline(stage, opt);
    CHECK_FALSE(res.error);
    CHECK(stage.order.size() == 6);
    CHECK(stage.early == 0);
    // The first to start: 4 (work 5, team 2) beside 0, 2 and 3, which
    // together need more than the 3 threads, so 4 gets its own team.
    CHECK(stage.teams[4] == 2);
    for (std::size_t i = 0; i < 6; ++i) {
        CHECK(stage.teams[i] >= 1);
        CHECK(stage.teams[i] <= 3);
    }
    CHECK(std::set<std::size_t>(stage.order.begin(), stage.order.end()) == std::set<std::size_t>{0, 1, 2, 3, 4, 5});
    for (const ItemRecord& rec : res.items) CHECK(rec.outcome.kind == ItemOutcome::DONE);
}
