#include "probe/table_set.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <new>
#include <tuple>

#include "table/capture_scan.h"
#include "table/rule_decided.h"
#include "table/table_folder.h"
#include "table/table_identity.h"

namespace mtb {
namespace {

// The first kHeaderSize bytes of a file (plain POSIX: this runs once per
// file when a folder is opened, and iostreams cost more than the read).
// O_NONBLOCK: a FIFO named like a table must not block the open.
bool read_header_bytes(const std::string& path, std::uint8_t* out) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return false;
    struct stat st;
    ssize_t got = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? ::pread(fd, out, kHeaderSize, 0) : -1;
    ::close(fd);
    return got == ssize_t(kHeaderSize);
}

}  // namespace

TableSet::TableSet(const Rules& r, std::size_t cache_bytes)
    : rules_(r),
      metric_(Metric::native(r)),
      cache_(std::make_unique<BlockCache>(cache_bytes ? cache_bytes : kDefaultCacheBytes)) {}

std::unique_ptr<TableSet> TableSet::open(const std::string& named_dir, const Rules& r, std::size_t cache_bytes,
                                         TbStatus& status, std::string& message) {
    namespace fs = std::filesystem;
    std::unique_ptr<TableSet> set(new TableSet(r, cache_bytes));
    const TableFolder folder = find_tables_folder(named_dir, r.name);
    const std::string& dir = folder.dir;
    set->dir_ = dir;
    if (!folder.has_tables) set->no_tables_ = no_tables_message(folder);
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) {
        status = TbStatus::IO;
        message = dir + ": cannot read folder: " + ec.message();
        return nullptr;
    }
    // (sector, win/draw/loss only, path): a sector's values file sorts
    // before its WDL-only file and wins over it.  Under a no-capture limit
    // a table's values depend on the counter, which WDL-only files drop, so
    // they are not used there (the metric has a horizon).
    std::vector<std::tuple<Sector, bool, std::string>> found;
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        Sector s;
        bool wdl = false;
        if (!parse_table_file_name(it->path().filename().string(), r.name, s, &wdl)) continue;
        if (wdl && set->metric_.horizon()) continue;
        if (std::string why = why_skipped(it->path().string()); !why.empty())
            set->skipped_.emplace(s.key(), it->path().string() + ": " + why);
        else
            found.emplace_back(s, wdl, it->path().string());
    }
    if (ec) {
        status = TbStatus::IO;
        message = dir + ": cannot read folder: " + ec.message();
        return nullptr;
    }
    std::sort(found.begin(), found.end());  // a stable table numbering
    std::string metric_from;                // the first values file's path: it set metric_
    for (auto& [s, wdl, path] : found) {
        if (set->by_sector_.count(s.key())) continue;  // the values file came first
        auto e = std::make_unique<Entry>();
        e->sector = s;
        e->wdl_only = wdl;
        e->path = path;
        e->id = std::uint32_t(set->entries_.size());
        // The header decides whether the table belongs to these rules.  A
        // damaged header is not fatal here; the probes needing it say so.
        std::uint8_t bytes[kHeaderSize];
        TableHeader h;
        if (read_header_bytes(path, bytes) && !decode_header(bytes, h)) {
            if (h.rules_name != r.name || h.rules_fingerprint != r.fingerprint()) {
                char buf[200];
                std::snprintf(buf, sizeof buf,
                              ": made for rule set '%s' with fingerprint %016llx; '%s' here has fingerprint %016llx",
                              h.rules_name.c_str(), (unsigned long long)h.rules_fingerprint, r.name.c_str(),
                              (unsigned long long)r.fingerprint());
                status = TbStatus::MISMATCH;
                message = path + buf;
                return nullptr;
            }
            // One metric a folder: its distances mean one thing.
            const std::optional<Metric> m = table_metric(r, h);
            if (h.content == TableContent::VALUES && m) {
                if (metric_from.empty()) {
                    set->metric_ = *m;
                    metric_from = path;
                } else if (*m != set->metric_) {
                    status = TbStatus::MISMATCH;
                    message = path + ": holds " + m->name() + " values, but " + metric_from + " holds " +
                              set->metric_.name() + " values: a folder holds one metric";
                    return nullptr;
                }
            }
        }
        set->by_sector_.emplace(s.key(), e.get());
        set->entries_.push_back(std::move(e));
    }
    status = TbStatus::OK;
    return set;
}

