// The C++ wrapper's edge of the value text test (value_text_edges.py):
//   value_text_hpp DIR RULES  <  position texts, one a line
// prints, per line, mtb::ProbeResult::text() of the position (probe.hpp),
// then of each ply of mtb_probe_root's list as "<ply> <text>", then "--".
#include <iostream>
#include <string>
#include <vector>

#include "mtb/probe.hpp"

int main(int argc, char** argv) {
    if (argc != 3) return std::cerr << "usage: value_text_hpp DIR RULES < positions\n", 2;
    mtb::Tables tables(argv[1], argv[2]);
    if (!tables.ok()) return std::cerr << tables.status().message << "\n", 1;
    for (std::string line; std::getline(std::cin, line);) {
        mtb_pos pos;
        mtb_status st;
        if (mtb_is_error(mtb_parse_position(tables.handle(), line.c_str(), &pos, &st)))
            return std::cerr << line << ": " << st.message << "\n", 1;
        std::vector<mtb_move> moves;
        const mtb::ProbeResult own = tables.probe(pos);
        tables.probe_root(pos, moves);
        std::cout << own.text() << "\n";
        for (const mtb_move& m : moves) std::cout << m.text << " " << mtb::ProbeResult{m.value}.text() << "\n";
        std::cout << "--\n";
    }
    return 0;
}
