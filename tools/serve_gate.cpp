#include "tools/serve_gate.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>

namespace mtb::cli {
namespace {

std::string_view status_text(int status) {
    switch (status) {
        case 400:
            return "Bad Request";
        case 408:
            return "Request Timeout";
        case 413:
            return "Payload Too Large";
        case 414:
            return "URI Too Long";
        case 431:
            return "Request Header Fields Too Large";
    }
    return "Error";
}

// The whole answer to a refused request; small enough for the socket's
// send buffer, so one non-blocking send() writes it.
std::string refusal(int status, std::string_view reason) {
    const std::string body = "{\"error\":\"" + std::string(reason) + "\"}";
    return "HTTP/1.1 " + std::to_string(status) + " " + std::string(status_text(status)) +
           "\r\nContent-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\nConnection: close\r\nAccess-Control-Allow-Origin: *\r\nX-Content-Type-Options: nosniff\r\n\r\n" + body;
}

}  // namespace

ConnectionGate::ConnectionGate(const GateLimits& limits, std::size_t threads, Serve serve)
    // Every connection is waiting here, queued or being answered: a queue of
    // max_connections never makes dispatch() wait.
    : limits_(limits), serve_(std::move(serve)), workers_(threads, limits.max_connections + threads) {
    wake_fd_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    thread_ = std::thread([this] { run(); });
}

void ConnectionGate::close_connection(int fd) {
    shutdown(fd, SHUT_RDWR);
    close(fd);
}

void ConnectionGate::wake() {
    const std::uint64_t one = 1;
    [[maybe_unused]] ssize_t n = write(wake_fd_, &one, sizeof one);
}

void ConnectionGate::add(Connection c) {
    {
        std::lock_guard lock(mutex_);
        // poll() has no such limit, but cpp-httplib's select() code would
        // answer 500 on a socket past FD_SETSIZE.
        if (!stopping_ && c.fd < FD_SETSIZE) {
            incoming_.push_back(std::move(c));
            c.fd = -1;
        }
    }
    if (c.fd >= 0) return close_connection(c.fd);
    wake();
}

void ConnectionGate::finish(Connection c, bool keep_open) {
    {
        std::lock_guard lock(mutex_);
        busy_.erase(c.fd);
        if (keep_open && !stopping_) {
            incoming_.push_back(std::move(c));
            c.fd = -1;
        }
    }
    if (c.fd >= 0) return close_connection(c.fd);
    wake();
}

void ConnectionGate::dispatch(Connection c) {
    {
        std::lock_guard lock(mutex_);
        busy_.insert(c.fd);
    }
    workers_.enqueue([this, c = std::move(c)]() mutable {
        // Queued when stop() came: its socket is shut down, so its answer
        // could not be sent; computing it would only delay the exit.
        {
            std::lock_guard lock(mutex_);
            if (stopping_) {
                busy_.erase(c.fd);
                close_connection(c.fd);
                return;
            }
        }
        serve_(std::move(c));
    });
}

void ConnectionGate::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && !thread_.joinable()) return;
        stopping_ = true;
        // A worker blocked writing to a client that does not read returns now.
        for (int fd : busy_) shutdown(fd, SHUT_RDWR);
    }
    wake();
    if (thread_.joinable()) thread_.join();
    workers_.shutdown();
    for (Connection& c : incoming_) close_connection(c.fd);
    incoming_.clear();
}

ConnectionGate::~ConnectionGate() {
    stop();
    // Closed only here: a thread that handed a connection over just before
    // stop() may still be about to wake() us.
    close(wake_fd_);
}

void ConnectionGate::intake(std::vector<Waiting>& waiting, Clock::time_point now) {
    std::vector<Connection> fresh;
    {
        std::lock_guard lock(mutex_);
        fresh.swap(incoming_);
    }
    for (Connection& c : fresh) {
        Waiting w{std::move(c), now + limits_.idle};
        // A kept-alive connection may already hold its next request.
        if (!w.c.received.empty()) w.receiving = true, w.deadline = now + limits_.receive;
        if (decide(w, now)) waiting.push_back(std::move(w));
    }
    // Over the limit: close those nearest their deadline (the slowest
    // senders, or idle ones), so that new clients are still served.
    while (waiting.size() > limits_.max_connections) {
        auto oldest = std::min_element(waiting.begin(), waiting.end(),
                                       [](const Waiting& a, const Waiting& b) { return a.deadline < b.deadline; });
        close_connection(oldest->c.fd);
        std::swap(*oldest, waiting.back());
        waiting.pop_back();
    }
}

void ConnectionGate::refuse(Waiting& w, int status, std::string_view reason, Clock::time_point now) {
    const std::string answer = refusal(status, reason);
    [[maybe_unused]] ssize_t n = send(w.c.fd, answer.data(), answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    shutdown(w.c.fd, SHUT_WR);
    w.c.received.clear();
    w.c.received.shrink_to_fit();
    w.lingering = true;
    w.deadline = now + limits_.linger;
}

bool ConnectionGate::decide(Waiting& w, Clock::time_point now) {
    const RequestCheck check = check_request(w.c.received, limits_.request);
    if (check.kind == RequestCheck::REJECT) refuse(w, check.status, check.reason, now);
    if (check.kind != RequestCheck::COMPLETE) return true;
    dispatch(std::move(w.c));
    return false;
}

bool ConnectionGate::progress(Waiting& w, Clock::time_point now) {
    char buf[16384];
    // Never more than a request may hold: the limit is checked on every read.
    const std::size_t room = limits_.request.max_head + limits_.request.max_body + 1 - w.c.received.size();
    const std::size_t want = w.lingering ? sizeof buf : std::min(sizeof buf, room);
    const ssize_t n = recv(w.c.fd, buf, want, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return true;
    if (n <= 0) return close_connection(w.c.fd), false;
    if (w.lingering) return true;
    if (!w.receiving) w.receiving = true, w.deadline = now + limits_.receive;
    w.c.received.append(buf, std::size_t(n));
    return decide(w, now);
}

void ConnectionGate::run() {
    std::vector<Waiting> waiting;
    std::vector<pollfd> fds;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (stopping_) break;
        }
        Clock::time_point now = Clock::now();
        intake(waiting, now);

        fds.assign(1, pollfd{wake_fd_, POLLIN, 0});
        Clock::time_point next = now + std::chrono::seconds(1);
        for (const Waiting& w : waiting) {
            fds.push_back(pollfd{w.c.fd, POLLIN, 0});
            next = std::min(next, w.deadline);
        }
        const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
        poll(fds.data(), fds.size(), int(std::max<long long>(wait, 0)));
        if (fds[0].revents) {
            std::uint64_t count;
            [[maybe_unused]] ssize_t n = read(wake_fd_, &count, sizeof count);
        }

        // `fds[i + 1]` is `waiting[i]` as it was before this pass; keep the
        // order while removing, so the two stay aligned.
        now = Clock::now();
        std::size_t kept = 0;
        for (std::size_t i = 0; i < waiting.size(); ++i) {
            Waiting& w = waiting[i];
            bool keep = true;
            if (fds[i + 1].revents) keep = progress(w, now);
            if (keep && now >= w.deadline) {
                if (w.lingering || !w.receiving) {
                    close_connection(w.c.fd);
                    keep = false;
                } else {
                    refuse(w, 408, "request not received in time", now);
                }
            }
            if (keep && kept != i) waiting[kept] = std::move(w);
            kept += keep;
        }
        waiting.resize(kept);
    }
    for (Waiting& w : waiting) close_connection(w.c.fd);
}

}  // namespace mtb::cli
