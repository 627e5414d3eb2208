#!/usr/bin/env bash
# pack.sh — stage the npm package a2ui-go from the built site and `npm pack` it.
#
#   npm/pack.sh DIST OUT    stage into OUT/package, write OUT/a2ui-go-VERSION.tgz and
#                           print the tarball's path (make npm-pack; tests/browser/npm_test.go)
#
# The package holds: the page files (the files an embedding page loads: a2ui.js, which
# bundles wasm_exec.js and the DOM runtime, and a2ui.wasm, plus whatever else
# .ci/size.sh's page_files lists, the one list of them), a2ui.mjs (the ES module entry:
# a2ui.js with a prefix and the exports), a2ui.d.ts, package.json, README.md and
# THIRD_PARTY_NOTICES.md (the licenses of what a2ui.js and a2ui.wasm contain).
set -euo pipefail
GO=${GO:-go}

dist=${1:?usage: pack.sh DIST OUT}
out=${2:?usage: pack.sh DIST OUT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
mkdir -p "$out"
out=$(cd "$out" && pwd)
dist=$(cd "$dist" && pwd)

# page_files=(...) of .ci/size.sh.
page=$(sed -n 's/^page_files=(\(.*\))$/\1/p' "$root/.ci/size.sh")
[[ -n $page ]] || { echo "pack.sh: no page_files=(...) in .ci/size.sh" >&2; exit 1; }

stage=$out/package
rm -rf "$stage" "$out"/a2ui-go-*.tgz
mkdir -p "$stage"
for f in $page; do
	[[ -f $dist/$f ]] || { echo "pack.sh: $dist/$f missing: run make build" >&2; exit 1; }
	cp "$dist/$f" "$stage/"
done
# The package ships a2ui.wasm only: its a2ui.js loads that name, not make dist's
# content-hashed copy (bundlers and CDNs version the package's files themselves).
sed -i 's/const WASM_FILE = "a2ui\.[0-9a-f]\{16\}\.wasm";/const WASM_FILE = "a2ui.wasm";/' "$stage/a2ui.js"
grep -q 'const WASM_FILE = "a2ui.wasm";' "$stage/a2ui.js" || { echo "pack.sh: a2ui.js has no WASM_FILE" >&2; exit 1; }
# The ES module entry: a2ui.js between a prefix that hands the loader its files' URLs
# (web/a2ui.js reads __a2uiModule) and the exports. Each URL is spelled
# `new URL("./file", import.meta.url)` so bundlers copy the file and rewrite the URL.
{
	cat <<-'JS'
	// a2ui-go ES module entry: the script-tag build (a2ui.js) below, finding a2ui.wasm and its
	// other files relative to this module's URL instead of a <script> element's. Importing it
	// also defines <a2ui-renderer> and window.A2UI (once per page, shared with a2ui.js).
	const __a2uiModule = {
	  base: new URL("./", import.meta.url).href,
	  files: {
	JS
	for f in $page; do
		[[ $f == a2ui.js ]] || printf '    "%s": new URL("./%s", import.meta.url).href,\n' "$f" "$f"
	done
	echo '  },'
	echo '};'
	cat "$stage/a2ui.js"
	cat <<-'JS'

	// The exports: exactly the members of the global A2UI (a2ui.d.ts; a test compares them).
	const A2UI = globalThis.A2UI;
	export const { ready, mount, defineCatalog } = A2UI;
	// mode is decided when the engine starts: a live binding, updated then.
	export let mode = A2UI.mode;
	ready.then(() => { mode = A2UI.mode; }, () => {});
	export default A2UI;
	JS
} >"$stage/a2ui.mjs"
cp "$here/package.json" "$here/README.md" "$here/a2ui.d.ts" "$stage/"

# Licenses: Go (wasm_exec.js, runtime, standard library), every module linked into the
# wasm, and the icon data catalog/icons embeds.
{
	echo "# Third-party notices"
	echo
	echo "a2ui.js and a2ui.mjs bundle Go's wasm_exec.js; a2ui.wasm contains the Go runtime and"
	echo "standard library and the modules below."
	echo
	echo "## Go ($("$GO" env GOVERSION))"
	echo
	echo '```'
	cat "$("$GO" env GOROOT)/LICENSE"
	echo '```'
	(cd "$root" && GOOS=js GOARCH=wasm "$GO" list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}}@{{.Version}} {{.Dir}}{{end}}{{end}}' ./cmd/wasm) |
		sort -u | while read -r mod dir; do
			lic=$(find "$dir" -maxdepth 1 -type f \( -iname 'LICENSE*' -o -iname 'COPYING*' \) | sort | head -1)
			[[ -n $lic ]] || { echo "pack.sh: no license file in $dir" >&2; exit 1; }
			echo
			echo "## $mod"
			echo
			echo '```'
			cat "$lic"
			echo '```'
		done
	echo
	echo "## Material Design icons (@material-design-icons/svg, catalog/icons)"
	echo
	echo "The SVG path data of the Icon component comes from Google's Material Design icons,"
	echo "licensed under the Apache License, Version 2.0:"
	echo "https://www.apache.org/licenses/LICENSE-2.0"
} >"$stage/THIRD_PARTY_NOTICES.md"

tgz=$(cd "$stage" && npm pack --pack-destination "$out" --silent --no-fund --no-audit | tail -1)
[[ -f $out/$tgz ]] || { echo "pack.sh: npm pack wrote no tarball" >&2; exit 1; }
echo "$out/$tgz"
