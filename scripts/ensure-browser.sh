#!/usr/bin/env bash
# Makes sure the browser the browser tests drive is on this machine: Debian's Chromium at /usr/bin/chromium
# (playwright-core launches it by that path). A missing one is installed from the Debian packages; the package
# lists are refreshed only when the install fails without it. No browser is ever downloaded by a test tool.
set -euo pipefail

browser=/usr/bin/chromium

say() { echo "ensure-browser: $*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else say "needs root to run: $*" >&2; return 1
  fi
}

install_chromium() { as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

if [ -x "$browser" ]; then
  say "Chromium is at $browser"
  exit 0
fi
say "installing chromium"
if ! install_chromium; then
  say "refreshing the package lists and trying again"
  as_root apt-get update -qq
  install_chromium
fi
if [ ! -x "$browser" ]; then
  say "the chromium package did not install $browser" >&2
  exit 1
fi
say "Chromium is at $browser: $("$browser" --version 2>/dev/null || echo 'version unknown')"
