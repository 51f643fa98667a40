#!/usr/bin/env bash
# The speed table of docs/BENCHMARKS.md: `make bench` runs this after `make build` and
# `scripts/setup.sh --bench`. It prints per-section detail as it goes and ONE markdown table at
# the end, keeps every raw number under bench/out/ (git-ignored), and rewrites the table in
# docs/BENCHMARKS.md. Every figure is a median of several runs; every comparison is a ratio of
# figures measured in this same run, ours and the peer's interleaved.
#
# Environment:
#   BENCH_SIZES      post counts of the full-build comparison (default "1000 5000"; the last one is
#                    the site the other sections use)
#   BENCH_RUNS       runs of each full build (default 5)
#   BENCH_NOCHANGE   no-change rebuilds (default 5)
#   BENCH_PUBLISHES  publishes (default 20)
#   BENCH_DEPLOYS    runs of each deploy figure (default 5)
#   BENCH_WRK_SECS   seconds of each wrk run (default 20)
#   BENCH_LH_RUNS    Lighthouse runs per page (default 5; the table gives each run's score)
#   BENCH_LEADS_MODULES  regular expression of the site's source modules that are the leads work
#                    (beacon, attribution, retries, country default, intake): the table gives the
#                    gzipped bytes of them each page loads (default in bench/report.mjs)
#   BENCH_SEARCH_SIZES  post counts of the search section (default "1000 10000"; a size the
#                    full-build section did not build is generated and built once here)
#   BENCH_ENQUIRIES  enquiries in the inbox section (default 10000)
#   BENCH_INBOX_RUNS times the inbox is opened in Chromium (default 5)
#   BENCH_INTAKE     enquiries queued in the intake bucket for the intake section (default 1000)
#   BENCH_UPLOADS    uploads of the responsive-images section (default 5)
#   BENCH_SCALE_SIZES  post counts of the scale section (default "1000 5000 20000 50000"): one clean
#                    build of each (BENCH_SCALE_RUNS, default 1), pages/s and peak memory
#   BENCH_TRAFFIC_DAYS  days of the simulated busy site of the leads section (default 365)
#   BENCH_LEADS_BASE the commit whose site bundle the leads section compares this tree's with:
#                    what the leads work adds to a page (default 621d83d, the tree before it)
#   BENCH_SKIP       sections to leave out: build (the Hugo comparison), scale, nochange, deploy,
#                    publish, publish-store, form, lighthouse, search, inbox, intake, images, leads
#   BENCH_ONLY       run only these sections, e.g. BENCH_ONLY=lighthouse BENCH_SIZES=1000 (the sites
#                    the others need are then built once, unmeasured, and Hugo and wrk are not needed)
#   BENCH_NO_DOC=1   do not touch docs/BENCHMARKS.md
#   BENCH_KEEP=1     keep the built sites under bench/out/work (deleted at the end otherwise)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

