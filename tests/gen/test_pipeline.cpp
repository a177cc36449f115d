// The pipeline runner (gen/pipeline.h) on a toy stage: finished items are
// skipped by the stage's rule (up front or in turn), a FAILED item lets the
// run go on and a STOP ends it, items run side by side keep their outcomes.
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
    CHECK(stage.order == std::vector<std::size_t>{3, 5, 0, 1, 2});
    // Numbers count the items reported so far, the skipped ones included.
    CHECK(stage.numbers == std::vector<std::size_t>{3, 4});
    std::fclose(opt.progress);
}

TEST_CASE("items run side by side each get one thread and their own outcome", "[gen][pipeline]") {
    struct SideStage : ToyStage {
        std::atomic<int> max_team{0};
        std::vector<PipelineBatch> schedule(const std::vector<std::size_t>& to_run, int) override {
            PipelineBatch b;
            for (std::size_t i : to_run) (i < 4 ? b.side_by_side : b.one_by_one).push_back(i);
            return {b};
        }
        ItemOutcome run(PipelineItem& item) override {
            if (item.index() < 4) CHECK(item.team() == 1);
            if (item.index() >= 4) CHECK(item.team() == 3);
            return ToyStage::run(item);
        }
    } stage;
    const PipelineResult res = run_pipeline(stage, toy_options(true, 3));
    CHECK_FALSE(res.error);
    CHECK(stage.order.size() == 6);
    CHECK(std::set<std::size_t>(stage.order.begin(), stage.order.begin() + 4) == std::set<std::size_t>{0, 1, 2, 3});
    CHECK(stage.order[4] == 4);
    CHECK(stage.order[5] == 5);
}
