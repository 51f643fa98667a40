#!/usr/bin/env bash
# What a batch of big uploads does to the admin's next publish (issue 23.8): a fresh
# `adminapi serve --demo`, 12 uploads of 6000×6000 JPEG photographs (36 MP) one after the other,
# then at once a publish of a plain post and of a post whose cover is the last upload, each timed
# until its answer says the page is live, against a publish with the encode queue idle. Prints
# one JSON line (benchtool publish-behind).
#
#   bench/publish-behind-encodes.sh [bin/adminapi]      (after make build)
#
# Environment: UPLOADS (12), SIDE (6000), PORT (a free one).
set -euo pipefail
cd "$(dirname "$0")/.."
adminapi=${1:-bin/adminapi}
port=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/benchtool" ./bench/tool
ADMIN_PASSWORD=bench-password-1 "$adminapi" serve --demo --db "$work/site.db" --out "$work/dist" --uploads "$work/uploads" \
  --site site --addr "127.0.0.1:$port" > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 600); do curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break; sleep 0.1; done
ADMIN_PASSWORD=bench-password-1 "$work/benchtool" publish-behind -url "http://127.0.0.1:$port" -n "${UPLOADS:-12}" -side "${SIDE:-6000}"
echo "variants made: $(grep -c 'media: variants made' "$work/server.log" || true); load: $(cut -d' ' -f1-3 /proc/loadavg)"