sizes=(${BENCH_SIZES:-1000 5000})
runs=${BENCH_RUNS:-5}
nochange_runs=${BENCH_NOCHANGE:-5}
publishes=${BENCH_PUBLISHES:-20}
deploys=${BENCH_DEPLOYS:-5}
wrk_secs=${BENCH_WRK_SECS:-20}
lh_runs=${BENCH_LH_RUNS:-5}
inbox_n=${BENCH_ENQUIRIES:-10000}
inbox_runs=${BENCH_INBOX_RUNS:-5}
intake_n=${BENCH_INTAKE:-1000}
skip=" ${BENCH_SKIP:-} "
only=" ${BENCH_ONLY:-} "
services=100
big=${sizes[${#sizes[@]}-1]}

out=bench/out
work=$out/work
rm -rf "$out"
mkdir -p "$work"
samples=$out/samples.jsonl
started=$(date +%s)

say() { printf '\n== %s\n' "$*"; }
skipped() { [[ "$skip" == *" $1 "* ]] || { [[ -n "${BENCH_ONLY:-}" ]] && [[ "$only" != *" $1 "* ]]; }; }
# Runs a command with its time, CPU and peak memory appended to $samples.
measure() { local label=$1; shift; "$bt" run -label "$label" -o "$samples" -log "$out/last-command.log" -- "$@"; }

pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

wait_port() { # port: waits up to 30 s for a listener on loopback
  for _ in $(seq 300); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "bench: nothing listens on port $1" >&2
  return 1
}

wait_http() { # url: waits up to 30 s for a 200
  for _ in $(seq 300); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "bench: $1 did not answer" >&2
  return 1
}
wait_warm() { # log: waits up to 120 s for adminapi serve to have planned the site ahead (Builder.Warm)
  for _ in $(seq 1200); do
    grep -q "site planned ahead" "$1" && return 0
    sleep 0.1
  done
  echo "bench: the server logging to $1 did not plan the site" >&2
  return 1
}

# --- tools ----------------------------------------------------------------------------------
needed=(go node curl)
skipped build || needed+=(hugo)
{ skipped form && skipped leads; } || needed+=(wrk)
for tool in "${needed[@]}"; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (scripts/setup.sh --bench installs it)" >&2; exit 1; }
done
versitygw=$(command -v versitygw || echo "$(go env GOPATH | cut -d: -f1)/bin/versitygw")
[ -x "$versitygw" ] || { skipped deploy && skipped intake; } || { echo "bench: versitygw is missing (scripts/setup.sh --bench)" >&2; exit 1; }
[ -x /usr/bin/chromium ] || skipped lighthouse || { echo "bench: /usr/bin/chromium is missing (scripts/setup.sh --bench)" >&2; exit 1; }
if ! skipped lighthouse; then
  stamp=bench/node_modules/.installed-lock
  if [ ! -f "$stamp" ] || ! cmp -s bench/package-lock.json "$stamp"; then
    echo "bench: npm ci in bench/ (Lighthouse)"
    (cd bench && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error --ignore-scripts)
    cp bench/package-lock.json "$stamp"
  fi
fi
[ -f site/dist/server/entry-server.js ] || { echo "bench: site/dist is missing: run make build" >&2; exit 1; }
if ! skipped inbox || ! skipped leads; then
  [ -f internal/adminui/dist/index.html ] || { echo "bench: the admin UI is missing: run make build" >&2; exit 1; }
fi
# A snapshot of the renderer bundle, so a `make site` running meanwhile cannot change what the
# builds render (the bundle's node_modules are shared, not copied).
snap=$out/site
mkdir -p "$snap"
cp -r site/dist site/server site/package.json "$snap/"
ln -s "$root/site/node_modules" "$snap/node_modules"
mkdir -p "$out/bin"
go build -o "$out/bin/benchtool" ./bench/tool
# Built from the work tree, without the embedded admin UI (the bench never opens it).
go build -o "$out/bin/sitegen" ./cmd/sitegen
go build -o "$out/bin/adminapi" ./cmd/adminapi
# The inbox section opens the admin UI, so it needs the binary with the UI embedded.
{ skipped inbox && skipped leads; } || go build -tags adminui -o "$out/bin/adminapi-ui" ./cmd/adminapi
bt=$root/$out/bin/benchtool
sitegen=$root/$out/bin/sitegen
adminapi=$root/$out/bin/adminapi
sitedir=(--site "$root/$snap")

{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "cpu: $(nproc) × $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "memory: $(free -g | awk '/Mem:/{print $2}') GiB"
  echo "kernel: $(uname -r)"
  echo "go: $(go version | awk '{print $3}')"
  echo "node: $(node --version)"
  echo "hugo: $(command -v hugo >/dev/null && hugo version | awk '{print $2}' || echo -)"
  echo "wrk: $(command -v wrk >/dev/null && wrk --version 2>&1 | head -1 | awk '{print $2}' || echo -)"
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}')"
  echo "lighthouse: $(node -p 'require("./bench/node_modules/lighthouse/package.json").version' 2>/dev/null || echo -)"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo -)$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)')"
} > "$out/machine.txt"
cat "$out/machine.txt"

# --- 1. full build beside Hugo --------------------------------------------------------------
if skipped build; then
  # The other sections still need the sites: one unmeasured build of each size (unless the
  # scale, intake and leads sections, which make their own, are all there is to run).
  for n in "${sizes[@]}"; do
    [[ "${BENCH_ONLY:-}" =~ ^\ *((scale|intake|leads)\ *)+$ ]] && break
    say "building the $n-post site for the other sections (not measured)"
    w=$work/$n
    "$bt" gen -n "$n" -services "$services" -out "$w/content"
    "$adminapi" import --db "$w/site.db" "$w/content/blogs.json" "$w/content/services.json"
    "$sitegen" build --clean --db "$w/site.db" --out "$w/run-$runs/site" --uploads "$w/uploads" "${sitedir[@]}" | grep '^built'
  done
