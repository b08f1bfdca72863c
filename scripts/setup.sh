#!/usr/bin/env bash
# Installs the Debian packages GIPF Arena needs to build and test, and nothing
# when they are all present already. Safe to run again.
set -euo pipefail

packages=(g++ cmake ninja-build pkg-config nlohmann-json3-dev doctest-dev libboost-dev libsqlite3-dev libspdlog-dev)

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
