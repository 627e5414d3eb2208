#!/bin/sh
# Runs a GOOS=js test binary under Node with V8's default stack (about 1 MiB, as on a
# page), not the 8 MiB that Go's go_js_wasm_exec asks for: an input that recurses too
# deep fails here with the RangeError it would raise in a browser. Used by `make test-wasm`.
# --liftoff-only: V8's baseline tier only, which a page runs cold code in (its frames are
# the larger ones, so the stack check is no weaker); the optimizing tier's compiles were
# 40% of the CPU these short test runs took (33 CPU-s for the packages, 19 without).
exec node --liftoff-only "$(go env GOROOT)/lib/wasm/wasm_exec_node.js" "$@"
