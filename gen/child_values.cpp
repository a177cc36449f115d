#include "gen/child_values.h"

#include "probe/table_reader.h"
#include "probe/table_writer.h"

namespace mtb {

std::optional<std::string> ChildValues::load(const Rules& r, const std::vector<Sector>& sectors,
                                             const std::string& dir) {
    for (Sector s : sectors) {
        if (has(s)) continue;
        std::vector<ValueCode> values;
        std::string path = dir + "/" + table_file_name(r, s);
        if (auto err = load_table(path, r, s, values)) return err;
        SectorIndex index(r, s);
        if (values.size() != index.slots())
            return path + ": holds " + std::to_string(values.size()) + " slots, the index has " +
                   std::to_string(index.slots());
        entries_.push_back(Entry{s, std::move(index), std::move(values)});
    }
    return std::nullopt;
}

void ChildValues::add(const Rules& r, Sector s, std::vector<ValueCode> values) {
    entries_.push_back(Entry{s, SectorIndex(r, s), std::move(values)});
}

bool ChildValues::has(Sector s) const {
    for (const Entry& e : entries_)
        if (e.sector == s) return true;
    return false;
}

std::size_t ChildValues::memory_bytes() const {
    std::size_t n = 0;
    for (const Entry& e : entries_) n += e.values.size() * sizeof(ValueCode) + e.index.memory_bytes();
    return n;
}

}  // namespace mtb
