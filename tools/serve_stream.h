// cpp-httplib's view of one request on a connection: the bytes the gate
// already received (the whole request, see serve_gate.h), then the socket,
// read and written with timeouts.
#pragma once

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstring>
#include <string>

namespace mtb::cli {

class ReceivedStream : public httplib::Stream {
public:
    ReceivedStream(int fd, const std::string& received, int read_timeout_ms, int write_timeout_ms)
        : fd_(fd), received_(received), read_timeout_ms_(read_timeout_ms), write_timeout_ms_(write_timeout_ms) {}

    // Bytes of `received` that the request took.
    std::size_t consumed() const { return pos_; }

    bool is_readable() const override { return pos_ < received_.size() || ready(POLLIN, read_timeout_ms_); }
    bool is_writable() const override { return ready(POLLOUT, write_timeout_ms_); }

    ssize_t read(char* ptr, std::size_t size) override {
        if (pos_ < received_.size()) {
            const std::size_t n = std::min(size, received_.size() - pos_);
            std::memcpy(ptr, received_.data() + pos_, n);
            pos_ += n;
            return ssize_t(n);
        }
        if (!ready(POLLIN, read_timeout_ms_)) return -1;
        return recv(fd_, ptr, size, MSG_DONTWAIT);
    }
    ssize_t write(const char* ptr, std::size_t size) override {
        if (!is_writable()) return -1;
        return send(fd_, ptr, size, MSG_DONTWAIT | MSG_NOSIGNAL);
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override { address(getpeername, ip, port); }
    void get_local_ip_and_port(std::string& ip, int& port) const override { address(getsockname, ip, port); }
    int socket() const override { return fd_; }

private:
    bool ready(short events, int timeout_ms) const {
        pollfd p{fd_, events, 0};
        return poll(&p, 1, timeout_ms) > 0 && !(p.revents & POLLNVAL);
    }
    void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
        sockaddr_storage a{};
        socklen_t len = sizeof a;
        char text[INET6_ADDRSTRLEN] = "";
        port = 0;
        if (get(fd_, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
            if (a.ss_family == AF_INET) {
                const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
                inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
                port = ntohs(v4.sin_port);
            } else if (a.ss_family == AF_INET6) {
                const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
                inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
                port = ntohs(v6.sin6_port);
            }
        }
        ip = text;
    }

    int fd_;
    const std::string& received_;
    std::size_t pos_ = 0;
    int read_timeout_ms_, write_timeout_ms_;
};

}  // namespace mtb::cli
