// Shared helpers for `mtb` subcommands: the dispatch table's row type and a
// small flag parser.  Handlers return exit codes (0 ok, 1 failure, 2 usage).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mtb::cli {

enum Exit { OK = 0, FAILURE = 1, USAGE = 2 };

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(std::span<char*> args);  // args[0] is the command name
    // OpenMP's idle threads sleep instead of spinning, unless the user set
    // the policy (tools/omp_waits.h): commands that run teams side by side.
    bool sleeping_omp_waits = false;
};

// Parses "--flag value", "--flag=value" and "--switch" arguments.
// Flags not named in `with_value` or `switches` are an error, and so is an
// empty value (`--tables ""` must not quietly mean the default); everything
// that does not start with "--" is positional.
class Args {
public:
    Args(std::span<char*> args, std::vector<std::string_view> with_value, std::vector<std::string_view> switches);

    const std::optional<std::string>& error() const { return error_; }
    bool has(std::string_view flag) const;
    std::optional<std::string> value(std::string_view flag) const;
    const std::vector<std::string>& positional() const { return positional_; }
    // An integer flag within [lo, hi] (parse_integer()); sets error() and
    // returns nullopt when malformed or out of range.
    std::optional<long long> integer(std::string_view flag, long long lo, long long hi) const;

private:
    std::vector<std::pair<std::string, std::string>> values_;
    std::vector<std::string> switches_;
    std::vector<std::string> positional_;
    mutable std::optional<std::string> error_;
};

// The one checked parser for whole numbers on the command line (options and
// positional numbers alike): all of `text` must be the number, within
// [lo, hi]; otherwise nullopt and `error` names `what` and the limits.
std::optional<long long> parse_integer(std::string_view text, long long lo, long long hi, std::string_view what,
                                       std::string& error);

// Limits shared by every command that takes the option.
constexpr long long kMaxThreads = 1024;

// Prints "mtb <cmd>: <message>" to stderr, cut to 1000 characters (a
// message may quote anything a user typed), and returns `code`.
int fail(std::string_view cmd, std::string_view message, int code = FAILURE);
// fail(), and with `json` also {"error": message, "exit_code": code} on
// stdout, so that a script reading --json output always gets JSON.
int fail_json(bool json, std::string_view cmd, std::string_view message, int code = FAILURE);
// The same line for a problem that does not end the command.
void warn(std::string_view cmd, std::string_view message);

}  // namespace mtb::cli
