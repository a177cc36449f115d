#!/usr/bin/env bash
# Fails when a C or C++ file differs from what .clang-format makes of it.
# The version is pinned: clang-format 14 (Debian 12's; scripts/install-deps.sh
# installs clang-format-14), since other versions format some constructs
# differently and the check must mean the same everywhere.  Run
# `clang-format-14 -i FILE` to fix.  Skipped (with a note) without
# clang-format 14; CLANG_FORMAT=/path/to/clang-format picks the binary (it
# must still be version 14).
set -euo pipefail
cd "$(dirname "$0")/.."
want=14
cf=${CLANG_FORMAT:-}
if [ -z "$cf" ]; then
  for c in clang-format-$want clang-format; do
    if command -v "$c" >/dev/null && "$c" --version | grep -q "version $want\."; then
      cf=$c
      break
    fi
  done
fi
if [ -z "$cf" ]; then
  echo "check-format: clang-format $want not found (apt-get install clang-format-$want), skipped" >&2
  exit 0
fi
if ! "$cf" --version | grep -q "version $want\."; then
  echo "check-format: $cf is not clang-format $want: $("$cf" --version)" >&2
  exit 1
fi
bad=0
while IFS= read -r f; do
  if ! "$cf" "$f" | cmp -s - "$f"; then
    echo "check-format: $f is not formatted ($cf -i $f)" >&2
    bad=1
  fi
done < <(git ls-files '*.cpp' '*.h' '*.hpp' '*.c')
exit $bad
