-- wrk script for the form endpoint: POST /popup with a valid enquiry as JSON. Every request comes
-- from another client address (X-Forwarded-For, read by `adminapi serve --trust-proxy`), as many
-- visitors behind a proxy would, so the per-address rate limit lets the load through. startedAt
-- lies in the past, so the minimum-fill-time check passes and every enquiry is stored. Counts the
-- answers by status and prints one JSON line at the end.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  n = 0
  started = string.format("%d", (os.time() - 60) * 1000)
end

function request()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", id % 256, math.floor(n / 256) % 256, n % 256)
  local body = '{"name":"Bench Visitor ' .. n .. '","email":"visitor' .. n .. '@example.com",' ..
    '"phone":"+91 98765 43210","message":"Please call me about SEO for my clinic in Noida. Enquiry ' .. n ..
    '.","website":"","startedAt":' .. started .. '}'
  return wrk.format("POST", "/popup", { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = ip }, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    for code, c in pairs(s) do counts[code] = (counts[code] or 0) + c end
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
