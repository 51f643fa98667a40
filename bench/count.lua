-- Shared by the bench's wrk scripts (loaded with dofile, from the repository's root as
-- bench/run.sh runs wrk): counts the answers by status in every thread and prints one JSON line
-- at the end, with the latency percentiles and wrk's errors. A script that needs its own setup or
-- init calls count_setup / count_init from it.
threads = {}

function count_setup(thread) table.insert(threads, thread) end
function count_init() statuses = {} end
setup = count_setup
init = count_init

function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end

function done(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    for code, c in pairs(t:get("statuses")) do counts[code] = (counts[code] or 0) + c end
  end
  local parts = {}
  for code, c in pairs(counts) do table.insert(parts, string.format('"%d":%d', code, c)) end
  local e = summary.errors
  io.write(string.format('WRKJSON {"requests":%d,"seconds":%.3f,"rps":%.1f,"p50ms":%.3f,"p99ms":%.3f,"maxms":%.3f,' ..
    '"statuses":{%s},"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    table.concat(parts, ","), e.connect, e.read, e.write, e.status, e.timeout))
end
