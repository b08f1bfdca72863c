#!/usr/bin/env bash
# Installs the Debian packages GIPF Arena needs, and nothing when they are all
# present already. Safe to run again.
#   scripts/setup.sh           what building and running the server needs
#   scripts/setup.sh --tests   also Chromium, Node.js and playwright-core for the
#                              browser tests, and clang for the sanitizer build
#                              and the fuzzers
set -euo pipefail
cd "$(dirname "$0")/.."

tests=false
[[ "${1:-}" == "--tests" ]] && tests=true

packages=(g++ cmake ninja-build pkg-config nlohmann-json3-dev doctest-dev libboost-dev libsqlite3-dev libspdlog-dev libunistring-dev libicu-dev libjemalloc-dev libsodium-dev zlib1g-dev libpqxx-dev libnats-dev libcurl4-openssl-dev prometheus-cpp-dev)
if $tests; then
  # clang and its runtimes: the sanitizer build and the libFuzzer targets.
  packages+=(chromium clang libclang-rt-dev)
  # A throwaway PostgreSQL cluster runs the store's tests against PostgreSQL.
  packages+=(postgresql)
  # A NATS server on loopback joins several nodes into one site (the cluster tests).
  packages+=(nats-server)
  # promtool (Debian's prometheus package) checks the server's /metrics text.
  packages+=(prometheus)
  # A local SMTP sink for the mail tests (tests/server/smtp_sink.py).
  packages+=(python3-aiosmtpd)
  # Node.js runs the browser tests; a machine may have it from elsewhere.
  command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
fi

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

# playwright-core for the browser tests (it drives the chromium package and
# downloads no browser of its own), reinstalled only when the lock file changed.
if $tests; then
  e2e=tests/e2e
  if [[ ! -f "$e2e/node_modules/.package-lock.json" || "$e2e/package-lock.json" -nt "$e2e/node_modules/.package-lock.json" ]]; then
    echo "setup: installing the browser-test tooling (npm ci)"
    (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
