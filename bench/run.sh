#!/usr/bin/env bash
# bench/run.sh — entry point of `make bench` (SKELETON: not implemented yet).
#
# TODO(bench): the bench engineer fills this in: build the comparison pages
# (the official web renderers from npm, bundled into bench/dist/), drive them and
# dist/ in headless Chromium, and write results to bench/out/. Until then this
# script fails loudly so nobody mistakes it for a benchmark run.
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -f dist/a2ui.wasm ]] || { echo "bench: dist/a2ui.wasm missing; run make build" >&2; exit 1; }
mkdir -p bench/out
echo "bench: not implemented yet (bench/run.sh is a skeleton; see bench/README.md)" >&2
exit 2
