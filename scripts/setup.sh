#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: npm packages for site/, admin-ui/ and e2e/
# (from their lock files), and, with --browser, Debian's chromium for the browser tests; with
# --s3, Versity's S3 gateway (versitygw, built by go install) that the deploy tests run against;
# with --bench, hugo and wrk for the benchmarks. Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0 want_bench=0 want_s3=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --s3) want_s3=1 ;;
    --bench) want_bench=1; want_browser=1; want_s3=1 ;;
    *) echo "usage: $0 [--browser] [--s3] [--bench]" >&2; exit 2 ;;
  esac
done

for tool in go node npm; do
  command -v "$tool" >/dev/null || { echo "setup: $tool is required but not installed" >&2; exit 1; }
done

pkgs=()
if [ "$want_browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then pkgs+=(chromium); fi
if [ "$want_bench" = 1 ]; then
  command -v hugo >/dev/null || pkgs+=(hugo)
  command -v wrk >/dev/null || pkgs+=(wrk)
fi
if [ ${#pkgs[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing ${pkgs[*]} from Debian's packages"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
fi

# The S3 server of the deploy tests: a real gateway on loopback, posix backend in a temp folder.
versitygw_version=v1.8.0
if [ "$want_s3" = 1 ]; then
  gobin="$(go env GOBIN)"
  [ -n "$gobin" ] || gobin="$(go env GOPATH | cut -d: -f1)/bin"
  if ! command -v versitygw >/dev/null && [ ! -x "$gobin/versitygw" ]; then
    # Most of a minute of compiling on a fresh machine: it runs beside the npm installs below,
    # which mostly wait on the network, and the script waits for it at its end.
    echo "setup: go install versitygw@$versitygw_version (Versity's S3 gateway, for the deploy tests), beside the npm installs"
    # Without inlining (-l) and without symbols (-s -w): a test server, compiled in 99 s of CPU
    # instead of 136 s (about a tenth of a fresh gate's CPU), fast enough for the tests.
    go install -gcflags=all=-l -ldflags="-s -w" "github.com/versity/versitygw/cmd/versitygw@$versitygw_version" &
    versitygw_pid=$!
  fi
fi

# npm ci only when the lock file changed since the last install; the three side by side (each
# mostly waits on the registry; npm's cache takes concurrent installs).
npm_pids=()
for dir in site admin-ui e2e; do
  [ -f "$dir/package.json" ] || continue
  stamp="$dir/node_modules/.installed-lock"
  if [ ! -f "$stamp" ] || ! cmp -s "$dir/package-lock.json" "$stamp"; then
    echo "setup: npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.installed-lock) &
    npm_pids+=($!)
  fi
done
for pid in "${npm_pids[@]}"; do
  wait "$pid" || { echo "setup: npm ci failed (see above)" >&2; exit 1; }
done

if [ -n "${versitygw_pid:-}" ]; then
  wait "$versitygw_pid" || { echo "setup: go install versitygw@$versitygw_version failed" >&2; exit 1; }
  echo "setup: versitygw installed"
fi
