#!/usr/bin/env bash
# Installs the Debian packages GIPF Arena needs to build and test, and nothing
# when they are all present already. Safe to run again.
set -euo pipefail

packages=(g++ cmake ninja-build pkg-config nlohmann-json3-dev doctest-dev libboost-dev libsqlite3-dev libspdlog-dev
          chromium)
# Node.js runs the browser tests; a machine may have it from elsewhere.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# playwright-core for the browser tests (it drives the chromium package; it
# downloads no browser of its own). Reinstalled only when the lock file changed.
e2e="$(dirname "$0")/../tests/e2e"
if [[ ! -f "$e2e/node_modules/.package-lock.json" || "$e2e/package-lock.json" -nt "$e2e/node_modules/.package-lock.json" ]]; then
  echo "setup: installing the browser-test tooling (npm ci)"
  (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
