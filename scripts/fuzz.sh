#!/usr/bin/env bash
# Random exploration with Go's fuzzer: each fuzz target runs for FUZZTIME (default 1m) on top of
# its seed corpus and every input found before (testdata/fuzz/). Not part of `make test`, which
# replays those committed inputs deterministically. FUZZ=FuzzName runs one target only.
#
# When the fuzzer finds a failing input it writes it to the package's testdata/fuzz/<Target>/
# folder; this script prints the failure, the input and the command that replays it. Fix the
# code (or the oracle, when the input is safe), then commit the input: it becomes a seed that
# every `make test` replays from then on.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-1m}"
only="${FUZZ:-}"
log="$(mktemp -t fuzz.XXXXXX)"
trap 'rm -f "$log"' EXIT
status=0
while read -r file; do
  pkg="./$(dirname "$file")"
  for target in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //'); do
    [ -n "$only" ] && [ "$only" != "$target" ] && continue
    echo "fuzz: $pkg $target for $fuzztime"
    if ! go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" >"$log" 2>&1; then
      status=1
      echo "fuzz: $target FAILED; the fuzzer said:"
      sed 's/^/  | /' "$log" | tail -40
      found=$(git ls-files --others --exclude-standard "$(dirname "$file")/testdata/fuzz/$target")
      [ -z "$found" ] && echo "fuzz: no input was written: the fuzzer itself failed (e.g. a worker missed its deadline); run it again"
      for f in $found; do
        echo "fuzz: new failing input $f:"
        sed 's/^/  | /' "$f"
        echo "fuzz: replay with: go test $pkg -run '^$target/$(basename "$f")\$'"
      done
    fi
  done
done < <(grep -rl --include='*_test.go' '^func Fuzz' internal)
exit $status
