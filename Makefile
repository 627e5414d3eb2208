# A2UI renderer in Go/WebAssembly. `make help` lists the targets.
#
# Knobs: PORT (make run, default 8080), ADDR (make run's listen address, default
# 127.0.0.1:$PORT; ADDR=:8080 listens on every interface), FUZZTIME (make fuzz, default
# 10s), GOTESTFLAGS (extra go test flags, e.g. -race or -run X), CHROMIUM (browser path
# for the browser tests, default the first of /usr/bin/chromium, /usr/bin/chromium-browser,
# /snap/bin/chromium).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build
.DELETE_ON_ERROR:

GO        ?= go
PORT      ?= 8080
ADDR      ?= 127.0.0.1:$(PORT)
FUZZTIME  ?= 10s
GOTESTFLAGS ?=

ifeq ($(shell command -v $(GO)),)
$(error Go missing: install Go 1.26 or newer from https://go.dev/dl (or set GO=/path/to/go))
endif
GOROOT    := $(shell $(GO) env GOROOT)
TMP       := $(CURDIR)/.tmp
# chromedp SIGKILLs Chromium, which leaves SingletonSocket dirs in $TMPDIR: keep them in .tmp.
# -trimpath: test binaries that do not depend on the checkout's path, so a fresh clone
# reuses what the Go build cache already compiled for another one.
GOTEST    := mkdir -p $(TMP) && TMPDIR=$(TMP) A2UI_REQUIRE_FIXTURES=1 $(GO) test -trimpath $(GOTESTFLAGS)

WASM      := web/a2ui.wasm
DIST      := dist
# dist is staged under .tmp (a directory go test ./... never walks: a build beside the
# host tests must not show them a half-copied tree with web's Go files), then moved.
DIST_NEW  := $(CURDIR)/.tmp/dist.new
# make npm-pack: the npm package, staged in $(NPM_OUT)/package, tarball in $(NPM_OUT).
NPM_OUT   := dist-npm
BUDGET    := size-budget.txt
# The wasm is built without inlining except in the packages that run per byte, per
# allocation or per DOM op: -103 KB brotli (9%), measured in README "Size and performance".
# WASM_GCFLAGS= restores Go's default inlining everywhere.
MODULE    := github.com/a2ui-go/a2ui
WASM_INLINE := runtime internal/runtime/... syscall/js internal/strconv unicode/utf8 \
	$(MODULE)/internal/jsonscan $(MODULE)/dom
WASM_GCFLAGS ?= -gcflags=all=-l $(foreach p,$(WASM_INLINE),-gcflags=$(p)=)
# The packages linked into the wasm (host-only commands, bench and tests are not).
WASM_PKGS := ./internal/uiqueue/... ./internal/mountopts/... ./protocol/... ./model/... ./binding/... ./policy/... ./catalog/... ./dom/... ./render/... ./transport/... ./openwop/... ./cmd/wasm/... ./webhost/...
WEB_CORE  := node_modules/@a2ui/web_core/src
NPM_STAMP := node_modules/.package-lock.json
CHROMIUM  ?= $(firstword $(wildcard /usr/bin/chromium /usr/bin/chromium-browser /snap/bin/chromium) /usr/bin/chromium)
export CHROMIUM

# What the goals need that a bare machine lacks. `make test` (and `make all`) install it
# first with .ci/setup.sh, as `make setup` does, and stop with its one-line reason when
# they cannot (no apt-get, no root or sudo); the other goals say what to run, then stop.
CHROMIUM_GOALS := all test test-browser bench screenshots
NPM_GOALS      := all test test-host test-browser bench screenshots
missing_tools = $(strip \
	$(if $(filter $(CHROMIUM_GOALS),$(MAKECMDGOALS)),$(if $(wildcard $(CHROMIUM)),,chromium)) \
	$(if $(filter $(NPM_GOALS),$(MAKECMDGOALS)),$(if $(shell command -v npm || true; [[ $(NPM_STAMP) -nt package-lock.json ]] && echo fresh || true),,npm)))
ifneq ($(and $(filter all test,$(MAKECMDGOALS)),$(missing_tools)),)
$(info make test: $(missing_tools) missing: installing with .ci/setup.sh (as make setup))
SETUP_ERR := $(shell mkdir -p $(TMP) && .ci/setup.sh >&2 2>$(TMP)/setup.err && echo ok || tail -n 1 $(TMP)/setup.err)
ifneq ($(SETUP_ERR),ok)
$(error $(SETUP_ERR) (log: .tmp/setup.err))
endif
ifeq ($(origin CHROMIUM),file)
CHROMIUM := $(firstword $(wildcard /usr/bin/chromium /usr/bin/chromium-browser /snap/bin/chromium) /usr/bin/chromium)
endif
endif
ifneq ($(filter chromium,$(missing_tools)),)
$(error Chromium missing: run `make setup` (apt-get install -y chromium), or set CHROMIUM=/path/to/chromium)
endif
ifneq ($(filter npm,$(missing_tools)),)
$(error npm missing (the tests need the pinned fixtures in node_modules): run `make setup` (apt-get install -y nodejs npm, then npm ci))
endif
WASMFTAB  := $(TMP)/bin/wasmftab
# Brotli from Go (github.com/andybalholm/brotli): no system binary needed.
BROTLI    := $(TMP)/bin/brotli
export BROTLI

# Everything the wasm can depend on (conservative: any non-test Go file).
GO_SOURCES := $(shell find . -name '*.go' ! -name '*_test.go' \
	-not -path './node_modules/*' -not -path './.tmp/*' -not -path './dist/*' \
	-not -path './.git/*' -not -path './bench/*' -not -path './tests/*' \
	-not -path './cmd/demo-agent/*' -not -path './internal/tools/*' 2>/dev/null)

# go test -json through testsum: progress lines, failures' output, one summary line.
TESTSUM   := $(TMP)/bin/testsum
# shq quotes a string for the shell.
shq = '$(subst ','\'',$(1))'
TEST_HOST    := $(GOTEST) -json ./...
# The browser tests: two at a time (on 2 cores, alone: 142 s and 267 CPU-s against 150 s
# and 290 at four, 165 s and 253 at one).
TEST_BROWSER := $(GOTEST) -json -count=1 -parallel 2 -timeout 30m -tags browser ./tests/browser/...

