#!/usr/bin/env bash
# bench/readme.sh — copies the tables of bench/results.md (and its provenance line) into
# README.md between the <!-- bench:begin --> and <!-- bench:end --> markers: each table
# after a blank line, the first one of a later section under that section's title in
# bold, and the footnotes (lines starting with †) of a table after it.
set -euo pipefail
cd "$(dirname "$0")/.."
table=$(mktemp)
trap 'rm -f "$table"' EXIT
{
	grep -m1 '^Written by' bench/results.md | sed 's/^/_/; s/$/_/'
	awk '
		/^## / { title = substr($0, 4); fresh = 1; prev = ""; next }
		/^\|/ {
			if (prev != "table") {
				print ""
				if (fresh && title != "") { print "**" title "**"; print "" }
				fresh = 0
			}
			print; prev = "table"; next
		}
		/^† / { if (prev != "note") print ""; print; prev = "note"; next }
		{ prev = "" }
	' bench/results.md
} >"$table"
awk -v t="$table" '
	/<!-- bench:begin -->/ { print; while ((getline line < t) > 0) print line; skip = 1; next }
	/<!-- bench:end -->/ { skip = 0 }
	!skip { print }
' README.md >README.md.new
mv README.md.new README.md
echo "README.md: benchmark tables updated from bench/results.md"
