/*
 * mtb probe library: exact values of Morris positions from mtb tables.
 *
 * A player opens a folder of tables for one rule set, probes positions
 * from any number of threads, and closes it.  Every probe on a shared
 * handle is thread-safe in every build; there is no global state.  Table
 * files are untrusted input: damage is reported as an error, never as a
 * wrong value.  The file format is specified in table/FORMAT.md.
 *
 * Results are packed in a uint32_t: a value (read with MTB_GET_WDL() and
 * MTB_GET_PLIES()) or an error code (test with mtb_is_error(), name with
 * mtb_error_name()).  Error codes are pinned and never renumbered.
 *
 * Points are numbered in position-text order (docs/RULES.md): for the
 * 24-point boards a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2
 * d2 f2 a1 d1 g1 = 0..23; bit i of a stone set is point i.
 */
#ifndef MTB_PROBE_H
#define MTB_PROBE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) && !defined(MTB_API)
#define MTB_API __attribute__((visibility("default")))
#elif !defined(MTB_API)
#define MTB_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions ---------------------------------------------------------- */

/* The project's one version number: CMake's project() reads these three
 * lines, and `mtb --version` prints MTB_VERSION_STRING ("0.1.0"). */
#define MTB_VERSION_MAJOR 0
#define MTB_VERSION_MINOR 1
#define MTB_VERSION_PATCH 0
#define MTB_VERSION_NUMBER (MTB_VERSION_MAJOR * 10000 + MTB_VERSION_MINOR * 100 + MTB_VERSION_PATCH)
#define MTB_QUOTE_(x) #x
#define MTB_EXPAND_AND_QUOTE_(x) MTB_QUOTE_(x)
#define MTB_VERSION_STRING                   \
    MTB_EXPAND_AND_QUOTE_(MTB_VERSION_MAJOR) \
    "." MTB_EXPAND_AND_QUOTE_(MTB_VERSION_MINOR) "." MTB_EXPAND_AND_QUOTE_(MTB_VERSION_PATCH)

/*! mtb_version_number() :
 *  @return : MTB_VERSION_NUMBER of the library actually linked; compare it
 *            with the macro to catch a header/library mismatch.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API unsigned mtb_version_number(void);

/* ---- Errors ------------------------------------------------------------ */

/* Pinned values, with gaps for future codes.  Never compare a result with
 * MTB_E_MAXCODE; use mtb_is_error(). */
typedef enum {
    MTB_E_NO_ERROR = 0,
    MTB_E_GENERIC = 1,
    MTB_E_NO_TABLE = 10,         /* no table for the position's sector */
    MTB_E_INVALID_POSITION = 20, /* the position cannot arise under the rules */
    MTB_E_CORRUPT = 30,          /* a table file is damaged (checksum, layout) */
    MTB_E_IO = 40,               /* a file or folder could not be read */
    MTB_E_RULES_MISMATCH = 50,   /* a table was made for other rules (fingerprint) */
    MTB_E_UNKNOWN_RULES = 60,    /* no rule set of that name */
    MTB_E_BAD_ARGUMENT = 70,     /* a NULL pointer or malformed argument */
    MTB_E_CAPACITY = 80,         /* the caller's buffer is too small */
    MTB_E_MEMORY = 90,           /* out of memory */
    MTB_E_MAXCODE = 120
} mtb_error_code;

/*! mtb_is_error() :
 *  @return : 1 if `result` (from any mtb_ function returning uint32_t) is an
 *            error code, 0 if it is a value.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API unsigned mtb_is_error(uint32_t result);

/*! mtb_get_error_code() :
 *  @return : the mtb_error_code in `result`, or MTB_E_NO_ERROR for a value.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API mtb_error_code mtb_get_error_code(uint32_t result);

/*! mtb_error_name() :
 *  @return : a static, readable name of the error in `result` ("no table
 *            for this sector"), or "no error" for a value.  Never NULL.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API const char* mtb_error_name(uint32_t result);

/*! mtb_value_text() :
 *  The text of `result` in the one wording of every mtb edge (`mtb probe`,
 *  `mtb serve`, probe.hpp, Python): "win in 11", "loss in 0", "draw" for a
 *  DTM; "win, dtc 3" when MTB_DTC is set; "win (WDL-only table: no
 *  distance)" with MTB_WDL_ONLY; "unknown (<mtb_error_name()>)" for an
 *  error code.  Written into out[0..size) with a terminating NUL, cut to
 *  fit (nothing is written when out is NULL or size 0).
 *  @return : the length of the whole text, as snprintf(): a result >= size
 *            means it was cut.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API size_t mtb_value_text(uint32_t result, char* out, size_t size);

/* Detail of a failure, filled by the calls that take one (pass NULL when
 * the code is enough).  Owned by the caller, so threads never share it. */
