#!/usr/bin/env bash
# The main job on a default: installs what is missing, builds, and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh build
./build/tools/mtb perft --rules nmm --depth 6
