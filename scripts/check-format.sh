#!/usr/bin/env bash
# Fails when a C or C++ file differs from what .clang-format makes of it.
# Run `clang-format -i FILE` to fix.  Skipped (with a note) without clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null; then
  echo "check-format: clang-format not found, skipped" >&2
  exit 0
fi
bad=0
while IFS= read -r f; do
  if ! clang-format "$f" | cmp -s - "$f"; then
    echo "check-format: $f is not formatted (clang-format -i $f)" >&2
    bad=1
  fi
done < <(git ls-files '*.cpp' '*.h' '*.hpp' '*.c')
exit $bad
