#!/usr/bin/env bash
# size.sh — size table and budget check for the built site (called by `make size`
# and, with --init, by `make build`).
#
#   .ci/size.sh DIST BUDGET          print raw/gzip/brotli sizes of the wasm and of
#                                    what an embedding page loads (a2ui.js, which bundles
#                                    wasm_exec.js, a2ui-runtime.js and a2ui.css, and
#                                    a2ui.wasm: the "page" total); fail if the wasm or the page total exceeds
#                                    BUDGET. Other DIST/*.html *.js *.css (gallery,
#                                    demos) are listed below it, outside the budget.
#   .ci/size.sh --init DIST BUDGET   write BUDGET (measured + 5%) if it is missing
#
# With SIZE_MD=DIR it also writes what README.md shows (internal/tools/readmegen puts
# them between its markers): DIR/table.md, the table of the wasm and the page total,
# DIR/wasm.txt ("6.0 MB raw and 1.16 MB as brotli") and DIR/wasm-raw.txt ("6.0 MB").
#
# Compressed sizes come from the precompressed .br/.gz siblings `make build`
# writes (brotli -q 11, gzip -9), or are computed the same way when missing.
set -euo pipefail
# BROTLI: the compressor (make passes its Go build; .ci/brotli builds it otherwise).
BROTLI=${BROTLI:-$(dirname "$0")/brotli}

init=0
if [[ ${1:-} == --init ]]; then init=1; shift; fi
dist=${1:?usage: size.sh [--init] DIST BUDGET}
budget=${2:?usage: size.sh [--init] DIST BUDGET}

if [[ $init == 1 && -f $budget ]]; then exit 0; fi

shopt -s nullglob
wasm=$dist/a2ui.wasm
[[ -f $wasm ]] || { echo "size: $wasm missing; run make build" >&2; exit 1; }
# The files a page that embeds the renderer loads (a2ui.js fetches a2ui.wasm).
page_files=(a2ui.js a2ui.wasm)
files=()
for n in "${page_files[@]}"; do
	[[ -f $dist/$n ]] || { echo "size: $dist/$n missing; run make build" >&2; exit 1; }
	files+=("$dist/$n")
done
others=()
for f in "$dist"/*.html "$dist"/*.js "$dist"/*.css; do
	[[ " ${page_files[*]} " == *" ${f##*/} "* ]] || others+=("$f")
done

# csize FILE EXT CMD...: size of FILE.EXT when it is at least as new as FILE, else of CMD's output.
csize() {
	local f=$1 ext=$2; shift 2
	if [[ -f $f.$ext && ! $f.$ext -ot $f ]]; then
		stat -c %s "$f.$ext"
	else
		"$@" <"$f" | wc -c | tr -d ' '
	fi
}

declare -A tot=([raw]=0 [gzip]=0 [br]=0)
declare -A w
rows=()
for f in "${files[@]}"; do
	raw=$(stat -c %s "$f")
	gz=$(csize "$f" gz gzip -9 -n -c)
	br=$(csize "$f" br "$BROTLI" -q 11 -c)
	rows+=("$(printf '%-28s %10d %10d %10d' "${f#"$dist"/}" "$raw" "$gz" "$br")")
	tot[raw]=$((tot[raw] + raw)); tot[gzip]=$((tot[gzip] + gz)); tot[br]=$((tot[br] + br))
	if [[ $f == "$wasm" ]]; then w[raw]=$raw; w[gzip]=$gz; w[br]=$br; fi
done

declare -A measured=(
	[wasm.raw]=${w[raw]} [wasm.gzip]=${w[gzip]} [wasm.br]=${w[br]}
	[page.raw]=${tot[raw]} [page.gzip]=${tot[gzip]} [page.br]=${tot[br]}
)
keys=(wasm.raw wasm.gzip wasm.br page.raw page.gzip page.br)

if [[ $init == 1 ]]; then
	{
		echo "# Size budget in bytes: the size when it was written + 5%. make size fails above it."
		echo "# Raise it on purpose (edit, or delete the file and run make build) and commit it."
		for k in "${keys[@]}"; do echo "$k $(( measured[$k] * 105 / 100 ))"; done
	} >"$budget"
	echo "size: wrote $budget"
	exit 0
fi

printf '%-28s %10s %10s %10s\n' file raw gzip brotli
printf '%s\n' "${rows[@]}"
printf '%-28s %10d %10d %10d\n' "TOTAL (a page loads)" "${tot[raw]}" "${tot[gzip]}" "${tot[br]}"
if (( ${#others[@]} )); then
	echo "not loaded by an embedding page (outside the budget):"
	for f in "${others[@]}"; do
		printf '  %-26s %10d %10d %10d\n' "${f#"$dist"/}" "$(stat -c %s "$f")" \
			"$(csize "$f" gz gzip -9 -n -c)" "$(csize "$f" br "$BROTLI" -q 11 -c)"
	done
fi

if [[ -n ${SIZE_MD:-} ]]; then
	mkdir -p "$SIZE_MD"
	num() { echo "$1" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta'; }
	mb() { awk -v b="$1" -v p="$2" 'BEGIN { printf "%.*f MB", p, b / 1e6 }'; }
	{
		echo "| file | raw | gzip | brotli |"
		echo "| --- | ---: | ---: | ---: |"
		echo "| a2ui.wasm | $(num "${w[raw]}") | $(num "${w[gzip]}") | $(num "${w[br]}") |"
		echo "| everything a page loads (a2ui.js with the runtime and CSS inlined, and the wasm) | $(num "${tot[raw]}") | $(num "${tot[gzip]}") | $(num "${tot[br]}") |"
	} >"$SIZE_MD/table.md"
	echo "$(mb "${w[raw]}" 1) raw and $(mb "${w[br]}" 2) as brotli" >"$SIZE_MD/wasm.txt"
	mb "${w[raw]}" 1 >"$SIZE_MD/wasm-raw.txt"
fi

[[ -f $budget ]] || { echo "size: no budget file $budget (make build writes it)" >&2; exit 1; }
fail=0
while read -r k v; do
	[[ -z $k || $k == \#* ]] && continue
	m=${measured[$k]:-}
	if [[ -z $m ]]; then echo "size: unknown budget key $k" >&2; fail=1; continue; fi
	if (( m > v )); then
		echo "size: OVER BUDGET $k = $m > $v" >&2
		fail=1
	else
		printf 'budget %-10s %10d <= %10d (%d%%)\n' "$k" "$m" "$v" $(( m * 100 / v ))
	fi
done <"$budget"
exit $fail
