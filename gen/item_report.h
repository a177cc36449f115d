// The bytes of an item's report (gen/pipeline.h, item_report): what a
// worker process of a run over several processes sends back to the
// scheduling one.  Plain values and strings in order; both ends are the
// same binary, so no byte order or versions.
#pragma once

#include <cstring>
#include <string>
#include <type_traits>

namespace mtb {

class ReportWriter {
public:
    template <class T>
    void put(const T& v) {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    void put_string(const std::string& s) {
        put(s.size());
        bytes_.append(s);
    }
    const std::string& bytes() const { return bytes_; }

private:
    std::string bytes_;
};

// Reads what a ReportWriter wrote; ok() is false once a read ran past the end.
class ReportReader {
public:
    explicit ReportReader(const std::string& bytes) : bytes_(bytes) {}
    template <class T>
    T get() {
        static_assert(std::is_trivially_copyable_v<T>);
        T v{};
        if (bytes_.size() - at_ < sizeof v) return ok_ = false, v;
        std::memcpy(&v, bytes_.data() + at_, sizeof v);
        at_ += sizeof v;
        return v;
    }
    std::string get_string() {
        const std::size_t n = get<std::size_t>();
        if (!ok_ || bytes_.size() - at_ < n) return ok_ = false, std::string();
        at_ += n;
        return bytes_.substr(at_ - n, n);
    }
    bool ok() const { return ok_; }

private:
    const std::string& bytes_;
    std::size_t at_ = 0;
    bool ok_ = true;
};

}  // namespace mtb