typedef struct {
    uint32_t code;     /* MTB_E_NO_ERROR on success */
    char message[256]; /* one line naming the file, block or field; "" on success */
} mtb_status;

/* ---- Values ------------------------------------------------------------ */

/* A value, from the side to move's view: bits 0-1 win/draw/loss, bits 8-23
 * plies to the end with optimal play (0 for a draw).
 *
 * Under a no-capture limit L (lasker-20, L = 20) the value is exact at the
 * position's `plies_since_capture` c, and bits 8-23 hold DTC n instead (as
 * Syzygy's DTZ for the 50-move rule): the plies until the deciding capture
 * (one into a position the capturer wins at counter 0, or one leaving the
 * opponent fewer than 3 stones), counted including that capture; when the
 * loser is decided by having no legal ply, the plies to that position plus
 * one.  A WIN or LOSS always has c + n <= L; the winner keeps it by playing
 * any ply whose value for it is a WIN.  A side to move that is blocked has
 * LOSS n = 1; one below 3 stones LOSS n = 0.  See table/FORMAT.md.
 *
 * Win/draw/loss only: where a sector has no values file but a WDL-only one
 * ("<rules>_<sector>.wdl.mtb", smaller), the value has
 * bit MTB_WDL_ONLY set and plies 0, which then mean nothing: the side is
 * known to win (or lose, or draw) but not how fast.  Test with
 * MTB_HAS_PLIES().  Rule sets with a no-capture limit never use such files.
 * A player holding a WDL-only win keeps it by playing any ply whose value
 * for it is a WIN, but must itself make progress (captures, not repeating
 * positions): the value does not say which winning ply gets closer.
 * A capture-resolved WDL-only file (mtb wdl's default, smaller still) makes
 * the probe also search the position's captures in their own tables: such
 * a probe costs more: about 10x on nmm placement tables that fit the block
 * cache, 35-70x for random probes of the largest sectors (BENCHMARKS.md).
 * A set made with mtb wdl --leave-out has no table for some sectors; the
 * probe values their positions by one ply of search over the tables of the
 * sectors their plies lead to (WDL only, MTB_WDL_ONLY set, unless all of
 * those tables have distances: then the best ply's value), which costs a
 * probe per ply: 0.1 to 0.7 ms on nmm (table/FORMAT.md "Sets that leave
 * sectors out").  Where one of those tables is missing too, the result is
 * MTB_E_NO_TABLE.
 * Since v0.1. */
#define MTB_WDL_MASK 0x00000003u
#define MTB_WDL_SHIFT 0
#define MTB_PLIES_MASK 0x00FFFF00u
#define MTB_PLIES_SHIFT 8
#define MTB_LOSS 0u
#define MTB_DRAW 1u
#define MTB_WIN 2u
#define MTB_GET_WDL(v) (((v)&MTB_WDL_MASK) >> MTB_WDL_SHIFT)
#define MTB_GET_PLIES(v) (((v)&MTB_PLIES_MASK) >> MTB_PLIES_SHIFT)
#define MTB_WDL_ONLY 0x00000004u
#define MTB_HAS_PLIES(v) (((v)&MTB_WDL_ONLY) == 0)
/* Set when the distance is a DTC (plies to the next deciding capture or the
 * end of the game: tables of a rule set with a no-capture limit, and those
 * made with `mtb gen --metric dtc`), clear for a DTM (plies to the end). */
#define MTB_DTC 0x00000008u
#define MTB_IS_DTC(v) (((v)&MTB_DTC) != 0)

typedef enum { MTB_WHITE = 0, MTB_BLACK = 1 } mtb_color;

