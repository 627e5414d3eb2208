#!/usr/bin/env bash
# bench/run.sh — entry point of `make bench` (after `make build`).
#
# 1. bundles the comparison pages: @a2ui/lit 0.11.0 and @a2ui/react 0.11.1 (exact
#    versions from package.json / package-lock.json) with esbuild into bench/dist/,
#    with .gz (gzip -9) and .br (brotli -q 11) siblings;
# 2. runs the Go driver (bench/cmd/bench), which drives dist/ (ours) and bench/dist/ in
#    headless Chromium and writes bench/results.md (and bench/out/results.json).
#
# Knobs (environment): BENCH_RUNS, BENCH_QUICK=1, BENCH_CEILING, BENCH_ONLY,
# BENCH_RENDERERS, CHROMIUM; extra arguments go to the driver (e.g. -dump).
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -f dist/a2ui.wasm ]] || { echo "bench: dist/a2ui.wasm missing; run make build" >&2; exit 1; }
ESBUILD=node_modules/.bin/esbuild
if [[ ! -x $ESBUILD || ! -d node_modules/@a2ui/lit || ! -d node_modules/@a2ui/react ]]; then
	echo "bench: npm devDependencies missing; running npm ci" >&2
	npm ci --no-audit --no-fund
fi

mkdir -p bench/dist bench/out .tmp
common=(--bundle --minify --format=esm --target=es2022 --legal-comments=none
	'--define:process.env.NODE_ENV="production"' --log-level=warning)
"$ESBUILD" bench/pages/lit-entry.js "${common[@]}" --outfile=bench/dist/lit.js
"$ESBUILD" bench/pages/react-entry.js "${common[@]}" --outfile=bench/dist/react.js
# @a2ui/react's compiled CSS modules (not in its exports map, so copied by path).
cp node_modules/@a2ui/react/v0_9/index.css bench/dist/react.css
for f in bench/dist/*.js bench/dist/*.css; do
	gzip -9 -n -k -f "$f"
	"${BROTLI:-.ci/brotli}" -q 11 -f -o "$f.br" "$f"
done

# Snapshot our build, so a `make build` elsewhere during the run cannot mix two builds.
snap=bench/out/ours
rm -rf "$snap" && mkdir -p "$snap"
hashed=$(cd dist && ls a2ui.*.wasm 2>/dev/null | grep -E '^a2ui\.[0-9a-f]{16}\.wasm$' || true)
for f in a2ui.js a2ui.wasm $hashed; do
	[[ -f dist/$f ]] || { echo "bench: dist/$f missing; run make build" >&2; exit 1; }
	cp -p "dist/$f" "$snap/"
	for z in br gz zst; do
		if [[ -f dist/$f.$z ]]; then cp -p "dist/$f.$z" "$snap/"; fi
	done
done

export TMPDIR=$PWD/.tmp
exec go run ./bench/cmd/bench -dist "$snap" "$@"
