-- wrk script for the form endpoint: POST /popup with a valid enquiry as JSON. Every request comes
-- from another client address (X-Forwarded-For, read by `adminapi serve --trust-proxy`), as many
-- visitors behind a proxy would, so the per-address rate limit lets the load through. startedAt
-- lies in the past, so the minimum-fill-time check passes and every enquiry is stored. Counts the
-- answers by status and prints one JSON line at the end (bench/count.lua).
dofile("bench/count.lua")

function setup(thread)
  thread:set("id", #threads + 1)
  count_setup(thread)
end

function init(args)
  count_init()
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