fi
for n in "${sizes[@]}"; do
  skipped build && break
  say "full build, $n posts + $services services + the static routes (ours) vs the same $n posts (Hugo with the heavy shell, bench/hugo, and the light one, bench/hugo-light), $runs runs each, interleaved"
  w=$work/$n
  "$bt" gen -n "$n" -services "$services" -out "$w/content"
  "$adminapi" import --db "$w/site.db" "$w/content/blogs.json" "$w/content/services.json"
  # Every run writes into a folder of its own and nothing is deleted until the bench ends: on
  # ext4, creating files soon after deleting many makes the kernel skip over the recently freed
  # inodes, which made both tools' system time several times larger and far noisier.
  for r in $(seq "$runs"); do
    sync
    measure "ours-$n" "$sitegen" build --clean --db "$w/site.db" --out "$w/run-$r/site" --uploads "$w/uploads" "${sitedir[@]}"
    grep -h '^built' "$out/last-command.log" | tee -a "$out/ours-$n.log"
    sync
    measure "hugo-$n" hugo --quiet --source bench/hugo --contentDir "$root/$w/content/hugo/content" --destination "$root/$w/run-$r/hugo"
    echo "hugo: $(find "$w/run-$r/hugo" -name '*.html' -not -path '*/preview/*' | wc -l) html files, $(find "$w/run-$r/hugo/preview" -name '*.html' 2>/dev/null | wc -l) alias pages" | tee -a "$out/hugo-$n.log"
    sync
    measure "hugolight-$n" hugo --quiet --source bench/hugo-light --contentDir "$root/$w/content/hugo/content" --destination "$root/$w/run-$r/hugo-light"
    echo "hugo-light: $(find "$w/run-$r/hugo-light" -name '*.html' -not -path '*/preview/*' | wc -l) html files, $(find "$w/run-$r/hugo-light/preview" -name '*.html' 2>/dev/null | wc -l) alias pages" | tee -a "$out/hugolight-$n.log"
    tail -n 3 "$samples"
  done
done
# Bytes of a post page of each shell, for the table.
for n in "${sizes[@]}"; do
  skipped build && break
  w=$work/$n
  post=$(ls "$w/run-1/site/blog" | grep -v '^page$' | sort | sed -n 1p)
  printf '{"n":%s,"ours":%s,"hugo":%s,"hugolight":%s}\n' "$n" "$(stat -c %s "$w/run-1/site/blog/$post/index.html")" \
    "$(stat -c %s "$w/run-1/hugo/blog/$post/index.html")" "$(stat -c %s "$w/run-1/hugo-light/blog/$post/index.html")" >> "$out/page-bytes.jsonl"
done

# --- 1b. scale: one clean build of each size up to 50,000 posts ------------------------------
if ! skipped scale; then
  for n in ${BENCH_SCALE_SIZES:-1000 5000 20000 50000}; do
    say "scale: clean build of $n posts, ${BENCH_SCALE_RUNS:-1} run(s)"
    w=$work/scale-$n
    "$bt" gen -n "$n" -services "$services" -hugo=false -out "$w/content"
    "$adminapi" import --db "$w/site.db" "$w/content/blogs.json" "$w/content/services.json" > /dev/null
    for r in $(seq "${BENCH_SCALE_RUNS:-1}"); do
      sync
      measure "scale-$n" "$sitegen" build --clean --db "$w/site.db" --out "$w/run-$r/site" --uploads "$w/uploads" "${sitedir[@]}"
      grep -h '^built' "$out/last-command.log" | tee -a "$out/scale-$n.log"
      tail -n 1 "$samples"
    done
    # Kept until the bench ends, like every build's output (see section 1).
  done
fi

# The later sections use the last run's site of each size.
db() { echo "$work/$1/site.db"; }
dist() { echo "$work/$1/run-$runs/site"; }
uploads() { echo "$work/$1/uploads"; }

# --- 2. no-change rebuild -------------------------------------------------------------------
if ! skipped nochange; then
  say "no-change rebuild of the $big-post site, $nochange_runs runs"
  for r in $(seq "$nochange_runs"); do
    measure "nochange-$big" "$sitegen" build --db "$(db $big)" --out "$(dist $big)" --uploads "$(uploads $big)" "${sitedir[@]}"
    grep -h '^built' "$out/last-command.log" | tee -a "$out/nochange.log"
  done
fi

