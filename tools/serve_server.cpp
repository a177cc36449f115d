#include "tools/serve_server.h"

#include "tools/serve_stream.h"

namespace mtb::cli {
namespace {

// Requests answered on one connection before it is closed.
constexpr std::size_t kKeepAliveRequests = 100;
// The request is already received; reading more means the client claimed
// more than it sent.  A write waits this long on a client that does not read.
constexpr int kReadTimeoutMs = 1000;
constexpr int kWriteTimeoutMs = 5000;

}  // namespace

GatedServer::GatedServer(const GateLimits& limits, std::size_t threads)
    : gate_(limits, threads, [this](Connection c) { answer(std::move(c)); }) {
    new_task_queue = [] { return new InlineQueue; };
    set_keep_alive_max_count(kKeepAliveRequests);
    set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(limits.idle).count());
}

bool GatedServer::process_and_close_socket(socket_t sock) {
    gate_.add(Connection{sock, {}, 0});
    return true;
}

void GatedServer::answer(Connection c) {
    bool keep_open = false;
    try {
        ReceivedStream stream(c.fd, c.received, kReadTimeoutMs, kWriteTimeoutMs);
        const bool last = ++c.requests >= kKeepAliveRequests;
        bool client_closes = false;
        const bool ok = process_request(stream, last, client_closes, nullptr);
        c.received.erase(0, stream.consumed());
        keep_open = ok && !last && !client_closes;
    } catch (...) {
        // Handler exceptions are answered by the exception handler; anything
        // else (memory) closes this connection, not the server.
    }
    gate_.finish(std::move(c), keep_open);
}

void GatedServer::stop_now() {
    gate_.stop();
    stop();
}

}  // namespace mtb::cli
