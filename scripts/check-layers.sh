#!/usr/bin/env bash
# Fails when a server folder includes a folder on its own floor or above it:
# the server's dependencies run one way (README, Layout). Each folder may
# include only folders on lower floors (and engine/, protocol/, bot/, which
# are below them all). Run by scripts/test.sh; reads only #include lines.
set -euo pipefail
cd "$(dirname "$0")/../server"

# The floors, lowest first; folders on one line share a floor.
floors=(
  "util"
  "domain net"
  "rating"
  "records analysis"
  "game"
  "account"
  "mail"
  "competition"
  "computer"
  "seeks social"
  "lobby"
  "bots"
  "store cluster"
  "api"
  "app"
)
declare -A floor_of
for i in "${!floors[@]}"; do
  for folder in ${floors[$i]}; do floor_of[$folder]=$i; done
done

status=0
for dir in */; do
  folder=${dir%/}
  if [[ -z "${floor_of[$folder]+set}" ]]; then
    echo "check-layers: server/$folder/ is on no floor (add it to scripts/check-layers.sh and the README's Layout)" >&2
    status=1
    continue
  fi
  while IFS= read -r hit; do
    file=${hit%%:*}
    included=$(sed -E 's/^[^"]*"([^"]+)".*/\1/' <<<"${hit#*:}")
    [[ "$included" == */* ]] || continue  # a file of the same folder
    target=${included%%/*}
    [[ -n "${floor_of[$target]+set}" ]] || continue  # engine/, protocol/, bot/, a library
    [[ "$target" == "$folder" ]] && continue
    if ((floor_of[$target] >= floor_of[$folder])); then
      echo "check-layers: server/$file includes \"$included\": $target/ is not below $folder/" >&2
      status=1
    fi
  done < <(grep -rHE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"' "$folder" --include='*.hpp' --include='*.cpp' || true)
done
if ((status == 0)); then
  echo "check-layers: every server folder includes only the floors below it"
fi
exit "$status"
