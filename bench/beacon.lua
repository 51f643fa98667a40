-- wrk script for the pages' beacon: POST /beacon, form-encoded as lib/attribution.ts sends it,
-- with a browser's user agent. The address (X-Forwarded-For, read by `adminapi serve
-- --trust-proxy`) cycles through 20,000 visitors, as a busy site's would; every third beacon
-- is the first page of a visit from a campaign. Counts the answers by status (bench/count.lua).
dofile("bench/count.lua")

function setup(thread)
  thread:set("id", #threads + 1)
  count_setup(thread)
end

function init(args)
  count_init()
  n = 0
end

local ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"

function request()
  n = n + 1
  local v = (n * 7 + id * 10007) % 20000
  local ip = string.format("10.%d.%d.%d", id % 256, math.floor(v / 256) % 256, v % 256)
  local body = "p=%2Fblog%2Fpost-" .. (n % 500) .. "%2F"
  if n % 3 == 0 then
    body = "p=%2Fseo-services-in-delhi%2F&e=1&r=www.google.com&s=google&m=cpc&c=campaign-" .. (n % 40) .. "&a=1"
  end
  return wrk.format("POST", "/beacon", { ["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8",
    ["X-Forwarded-For"] = ip, ["User-Agent"] = ua }, body)
end