std::vector<Sector> TableSet::sectors() const {
    std::vector<Sector> v;
    for (const auto& e : entries_) v.push_back(e->sector);
    return v;
}

void TableSet::load(const Entry& e) const {
    std::string error;
    bool io = false;
    e.file = TableFile::open(e.path, error, &io);
    if (!e.file) {
        e.status = io ? TbStatus::IO : TbStatus::CORRUPT;
        e.error = error;
        return;
    }
    if (auto m = e.file->check_matches(rules_, e.sector, metric_)) {
        e.status = TbStatus::MISMATCH;
        e.error = *m;
    } else if (is_wdl_only(e.file->header().content) != e.wdl_only) {
        e.status = TbStatus::CORRUPT;
        e.error = e.path + (e.wdl_only ? ": named win/draw/loss only, but holds values"
                                       : ": holds win/draw/loss only, not values");
    } else {
        try {
            e.index = std::make_unique<SectorIndex>(rules_, e.sector);
        } catch (const std::bad_alloc&) {
            e.status = TbStatus::MEMORY;
            e.error = e.path + ": out of memory building the index";
        } catch (const std::exception& x) {
            e.status = TbStatus::CORRUPT;
            e.error = e.path + ": " + x.what();
        }
        if (!e.index) {
            e.file.reset();
            return;
        }
        if (e.index->slots() != e.file->slots()) {
            e.status = TbStatus::CORRUPT;
            e.error = e.path + ": " + std::to_string(e.file->slots()) + " slots, but the index has " +
                      std::to_string(e.index->slots());
        }
    }
    if (e.status != TbStatus::OK) {
        e.file.reset();
        e.index.reset();
    }
}

const TableSet::Entry* TableSet::ready(Sector s, std::string* message, TbStatus& status) const {
    auto it = by_sector_.find(s.key());
    if (it == by_sector_.end()) {
        status = TbStatus::NO_TABLE;
        if (!message) return nullptr;
        if (auto skipped = skipped_.find(s.key()); skipped != skipped_.end())
            *message = skipped->second;
        else if (!no_tables_.empty())
            *message = no_tables_;
        else
            *message = "no table for sector " + s.name() + " (file " + table_file_name(rules_, s) +
                       "; make it with: mtb gen --rules " + rules_.name + " --sectors " + s.name() +
                       (metric_.is_dtc() && !metric_.horizon() ? " --metric dtc" : "") + " --out " + dir_ + ")";
        return nullptr;
    }
    const Entry& e = *it->second;
    std::call_once(e.once, [&] { load(e); });
    status = e.status;
    if (status != TbStatus::OK) {
        if (message) *message = e.error;
        return nullptr;
    }
    return &e;
}

TbStatus TableSet::lookup(const Entry& e, std::uint64_t slot, ValueCode& out, std::string* message) const {
    const TableHeader& h = e.file->header();
    std::uint32_t b = std::uint32_t(slot / h.block_slots);
    std::uint32_t i = std::uint32_t(slot % h.block_slots);
    std::uint64_t key = std::uint64_t(e.id) << 32 | b;
    std::uint16_t symbol;
    if (!cache_->lookup(key, i, symbol)) {
        std::vector<std::uint8_t> raw;
        bool io = false;
        if (auto err = e.file->read_block_symbols(b, raw, &io)) {
            if (message) *message = *err;
            return io ? TbStatus::IO : TbStatus::CORRUPT;
        }
        std::uint32_t n = h.slots_in_block(b);
        symbol = h.symbol_width == 1 ? raw[i] : std::uint16_t(raw[i] | raw[n + i] << 8);
        cache_->insert(key, std::move(raw), h.symbol_width);
    }
    out = e.file->code_of(symbol);
    return TbStatus::OK;
}

