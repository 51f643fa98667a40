#!/usr/bin/env bash
# Peak memory of `adminapi serve` under a sign-in flood (issue 10, item 3): 400 wrong-password
# sign-ins sent at once from 100 loopback addresses. Prints the server's peak resident memory
# (VmHWM) before and after, the answers by status and the slowest /healthz meanwhile.
#
#   bench/signin-memory.sh [bin/adminapi]      (after make build)
#
# Each sign-in names another username (-spray), so no account lockout stops them and every
# address stays under its own five failures: the worst case for concurrent password checks.
#
# Environment: SIGNINS (400), ADDRS (100), PORT (18493).
set -euo pipefail
cd "$(dirname "$0")/.."
adminapi=${1:-bin/adminapi}
port=${PORT:-18493}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/benchtool" ./bench/tool
ADMIN_PASSWORD=flood-password-1 "$adminapi" user add --create --db "$work/site.db" --username admin --email admin@example.com >/dev/null
"$adminapi" serve --db "$work/site.db" --addr "127.0.0.1:$port" --out "$work/dist" --uploads "$work/uploads" \
  --site "$work/no-site" > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 300); do curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break; sleep 0.1; done
"$work/benchtool" signins -url "http://127.0.0.1:$port" -pid "$pid" -n "${SIGNINS:-400}" -addrs "${ADDRS:-100}" -spray
