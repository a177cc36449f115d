// The worker threads of `mtb serve`: a fixed number of threads and a
// bounded queue of whole requests (serve_gate.h hands them over).
// cpp-httplib's own pool queues without limit; here enqueue() waits while
// the queue is full.
#pragma once

#include <httplib.h>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mtb::cli {

class BoundedPool : public httplib::TaskQueue {
public:
    BoundedPool(std::size_t threads, std::size_t max_queued) : max_queued_(max_queued) {
        for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
    }
    ~BoundedPool() override { shutdown(); }

    void enqueue(std::function<void()> fn) override {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [&] { return jobs_.size() < max_queued_ || stopping_; });
        jobs_.push_back(std::move(fn));
        ready_.notify_one();
    }

    void shutdown() override {
        {
            std::lock_guard lock(mutex_);
            if (stopping_ && workers_.empty()) return;
            stopping_ = true;
        }
        ready_.notify_all();
        room_.notify_all();
        for (std::thread& t : workers_) t.join();
        workers_.clear();
    }

private:
    // Runs jobs until shut down and the queue is empty: queued requests
    // are still answered before the server exits.
    void work() {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock lock(mutex_);
                ready_.wait(lock, [&] { return !jobs_.empty() || stopping_; });
                if (jobs_.empty()) return;
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            room_.notify_one();
            job();
        }
    }

    std::size_t max_queued_;
    std::mutex mutex_;
    std::condition_variable ready_, room_;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> workers_;
    bool stopping_ = false;
};

// cpp-httplib's accepting thread hands each new socket to its task queue;
// with this one it runs the handover itself (ConnectionGate::add, which
// never blocks), so accepting never waits on a worker.
class InlineQueue : public httplib::TaskQueue {
public:
    void enqueue(std::function<void()> fn) override { fn(); }
    void shutdown() override {}
};

}  // namespace mtb::cli
