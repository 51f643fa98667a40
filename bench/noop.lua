-- wrk script for the no-op baseline: GET /healthz on the same server, counted and printed like
-- form.lua's.
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
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
