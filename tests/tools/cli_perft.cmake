# `mtb perft` as a user meets it: the count is the last line, --divide and
# --moves agree with plain runs, and bad input gives exit 1 or 2 with one
# line on stderr, never a crash.  Run by ctest as
#   cmake -DMTB=path/to/mtb -P cli_perft.cmake
if(NOT MTB)
  message(FATAL_ERROR "pass -DMTB=<path to the mtb binary>")
endif()

set(failures 0)
macro(fail what)
  message(SEND_ERROR "${what}")
  math(EXPR failures "${failures} + 1")
endmacro()

# Runs mtb with the given arguments; sets out, err, rc.
function(run)
  execute_process(COMMAND ${MTB} ${ARGN} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r TIMEOUT 60)
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
  set(rc "${r}" PARENT_SCOPE)
endfunction()

# The last line of `out`, in `last`.
function(last_line)
  string(REGEX REPLACE "\n$" "" t "${out}")
  string(REGEX REPLACE ".*\n" "" t "${t}")
  set(last "${t}" PARENT_SCOPE)
endfunction()

# Expects success with `count` as the last line of stdout.
macro(expect_count count)
  run(${ARGN})
  last_line()
  if(NOT rc STREQUAL "0" OR NOT last STREQUAL "${count}")
    fail("mtb ${ARGN}: want ${count} and exit 0, got exit '${rc}', last line '${last}', stderr '${err}'")
  endif()
endmacro()

# Expects exit code `code` and exactly one line on stderr, starting "mtb ".
macro(expect_error code)
  run(${ARGN})
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines nl)
  if(NOT rc STREQUAL "${code}")
    fail("mtb ${ARGN}: want exit ${code}, got '${rc}' (stderr '${err}')")
  elseif(NOT nl EQUAL 1 OR NOT err MATCHES "^mtb ")
    fail("mtb ${ARGN}: want one line on stderr, got '${err}'")
  endif()
endmacro()

# Counts: published (RULES.md), and the same count by three routes.
expect_count(12144 perft --rules nmm --depth 3)
expect_count(13552 perft --rules lasker --depth 3)
expect_count(13552 perft --rules lasker --depth 3 --divide)
expect_count(1 perft --rules nmm --depth 0)
run(perft --rules nmm --depth 3 --divide)
string(REGEX MATCHALL "\n[a-g][1-7]: [0-9]+" divide_lines "\n${out}")
list(LENGTH divide_lines n)
if(NOT n EQUAL 24)
  fail("mtb perft --divide at the nmm start: want 24 ply lines, got ${n}")
endif()
run(perft --rules nmm --depth 2 --moves "a7 a1 d7 d1")
last_line()
set(by_moves "${last}")
expect_count(${by_moves} perft --rules nmm --depth 2 --position "WW...................BB. w 7 7")
expect_count(${by_moves} perft --rules nmm --depth=2 --position=WW...................BB.\ w\ 7\ 7)
# A finished game has no children.
expect_count(0 perft --rules nmm --depth 2 --position "WW.......BBB............ w 0 0")

# Usage errors: exit 2.
expect_error(2 perft --rules nosuch --depth 3)
expect_error(2 perft --depth 3)
expect_error(2 perft --rules nmm)
expect_error(2 perft --rules nmm --depth abc)
expect_error(2 perft --rules nmm --depth -1)
expect_error(2 perft --rules nmm --depth 99999999999999999999999)
expect_error(2 perft --rules nmm --depth 3 --frobnicate)
expect_error(2 perft --rules nmm --depth 3 extra)
expect_error(2 perft --rules nmm --depth)
run(nosuchcommand)
if(NOT rc STREQUAL "2" OR NOT err MATCHES "^mtb: unknown command 'nosuchcommand'")
  fail("mtb nosuchcommand: want exit 2 and 'unknown command' first on stderr, got exit '${rc}'")
endif()
# Bad positions and moves: exit 1.
expect_error(1 perft --rules nmm --depth 1 --position "garbage")
expect_error(1 perft --rules nmm --depth 1 --position "....................... w 9 9")
expect_error(1 perft --rules nmm --depth 1 --position "WWWWWWWWWW.............. b 0 0")
expect_error(1 perft --rules nmm --depth 1 --position "........................ w 10 9")
expect_error(1 perft --rules nmm --depth 1 --moves "a7 a7")
expect_error(1 perft --rules nmm --depth 1 --moves "a7 a1 d7 d1 g7")
expect_error(1 perft --rules nmm --depth 1 --moves "z9")
expect_error(1 perft --rules six --depth 1 --moves "c5")

# Help: exit 0, on stdout.
run(perft --help)
if(NOT rc STREQUAL "0" OR NOT out MATCHES "usage: mtb perft")
  fail("mtb perft --help: want usage on stdout and exit 0, got exit '${rc}'")
endif()
run(--help)
if(NOT rc STREQUAL "0" OR NOT out MATCHES "perft")
  fail("mtb --help: want the command list and exit 0, got exit '${rc}'")
endif()
run()
if(NOT rc STREQUAL "2")
  fail("mtb with no arguments: want exit 2, got '${rc}'")
endif()

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} check(s) failed")
endif()
message(STATUS "all mtb perft CLI checks passed")
