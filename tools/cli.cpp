#include "tools/cli.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "tools/json_out.h"

namespace mtb::cli {

Args::Args(std::span<char*> args, std::vector<std::string_view> with_value, std::vector<std::string_view> switches) {
    auto known = [](const std::vector<std::string_view>& v, std::string_view f) {
        return std::find(v.begin(), v.end(), f) != v.end();
    };
    for (size_t i = 1; i < args.size(); ++i) {
        std::string_view a = args[i];
        if (a == "-h" && known(switches, "--help")) {  // -h is help in every command
            switches_.emplace_back("--help");
            continue;
        }
        if (a.size() < 3 || a.substr(0, 2) != "--") {
            positional_.emplace_back(a);
            continue;
        }
        std::string_view name = a, val;
        bool inline_value = false;
        if (auto eq = a.find('='); eq != std::string_view::npos) {
            name = a.substr(0, eq);
            val = a.substr(eq + 1);
            inline_value = true;
        }
        if (known(with_value, name)) {
            if (!inline_value) {
                if (i + 1 >= args.size()) {
                    error_ = std::string(name) + " needs a value";
                    return;
                }
                val = args[++i];
            }
            if (val.empty()) {
                error_ = std::string(name) + " needs a value, got an empty one";
                return;
            }
            values_.emplace_back(name, val);
        } else if (known(switches, name) && !inline_value) {
            switches_.emplace_back(name);
        } else {
            error_ = "unknown option " + std::string(name);
            return;
        }
    }
}

bool Args::has(std::string_view flag) const {
    if (std::find(switches_.begin(), switches_.end(), flag) != switches_.end()) return true;
    return value(flag).has_value();
}

std::optional<std::string> Args::value(std::string_view flag) const {
    std::optional<std::string> v;
    for (const auto& [k, val] : values_)
        if (k == flag) v = val;  // the last one wins, as in git
    return v;
}

std::optional<long long> Args::integer(std::string_view flag, long long lo, long long hi) const {
    auto v = value(flag);
    if (!v) return std::nullopt;
    std::string error;
    auto n = parse_integer(*v, lo, hi, flag, error);
    if (!n && !error_) error_ = error;
    return n;
}

std::optional<long long> parse_integer(std::string_view text, long long lo, long long hi, std::string_view what,
                                       std::string& error) {
    long long n = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || p != text.data() + text.size() || n < lo || n > hi) {
        // The value is echoed, but bounded: it may be anything a user typed.
        std::string shown(text.substr(0, 40));
        if (text.size() > 40) shown += "...";
        error = std::string(what) + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                ", got '" + shown + "'";
        return std::nullopt;
    }
    return n;
}

void warn(std::string_view cmd, std::string_view message) {
    // Bounded: a message may quote input, and a reader that never drains
    // stderr must not block us on a long one.
    constexpr std::size_t kMaxMessage = 1000;
    const bool cut = message.size() > kMaxMessage;
    if (cut) message = message.substr(0, kMaxMessage);
    std::fprintf(stderr, "mtb %.*s: %.*s%s\n", int(cmd.size()), cmd.data(), int(message.size()), message.data(),
                 cut ? "..." : "");
}

int fail(std::string_view cmd, std::string_view message, int code) {
    warn(cmd, message);
    return code;
}

int fail_json(bool json, std::string_view cmd, std::string_view message, int code) {
    if (json) {
        Json j;
        j["error"] = std::string(message.substr(0, 1000));
        j["exit_code"] = code;
        // Not json_out's dump(): this file is also linked where the probe
        // library is not (the protocol fuzzer), and dump() lives beside
        // code that needs it.  The same settings.
        std::printf("%s\n", j.dump(-1, ' ', false, Json::error_handler_t::replace).c_str());
    }
    return fail(cmd, message, code);
}

}  // namespace mtb::cli
