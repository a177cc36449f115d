#include "table/block_cache.h"

namespace mtb {

BlockCache::BlockCache(std::size_t capacity_bytes)
    : capacity_(capacity_bytes), shards_(std::make_unique<Shard[]>(kShards)) {}

bool BlockCache::lookup(std::uint64_t key, std::uint32_t index, std::uint16_t& symbol) {
    Shard& s = shard_of(key);
    std::lock_guard lock(s.mutex);
    auto it = s.where.find(key);
    if (it == s.where.end()) return false;
    const Block& b = *it->second;
    if (it->second != s.lru.begin()) s.lru.splice(s.lru.begin(), s.lru, it->second);
    symbol = b.width == 1 ? b.raw[index] : std::uint16_t(b.raw[index] | b.raw[b.slots + index] << 8);
    return true;
}

void BlockCache::insert(std::uint64_t key, std::vector<std::uint8_t>&& raw, std::uint8_t width) {
    Shard& s = shard_of(key);
    const std::size_t limit = capacity_ / kShards;
    std::lock_guard lock(s.mutex);
    if (s.where.count(key)) return;  // another thread was first
    std::size_t size = raw.size();
    while (!s.lru.empty() && s.bytes + size > limit) {
        s.bytes -= s.lru.back().raw.size();
        s.where.erase(s.lru.back().key);
        s.lru.pop_back();
    }
    std::uint32_t slots = std::uint32_t(raw.size() / width);
    s.lru.push_front(Block{key, std::move(raw), slots, width});
    s.where.emplace(key, s.lru.begin());
    s.bytes += size;
}

std::size_t BlockCache::bytes_used() const {
    std::size_t total = 0;
    for (int i = 0; i < kShards; ++i) {
        std::lock_guard lock(shards_[i].mutex);
        total += shards_[i].bytes;
    }
    return total;
}

}  // namespace mtb
