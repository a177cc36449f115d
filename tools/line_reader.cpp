#include "tools/line_reader.h"

namespace mtb::cli {

LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes) {
    line.clear();
    for (std::streambuf* buf = in.rdbuf();;) {
        const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return line.empty() ? LineRead::END : LineRead::LINE;
        }
        if (c == '\n') return LineRead::LINE;
        if (line.size() == max_bytes) return LineRead::TOO_LONG;
        line += char(c);
    }
}

}  // namespace mtb::cli