typedef struct {
    uint32_t white, black; /* stones on the board; bit i = point i */
    uint8_t white_hand, black_hand;
    uint8_t side_to_move;        /* an mtb_color */
    uint8_t plies_since_capture; /* only for rule sets with a no-capture limit (0..limit, read by
                                      every probe there); else 0 */
} mtb_pos;

#define MTB_NO_POINT 255u
#define MTB_MAX_MOVES 1024u /* no position of any rule set has more plies */

/* One ply and its value from the view of the side that plays it. */
typedef struct {
    uint8_t from; /* MTB_NO_POINT for a placement */
    uint8_t to;
    uint8_t remove; /* MTB_NO_POINT when nothing is removed */
    uint8_t reserved;
    uint32_t value; /* packed value, or an error code when its table is missing */
    char text[16];  /* move text: "d1", "d1-d2", "d1xe3", "d1-d2xe3" */
} mtb_move;

/* ---- Opening and closing ------------------------------------------------ */

typedef struct mtb_tb mtb_tb;

/*! mtb_open() :
 *  Opens the tables of rule set `rules` ("nmm", "lasker", ...) in folder
 *  `dir`, or in `dir`/<rules>/ when `dir` itself holds no table of the
 *  rule set (so "tables" and "tables/nmm" open the same; the same rule as
 *  every mtb command): files named "<rules>_<sector>.mtb".  Reads each file's header;
 *  each file is opened lazily, on the first probe that needs it, and its
 *  blocks are read (pread) as needed, so a file truncated or replaced
 *  under a running program gives MTB_E_IO or MTB_E_CORRUPT, never a
 *  crash.  Only regular files are used: an entry named like a table that
 *  is a FIFO, a folder or a dangling link is skipped, and a probe needing
 *  it says so.  One file descriptor stays open per table in use.
 *  `cache_bytes` bounds the cache of decompressed blocks (0: 64 MiB).
 *  @return : a handle, or NULL with `status` (if not NULL) saying why:
 *            MTB_E_UNKNOWN_RULES, MTB_E_IO (folder unreadable),
 *            MTB_E_RULES_MISMATCH (a table's fingerprint differs; the
 *            message names the file and both fingerprints), MTB_E_MEMORY.
 *  Note : an empty folder is not an error (every probe then needs no table
 *         or answers MTB_E_NO_TABLE, its message naming the rule set and
 *         the folders looked at; mtb_table_count() says 0).  A table whose header is damaged is
 *         reported by the probes that need it.
 *  Thread safety : any thread; handles are independent.  Since v0.1. */
MTB_API mtb_tb* mtb_open(const char* dir, const char* rules, size_t cache_bytes, mtb_status* status);

/*! mtb_close() :
 *  Frees the handle and closes its files.  mtb_close(NULL) does nothing.
 *  Thread safety : no probe may be running on `tb`.  Since v0.1. */
MTB_API void mtb_close(mtb_tb* tb);

/*! mtb_table_count() :
 *  @return : the number of tables found by mtb_open() (0 for NULL).
 *  Thread safety : any thread, on a shared `tb`.  Since v0.1. */
MTB_API size_t mtb_table_count(const mtb_tb* tb);

/* ---- Probing ------------------------------------------------------------ */

/*! mtb_probe() :
 *  The exact value of `pos` from the side to move's view.
 *  @return : packed value (read with MTB_GET_WDL(), MTB_GET_PLIES()), or an
 *            error code: MTB_E_INVALID_POSITION, MTB_E_NO_TABLE,
 *            MTB_E_CORRUPT, MTB_E_IO, MTB_E_BAD_ARGUMENT.
 *  Note : a position whose game is over is answered without a table, in
 *         the folder's metric (MTB_DTC as its tables'; an empty folder's is
 *         the rule set's own): a DRAW when the no-capture limit is reached
 *         or, where the rules say so, the board is full; a LOSS in 0 when
 *         the side to move has too few stones; a LOSS when it has no legal
 *         ply (blocked): in 0 in DTM and DTC, in 1 in DTC to a no-capture
 *         limit (lasker-20), whose clock counts the blocked side's turn.
 *         A ply to a finished game is worth the same one ply longer for
 *         the side that plays it, except that a capture is itself the
 *         deciding event of a DTC (1): mtb_probe_root, `mtb probe`, the
 *         search's root and Python rank such plies alike.
 *         From a WDL-only table the value has MTB_WDL_ONLY set and no
 *         plies (see "Values").
 *  Thread safety : any thread, on a shared `tb`.  Since v0.1. */
