// What `mtb serve` accepts from a client before any worker thread sees the
// request: the bytes received so far on a connection are checked against
// fixed size limits, so an oversized request line or header is answered at
// once (414, 431) without buffering it, and a request goes to a worker only
// when all of it, body included, has arrived.
#pragma once

#include <cstddef>
#include <string_view>

namespace mtb::cli {

struct RequestLimits {
    std::size_t max_request_line = 4096;  // "GET /api/nmm?position=... HTTP/1.1"
    std::size_t max_head = 8192;          // request line and headers
    std::size_t max_body = 4096;          // the API takes none; a small one is read and ignored
};

struct RequestCheck {
    enum Kind { INCOMPLETE, COMPLETE, REJECT } kind = INCOMPLETE;
    std::size_t size = 0;       // COMPLETE: bytes of the first request (head and body)
    int status = 0;             // REJECT: the HTTP status to answer
    std::string_view reason{};  // REJECT: why, for the answer's body
};

// Checks the start of `received` (what a connection sent so far, from the
// start of a request).  The head ends at the first empty CRLF line, as
// cpp-httplib reads it, and its lines end with CRLF (a bare LF is refused
// at once); a body must be sent with one Content-Length.
RequestCheck check_request(std::string_view received, const RequestLimits& limits);

}  // namespace mtb::cli
