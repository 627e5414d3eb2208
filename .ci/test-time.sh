#!/usr/bin/env bash
# test-time.sh — measure `make test` and write the figures into README.md (between its
# <!-- test:time --> markers, internal/tools/readmegen), so the README's test time is a
# measured statement (`make test-time` runs it).
#
#   .ci/test-time.sh            a fresh clone of HEAD in a temporary directory: `make test`
#                               there twice (fresh: npm ci, every build; then warm)
#   TEST_TIME_HERE=1 .ci/test-time.sh
#                               `make test` once in this tree, as it is (warm)
#   TEST_TIME_HOG=1             a CPU hog (`yes >/dev/null`) runs beside it
#
# Each run's wall time and the browser package's own time (testsum's line) are printed;
# a failing run stops the script without touching the README.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="/usr/local/go/bin:$PATH"
mkdir -p .tmp
out=$root/.tmp/test-time
mkdir -p "$out"

hog=""
if [[ ${TEST_TIME_HOG:-} == 1 ]]; then
	yes >/dev/null &
	hog=$!
	trap 'kill $hog 2>/dev/null || true' EXIT
fi

# run DIR NAME: make test in DIR; sets secs and browser.
run() {
	local dir=$1 name=$2 start end
	start=$(date +%s)
	if ! (cd "$dir" && make test) >"$out/$name.log" 2>&1; then
		tail -n 30 "$out/$name.log" >&2
		echo "test-time: make test failed ($name; log: $out/$name.log)" >&2
		exit 1
	fi
	end=$(date +%s)
	secs=$((end - start))
	browser=$(sed -n 's|^ok   github.com/a2ui-go/a2ui/tests/browser (.*) \([0-9.]*\)s$|\1|p' "$out/$name.log" | tail -n 1)
	printf 'test-time: %s: make test %d s (browser suite %s s); %s\n' "$name" "$secs" "${browser:-?}" \
		"$(tail -n 1 "$out/$name.log")"
}

mins() { printf '%d min %d s' $(($1 / 60)) $(($1 % 60)); }

cores=$(nproc)
day=$(date -u +%Y-%m-%d)
beside=""
[[ -n $hog ]] && beside=", beside a CPU hog"
# What else the machine was doing: its 1-minute load average when the runs started.
beside="$beside, load average $(cut -d' ' -f1 /proc/loadavg) at the start"
if [[ ${TEST_TIME_HERE:-} == 1 ]]; then
	run "$root" warm
	text="$(mins "$secs") on a $cores-core machine with the build and caches warm$beside (browser suite ${browser} s; measured $day by .ci/test-time.sh)"
else
	clone=$(mktemp -d "$root/.tmp/clone.XXXXXX")
	trap 'rm -rf "$clone"; [[ -z $hog ]] || kill $hog 2>/dev/null || true' EXIT
	git clone -q "$root" "$clone/a2ui"
	run "$clone/a2ui" fresh
	fresh=$secs fresh_browser=$browser
	run "$clone/a2ui" warm
	text="$(mins "$fresh") from a fresh clone on a $cores-core machine$beside, $(mins "$secs") the second time (browser suite ${fresh_browser} s and ${browser} s; measured $day by .ci/test-time.sh)"
fi
echo "$text" >"$out/text.txt"
go run ./internal/tools/readmegen test:time "$out/text.txt"
echo "test-time: README.md: $text"
