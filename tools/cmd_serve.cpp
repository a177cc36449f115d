// mtb serve: the tables of a folder as a JSON API and a page to explore
// them in a browser (see serve_api.h for the API).
#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/json_out.h"
#include "tools/serve_api.h"
#include "tools/serve_server.h"
#include "tools/serve_static.h"

namespace mtb::cli {
namespace {

const char* kServeHelp =
    "usage: mtb serve [--tables DIR] [--host 127.0.0.1] [--port 8080] [--threads N]\n"
    "\n"
    "Serves every rule set whose tables are in DIR (one sub-folder per rule\n"
    "set, as mtb gen writes them: DIR/nmm/, DIR/six/, ...) as a JSON API and a\n"
    "page to explore them: open http://HOST:PORT/ in a browser.\n"
    "\n"
    "  GET /api/rules                          the rule sets served\n"
    "  GET /api/<rules>?position=<text>        value, plies, every ply best first\n"
    "  GET /api/<rules>/mainline?position=...  the line of best play (\"cut\" says\n"
    "                                          why it stops short, e.g. on\n"
    "                                          win/draw/loss-only tables)\n"
    "  GET /api/<rules>/board                  points, edges and mills to draw\n"
    "  GET /api/<rules>/play/<level>[/<seed>]?position=...\n"
    "                                          the ply a player of that level\n"
    "                                          plays: perfect, strong, medium, easy,\n"
    "                                          ultra (with \"measure\" on a draw)\n"
    "\n"
    "Position text as mtb probe reads it; \"_\" may stand for a space, as in\n"
    "lichess links (?position=W.W.....B.........B.B..W_w_0_0).\n"
    "The page takes ?rules=, ?position=, and ?play=w|b&level=... to play a\n"
    "side against the tables.  Full reference: docs/API.md.\n"
    "\n"
    "  --tables DIR   default: $MTB_TABLES, else tables/\n"
    "  --host H       address to listen on (default 127.0.0.1: this machine only;\n"
    "                 0.0.0.0 serves the network)\n"
    "  --port P       default 8080; 0 picks a free port\n"
    "  --threads N    worker threads, 1..256 (default 64): each answers one\n"
    "                 request at a time; waiting connections take none\n"
    "\n"
    "Prints \"listening on http://HOST:PORT/\" on stdout once ready; stops on\n"
    "SIGINT or SIGTERM.\n";

// Limits on what a client may send: a request is a path and a short query.
constexpr std::size_t kMaxBody = 4096;
constexpr std::size_t kDefaultThreads = 64;

void set_json(httplib::Response& res, int status, const std::string& body) {
    res.status = status;
    res.set_content(body, "application/json");
    // A public read-only API: any page may call it.
    res.set_header("Access-Control-Allow-Origin", "*");
}

void routes(httplib::Server& svr, const TablebaseService& service) {
    svr.Get(R"(/api/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
        const std::string* position = nullptr;
        auto it = req.params.find("position");
        if (it != req.params.end()) position = &it->second;
        if (req.params.count("position") > 1) return set_json(res, 400, dump(Json{{"error", "give one position"}}));
        ApiResponse a = service.handle(req.matches[1].str(), position);
        set_json(res, a.status, a.body);
    });
    svr.Get(R"(/[^/]*)", [](const httplib::Request& req, httplib::Response& res) {
        const StaticFile* f = find_static(req.path);
        if (!f) return set_json(res, 404, dump(Json{{"error", "not found"}}));
        res.set_content(f->body.data(), f->body.size(), std::string(f->content_type).c_str());
        // Everything the page needs comes from this server.
        res.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self'; img-src 'self' data:");
    });
    svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        // Only for answers no route filled (unknown path, bad request line,
        // too large a request): ours already carry a JSON body.
        if (res.body.empty())
            set_json(res, res.status, dump(Json{{"error", "HTTP status " + std::to_string(res.status)}}));
    });
    svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        set_json(res, 500, dump(Json{{"error", "internal error"}}));
    });
    svr.set_post_routing_handler(
        [](const httplib::Request&, httplib::Response& res) { res.set_header("X-Content-Type-Options", "nosniff"); });
}

}  // namespace

int cmd_serve(std::span<char*> args) {
    Args a(args, {"--tables", "--host", "--port", "--threads"}, {"--help"});
    if (a.has("--help")) return std::fputs(kServeHelp, stdout), OK;
    auto port = a.integer("--port", 0, 65535);
    auto threads = a.integer("--threads", 1, 256);
    if (a.error()) return fail("serve", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("serve", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    std::string dir = a.value("--tables").value_or("");
    if (dir.empty()) {
        const char* env = std::getenv("MTB_TABLES");
        dir = env && *env ? env : "tables";
    }
    const std::string host = a.value("--host").value_or("127.0.0.1");

    TablebaseService service(dir);
    for (const std::string& w : service.warnings()) warn("serve", w);
    if (service.rule_names().empty()) return fail("serve", dir + ": no tables of any rule set (run mtb gen first)");

    // SIGINT and SIGTERM are taken by one thread with sigwait(), which may
    // call stop(); blocked before any other thread starts, so all inherit it.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    signal(SIGPIPE, SIG_IGN);

    // Connections wait in the gate, which holds no thread for them; each
    // worker answers one whole request at a time, so a handful of threads
    // serve many clients, and slow or idle ones take none.
    const std::size_t n_threads = threads ? std::size_t(*threads) : kDefaultThreads;
    GateLimits limits;
    limits.request.max_body = kMaxBody;
    GatedServer svr(limits, n_threads);
    svr.set_payload_max_length(kMaxBody);
    svr.set_tcp_nodelay(true);
    // cpp-httplib's default also sets SO_REUSEPORT, with which a second
    // server binds a busy port and takes a share of its requests.
    svr.set_socket_options([](socket_t sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    routes(svr, service);

    int bound = -1;
    errno = 0;
    if (port && *port) {
        if (svr.bind_to_port(host, int(*port))) bound = int(*port);
    } else if (!port) {
        if (svr.bind_to_port(host, 8080)) bound = 8080;
    } else {
        bound = svr.bind_to_any_port(host);
    }
    if (bound >= 0) svr.widen_backlog();
    if (bound < 0) {
        std::string why = errno == EADDRINUSE ? ": the port is in use (another mtb serve?)"
                          : errno             ? std::string(": ") + std::strerror(errno)
                                              : "";
        return fail("serve", "cannot listen on " + host + ":" + std::to_string(port.value_or(8080)) + why);
    }

    std::string names;
    for (const auto& n : service.rule_names()) names += (names.empty() ? "" : ", ") + n;
    std::printf("listening on http://%s:%d/ (%s; %zu threads)\n", host.c_str(), bound, names.c_str(), n_threads);
    std::fflush(stdout);

    std::atomic<bool> stopping{false};
    std::thread stopper([&] {
        int sig = 0;
        sigwait(&stop_signals, &sig);
        stopping = true;
        svr.stop_now();
    });
    const bool ok = svr.listen_after_bind();
    // listen() ended on its own (an error): wake the stopper to let it go.
    if (!stopping) kill(getpid(), SIGTERM);
    stopper.join();
    return ok ? OK : fail("serve", "the server stopped on an error");
}

}  // namespace mtb::cli
