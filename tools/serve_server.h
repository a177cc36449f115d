// cpp-httplib's server with the connection handling of serve_gate.h: its
// accepting thread hands each socket to the gate, and the gate's workers
// answer whole requests with cpp-httplib's own request handling (routes,
// error and exception handlers), one request per hand-over.
#pragma once

#include <httplib.h>

#include "tools/serve_gate.h"

namespace mtb::cli {

class GatedServer : public httplib::Server {
public:
    GatedServer(const GateLimits& limits, std::size_t threads);

    // Once bound: cpp-httplib listens with a backlog of 5, too few for a
    // burst of connections; the kernel caps this at its somaxconn.
    void widen_backlog() { ::listen(svr_sock_, 1024); }
    // Closes every connection at once, then stops listening.
    void stop_now();

private:
    bool process_and_close_socket(socket_t sock) override;
    void answer(Connection c);

    ConnectionGate gate_;
};

}  // namespace mtb::cli
