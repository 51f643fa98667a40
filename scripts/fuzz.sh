#!/usr/bin/env bash
# Runs each Go fuzz target briefly (FUZZTIME, default 10s each) on top of its seed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-10s}"
grep -rl --include='*_test.go' '^func Fuzz' internal | while read -r file; do
  pkg="./$(dirname "$file")"
  for target in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //'); do
    echo "fuzz: $pkg $target for $fuzztime"
    go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" >/dev/null
  done
done