MTB_API uint32_t mtb_probe(const mtb_tb* tb, const mtb_pos* pos, mtb_status* status);

/*! mtb_parse_position() :
 *  Reads position text ("<cells> <side> <white hand> <black hand>
 *  [<plies since capture>]") under the handle's rule set into `out`.
 *  @return : 0 (MTB_E_NO_ERROR), or MTB_E_INVALID_POSITION as an error code.
 *  Thread safety : any thread, on a shared `tb`.  Since v0.1. */
MTB_API uint32_t mtb_parse_position(const mtb_tb* tb, const char* text, mtb_pos* out, mtb_status* status);

/*! mtb_probe_root() :
 *  Values every legal ply of `pos` from the view of the side that plays it
 *  and writes them to `moves`, best first (faster wins, then draws, then
 *  slower losses; plies whose table is missing last, with that error as
 *  their value).  `*count` receives the number of plies.  Plies valued
 *  from WDL-only tables (MTB_WDL_ONLY, no plies) rank by WDL alone: such a
 *  win after every win with plies, such a loss before every loss with
 *  plies; among themselves they keep generation order.
 *  @return : the value of `pos` (as mtb_probe()), taken from its own table
 *            or, when that is missing, from its plies once all are known;
 *            or an error code.  MTB_E_CAPACITY when `capacity` is below the
 *            number of plies (`*count` then says how many are needed;
 *            MTB_MAX_MOVES always suffices).
 *  Thread safety : any thread, on a shared `tb`.  Since v0.1. */
MTB_API uint32_t mtb_probe_root(const mtb_tb* tb, const mtb_pos* pos, mtb_move* moves, size_t capacity, size_t* count,
                                mtb_status* status);

/* ---- Rule sets, positions and moves (no tables needed) ------------------
 *
 * The game itself, so that a program in any language (the Python package
 * in python/) parses positions, lists and plays plies and reads the board
 * with the same rules code as the tables, never a copy of it. */

typedef struct mtb_rules mtb_rules; /* a rule set: static, never freed */

#define MTB_MAX_POSITION_TEXT 64u /* position text of any rule set, NUL included */
#define MTB_MAX_POINTS 32u        /* points of any board */

/*! mtb_rules_find() :
 *  @return : the rule set named `name` ("nmm", "lasker-20", ...), valid for
 *            the life of the process, or NULL with `status` (if not NULL)
 *            MTB_E_UNKNOWN_RULES (the message lists the known names) or
 *            MTB_E_BAD_ARGUMENT (NULL name).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API const mtb_rules* mtb_rules_find(const char* name, mtb_status* status);

/*! mtb_rules_of() :
 *  @return : the rule set `tb` was opened with, or NULL for NULL.
 *  Thread safety : any thread, on a shared `tb`.  Since v0.1. */
MTB_API const mtb_rules* mtb_rules_of(const mtb_tb* tb);