.PHONY: screenshots all build dist compress npm-pack run test test-time test-host test-wasm test-browser test-browser-main vet size size-report bench fuzz clean deps fixtures setup help

all: test

help:
	@echo 'make setup         install what a fresh Debian/Ubuntu lacks (chromium, make, npm), npm ci'
	@echo 'make build         wasm + wasm_exec.js + .br/.gz (and the wasm .zst), static site in dist/ (with the MCP App page a2ui-mcp-app.html)'
	@echo 'make dist          the static site without the precompressed siblings (what make test needs); make compress adds them'
	@echo 'make npm-pack      build, then stage and npm pack the package a2ui-go into $(NPM_OUT)/'
	@echo 'make run           npm ci if needed, build, then serve dist/ and the demo agent on http://$(ADDR)'
	@echo 'make test          npm ci if needed, go vet, host tests, browser tests (the CI command)'
	@echo 'make test-time     make test twice in a fresh clone; the times into README.md'
	@echo 'make test-host     go vet + host go test ./... (A2UI_REQUIRE_FIXTURES=1)'
	@echo 'make test-wasm     the agent-data packages as GOOS=js under Node, browser-sized stack'
	@echo 'make test-browser  build + go test -tags browser ./tests/browser/...'
	@echo 'make test-browser-main  the browser suite with the engine on the main thread (A2UI_BROWSER_MODE=main)'
	@echo 'make size          size table of the wasm and a page; fails above $(BUDGET)'
	@echo 'make size-report   code bytes of the wasm by package and function (SIZE_BASE=old.wasm: deltas)'
	@echo 'make bench         benchmarks (bench/run.sh)'
	@echo 'make screenshots   every gallery sample, light and dark, as PNGs in $$SHOTS ($(SHOTS))'
	@echo 'make fuzz          every Fuzz target for $$FUZZTIME ($(FUZZTIME))'
	@echo 'make clean         remove build outputs'

