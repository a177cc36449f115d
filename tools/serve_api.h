// The JSON API of `mtb serve`, apart from HTTP so it can be called and
// tested directly.  In the lichess tablebase API's terms (docs/API.md
// documents every field):
//   GET /api/rules                        the rule sets served, with their start positions
//                                         and a position their tables answer
//   GET /api/<rules>?position=TEXT        value, plies and every ply best first
//   GET /api/<rules>/mainline?position=   the line of best play
//   GET /api/<rules>/board                points with coordinates, edges, mills
//   GET /api/<rules>/play/<level>[/<seed>]?position=
//                                         the ply a player of that level plays
// Every answer is a JSON object; errors are {"error": "..."} with the HTTP
// status saying which kind (400 bad input, 404 unknown rules or path, 503
// damaged or unreadable table).  A legal position no table holds answers
// 200 with category "unknown".
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rules.h"
#include "probe/prober.h"
#include "tools/serve_stats.h"

namespace mtb::cli {

struct ApiResponse {
    int status = 200;
    std::string body;  // JSON
};

// The rule sets of one tables folder, opened once and then probed from any
// number of threads (every member but the locked table figures is const
// after construction).
class TablebaseService {
public:
    // Opens DIR/<rules>/ for every rule set with such a sub-folder, and DIR
    // itself for a rule set whose tables lie directly in it.  Problems
    // (a rules mismatch, an unreadable folder) are collected in warnings().
    explicit TablebaseService(const std::string& dir);

    const std::vector<std::string>& warnings() const { return warnings_; }
    std::vector<std::string> rule_names() const;

    // `path` is what follows "/api/" (already percent-decoded by the server);
    // `position` is the query parameter, or nullptr when absent.
    ApiResponse handle(std::string_view path, const std::string* position) const;

private:
    struct Served {
        const Rules* rules;
        std::string dir;
        std::unique_ptr<TableSet> set;
        std::unique_ptr<Prober> prober;      // over *set
        std::optional<std::string> example;  // a position the tables answer (serve_example.h)
    };
    std::map<std::string, Served, std::less<>> served_;
    std::vector<std::string> warnings_;
    SectorFigureCache stats_;
};

}  // namespace mtb::cli
