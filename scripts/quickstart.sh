#!/usr/bin/env bash
# The main job on a default: installs what is missing, builds the mtb command, solves the
# Nine Men's Morris movement endgames with up to 5 stones a side (about 62
# million positions; a minute or two on 2 cores) into tables/nmm/, probes one
# position from them (RULES.md: a win in 13), and checks every table
# (checksums, and every value against its successors).
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what the steps below run: the mtb command (not the test programs;
# scripts/build.sh build builds those later).
bash scripts/install-deps.sh --cli
TARGETS=mtb bash scripts/build.sh build
./build/tools/mtb gen --rules nmm --max-stones 5 --out tables/nmm
# The answer first (the probe checks the checksum of every block it reads),
# then the full check of every value, which takes about as long as the solve.
./build/tools/mtb probe --tables tables/nmm --rules nmm ".WB......WB...........BW w 0 0"
./build/tools/mtb verify tables/nmm --values
