// The built-in rule sets (docs/RULES.md, "Rule sets") and their fingerprint.
#include "engine/rules.h"

#include <cstddef>
#include <stdexcept>

namespace mtb {
namespace {

const Board* board(std::string_view name) {
    const Board* b = find_board(name);
    if (!b) throw std::logic_error("rule set names unknown board");
    return b;
}

constexpr auto N = RemovalRule::NO_REMOVAL_IF_ALL_IN_MILLS;
constexpr auto BO = FlyCount::BOARD_ONLY;

// The table of rule sets, written as Rules themselves (fields left out keep
// the defaults of engine/rules.h), so no second list of the fields exists.
std::vector<Rules> build_all() {
    return {
        {.name = "nmm",
         .board = board("standard24"),
         .stones = 9,
         .fly_at = 3,
         .description = "Nine Men's Morris (Muehle), flying at 3"},
        {.name = "nmm-noflying",
         .board = board("standard24"),
         .stones = 9,
         .fly_at = 0,
         .description = "Nine Men's Morris without flying"},
        {.name = "lasker",
         .board = board("standard24"),
         .stones = 10,
         .move_while_in_hand = true,
         .fly_at = 3,
         .description = "Lasker Morris: 10 stones, move while in hand"},
        {.name = "lasker-20",
         .board = board("standard24"),
         .stones = 10,
         .move_while_in_hand = true,
         .fly_at = 3,
         .no_capture_draw_plies = 20,
         .description = "Lasker Morris, draw after 20 plies without capture"},
        {.name = "morabaraba",
         .board = board("diagonal24"),
         .stones = 12,
         .fly_at = 3,
         .full_board_draw = true,
         .description = "Morabaraba: diagonals, 12 stones, full board draws"},
        {.name = "morris18",
         .board = board("board18"),
         .stones = 8,
         .fly_at = 3,
         .fly_count = BO,
         .removal = N,
         .description = "18-point course variant, 8 stones"},
        {.name = "six",
         .board = board("ring16"),
         .stones = 6,
         .fly_at = 0,
         .description = "Six Men's Morris, no flying"},
    };
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
