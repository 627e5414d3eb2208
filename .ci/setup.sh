#!/usr/bin/env bash
# setup.sh — install what a fresh Debian or Ubuntu machine lacks for `make run` and
# `make test` (`make setup` runs it; so does .ci/run before `make test`):
#
#   chromium        the browser tests (Debian: chromium; Ubuntu: chromium-browser)
#   make            the build
#   nodejs, npm     `npm ci`: the pinned official examples and schemas (@a2ui/web_core)
#                   that the gallery serves and the tests read
#   zstd            a2ui.wasm.zst, served to browsers that accept zstd (the build
#                   goes on without it: servers then send brotli)
#
# Packages come from apt-get (through sudo when not root); then `npm ci`. Go is not
# installed here: get Go 1.26 or newer from https://go.dev/dl.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
export DEBIAN_FRONTEND=noninteractive

chromium_pkg=chromium
if [[ -r /etc/os-release ]] && grep -qx 'ID=ubuntu' /etc/os-release; then chromium_pkg=chromium-browser; fi

missing=()
chromium=${CHROMIUM:-}
if [[ -z $chromium ]]; then
	for c in /usr/bin/chromium /usr/bin/chromium-browser /snap/bin/chromium; do
		[[ -x $c ]] && { chromium=$c; break; }
	done
fi
[[ -n $chromium && -x $chromium ]] || missing+=("$chromium_pkg")
command -v make >/dev/null || missing+=(make)
command -v npm >/dev/null || missing+=(nodejs npm)
command -v zstd >/dev/null || missing+=(zstd)
if ((${#missing[@]})); then
	command -v apt-get >/dev/null || { echo "setup: install ${missing[*]} with your package manager (no apt-get here)" >&2; exit 1; }
	sudo=()
	[[ $(id -u) == 0 ]] || sudo=(sudo)
	echo "setup: apt-get install -y ${missing[*]}"
	"${sudo[@]}" apt-get update
	"${sudo[@]}" apt-get install -y "${missing[@]}"
fi

if command -v go >/dev/null; then go version; else echo "setup: Go missing: install Go 1.26 or newer from https://go.dev/dl" >&2; exit 1; fi
npm ci --no-audit --no-fund