TbStatus TableSet::stored_value(const Entry& e, NormalPosition n, ValueCode& out, std::string* message) const {
    if (e.file->header().rule_decided) {
        // The folder's metric is the file's (load() checked it); a
        // win/draw/loss file's codes need none.
        out = rule_decided_code(rules_, metric_, e.file->header().content, e.sector, n);
        if (out != VALUE_NONE) return TbStatus::OK;
    }
    return lookup(e, e.index->slot_of(n), out, message);
}

bool TableSet::searched(Sector s) const {
    if (has_table(s) || skipped_.count(s.key()) || metric_.horizon() || !valid_sector(rules_, s)) return false;
    for (Sector c : successor_sectors(rules_, s))
        if (!has_table(c)) return false;  // s itself among them too: a sector cannot rest on itself
    return true;
}

TbStatus TableSet::value(Sector s, NormalPosition n, ValueCode& out, std::string* message) const {
    TbStatus st;
    int wdl = 0;
    if (searched(s)) {
        st = ply_search(s, n, -2, 2, wdl, message);
    } else {
        const Entry* e = ready(s, message, st);
        if (!e) return st;
        if (!captures_decide(*e)) return stored_value(*e, n, out, message);
        st = capture_search(*e, n, -2, 2, wdl, message);
    }
    if (st == TbStatus::OK) out = wdl_only_code(wdl);
    return st;
}

TbStatus TableSet::wdl_search(Sector s, NormalPosition n, int alpha, int beta, int& out, std::string* message) const {
    if (searched(s)) return ply_search(s, n, alpha, beta, out, message);
    TbStatus st;
    const Entry* e = ready(s, message, st);
    return e ? capture_search(*e, n, alpha, beta, out, message) : st;
}

// A sector left out of a set (searched()) is valued from its children,
// which all have tables: the end of the game as the solver scores it, else
// the best ply, fail-hard, stopping at the first that reaches beta.
TbStatus TableSet::ply_search(Sector s, NormalPosition n, int alpha, int beta, int& out, std::string* message) const {
    const Position p = denormalise(s, n, WHITE);
    switch (outcome(rules_, p)) {
        case Outcome::LOSS:
            out = -1;
            return TbStatus::OK;
        case Outcome::DRAW:
            out = 0;
            return TbStatus::OK;
        case Outcome::ONGOING:
            break;
    }
    for (const Move& m : MoveList(rules_, p)) {
        const PlyChild c = ply_child(s, n, m);
        int v = -1;  // a ply that leaves the opponent too few stones wins
        if (!wins_at_once(rules_, c))
            if (TbStatus st = wdl_search(c.sector, c.position, -beta, -alpha, v, message); st != TbStatus::OK)
                return st;
        if (-v > alpha) alpha = -v;
        if (alpha >= beta) break;
    }
    out = alpha;
    return TbStatus::OK;
}

// The stored value of a WDL_CAPTURES table is a lower bound that the best
// capture lifts to the true value (FORMAT.md "Capture-resolved
// win/draw/loss files"); the captures' values come from their own sectors'
// tables, searched the same way where those are WDL_CAPTURES too.  A
// fail-hard alpha-beta over captures only: the search stops at the first
// capture that reaches beta, and a child whose stored value already
// refutes the bound needs no search of its own.  Each capture removes a
// stone, so the depth is at most the stones on the board.
TbStatus TableSet::capture_search(const Entry& e, NormalPosition n, int alpha, int beta, int& out,
                                  std::string* message) const {
    ValueCode code;
    TbStatus st = stored_value(e, n, code, message);
    if (st != TbStatus::OK) return st;
    const int stored = wdl_sign(code);
    if (!captures_decide(e) || stored >= beta) {
        out = stored;
        return TbStatus::OK;
    }
    alpha = std::max(alpha, stored);
    const CaptureScan scan = scan_captures(rules_, e.sector, n, [&](const PlyChild& c) {
        int v = 0;
        st = wdl_search(c.sector, c.position, -beta, -alpha, v, message);
        if (st != TbStatus::OK) return false;
        if (-v > alpha) alpha = -v;
        return alpha < beta;
    });
    if (st != TbStatus::OK) return st;
    out = scan == CaptureScan::WINS ? 1 : alpha;
    return TbStatus::OK;
}

}  // namespace mtb
