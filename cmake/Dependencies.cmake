# Every dependency is a Debian package; when one is missing, say which.
# scripts/install-deps.sh installs them all.
find_package(PkgConfig QUIET)

function(mtb_missing what package)
  message(FATAL_ERROR "${what} not found: install the Debian package '${package}' "
                      "(or run scripts/install-deps.sh as root)")
endfunction()

find_path(ZSTD_INCLUDE_DIR zstd.h)
find_library(ZSTD_LIBRARY zstd)
if(NOT ZSTD_INCLUDE_DIR OR NOT ZSTD_LIBRARY)
  mtb_missing("zstd" "libzstd-dev")
endif()
add_library(mtb_zstd INTERFACE)
target_include_directories(mtb_zstd INTERFACE ${ZSTD_INCLUDE_DIR})
target_link_libraries(mtb_zstd INTERFACE ${ZSTD_LIBRARY})

find_path(XXHASH_INCLUDE_DIR xxhash.h)
find_library(XXHASH_LIBRARY xxhash)
if(NOT XXHASH_INCLUDE_DIR OR NOT XXHASH_LIBRARY)
  mtb_missing("xxHash" "libxxhash-dev")
endif()
add_library(mtb_xxhash INTERFACE)
target_include_directories(mtb_xxhash INTERFACE ${XXHASH_INCLUDE_DIR})
target_link_libraries(mtb_xxhash INTERFACE ${XXHASH_LIBRARY})

find_package(OpenMP)
if(NOT OpenMP_CXX_FOUND)
  mtb_missing("OpenMP" "g++ (libgomp)")
endif()

find_package(Threads REQUIRED)

# The `mtb serve` HTTP server.  Debian builds cpp-httplib as a shared
# library with TLS, zlib and brotli compiled in; its pkg-config flags must
# be used so that our view of its classes matches the library's.
pkg_check_modules(HTTPLIB QUIET IMPORTED_TARGET cpp-httplib)
if(NOT HTTPLIB_FOUND)
  mtb_missing("cpp-httplib" "libcpp-httplib-dev")
endif()
find_package(nlohmann_json 3 QUIET)
if(NOT nlohmann_json_FOUND)
  mtb_missing("nlohmann-json" "nlohmann-json3-dev")
endif()

# Catch2 v2 (Debian 12's package) or v3; tests/CMakeLists.txt links the
# right targets and tests/catch.hpp includes the right header.
if(MTB_BUILD_TESTS)
  find_package(Catch2 QUIET)
  if(NOT Catch2_FOUND)
    mtb_missing("Catch2 (v2 or v3)" "catch2")
  endif()
  if(NOT Catch2_VERSION_MAJOR MATCHES "^[23]$")
    message(FATAL_ERROR "Catch2 ${Catch2_VERSION} found in ${Catch2_DIR}: the tests need v2 or v3")
  endif()
endif()
