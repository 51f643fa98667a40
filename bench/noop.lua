-- wrk script for the no-op baseline: GET /healthz on the same server, counted and printed like
-- form.lua's (bench/count.lua).
dofile("bench/count.lua")