# ---- build --------------------------------------------------------------------

build: dist compress
	@.ci/size.sh --init $(DIST) $(BUDGET)

# wasmftab moves the runtime's findfunctab into a custom section that a2ui.js expands
# (-800 KB raw, -79 KB brotli; internal/wasmftab).
$(WASM): $(GO_SOURCES) go.mod go.sum $(WASMFTAB)
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(WASM_GCFLAGS) -ldflags='-s -w' -o $@.tmp ./cmd/wasm
	$(WASMFTAB) $@.tmp $@.packed
	rm $@.tmp
	mv $@.packed $@

$(WASMFTAB): $(wildcard internal/tools/wasmftab/*.go internal/wasmftab/*.go internal/wasmbin/*.go) go.mod
	mkdir -p $(dir $@)
	$(GO) build -o $@ ./internal/tools/wasmftab

$(WASM).br: $(WASM) $(BROTLI)
	$(BROTLI) -q 11 -f -o $@ $<
	touch $@

$(WASM).gz: $(WASM)
	gzip -9 -n -k -f $<
	touch $@

# zstd -19 for browsers that accept it (Chromium 123+): 4% larger than brotli -q 11, but
# the browser decodes it much faster, and it decodes the cached body again on every
# visit (README "Size and performance"). Without a zstd binary (make setup installs it)
# the wasm is served brotli or gzip only.
$(WASM).zst: $(WASM)
	if command -v zstd >/dev/null; then zstd -19 -q -f -o $@ $<; touch $@; \
	else rm -f $@; echo "build: no zstd (make setup installs it): no a2ui.wasm.zst, servers send brotli" >&2; fi

$(BROTLI): internal/tools/brotli/main.go go.mod go.sum
	mkdir -p $(dir $@)
	$(GO) build -o $@ ./internal/tools/brotli

# wasm_exec.js must match the Go that built the wasm.
web/wasm_exec.js: $(GOROOT)/lib/wasm/wasm_exec.js
	cp $< $@

# The static site: web/* (gallery, embed.html, wasm + .br/.gz) with a2ui.js bundled,
# testdata/**/*.json{,l} (streams for the gallery and demos) at /testdata/, and
# the official examples and schemas of @a2ui/web_core at /web_core/ (same URLs
# as the browser-test server). Small text assets get .br/.gz siblings too.
# dist is rebuilt when an input is newer than its stamp: the wasm and its compressed
# forms, web/, testdata/, the Go sources (cmd/samples, the bundler) and node_modules.
DIST_STAMP  := $(DIST)/.built
DIST_INPUTS := $(GO_SOURCES) $(wildcard internal/tools/bundle/*.go) go.mod go.sum $(wildcard $(NPM_STAMP)) \
	$(shell find web testdata -type f 2>/dev/null)
dist: $(DIST_STAMP)
$(DIST_STAMP): $(WASM) $(WASM).gz web/wasm_exec.js $(DIST_INPUTS)
	rm -rf $(DIST_NEW)
	mkdir -p $(DIST_NEW)
	cp -R web/. $(DIST_NEW)/
	rm -f $(DIST_NEW)/a2ui.wasm.br $(DIST_NEW)/a2ui.wasm.zst # compress adds them, fresh
	# One script for pages: the loader with a2ui.css inlined, wasm_exec.js and the DOM
	# runtime, so a page copies a2ui.js and a2ui.wasm only, the loader injects no <script>
	# or <link> (Trusted Types friendly) and a page makes one request besides the wasm.
	# The loader first: the wasm download starts before the rest is evaluated.
	rm -f $(DIST_NEW)/a2ui.css $(DIST_NEW)/a2ui-engine.js $(DIST_NEW)/a2ui-worker.js $(DIST_NEW)/a2ui-runtime.js $(DIST_NEW)/wasm_exec.js $(DIST_NEW)/mcp-app.js $(DIST_NEW)/*.go
	$(GO) run ./internal/tools/bundle -css web/a2ui.css -o $(DIST_NEW)/a2ui.js \
		web/a2ui-engine.js web/a2ui-worker.js web/a2ui.js web/wasm_exec.js web/a2ui-runtime.js
	# The wasm also under a content-hashed name (cacheable as immutable), which a2ui.js loads.
	h=$$(sha256sum $(WASM) | cut -c1-16) && \
	for z in "" .gz; do cp -p $(WASM)$$z $(DIST_NEW)/a2ui.$$h.wasm$$z; done && \
	sed -i "s/const WASM_FILE = \"a2ui.wasm\";/const WASM_FILE = \"a2ui.$$h.wasm\";/" $(DIST_NEW)/a2ui.js && \
	grep -q "a2ui.$$h.wasm" $(DIST_NEW)/a2ui.js
	# The MCP App page (README "MCP Apps"): that script, the bridge web/mcp-app.js and the
	# wasm (base64 of its gzip) in one HTML file, since a View has no origin to fetch from.
	$(GO) run ./internal/tools/bundle -html -wasm $(WASM).gz -o $(DIST_NEW)/a2ui-mcp-app.html \
		$(DIST_NEW)/a2ui.js web/mcp-app.js
	if [[ -d testdata ]]; then \
		find testdata -type f \( -name '*.jsonl' -o -name '*.json' \) -exec cp --parents {} $(DIST_NEW)/ \; ; \
	fi
	if [[ -d $(WEB_CORE) ]]; then \
		mkdir -p $(DIST_NEW)/web_core && \
		(cd $(WEB_CORE) && find . -type f -name '*.json' -exec cp --parents {} $(DIST_NEW)/web_core/ \;) ; \
	else \
		echo "dist: $(WEB_CORE) missing (npm ci): official examples not included" >&2; \
	fi
	$(GO) run ./cmd/samples -out $(DIST_NEW)/samples
	touch $(DIST_NEW)/.built
	rm -rf $(DIST) && mv $(DIST_NEW) $(DIST)

# The precompressed siblings servers send (cmd/demo-agent, README "Serving"): brotli -q 11
# (and zstd -19) of the wasm, under its hashed name too, and .br/.gz of the page files.
# Apart from dist: make test needs dist only (the browser suite loads the raw files, the
# host tests of serving bring their own); dist's rebuild (a fresh directory) drops the
# stamp.
COMPRESS_STAMP := $(DIST)/.compressed
compress: $(COMPRESS_STAMP)
$(COMPRESS_STAMP): $(DIST_STAMP) $(WASM).br $(WASM).zst $(BROTLI)
	h=$$(sha256sum $(WASM) | cut -c1-16) && \
	for z in .br .zst; do [[ ! -f $(WASM)$$z ]] || cp -p $(WASM)$$z $(DIST)/a2ui.wasm$$z; \
		[[ ! -f $(WASM)$$z ]] || cp -p $(WASM)$$z $(DIST)/a2ui.$$h.wasm$$z; done
	for f in $(DIST)/*.html $(DIST)/*.js $(DIST)/*.css; do \
		[[ -f $$f ]] || continue; \
		if [[ ! -f $$f.br ]]; then $(BROTLI) -q 11 -f -o $$f.br.tmp $$f && mv $$f.br.tmp $$f.br; fi; \
		if [[ ! -f $$f.gz ]]; then gzip -9 -n -c $$f > $$f.gz.tmp && mv $$f.gz.tmp $$f.gz; fi; \
	done
	touch $@

# The npm package (npm/pack.sh): page files from dist, ES module entry, d.ts, README.
npm-pack: build
	GO=$(GO) npm/pack.sh $(DIST) $(NPM_OUT)

# npm ci when npm is there (all the official samples in the gallery); else say so and go on.
run: fixtures
	$(MAKE) --no-print-directory build
	$(GO) run ./cmd/demo-agent -addr $(ADDR) -dir $(DIST) -samples testdata

fixtures:
	@if command -v npm >/dev/null; then $(MAKE) --no-print-directory deps; \
	elif [[ ! -d $(WEB_CORE) ]]; then \
		echo "npm missing: the gallery shows only this repo's own samples; for all of them run \`make setup\` (apt-get install -y nodejs npm, then npm ci)" >&2; \
	fi

setup:
	.ci/setup.sh

# ---- test ---------------------------------------------------------------------

# The README's single test command (CI runs exactly this). npm ci (when needed) runs
# beside the wasm compile; then vet, the host tests and the wasm tests run side by side;
# then dist (the files the suite loads; the compressed siblings are make build's, which
# make run does) and the browser suite, alone: it keeps both cores busy by itself, and
# beside the others (as before) every part took more CPU and the whole longer.
test: $(TESTSUM)
	$(MAKE) -s -j2 --no-print-directory deps $(WASM)
	$(TESTSUM) -each tests/browser \
		$(call shq,$(MAKE) -s --no-print-directory vet) \
		$(call shq,$(TEST_HOST)) \
		$(call shq,$(TEST_WASM) -json # wasm) \
		--then $(call shq,$(MAKE) -s -j2 --no-print-directory dist && $(TEST_BROWSER))

# make test in a fresh clone, twice; the times go into README.md (.ci/test-time.sh).
test-time:
	.ci/test-time.sh

test-host: deps vet $(TESTSUM)
	$(TESTSUM) $(call shq,$(TEST_HOST))

# The packages that walk agent data, tested as GOOS=js under Node with a browser-sized
# stack: the hostile inputs (deep Markdown, paths, JSON, fan-outs) must not overflow it.
# Also the UI queue and dom/browser (its Patcher and event bridge on a fake DOM).
TEST_WASM := mkdir -p $(TMP) && TMPDIR=$(TMP) GOOS=js GOARCH=wasm $(GO) test -trimpath -count=1 \
	-exec $(CURDIR)/internal/tools/wasmexec/run.sh \
	./internal/jsonscan/ ./internal/uiqueue/ ./protocol/ ./model/ ./binding/ ./catalog/markdown/ ./render/ ./dom/browser/ ./openwop/ ./transport/a2a/ ./webhost/
test-wasm:
	$(TEST_WASM)

test-browser: deps build $(TESTSUM)
	$(TESTSUM) -each tests/browser $(call shq,$(TEST_BROWSER))

# The browser suite with the engine on the page's main thread (make test runs it in the
# loader's own choice, a worker): both modes must pass it (README "Where the engine runs").
test-browser-main: deps build $(TESTSUM)
	A2UI_BROWSER_MODE=main $(TESTSUM) -each tests/browser $(call shq,$(TEST_BROWSER))

$(TESTSUM): internal/tools/testsum/main.go go.mod
	mkdir -p $(dir $@)
	$(GO) build -o $@ ./internal/tools/testsum

# Host, wasm (syscall/js packages) and browser-tagged code all get vetted, and the
# published script is type-checked against the published declarations (.ci/tscheck).
# -trimpath: vet's results, like the builds', do not depend on where the checkout is, so
# a fresh clone reuses those of the build cache.
vet:
	$(GO) vet -trimpath ./...
	GOOS=js GOARCH=wasm $(GO) vet -trimpath $(WASM_PKGS)
	$(GO) vet -trimpath -tags browser ./tests/browser/...
	if [[ -x node_modules/.bin/tsc ]]; then node_modules/.bin/tsc -p .ci/tscheck; \
	else echo "vet: node_modules/.bin/tsc missing (npm ci): web/*.js not type-checked" >&2; fi

# npm ci when node_modules is missing or older than the lockfile.
deps: $(NPM_STAMP)

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Size table (raw, gzip -9, brotli -q 11) of the wasm and of the files an embedding page
# loads; fails above $(BUDGET) (the size when it was set + 5%).
size: build $(BROTLI)
	SIZE_MD=$(TMP)/size .ci/size.sh $(DIST) $(BUDGET) || { $(README_SIZE); exit 1; }
	$(README_SIZE)

# The README's size table and figures (between its markers; internal/tools/readmegen).
README_SIZE = $(GO) run ./internal/tools/readmegen size $(TMP)/size/table.md \
	size:wasm $(TMP)/size/wasm.txt size:wasm-raw $(TMP)/size/wasm-raw.txt

# Where the wasm's bytes go: a build with the name section (no -s -w; the code is the
# same), its code attributed to the linked packages and functions (internal/tools/wasmsize).
# SIZE_BASE=path/to/older.sym.wasm adds a delta column. The symbol build stays in .tmp/.
SIZE_TOP  ?= 15
SIZE_BASE ?=
size-report:
	mkdir -p $(TMP)
	GOOS=js GOARCH=wasm $(GO) build -trimpath $(WASM_GCFLAGS) -o $(TMP)/a2ui.sym.wasm ./cmd/wasm
	GOOS=js GOARCH=wasm $(GO) list -deps ./cmd/wasm >$(TMP)/a2ui.deps
	$(GO) run ./internal/tools/wasmsize -top $(SIZE_TOP) -deps $(TMP)/a2ui.deps \
		$(if $(SIZE_BASE),-base $(SIZE_BASE)) $(TMP)/a2ui.sym.wasm
	if [[ -f $(DIST)/a2ui.wasm ]]; then SIZE_MD=$(TMP)/size .ci/size.sh $(DIST) $(BUDGET) >/dev/null || true; $(README_SIZE); fi

# Benchmark against @a2ui/lit and @a2ui/react (bench/README.md): prints the table and
# writes bench/results.md. Knobs, from the environment or `make bench BENCH_RUNS=3`:
# BENCH_RUNS (default 5), BENCH_QUICK=1 (1 run, N <= 1000, 5 s ceiling), BENCH_CEILING
# (seconds, default 20), BENCH_ONLY (stream,bulk,update,typing,mainthread,startup,bytes,memory),
# BENCH_RENDERERS (ours,lit,react), BENCH_ARGS (extra driver flags, e.g. -dump).
BENCH_ARGS ?=
export BENCH_RUNS BENCH_QUICK BENCH_CEILING BENCH_ONLY BENCH_RENDERERS CHROMIUM
bench: deps build $(BROTLI)
	bench/run.sh $(BENCH_ARGS)
	bench/readme.sh

# Headless Chromium renders every gallery sample in light and dark into $(SHOTS).
SHOTS ?= screenshots
screenshots: deps build
	$(GO) run ./internal/tools/screenshots -dir $(DIST) -out $(SHOTS)

# Short runs of every Fuzz target (one go test -fuzz per target, as go requires).
fuzz:
	mkdir -p $(TMP)
	grep -rlE --include='*_test.go' --exclude-dir=node_modules --exclude-dir=.tmp \
		'^func Fuzz[A-Za-z0-9_]*\(' . | sort | while read -r f; do \
		d=$$(dirname "$$f"); \
		for fn in $$(grep -oE '^func Fuzz[A-Za-z0-9_]*' "$$f" | cut -d' ' -f2); do \
			echo "== fuzz $$d $$fn ($(FUZZTIME))"; \
			TMPDIR=$(TMP) $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) "$$d"; \
		done; \
	done

clean:
	rm -rf $(DIST) $(NPM_OUT) $(WASM) $(WASM).tmp $(WASM).br $(WASM).gz $(WASM).zst web/wasm_exec.js bench/out bench/dist .tmp
