# The two commands a new engineer needs: `make run` and `make test`. Everything else is theirs.
SHELL := /bin/bash
GO ?= go
BIN := bin
DEMO_ADDR ?= 127.0.0.1:8080

.PHONY: login run demo-addr-free test test-quick build site admin-ui binaries binaries-with-ui deps bench clean check test-go test-js test-browser fuzz gofmt deps-browser gate-deps gate-race gate-site gate-binaries gate-browser gate-go gate-js

## run: install, build, load the demo content and serve the whole product on localhost
run: demo-addr-free deps build
	@echo "starting the demo server on $(DEMO_ADDR): it imports the demo content on its first start and builds the site, then prints the addresses and the login"
	@$(BIN)/adminapi serve --demo --addr $(DEMO_ADDR)

# Said before a minute of building, not after it.
demo-addr-free:
	@if (exec 3<>/dev/tcp/$(subst :,/,$(DEMO_ADDR))) 2>/dev/null; then \
	  echo "something already listens on $(DEMO_ADDR): a demo server still running (make login prints its addresses)? Stop it, or run make run DEMO_ADDR=127.0.0.1:8081"; exit 1; fi

## login: print the demo's addresses and login again
login:
	@$(BIN)/adminapi demo-login

## test: every test: gofmt, go vet, Go tests with -race (fuzz targets replay their committed corpus; deploys against a real S3 server on loopback), component tests, browser tests (three files at a time, the longest first); each part ends with its slowest tests
# The parts run side by side, each as soon as what it needs is ready. At the start the npm
# installs and the S3 gateway's build (scripts/setup.sh) run beside the compiling of every Go
# package for -race, niced: what the browser tests wait for (the installs, the site bundle, the
# binaries) comes first, and the browser tests, the longest part, keep the CPU they want; the
# compile takes what they leave. Then the component tests, the browser tests (once the bundle and
# the binaries are built) and the Go tests (once the bundle and the compile are done). Measured
# on fresh clones, 2 cores: the Go tests after all the builds, 633 s in all (without the S3
# gateway's build); the whole Go part niced, it ended 200 s after the browser part, 662 s; the
# -race compile after the site bundle, the Go tests began at 436 s, 676 s; that compile from the
# start but not niced, the browser part ended at 644 s, 681 s; niced, the browser part ended at
# 477 s. Sampled from /proc/stat, both cores are busy from the first second to the last minute
# (650 s fresh, 460 s on a second run): what is left to gain is CPU, not order (README, "Two
# commands"). With less CPU (the browser sweeps in one page, hardening's servers without -race)
# the browser part ends at 407 s and the whole at 592 s; with four Go test binaries at a time
# (test-go), at 389 s and 558 s. Each part's output is printed whole when it ends; a failing part does not stop
# the others.
test:
	@$(MAKE) --no-print-directory -j5 -k --output-sync=target gate-browser gate-go gate-js
	@echo "all tests passed"

gate-deps:
	@scripts/setup.sh --browser --s3
gate-race:
	@echo "compiling every Go package for -race (niced, beside the installs, the builds and the browser tests)"
	@nice -n 10 $(GO) build -race ./...
gate-site: gate-deps
	@$(MAKE) --no-print-directory site
gate-binaries: gate-deps
	@$(MAKE) --no-print-directory binaries-with-ui
gate-browser: gate-site gate-binaries
	@$(MAKE) --no-print-directory test-browser
gate-go: gate-site gate-race
	@$(MAKE) --no-print-directory test-go
gate-js: gate-deps
	@$(MAKE) --no-print-directory test-js

## test-quick: the inner loop: gofmt and the Go tests with -short (no -race, no browser, not the process-level hardening tests, not the 10,000-post budget)
test-quick: gofmt
	@mkdir -p $(BIN)
	@$(GOTESTSUM) --jsonfile $(BIN)/test-quick.json -- -short -count=1 ./... ; status=$$?; $(SLOWEST) --jsonfile $(BIN)/test-quick.json; exit $$status

deps:
	@scripts/setup.sh

deps-browser:
	@scripts/setup.sh --browser --s3

## build: the React site bundle, the admin SPA and both binaries
build: site admin-ui binaries

# The binaries embed the admin UI; the site bundle is built beside the two (make test).
binaries-with-ui: admin-ui
	@$(MAKE) --no-print-directory binaries

# Each bundle is built again only when a file of its folder is newer than what the last build
# wrote (node_modules and the output aside): a second make run starts in seconds.
SITE_INPUTS := $(shell find site -path site/node_modules -prune -o -path site/dist -prune -o -path site/coverage -prune -o -type f -print)
ADMIN_UI_INPUTS := $(shell find admin-ui -path admin-ui/node_modules -prune -o -path admin-ui/dist -prune -o -path admin-ui/coverage -prune -o -type f -print)