# --- 2b. deploy to an object store ---------------------------------------------------------
# A real S3 server on loopback (Versity's gateway, posix backend, on this machine's disk): the
# figures are the deploy's own work (hashing, planning, requests), not a network's.
port_s3=18493
port_s3_admin=18496
deploy_n=${sizes[0]}
s3_started=0
start_s3() {
  [ "$s3_started" = 1 ] && return 0
  export AWS_ACCESS_KEY_ID=benchkey AWS_SECRET_ACCESS_KEY=bench-secret-bench-secret AWS_REGION=us-east-1 \
    AWS_ENDPOINT_URL_S3="http://127.0.0.1:$port_s3"
  mkdir -p "$work/s3"
  # With its own accounts (the intake section's two keys are accounts of it); its admin API on
  # 18496.
  mkdir -p "$work/s3-iam"
  "$versitygw" --port "127.0.0.1:$port_s3" --access "$AWS_ACCESS_KEY_ID" --secret "$AWS_SECRET_ACCESS_KEY" --quiet \
    --admin-port "127.0.0.1:$port_s3_admin" --iam-dir "$root/$work/s3-iam" \
    posix "$root/$work/s3" > "$out/s3.log" 2>&1 &
  pids+=($!)
  wait_port "$port_s3"
  s3_started=1
}
if ! skipped deploy; then
  say "deploy of the $deploy_n-post site to a local S3 server: full upload, unchanged redeploy, one new post (sitegen build + sitegen deploy), $deploys runs each"
  start_s3
  for r in $(seq "$deploys"); do
    "$bt" mkbucket -bucket "full-$r"
    measure "deploy-full-$deploy_n" "$sitegen" deploy --to "s3://full-$r" --out "$(dist $deploy_n)"
    grep -h '^deployed' "$out/last-command.log" | tee -a "$out/deploy-full.log"
  done
  for r in $(seq "$deploys"); do
    measure "deploy-nochange-$deploy_n" "$sitegen" deploy --to "s3://full-1" --out "$(dist $deploy_n)"
    grep -h '^deployed' "$out/last-command.log" | tee -a "$out/deploy-nochange.log"
  done
  for r in $(seq "$deploys"); do
    post=$work/deploy-post-$r.json
    printf '[{"title":"Deploy bench post %s","slug":"deploy-bench-post-%s","content":"<p>A new post for the deploy bench.</p>","category":"News","createdAt":"%s"}]' \
      "$r" "$r" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$post"
    "$adminapi" import --db "$(db $deploy_n)" "$post" > /dev/null
    measure "deploy-post-build-$deploy_n" "$sitegen" build --db "$(db $deploy_n)" --out "$(dist $deploy_n)" --uploads "$(uploads $deploy_n)" "${sitedir[@]}"
    grep -h '^built' "$out/last-command.log" | tee -a "$out/deploy-post-build.log"
    measure "deploy-post-$deploy_n" "$sitegen" deploy --to "s3://full-1" --out "$(dist $deploy_n)"
    grep -h '^deployed' "$out/last-command.log" | tee -a "$out/deploy-post.log"
  done
fi

# --- 3. publish latency ---------------------------------------------------------------------
# On the sites of the full-build sizes and, when the scale section ran, on its larger sites too
# (publish must stay flat from 1,000 to 50,000 posts).
port_api=18491
if ! skipped publish; then
  pub_sites=()
  for n in "${sizes[@]}"; do pub_sites+=("$n:$work/$n:$(dist $n)"); done
  if ! skipped scale; then
    for n in ${BENCH_SCALE_SIZES:-1000 5000 20000 50000}; do
      [[ " ${sizes[*]} " == *" $n "* ]] || pub_sites+=("$n:$work/scale-$n:$work/scale-$n/run-1/site")
    done
  fi
  for site in "${pub_sites[@]}"; do
    IFS=: read -r n w d <<< "$site"
    say "publish latency on the $n-post site through the API, $publishes publishes"
    ADMIN_PASSWORD=bench-password-1 "$adminapi" user add --create --db "$w/site.db" --username bench --email bench@example.com >/dev/null
    ADMIN_PASSWORD=bench-password-1 "$adminapi" serve --demo --db "$w/site.db" --out "$d" --uploads "$w/uploads" "${sitedir[@]}" \
      --addr "127.0.0.1:$port_api" > "$out/publish-server-$n.log" 2>&1 &
    pids+=($!); api_pid=$!
    wait_http "http://127.0.0.1:$port_api/healthz"
    wait_warm "$out/publish-server-$n.log"
    ADMIN_PASSWORD=bench-password-1 "$bt" publish -url "http://127.0.0.1:$port_api" -n "$publishes" | tee "$out/publish-$n.jsonl"
    kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
  done
fi

