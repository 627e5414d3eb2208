#!/bin/sh
# Runs a GOOS=js test binary under Node with V8's default stack (about 1 MiB, as on a
# page), not the 8 MiB that Go's go_js_wasm_exec asks for: an input that recurses too
# deep fails here with the RangeError it would raise in a browser. Used by `make test-wasm`.
exec node "$(go env GOROOT)/lib/wasm/wasm_exec_node.js" "$@"
