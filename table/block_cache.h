// A bounded cache of decompressed table blocks, shared by all threads
// probing one handle.
//
// Blocks are kept as their raw symbols (1 or 2 bytes per slot, as in the
// file), so the cache holds twice as many slots as decoded codes would.
// The cache is split into shards, each an LRU list under its own mutex: a
// probe locks one shard briefly, so threads probing different blocks do not
// wait on each other.
//
// Thread safety: all members may be called from any number of threads.
#pragma once

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace mtb {

class BlockCache {
public:
    // capacity_bytes bounds the symbols held (each shard keeps at least one
    // block, so a tiny capacity still works, slowly).
    explicit BlockCache(std::size_t capacity_bytes);

    // Reads symbol `index` of block `key` into `symbol` if the block is
    // cached; false otherwise.
    bool lookup(std::uint64_t key, std::uint32_t index, std::uint16_t& symbol);
    // Stores a block (width: bytes per symbol; 2-byte symbols are two planes,
    // low bytes first), evicting the least recently used of its shard.
    void insert(std::uint64_t key, std::vector<std::uint8_t>&& raw, std::uint8_t width);

    std::size_t capacity_bytes() const { return capacity_; }
    std::size_t bytes_used() const;

private:
    struct Block {
        std::uint64_t key;
        std::vector<std::uint8_t> raw;
        std::uint32_t slots;
        std::uint8_t width;
    };
    struct Shard {
        mutable std::mutex mutex;
        std::list<Block> lru;  // front: most recently used
        std::unordered_map<std::uint64_t, std::list<Block>::iterator> where;
        std::size_t bytes = 0;
    };
    static constexpr int kShards = 64;
    Shard& shard_of(std::uint64_t key) {
        return shards_[(key * 0x9E3779B97F4A7C15ull) >> 58];  // top 6 bits: 64 shards
    }

    std::size_t capacity_;
    std::unique_ptr<Shard[]> shards_;
};

}  // namespace mtb
