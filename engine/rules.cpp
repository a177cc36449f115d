// The built-in rule sets (../shared/RULES.md, "Rule sets") and their fingerprint.
#include "engine/rules.h"

#include <cstddef>
#include <stdexcept>

namespace mtb {
namespace {

struct RulesRow {
    std::string_view name, board;
    int stones;
    bool move_while_in_hand;
    int fly_at;
    FlyCount fly_count;
    RemovalRule removal;
    bool full_board_draw;
    int no_capture_draw_plies;
    std::string_view description;
};

constexpr auto P = RemovalRule::PROTECTED_UNLESS_ALL_IN_MILLS;
constexpr auto N = RemovalRule::NO_REMOVAL_IF_ALL_IN_MILLS;
constexpr auto BH = FlyCount::BOARD_AND_HAND;
constexpr auto BO = FlyCount::BOARD_ONLY;

constexpr RulesRow kRules[] = {
    {"nmm", "standard24", 9, false, 3, BH, P, false, 0, "Nine Men's Morris (Muehle), flying at 3"},
    {"nmm-noflying", "standard24", 9, false, 0, BH, P, false, 0, "Nine Men's Morris without flying"},
    {"lasker", "standard24", 10, true, 3, BH, P, false, 0, "Lasker Morris: 10 stones, move while in hand"},
    {"lasker-20", "standard24", 10, true, 3, BH, P, false, 20, "Lasker Morris, draw after 20 plies without capture"},
    {"morabaraba", "diagonal24", 12, false, 3, BH, P, true, 0, "Morabaraba: diagonals, 12 stones, full board draws"},
    {"morris18", "board18", 8, false, 3, BO, N, false, 0, "18-point course variant, 8 stones"},
    {"six", "ring16", 6, false, 0, BH, P, false, 0, "Six Men's Morris, no flying"},
};

std::vector<Rules> build_all() {
    std::vector<Rules> out;
    for (const RulesRow& row : kRules) {
        Rules r;
        r.name = row.name;
        r.board = find_board(row.board);
        if (!r.board) throw std::logic_error("rule set names unknown board");
        r.stones = row.stones;
        r.move_while_in_hand = row.move_while_in_hand;
        r.fly_at = row.fly_at;
        r.fly_count = row.fly_count;
        r.removal = row.removal;
        r.full_board_draw = row.full_board_draw;
        r.no_capture_draw_plies = row.no_capture_draw_plies;
        r.description = row.description;
        out.push_back(r);
    }
    return out;
}

// FNV-1a, 64 bit: simple, stable across platforms and releases.
struct Fnv {
    std::uint64_t h = 0xcbf29ce484222325ull;
    void byte(std::uint8_t b) { h = (h ^ b) * 0x100000001b3ull; }
    void num(std::int64_t v) {
        for (int i = 0; i < 8; ++i) byte(std::uint8_t(std::uint64_t(v) >> (8 * i)));
    }
    void str(std::string_view s) {
        num(std::int64_t(s.size()));
        for (char c : s) byte(std::uint8_t(c));
    }
};

// The number of fields of an aggregate: the most initialisers T{...}
// accepts, each an AnyField (convertible to any type, never called).
struct AnyField {
    template <class T>
    operator T() const;
};
template <class T, class... F>
constexpr std::size_t field_count() {
    if constexpr (requires { T{F{}..., AnyField{}}; })
        return field_count<T, F..., AnyField>();
    else
        return sizeof...(F);
}

// Every field of Rules is hashed by fingerprint() (kValueFields, board) or
// named here as not changing table values (name, description).  A field
// added to Rules fails this until it is put in one of the two lists.
constexpr std::size_t kFieldsNotChangingValues = 2;  // name, description
static_assert(field_count<Rules>() == std::tuple_size_v<decltype(kValueFields)> + 1 + kFieldsNotChangingValues,
              "a field was added to Rules: list it in kValueFields (engine/rules.h) if it changes table values, "
              "which puts it in the fingerprint, else count it in kFieldsNotChangingValues");

}  // namespace

std::uint64_t Rules::fingerprint() const {
    Fnv f;
    f.str("mtb-rules-v1");
    f.num(board->size);
    for (const auto& n : board->point_names) f.str(n);
    f.num(std::int64_t(board->edges.size()));
    for (auto [u, v] : board->edges) f.num(u * 32 + v);
    f.num(std::int64_t(board->mills.size()));
    for (Bitboard m : board->mills) f.num(m);
    std::apply([&](auto... field) { (f.num(std::int64_t(this->*field)), ...); }, kValueFields);
    return f.h;
}

bool same_game_but_capture_counter(const Rules& a, const Rules& b) {
    Rules b_with_a_counter = b;
    b_with_a_counter.no_capture_draw_plies = a.no_capture_draw_plies;
    return a.board == b.board &&
           std::apply([&](auto... field) { return ((a.*field == b_with_a_counter.*field) && ...); }, kValueFields);
}

const std::vector<Rules>& all_rules() {
    static const std::vector<Rules> rules = build_all();
    return rules;
}

const Rules* find_rules(std::string_view name) {
    for (const Rules& r : all_rules())
        if (r.name == name) return &r;
    return nullptr;
}

std::string rules_names() {
    std::string s;
    for (const Rules& r : all_rules()) s += (s.empty() ? "" : ", ") + r.name;
    return s;
}

}  // namespace mtb
