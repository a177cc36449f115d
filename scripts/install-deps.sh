#!/usr/bin/env bash
# Installs the Debian packages mtb builds with, when any is missing.
# Non-interactive and idempotent; does nothing (quickly) when all are present.
#   scripts/install-deps.sh [--cli] [--fuzz] [--browser]
# --cli: only what building the mtb command needs (the quick start): no
# format checker, type checker or Python tools, which take most of the
# download.
set -euo pipefail
# clang-format-14, not the unversioned package: the format check
# (scripts/check-format.sh) runs that version only, so that it gives the same
# verdict on every machine (Debian 12's clang-format is 14).
# mypy: the type check of the Python package (ctest "python: types", skipped without it).
# Open MPI: `mpirun -np N mtb gen|verify` (CMake's MTB_MPI; ctest label "mpi").
packages=(g++ cmake ninja-build pkg-config libzstd-dev libxxhash-dev catch2 python3 python3-pip python3-venv
  clang-format-14 libcpp-httplib-dev nlohmann-json3-dev mypy libopenmpi-dev openmpi-bin)
# --fuzz: also clang-14 with libFuzzer and libomp (the TSan and fuzz stages of
# scripts/test.sh, tests/fuzz/run.sh).
# --browser: also chromium, for the page test of mtb serve (tests/tools/serve, ctest
# label `browser`); about 350 MB installed, so only the test script asks for it.
for arg in "$@"; do
  # catch2 (headers only, small) stays: the build folder is configured with its tests.
  if [ "$arg" = --cli ]; then
    packages=(g++ cmake ninja-build pkg-config libzstd-dev libxxhash-dev catch2 libcpp-httplib-dev nlohmann-json3-dev)
  fi
done
for arg in "$@"; do
  if [ "$arg" = --browser ]; then packages+=(chromium); fi
  if [ "$arg" = --fuzz ]; then packages+=(clang-14 libclang-rt-14-dev libomp-14-dev); fi
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
