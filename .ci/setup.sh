#!/usr/bin/env bash
# setup.sh — install what a fresh Debian or Ubuntu machine lacks for `make run` and
# `make test` (`make setup` runs it, and `make test` when something is missing):
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
# Each failure ends with one line on stderr saying why (make test shows it).
fail() { echo "setup: $*" >&2; exit 1; }
if ((${#missing[@]})); then
	command -v apt-get >/dev/null || fail "cannot install ${missing[*]}: no apt-get here; install them with your package manager (or set CHROMIUM=/path/to/chromium)"
	sudo=()
	if [[ $(id -u) != 0 ]]; then
		command -v sudo >/dev/null || fail "cannot install ${missing[*]}: not root and no sudo; run it as root (sudo .ci/setup.sh) or install them yourself"
		sudo=(sudo)
	fi
	echo "setup: apt-get install -y ${missing[*]}"
	"${sudo[@]}" apt-get update || fail "apt-get update failed"
	"${sudo[@]}" apt-get install -y "${missing[@]}" || fail "apt-get install -y ${missing[*]} failed"
fi

if command -v go >/dev/null; then go version; else fail "Go missing: install Go 1.26 or newer from https://go.dev/dl"; fi
npm ci --no-audit --no-fund || fail "npm ci failed"
