#!/usr/bin/env bash
# bench/readme.sh — copies the table of bench/results.md (and its provenance line) into
# README.md between the <!-- bench:begin --> and <!-- bench:end --> markers.
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(mktemp)
trap 'rm -f "$table"' EXIT
{
	grep -m1 '^Written by' bench/results.md | sed 's/^/_/; s/$/_/'
	echo
	grep '^|' bench/results.md
} >"$table"
awk -v t="$table" '
	/<!-- bench:begin -->/ { print; while ((getline line < t) > 0) print line; skip = 1; next }
	/<!-- bench:end -->/ { skip = 0 }
	!skip { print }
' README.md >README.md.new
mv README.md.new README.md
echo "README.md: benchmark table updated from bench/results.md"
