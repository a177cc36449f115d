// The tests' main for Catch2 v2, from its header.  Under v3 this file is not
// built: the tests link Catch2::Catch2WithMain (tests/CMakeLists.txt).
#define CATCH_CONFIG_MAIN
#include "tests/catch.hpp"
