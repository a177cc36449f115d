#include "tools/cli.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace mtb::cli {

Args::Args(std::span<char*> args, std::vector<std::string_view> with_value, std::vector<std::string_view> switches) {
    auto known = [](const std::vector<std::string_view>& v, std::string_view f) {
        return std::find(v.begin(), v.end(), f) != v.end();
    };
    for (size_t i = 1; i < args.size(); ++i) {
        std::string_view a = args[i];
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

std::optional<long long> Args::integer(std::string_view flag, long long lo, long long hi) {
    auto v = value(flag);
    if (!v) return std::nullopt;
    long long n = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
    if (ec != std::errc() || p != v->data() + v->size() || n < lo || n > hi) {
        error_ = std::string(flag) + " must be a whole number from " + std::to_string(lo) + " to " +
                 std::to_string(hi) + ", got '" + *v + "'";
        return std::nullopt;
    }
    return n;
}

int fail(std::string_view cmd, std::string_view message, int code) {
    std::fprintf(stderr, "mtb %.*s: %.*s\n", int(cmd.size()), cmd.data(), int(message.size()), message.data());
    return code;
}

}  // namespace mtb::cli