/*! mtb_rules_name() :
 *  @return : the rule set's name ("nmm"), static; "" for NULL.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API const char* mtb_rules_name(const mtb_rules* rules);

/*! mtb_rules_stones() :
 *  @return : stones per side, all in hand at the start (0 for NULL).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API unsigned mtb_rules_stones(const mtb_rules* rules);

/*! mtb_rules_no_capture_limit() :
 *  @return : the plies without a capture after which the game is drawn, or
 *            0 when the rule set has no such rule (0 for NULL).  When it is
 *            not 0, positions carry `plies_since_capture` and their values
 *            depend on it.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API unsigned mtb_rules_no_capture_limit(const mtb_rules* rules);

/*! mtb_point_count() :
 *  @return : the number of points of the rule set's board (0 for NULL).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API unsigned mtb_point_count(const mtb_rules* rules);

/*! mtb_point_name() :
 *  @return : the name of point `point` ("a7"), static, in position-text
 *            order; NULL when `point` is not on the board.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API const char* mtb_point_name(const mtb_rules* rules, unsigned point);

/*! mtb_adjacent() :
 *  @return : the points next to `point` along a line of the board, as a
 *            stone set (bit i = point i); 0 when `point` is not on it.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_adjacent(const mtb_rules* rules, unsigned point);

/*! mtb_mills() :
 *  Writes the board's mills, each a stone set of its three points, to
 *  `mills` (up to `capacity` of them).
 *  @return : the number of mills (more than `capacity` means some were not
 *            written; 0 for NULL `rules`).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API size_t mtb_mills(const mtb_rules* rules, uint32_t* mills, size_t capacity);

/*! mtb_start_position() :
 *  Writes the rule set's starting position (empty board, every stone in
 *  hand, White to move) to `out`.
 *  @return : 0, or MTB_E_BAD_ARGUMENT as an error code.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_start_position(const mtb_rules* rules, mtb_pos* out, mtb_status* status);

/*! mtb_position_from_text() :
 *  Reads position text ("<cells> <side> <white hand> <black hand>
 *  [<plies since capture>]") under `rules` into `out`, as
 *  mtb_parse_position() does for a handle's rule set.
 *  @return : 0, or an error code: MTB_E_INVALID_POSITION (malformed, or a
 *            position the rules cannot reach; the message says which),
 *            MTB_E_BAD_ARGUMENT.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_position_from_text(const mtb_rules* rules, const char* text, mtb_pos* out, mtb_status* status);

/*! mtb_position_to_text() :
 *  Writes the position text of `pos` (NUL-terminated) to `text`; the
 *  counter is written only for rule sets that have one.
 *  @return : 0, or an error code: MTB_E_INVALID_POSITION, MTB_E_CAPACITY
 *            (MTB_MAX_POSITION_TEXT always suffices), MTB_E_BAD_ARGUMENT.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_position_to_text(const mtb_rules* rules, const mtb_pos* pos, char* text, size_t capacity,
                                      mtb_status* status);

/* The end of the game, from the side to move's view. */
typedef enum { MTB_ONGOING = 0, MTB_GAME_LOST = 1, MTB_GAME_DRAWN = 2 } mtb_game_state;

/*! mtb_game_state_of() :
 *  @return : an mtb_game_state (MTB_GAME_LOST: the side to move has fewer
 *            stones than the rules allow or no legal ply; MTB_GAME_DRAWN: a
 *            draw rule applies), or an error code: MTB_E_INVALID_POSITION,
 *            MTB_E_BAD_ARGUMENT.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_game_state_of(const mtb_rules* rules, const mtb_pos* pos, mtb_status* status);

/*! mtb_legal_moves() :
 *  Writes every legal ply of `pos` to `moves` in the library's generation
 *  order, with `from`, `to`, `remove` and `text` set and `value` 0 (not
 *  probed); `*count` receives the number of plies (0 once the game is
 *  over).
 *  @return : 0, or an error code: MTB_E_INVALID_POSITION, MTB_E_BAD_ARGUMENT,
 *            MTB_E_CAPACITY when `capacity` is below the number of plies
 *            (`*count` then says how many are needed; MTB_MAX_MOVES always
 *            suffices).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_legal_moves(const mtb_rules* rules, const mtb_pos* pos, mtb_move* moves, size_t capacity,
                                 size_t* count, mtb_status* status);

/*! mtb_play_move() :
 *  Plays move text ("d1", "d1-d2", "d1xe3", "d1-d2xe3") in `pos`, in place:
 *  stones, hands, side to move and the no-capture counter are updated.
 *  @return : 0, or an error code: MTB_E_INVALID_POSITION (the move text is
 *            malformed or not a legal ply of `pos`, or `pos` is invalid;
 *            `pos` is then unchanged), MTB_E_BAD_ARGUMENT.
 *  Thread safety : any thread (`pos` is the caller's).  Since v0.1. */
MTB_API uint32_t mtb_play_move(const mtb_rules* rules, mtb_pos* pos, const char* move_text, mtb_status* status);

