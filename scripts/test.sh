#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test
# with ctest; then rebuilds with AddressSanitizer + UndefinedBehaviorSanitizer
# and runs the tests again (those labelled "slow" are left to the first pass).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
jobs=$(nproc)

echo "== formatting (.clang-format)"
bash scripts/check-format.sh

echo "== release build and tests"
bash scripts/build.sh build
(cd build && ctest --output-on-failure -j "$jobs")

echo "== ASan + UBSan build and tests"
bash scripts/build.sh build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMTB_SANITIZE=ON
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j "$jobs" -LE slow)

echo "== ThreadSanitizer build, probe tests (threads probing while others open tables) and the solver's threads"
TARGETS="test_probe test_gen" bash scripts/build.sh build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMTB_TSAN=ON
(cd build-tsan && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -j "$jobs" \
   -R "^probe:|^gen: ?one thread and two threads" -E "flipped|truncated")

echo "== fuzzers (clang libFuzzer, ASan + UBSan): seeds replayed, then 20 s per harness"
bash scripts/install-deps.sh --fuzz
bash tests/fuzz/run.sh build-fuzz 20
