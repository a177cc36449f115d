// The connections of `mtb serve` between requests.  One thread watches them
// all with poll() and reads what they send, within the limits of
// serve_request_check.h and a few deadlines; only a whole request goes to a
// worker thread.  So clients that send slowly, or not at all, hold a few KB
// each and no thread: they cannot starve the workers (a thread per
// connection, as cpp-httplib does, is taken by 64 clients each sending a
// header line every few seconds), and stopping closes them without waiting.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tools/serve_pool.h"
#include "tools/serve_request_check.h"

namespace mtb::cli {

// One client connection: its socket and what it sent that no request has
// consumed yet.
struct Connection {
    int fd = -1;
    std::string received;
    std::size_t requests = 0;  // answered on this connection so far
};

struct GateLimits {
    RequestLimits request;
    // Waiting for the first byte of a request (a new or kept-alive connection).
    std::chrono::milliseconds idle{5000};
    // From a request's first byte to its last: a bound on slow senders.
    std::chrono::milliseconds receive{5000};
    // After a refusal (408, 414, 431, ...): what the client still sends is
    // read and dropped this long, so that it reads the answer instead of a reset.
    std::chrono::milliseconds linger{1000};
    // Connections held at once; beyond, the one nearest its deadline is
    // closed.  Kept under FD_SETSIZE, which cpp-httplib's socket code assumes.
    std::size_t max_connections = 768;
};

class ConnectionGate {
public:
    // `serve` answers one whole request (at the start of c.received) on a
    // worker thread, then calls finish().
    using Serve = std::function<void(Connection c)>;

    ConnectionGate(const GateLimits& limits, std::size_t threads, Serve serve);
    ~ConnectionGate();
    ConnectionGate(const ConnectionGate&) = delete;
    ConnectionGate& operator=(const ConnectionGate&) = delete;

    // A connection to watch: a new one, or one back from a request.
    void add(Connection c);
    // From a worker: the request on `c` is answered; keep it open for the
    // next one or close it.
    void finish(Connection c, bool keep_open);
    // Closes every waiting connection at once, cuts the ones being answered
    // (a client that does not read cannot hold us) and joins the threads.
    void stop();

private:
    using Clock = std::chrono::steady_clock;
    struct Waiting {
        Connection c;
        Clock::time_point deadline;
        bool receiving = false;  // a request has begun
        bool lingering = false;  // refused: dropping input until the deadline
    };

    void run();
    void intake(std::vector<Waiting>& waiting, Clock::time_point now);
    // Reads what `w` sent and decides; false when `w` is done with here.
    bool progress(Waiting& w, Clock::time_point now);
    bool decide(Waiting& w, Clock::time_point now);
    void refuse(Waiting& w, int status, std::string_view reason, Clock::time_point now);
    void dispatch(Connection c);
    void wake();
    static void close_connection(int fd);

    const GateLimits limits_;
    Serve serve_;
    BoundedPool workers_;
    int wake_fd_ = -1;
    std::mutex mutex_;
    std::vector<Connection> incoming_;  // guarded by mutex_
    std::set<int> busy_;                // guarded by mutex_: sockets a worker answers on
    bool stopping_ = false;             // guarded by mutex_
    std::thread thread_;
};

}  // namespace mtb::cli
