#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test
# with ctest; then rebuilds with AddressSanitizer + UndefinedBehaviorSanitizer
# and runs the tests again (those labelled "slow" are left to the first pass,
# and those labelled "once", which run no C++ the other tests do not: the page
# in a browser, the version, library-symbol and repository-path checks).
set -euo pipefail
cd "$(dirname "$0")/.."
# --browser: chromium for the page test of mtb serve (issue 13 asks CI to run it).
bash scripts/install-deps.sh --browser
jobs=$(nproc)

echo "== formatting (.clang-format)"
bash scripts/check-format.sh

echo "== release build and tests"
bash scripts/build.sh build
(cd build && ctest --output-on-failure -j "$jobs")

echo "== ASan + UBSan build and tests"
bash scripts/build.sh build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMTB_SANITIZE=ON
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j "$jobs" -LE "slow|once|mpi")  # mpi: MPI_Init's own allocations make LSan fail

# The TSan stage builds only the test programs it runs: the version and library
# checks, which need the mtb binary and every library, run in the stages above.
# clang-14 with LLVM's libomp: its Archer tool tells TSan about OpenMP's
# barriers, so the solver's parallel loops can be checked (under GCC's
# libgomp every barrier looks like a race).
bash scripts/install-deps.sh --fuzz  # clang-14, libomp-14-dev, libclang-rt-14-dev
echo "== ThreadSanitizer (clang-14 + libomp/Archer): probe and table tests (threads probing while others open tables), the solver's threads, capture-resolved WDL probes"
CC=clang-14 CXX=clang++-14 TARGETS="test_probe test_table test_gen" bash scripts/build.sh build-tsan-clang \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMTB_TSAN=ON
(cd build-tsan-clang && OMP_TOOL_LIBRARIES=/usr/lib/llvm-14/lib/libarcher.so \
   TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1" ctest --output-on-failure -j "$jobs" \
   -R "^probe:|^table:|^gen: ?one thread and two threads|^gen: ?threads probe capture-resolved" -E "flipped|truncated|^probe: versions agree|^probe: library holds")

echo "== fuzzers (clang libFuzzer, ASan + UBSan): seeds replayed, then 20 s per harness"
bash tests/fuzz/run.sh build-fuzz 20