# --- 3b. publish → on the store --------------------------------------------------------------
if ! skipped deploy && ! skipped publish-store; then
  say "publish → on the store: the $deploy_n-post site, adminapi serve --deploy-to (local S3 server), $publishes publishes"
  start_s3
  ADMIN_PASSWORD=bench-password-1 "$adminapi" user add --create --db "$(db $deploy_n)" --username bench --email bench@example.com >/dev/null 2>&1 || true
  "$adminapi" serve --db "$(db $deploy_n)" --out "$(dist $deploy_n)" --uploads "$(uploads $deploy_n)" "${sitedir[@]}" \
    --addr "127.0.0.1:$port_api" --deploy-to "s3://full-1" > "$out/publish-store-server.log" 2>&1 &
  pids+=($!); api_pid=$!
  wait_http "http://127.0.0.1:$port_api/healthz"
  wait_warm "$out/publish-store-server.log"
  ADMIN_PASSWORD=bench-password-1 "$bt" publish -url "http://127.0.0.1:$port_api" -n "$publishes" -tag store -store "s3://full-1" | tee "$out/publish-store.jsonl"
  kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
fi

# --- 4. form endpoint -----------------------------------------------------------------------
if ! skipped form; then
  say "form endpoint under wrk, ${wrk_secs} s each: GET /healthz (no-op) then POST /popup, on one server"
  # The site-wide enquiry limit is lifted: this measures the endpoint's throughput, not the limit.
  before=$("$bt" count -db "$(db $big)")
  "$adminapi" serve --trust-proxy --enquiries-per-minute 100000000 --db "$(db $big)" --out "$(dist $big)" --uploads "$(uploads $big)" "${sitedir[@]}" \
    --addr "127.0.0.1:$port_api" > "$out/form-server.log" 2>&1 &
  pids+=($!); api_pid=$!
  wait_http "http://127.0.0.1:$port_api/healthz"
  wrk -t2 -c32 -d"${wrk_secs}s" --latency -s bench/noop.lua "http://127.0.0.1:$port_api/healthz" > "$out/wrk-noop.txt"
  wrk -t2 -c32 -d"${wrk_secs}s" --latency -s bench/form.lua "http://127.0.0.1:$port_api/popup" > "$out/wrk-form.txt"
  kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
  after=$("$bt" count -db "$(db $big)")
  served=$(grep -c 'path=/popup status=200' "$out/form-server.log" || true)
  echo "{\"before\":$before,\"after\":$after,\"stored\":$((after - before)),\"served200\":$served}" > "$out/form-count.json"
  grep -h WRKJSON "$out/wrk-noop.txt" "$out/wrk-form.txt"
  cat "$out/form-count.json"
fi

# --- 5 and 6. page weight and Lighthouse ----------------------------------------------------
if ! skipped lighthouse; then
  port_web=18492
  post=$(ls "$(dist $big)/blog" | grep -v -e "^page$" -e "^bench-publish" | sort | sed -n 1p)
  say "page weight and Lighthouse (mobile), $lh_runs runs per page, the $big-post site as adminapi serve --demo serves it"
  ADMIN_PASSWORD=bench-password-1 "$adminapi" serve --demo --db "$(db $big)" --out "$(dist $big)" --uploads "$(uploads $big)" "${sitedir[@]}" \
    --addr "127.0.0.1:$port_web" > "$out/lighthouse-server.log" 2>&1 &
  pids+=($!); web_pid=$!
  wait_http "http://127.0.0.1:$port_web/"
  # The pages are measured as the CDN serves them: HTTPS and HTTP/2, through a stand-in for its
  # edge (benchtool cdn) that passes each request to the server. home-h1 is home from the server
  # itself (plain HTTP/1.1, compressed); home-raw is that without compression, as some static
  # hosts serve it: the browser asks for no encoding (Accept-Encoding: identity) and the server
  # sends the files as they are.
  port_cdn=18494
  "$bt" cdn -backend "http://127.0.0.1:$port_web" -addr "127.0.0.1:$port_cdn" > "$out/lighthouse-cdn.log" 2>&1 &
  pids+=($!); cdn_pid=$!
  for _ in $(seq 100); do curl -ksfS -o /dev/null "https://127.0.0.1:$port_cdn/" 2>/dev/null && break; sleep 0.1; done
  mkdir -p "$out/lighthouse"
  cdn="https://127.0.0.1:$port_cdn" direct="http://127.0.0.1:$port_web"
  declare -A pages=([home]="$cdn/" [post]="$cdn/blog/$post/" [landing]="$cdn/seo-services-in-delhi/" [contact]="$cdn/contactus/"
    [home-h1]="$direct/" [home-raw]="$direct/")
  for r in $(seq "$lh_runs"); do
    for p in home post landing contact home-h1 home-raw; do
      extra=()
      [ "$p" = home-raw ] && extra=(--extra-headers='{"Accept-Encoding":"identity"}')
      # A run that Lighthouse could not trace (it says NO_NAVSTART and the like) is tried again.
      for attempt in 1 2 3; do
        CHROME_PATH=/usr/bin/chromium bench/node_modules/.bin/lighthouse "${pages[$p]}" \
          --quiet --output=json --output-path="$out/lighthouse/$p-$r.json" "${extra[@]}" \
          --only-categories=performance,accessibility,best-practices,seo \
          --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --ignore-certificate-errors" \
          2>> "$out/lighthouse/errors.log" || true
        node -e 'const r=require(process.argv[1]); if (r.runtimeError || Object.values(r.categories).some(c=>c.score===null)) process.exit(1);
                 console.log(process.argv[2], Object.values(r.categories).map(c=>c.id+" "+c.score).join(", "))' \
          "$root/$out/lighthouse/$p-$r.json" "$p" 2>/dev/null && break
        echo "bench: lighthouse could not measure $p (run $r, attempt $attempt)" >&2
        rm -f "$out/lighthouse/$p-$r.json"
      done
    done
  done
  kill "$cdn_pid" "$web_pid"; wait "$cdn_pid" "$web_pid" 2>/dev/null || true
