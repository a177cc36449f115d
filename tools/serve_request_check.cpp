#include "tools/serve_request_check.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace mtb::cli {
namespace {

bool same_name(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

RequestCheck reject(int status, std::string_view reason) { return {RequestCheck::REJECT, 0, status, reason}; }

}  // namespace

RequestCheck check_request(std::string_view received, const RequestLimits& limits) {
    const std::size_t line_end = received.find('\n');
    if (line_end == std::string_view::npos ? received.size() > limits.max_request_line
                                           : line_end + 1 > limits.max_request_line)
        return reject(414, "request line too long");
    if (line_end == std::string_view::npos) return {};

    // The blank line that ends the head: "\r\n" right after a line's "\n".
    const std::size_t blank = received.find("\n\r\n", line_end);
    // Every line of the head ends with CRLF.  A bare LF would never end
    // the head here: refused at once rather than waited on until 408.
    const std::string_view head_so_far =
        received.substr(0, blank == std::string_view::npos ? received.size() : blank + 3);
    for (std::size_t lf = head_so_far.find('\n'); lf != std::string_view::npos; lf = head_so_far.find('\n', lf + 1))
        if (lf == 0 || head_so_far[lf - 1] != '\r') return reject(400, "request lines must end with CRLF");
    if (blank == std::string_view::npos ? received.size() > limits.max_head : blank + 3 > limits.max_head)
        return reject(431, "request headers too large");
    if (blank == std::string_view::npos) return {};
    const std::size_t head_size = blank + 3;

    // A body is read by cpp-httplib on the worker; here it is waited for
    // first, so that a client sending it slowly holds no thread.
    std::size_t body = 0;
    bool has_length = false;
    std::string_view headers = received.substr(line_end + 1, blank - line_end);
    while (!headers.empty()) {
        const std::size_t eol = std::min(headers.find('\n'), headers.size());
        const std::string_view line = headers.substr(0, eol);
        headers.remove_prefix(std::min(eol + 1, headers.size()));
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos) continue;
        const std::string_view name = line.substr(0, colon), value = trim(line.substr(colon + 1));
        if (same_name(name, "Transfer-Encoding")) return reject(400, "request bodies need a Content-Length");
        if (!same_name(name, "Content-Length")) continue;
        // Two lengths are two readings of one request (cpp-httplib takes
        // the first): the shape of request smuggling.
        if (has_length) return reject(400, "more than one Content-Length");
        has_length = true;
        auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), body);
        if (ec == std::errc::result_out_of_range) return reject(413, "request body too large");
        if (ec != std::errc() || end != value.data() + value.size()) return reject(400, "bad Content-Length");
        if (body > limits.max_body) return reject(413, "request body too large");
    }
    if (received.size() < head_size + body) return {};
    return {RequestCheck::COMPLETE, head_size + body, 0, {}};
}

}  // namespace mtb::cli
