/* A C program that uses the installed probe library: the header is plain
 * C99 and the library links from C.  Built by tests/python/test_install.py
 * (cc against the installed prefix) and tests/probe/check_install.py (a
 * find_package(mtb) project); both expect "<version>: 24 points, 24 plies". */
#include <mtb/probe.h>
#include <stdio.h>

int main(void) {
    mtb_status st;
    const mtb_rules* r = mtb_rules_find("nmm", &st);
    mtb_pos pos;
    mtb_move moves[MTB_MAX_MOVES];
    size_t n = 0;
    if (!r || mtb_version_number() != MTB_VERSION_NUMBER) return 1;
    if (mtb_is_error(mtb_start_position(r, &pos, &st))) return 2;
    if (mtb_is_error(mtb_legal_moves(r, &pos, moves, MTB_MAX_MOVES, &n, &st))) return 3;
    printf("%s: %u points, %u plies\n", MTB_VERSION_STRING, mtb_point_count(r), (unsigned)n);
    return 0;
}