site: site/dist/server/entry-server.js
site/dist/server/entry-server.js: $(SITE_INPUTS)
	@echo "building the site bundle (site/dist)"
	@npm --prefix site run build --silent >/dev/null
	@touch $@

admin-ui: internal/adminui/dist/index.html
internal/adminui/dist/index.html: $(ADMIN_UI_INPUTS)
	@echo "building the admin UI (internal/adminui/dist)"
	@npm --prefix admin-ui run build --silent >/dev/null
	@touch $@

# Each long step says what it does first: a first Go build fetches the modules and compiles for
# about a minute, and silence that long reads as a hang.
binaries:
	@mkdir -p $(BIN)
	@echo "building bin/sitegen (Go: the first build fetches the modules and compiles them, about a minute; later builds take seconds)"
	@$(GO) build -tags adminui -o $(BIN)/sitegen ./cmd/sitegen
	@echo "building bin/adminapi"
	@$(GO) build -tags adminui -o $(BIN)/adminapi ./cmd/adminapi

# The Go tests run through gotestsum (a tool of go.mod): one line a package, failures in full,
# and the run kept as test2json in bin/ for the list of the slowest tests at the end.
GOTESTSUM = $(GO) tool gotestsum --format pkgname-and-test-fails --format-hide-empty-pkg
SLOWEST = echo "slowest Go tests:"; $(GO) tool gotestsum tool slowest --num 15 --threshold 2s

gofmt:
	@unformatted=$$(gofmt -l cmd internal bench docs); if [ -n "$$unformatted" ]; then echo "not gofmt-ed (run gofmt -w):"; echo "$$unformatted"; exit 1; fi

# go vet runs beside the -race tests rather than before them: on a fresh clone it compiles what
# the tests do not share with it; the no-race pass (NORACE) runs beside them too. The
# process-level attacks (internal/hardening: over a minute, most of it waiting on the servers
# they start and kill) run beside the other packages, not in
# their turn among them, once the packages are compiled for -race (so the two runs do not both
# compile them); each run's output follows the other's. Four test binaries run at a time, not
# one a core: many of them wait on servers, subprocesses and timers (the other packages' run
# took 101 s with two, 72 s with four, the same CPU, warm, on 2 cores).
HARDENING = ./internal/hardening
# Tests that only compute (no goroutine of their own) and take minutes under -race: they skip
# under it and run once without it, beside the -race tests.
NORACE = TestQueryBytesAt10000Posts|TestVariantsAreMadeOncePerImage|TestPlainTextPrefixFastMatchesTokenizer|TestLinkTargetsFastMatchesTokenizer
test-go: gofmt
	@mkdir -p $(BIN)
	@echo "go vet ./... (beside the tests; its findings follow them)"
	@$(GO) vet ./... > $(BIN)/vet.log 2>&1 & vet=$$!; \
	$(GO) test -count=1 -run '$(NORACE)' ./internal/search ./internal/media ./internal/domain > $(BIN)/test-norace.log 2>&1 & norace=$$!; \
	export REQUIRE_SITE_BUNDLE=1 REQUIRE_S3=1; \
	$(GO) build -race ./... || exit 1; \
	$(GOTESTSUM) --jsonfile $(BIN)/test-hardening.json -- -race -count=1 $(HARDENING) > $(BIN)/test-hardening.log 2>&1 & hardening=$$!; \
	$(GOTESTSUM) --jsonfile $(BIN)/test-go.json -- -race -count=1 -p 4 $$($(GO) list ./... | grep -v '/internal/hardening$$'); status=$$?; \
	if ! wait $$hardening; then status=1; fi; cat $(BIN)/test-hardening.log; \
	cat $(BIN)/test-hardening.json >> $(BIN)/test-go.json; $(SLOWEST) --jsonfile $(BIN)/test-go.json; \
	if ! wait $$norace; then status=1; fi; echo "without -race: $(NORACE)"; cat $(BIN)/test-norace.log; \
	if ! wait $$vet; then echo "go vet ./... failed:"; status=1; fi; cat $(BIN)/vet.log; exit $$status

## fuzz: random exploration, FUZZTIME per target (default 1m); not part of make test
fuzz:
	@scripts/fuzz.sh

test-js:
	npm --prefix site run typecheck --silent
	npm --prefix site test --silent
	npm --prefix admin-ui test --silent

test-browser:
	npm --prefix e2e test

check: binaries
	$(BIN)/sitegen check

## bench: the speed table of docs/BENCHMARKS.md (not part of make test)
bench: build
	@scripts/setup.sh --bench
	bench/run.sh

clean:
	rm -rf $(BIN) site/dist internal/adminui/dist
