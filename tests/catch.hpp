// Catch2 v2 or v3, whichever CMake found (cmake/Dependencies.cmake sets
// MTB_CATCH2_MAJOR on every test target through mtb_catch_main).  The tests
// use only macros that both versions spell alike (TEST_CASE, SECTION,
// REQUIRE/CHECK and their _FALSE/_NOTHROW forms, INFO, WARN, FAIL_CHECK);
// a test needing more (Approx, matchers) spells it as v3 does: Catch::Approx
// works with both.
#pragma once

#if !defined(MTB_CATCH2_MAJOR)
#if __has_include(<catch2/catch_all.hpp>)
#define MTB_CATCH2_MAJOR 3
#else
#define MTB_CATCH2_MAJOR 2
#endif
#endif

#if MTB_CATCH2_MAJOR >= 3
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>
#endif

#if MTB_CATCH2_MAJOR < 3
// v3's spelling, Catch::Approx, in v2 too (v2 has Catch::Detail::Approx).
namespace Catch {
using Detail::Approx;
}  // namespace Catch
#endif