/* ---- Levels of play (no tables needed) -----------------------------------
 *
 * How strongly a player backed by the tables plays, for people and apps:
 * one choice over mtb_probe_root()'s list, shared by `mtb serve`, `mtb
 * player --level`, `mtb match` and the Python package.
 *   MTB_LEVEL_PERFECT  always the first ply of the list: the best value, the
 *                      shortest win, the longest loss.  Never leaves a table
 *                      win or draw.
 *   MTB_LEVEL_STRONG, MTB_LEVEL_MEDIUM, MTB_LEVEL_EASY  the same ply, except
 *                      with a chance of 10%, 40% and 75% a ply drawn
 *                      uniformly from every legal ply (a blunder).
 *   MTB_LEVEL_ULTRA    perfect's values, but among drawing plies the one
 *                      that gives a fallible opponent the most chances to
 *                      lose (mtb_ultra_root(), which puts it first: on its
 *                      list the level plays the first ply).  Since v0.1.
 * Their strengths against a search-only player are measured in
 * BENCHMARKS.md.  Since v0.1. */
typedef enum {
    MTB_LEVEL_PERFECT = 0,
    MTB_LEVEL_STRONG = 1,
    MTB_LEVEL_MEDIUM = 2,
    MTB_LEVEL_EASY = 3,
    MTB_LEVEL_ULTRA = 4
} mtb_level;
#define MTB_LEVEL_COUNT 5u /* levels are 0 .. MTB_LEVEL_COUNT - 1: perfect to easy strongest first, then ultra */

/*! mtb_level_name() :
 *  @return : the name of `level` ("perfect", "strong", "medium", "easy",
 *            "ultra"),
 *            static; NULL when `level` is not below MTB_LEVEL_COUNT (so a
 *            caller lists the levels by counting up to the first NULL).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API const char* mtb_level_name(unsigned level);

/*! mtb_level_blunder_rate() :
 *  @return : the chance in [0, 1] that a player of `level` plays a ply drawn
 *            from every legal ply instead of the best; -1 when `level` is
 *            not below MTB_LEVEL_COUNT.
 *  Thread safety : any thread.  Since v0.1. */
MTB_API double mtb_level_blunder_rate(unsigned level);

/*! mtb_choose_ply() :
 *  The ply a player of `level` plays among `moves`, mtb_probe_root()'s list
 *  of `count` plies (best first, values for the side playing each ply):
 *  writes its index to `*index`.  The same `seed` gives the same choice on
 *  every platform; a player draws a new seed for each ply.
 *  @return : 0, or an error code: MTB_E_NO_TABLE when the best ply's value
 *            is an error (the tables do not know the position: let a search
 *            play), MTB_E_BAD_ARGUMENT (NULL `moves` or `index`, `count` 0,
 *            or `level` not below MTB_LEVEL_COUNT).
 *  Thread safety : any thread.  Since v0.1. */
MTB_API uint32_t mtb_choose_ply(const mtb_move* moves, size_t count, unsigned level, uint64_t seed, size_t* index);

/*! mtb_ultra_root() :
 *  mtb_probe_root()'s list of the plies of `pos`, except that when the best
 *  value is a draw, the drawing ply of highest measure comes first (the
 *  others keep their order): the ply of MTB_LEVEL_ULTRA.  When `measures`
 *  is not NULL, measures[i] receives the measure of moves[i]: for a drawing
 *  ply, the chance in [0, 1] that an opponent who at each of its turns
 *  plays a uniformly random legal ply with chance 1/4 (else a uniformly
 *  random ply keeping its draw) reaches a position the tables call lost
 *  for it within its next two turns, while this side keeps choosing so; -1
 *  for every other ply (and for all when the best value is not a draw).
 *  Every leaf is a table value: no extra file.  Costs a probe per reply of
 *  the opponent over two of its turns (docs/API.md gives times).
 *  @return : as mtb_probe_root(); `capacity` counts both arrays.
 *  Thread safety : any thread, on a shared `tb`.  Since v0.1. */
MTB_API uint32_t mtb_ultra_root(const mtb_tb* tb, const mtb_pos* pos, mtb_move* moves, double* measures,
                                size_t capacity, size_t* count, mtb_status* status);

#ifdef __cplusplus
}
#endif

#endif /* MTB_PROBE_H */