fi

# --- 7. site search ---------------------------------------------------------------------------
if ! skipped search; then
  [ -d e2e/node_modules/playwright-core ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
  port_search=18495 # not 18493: the S3 server of the deploy sections still listens there
  for n in ${BENCH_SEARCH_SIZES:-1000 10000}; do
    w=$work/$n
    if [ ! -f "$w/site.db" ]; then
      say "search: generating and building a $n-post site"
      "$bt" gen -n "$n" -services "$services" -out "$w/content"
      "$adminapi" import --db "$w/site.db" "$w/content/blogs.json" "$w/content/services.json"
      "$sitegen" build --db "$w/site.db" --out "$w/run-$runs/site" --uploads "$w/uploads" "${sitedir[@]}" | tail -n 1
    fi
    say "search index of the $n-post site: full index ${runs}× (the first in a fresh process), then $publishes publishes on top"
    "$bt" search -db "$(db $n)" -site "$root/$snap" -runs "$runs" -publishes "$publishes" | tee "$out/search-index-$n.json"
    say "search: bytes a visitor downloads per query on the $n-post site (Chromium, cold cache, typed and pasted)"
    ADMIN_PASSWORD=bench-password-1 "$adminapi" serve --demo --db "$(db $n)" --out "$(dist $n)" --uploads "$(uploads $n)" "${sitedir[@]}" \
      --addr "127.0.0.1:$port_search" > "$out/search-server-$n.log" 2>&1 &
    pids+=($!); search_pid=$!
    wait_http "http://127.0.0.1:$port_search/search/"
    title=$(node -e 'const b=require(process.argv[1]); console.log(b[Math.floor(b.length/2)].title)' "$root/$w/content/blogs.json")
    node bench/search-bytes.mjs "http://127.0.0.1:$port_search" "$out/search-bytes-$n.jsonl" \
      "seo" "google ads budget" "instagram reels for clinics" "local seo checklist noida" "$title"
    kill "$search_pid"; wait "$search_pid" 2>/dev/null || true
  done
fi

# --- 10. the enquiry inbox ------------------------------------------------------------------
if ! skipped inbox; then
  [ -d e2e/node_modules/playwright-core ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
  say "the enquiry inbox with $inbox_n enquiries in Chromium, opened $inbox_runs times"
  w=$work/inbox
  mkdir -p "$w"
  "$bt" enquiries -db "$w/site.db" -n "$inbox_n"
  ADMIN_PASSWORD=bench-password-1 "$adminapi" user add --create --db "$w/site.db" --username bench --email bench@example.com >/dev/null
  # A placeholder live site, so the server starts no build of its own while it is measured.
  mkdir -p "$w/dist" && echo '<!doctype html><title>bench</title>' > "$w/dist/index.html"
  "$root/$out/bin/adminapi-ui" serve --db "$w/site.db" --out "$w/dist" --uploads "$w/uploads" "${sitedir[@]}" \
    --addr "127.0.0.1:$port_api" > "$out/inbox-server.log" 2>&1 &
  pids+=($!); api_pid=$!
  wait_http "http://127.0.0.1:$port_api/healthz"
  node bench/inbox.mjs "http://127.0.0.1:$port_api" bench bench-password-1 "$inbox_runs" | tee "$out/inbox.json"
  kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
fi

# --- 10b. enquiries through the intake bucket -------------------------------------------------
if ! skipped intake; then
  say "$intake_n enquiries queued in the intake bucket while the form server was down → all in the inbox after it starts"
  start_s3
  w=$work/intake
  mkdir -p "$w/dist" && echo '<!doctype html><title>bench</title>' > "$w/dist/index.html"
  for key in benchupload benchdrain; do
    "$versitygw" admin --access "$AWS_ACCESS_KEY_ID" --secret "$AWS_SECRET_ACCESS_KEY" --endpoint-url "http://127.0.0.1:$port_s3_admin" \
      create-user --access "$key" --secret "$key-secret-0123456789" --role user > /dev/null
  done
  (
    # The gateway holds a policy's x-amz-date to the hour: signed every half hour here.
    export INTAKE_TARGET=s3://bench-intake INTAKE_RESIGN=30m \
      INTAKE_UPLOAD_ACCESS_KEY_ID=benchupload INTAKE_UPLOAD_SECRET_ACCESS_KEY=benchupload-secret-0123456789 \
      INTAKE_DRAIN_ACCESS_KEY_ID=benchdrain INTAKE_DRAIN_SECRET_ACCESS_KEY=benchdrain-secret-0123456789
    "$sitegen" deploy --setup-intake --grant-keys --origin "http://127.0.0.1:$port_api" > "$out/intake-setup.log"
    "$bt" intake-fill -n "$intake_n"
    ADMIN_PASSWORD=bench-password-1 "$adminapi" user add --create --db "$w/site.db" --username bench --email bench@example.com >/dev/null
    NOTIFY_EMAIL=team@example.com "$adminapi" serve --db "$w/site.db" --out "$w/dist" --uploads "$w/uploads" "${sitedir[@]}" \
      --intake-per-minute 100000000 --addr "127.0.0.1:$port_api" > "$out/intake-server.log" 2>&1 &
    api_pid=$!
    ADMIN_PASSWORD=bench-password-1 "$bt" intake-wait -url "http://127.0.0.1:$port_api" -n "$intake_n" | tee "$out/intake.json"
    kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
  )
fi

# --- 11. responsive images ------------------------------------------------------------------
if ! skipped images; then
  [ -d e2e/node_modules/playwright-core ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
  port_img=18494
  w=$work/images
  mkdir -p "$w"
  say "responsive images: ${BENCH_UPLOADS:-5} uploads of a 1600×1000 PNG → variants (AVIF, WebP, PNG at 480/800/1200/1600 px) on a fresh adminapi, then the image bytes of a post page"
  ADMIN_PASSWORD=bench-password-1 "$adminapi" serve --demo --db "$w/site.db" --out "$w/dist" --uploads "$w/uploads" "${sitedir[@]}" \
    --addr "127.0.0.1:$port_img" > "$out/images-server.log" 2>&1 &
  pids+=($!); img_pid=$!
  wait_http "http://127.0.0.1:$port_img/"
  ADMIN_PASSWORD=bench-password-1 "$bt" media -url "http://127.0.0.1:$port_img" -n "${BENCH_UPLOADS:-5}" | tee "$out/media-upload.jsonl"
  original=$(tail -n 1 "$out/media-upload.jsonl" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).original))')
  node bench/media-bytes.mjs "http://127.0.0.1:$port_img" /blog/bench-photo-post/ "$original" "$out/media-bytes.jsonl"
  # benchtool media ended with a full rebuild, waited for: the server's log counts the images
  # encoded, which must be one per upload.
  kill "$img_pid"; wait "$img_pid" 2>/dev/null || true
  grep -c "media: variants made" "$out/images-server.log" > "$out/media-made.txt" || true
fi

# --- 12. where leads come from ----------------------------------------------------------------
if ! skipped leads; then
  [ -d e2e/node_modules/playwright-core ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
  w=$work/leads
  mkdir -p "$w/dist" && echo '<!doctype html><title>bench</title>' > "$w/dist/index.html"
  base_ref=${BENCH_LEADS_BASE:-621d83d}
  say "leads: what the leads work adds to a page, gzipped: this tree's site bundle against $base_ref's"
  mkdir -p "$w/base"
  git archive "$base_ref" site | tar -x -C "$w/base"
  # The base builds with its own packages when they differ from this tree's (it may import a
  # package this tree no longer has).
  if cmp -s "$w/base/site/package-lock.json" site/package-lock.json; then
    ln -s "$root/site/node_modules" "$w/base/site/node_modules"
  else
    (cd "$w/base/site" && npm ci --no-audit --no-fund --loglevel=error)
  fi
  (cd "$w/base/site" && npx vite build --logLevel error)
  node bench/leads-bytes.mjs "$snap/dist/client/assets" "$w/base/site/dist/client/assets" | tee "$out/leads-bytes.json"

  # serve_leads NAME FLAGS...: adminapi serve over $w/NAME.db and a placeholder site, its log in $out.
  serve_leads() {
    local name=$1; shift
    "$adminapi" serve "$@" --db "$w/$name.db" --out "$w/dist" --uploads "$w/uploads" "${sitedir[@]}" \
      --addr "127.0.0.1:$port_api" > "$out/$name-server.log" 2>&1 &
    pids+=($!); api_pid=$!
    wait_http "http://127.0.0.1:$port_api/healthz"
  }
  serve_leads beacon --trust-proxy --beacons-per-second 100000000
  say "leads: the beacon endpoint at 1,000 beacons a second for ${wrk_secs} s (benchtool beacons: latency from when each was due)"
  "$bt" beacons -url "http://127.0.0.1:$port_api/beacon" -rate 1000 -secs "$wrk_secs" | tee "$out/beacons-rate.json"
  say "leads: the most the beacon endpoint takes, wrk ${wrk_secs} s (2 threads × 32 connections, as fast as it answers)"
  wrk -t2 -c32 -d"${wrk_secs}s" --latency -s bench/beacon.lua "http://127.0.0.1:$port_api/beacon" > "$out/wrk-beacon.txt"
  kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
  grep -h WRKJSON "$out/wrk-beacon.txt"

  say "leads: POST /popup alone, then beside a beacon flood shed past the site's limit (${wrk_secs} s each, popup 1 thread × 16 connections, flood 1 × 64)"
  serve_leads flood --trust-proxy --enquiries-per-minute 100000000
  wrk -t1 -c16 -d"${wrk_secs}s" --latency -s bench/form.lua "http://127.0.0.1:$port_api/popup" > "$out/wrk-popup-alone.txt"
  wrk -t1 -c64 -d"$((wrk_secs + 4))s" --latency -s bench/beacon.lua "http://127.0.0.1:$port_api/beacon" > "$out/wrk-flood.txt" &
  flood_pid=$!
  sleep 2 # the flood is under way before the enquiries are measured
  wrk -t1 -c16 -d"${wrk_secs}s" --latency -s bench/form.lua "http://127.0.0.1:$port_api/popup" > "$out/wrk-popup-flood.txt"
  wait "$flood_pid"
  kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
  grep -h WRKJSON "$out/wrk-popup-alone.txt" "$out/wrk-popup-flood.txt" "$out/wrk-flood.txt"

  say "leads: a year of a busy site (100,000 page views a day over 2,000 pages) through the real counter and store"
  "$bt" traffic -db "$w/year.db" -days "${BENCH_TRAFFIC_DAYS:-365}" -views 100000 -paths 2000 | tee "$out/traffic-year.json"
  say "leads: the Traffic screen over that year, opened in Chromium"
  ADMIN_PASSWORD=bench-password-1 "$adminapi" user add --create --db "$w/year.db" --username bench --email bench@example.com >/dev/null
  "$root/$out/bin/adminapi-ui" serve --db "$w/year.db" --out "$w/dist" --uploads "$w/uploads" "${sitedir[@]}" \
    --addr "127.0.0.1:$port_api" > "$out/traffic-server.log" 2>&1 &
  pids+=($!); api_pid=$!
  wait_http "http://127.0.0.1:$port_api/healthz"
  node bench/traffic.mjs "http://127.0.0.1:$port_api" bench bench-password-1 "$inbox_runs" | tee "$out/traffic-screen.json"
  kill "$api_pid"; wait "$api_pid" 2>/dev/null || true
fi

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/machine.txt"
echo "bench seconds: $(( $(date +%s) - started ))" >> "$out/machine.txt"

# --- the table ------------------------------------------------------------------------------
say "summary"
doc=docs/BENCHMARKS.md
[ "${BENCH_NO_DOC:-}" = 1 ] && doc=""
# A partial run would leave the page with a partial table: only a whole run rewrites it.
[ -n "${BENCH_ONLY:-}${BENCH_SKIP:-}" ] && doc=""
node bench/report.mjs "$out" "$(dist $big)" "$doc"
[ "${BENCH_KEEP:-}" = 1 ] || rm -rf "$work"
