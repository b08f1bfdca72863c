#!/usr/bin/env bash
# scripts/compose-check.sh: runs docker/compose.yaml for real (docker/README.md, "Checking the compose
# site"). Brings the site up under its own project and port, checks the origin rule, plays a game
# through the proxy (tests/compose/play_through_proxy.py), stops the game's node mid-game and starts
# it again, then `down` and `up` and checks the game is still there and no anonymous volume was left.
# Exits 0 and says SKIP where there is no compose or no Docker/podman API. Not part of .ci/run: it
# needs a container engine and the images, and takes minutes.
#   GIPF_ARENA_HTTP_PORT (default 18080)  the proxy's published port for this check
#   COMPOSE_CHECK_PROJECT (default gipf-arena-check)  its compose project; removed at the end (down -v)
set -euo pipefail
cd "$(dirname "$0")/.."
project=${COMPOSE_CHECK_PROJECT:-gipf-arena-check}
export GIPF_ARENA_HTTP_PORT=${GIPF_ARENA_HTTP_PORT:-18080}
port=$GIPF_ARENA_HTTP_PORT
unset GIPF_ARENA_PUBLIC_ORIGIN  # the check is of the default origin rule
client=tests/compose/play_through_proxy.py

skip() {
  echo "compose-check: SKIP: $1" >&2
  echo "  Docker with its compose plugin, or podman with docker-compose, runs it. On a machine without a" >&2
  echo "  registry, from the repository root: ../shared/tools/compose-env.sh images &&" >&2
  echo "  eval \"\$(../shared/tools/compose-env.sh start)\"" >&2
  exit 0
}
for tool in curl python3; do command -v $tool >/dev/null || skip "no $tool"; done
if docker compose version >/dev/null 2>&1; then compose=(docker compose)
elif command -v docker-compose >/dev/null; then compose=(docker-compose)
else skip "no 'docker compose' or 'docker-compose' command"; fi
compose+=(-p "$project" -f docker/compose.yaml)
# The engine's API, where compose finds it: DOCKER_HOST, or Docker's default socket.
engine=${DOCKER_HOST:-unix:///var/run/docker.sock}
api() {
  case $engine in
    unix://*) curl -sf --max-time 5 --unix-socket "${engine#unix://}" "http://engine$1" ;;
    tcp://*) curl -sf --max-time 5 "http://${engine#tcp://}$1" ;;
    *) return 1 ;;
  esac
}
api /_ping >/dev/null || skip "no Docker/podman API answers at $engine (set DOCKER_HOST to a running one)"
work=$(mktemp -d "${TMPDIR:-/tmp}/compose-check.XXXXXX")

declare -A took=()   # step -> seconds
failures=()
figures=""
fail() { failures+=("$1"); echo "compose-check: FAIL: $1" >&2; exit 1; }
step() { echo "compose-check: $1" >&2; }
timed() { local name=$1 start=$SECONDS; shift; "$@" || return; took[$name]=$((SECONDS - start)); }
volumes() { api /volumes | python3 -c 'import json,sys; print("\n".join(v["Name"] for v in json.load(sys.stdin)["Volumes"] or []))'; }

exec 3>&1 4>&2  # the script's own output, for finish: a signal may land inside a redirected step
finish() {
  local status=$?
  trap - EXIT INT TERM
  exec 1>&3 2>&4
  if ((status != 0)); then  # what the site said, before it goes
    "${compose[@]}" ps >&2 2>&1 || true
    "${compose[@]}" logs --no-color --tail 15 node-a node-b node-c proxy >&2 2>&1 || true
  fi
  "${compose[@]}" down -v >/dev/null 2>&1 || echo "compose-check: 'down -v' failed; remove project $project by hand" >&2
  rm -rf "$work"
  echo "---- compose-check: $([[ $status == 0 ]] && echo PASS || echo FAIL) (project $project, port $port, ${SECONDS} s)"
  for k in "${!took[@]}"; do printf '  %-22s %s s\n' "$k" "${took[$k]}"; done | sort
  [[ -n $figures ]] && echo "$figures"
  for f in "${failures[@]}"; do echo "  failed: $f"; done
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

wait_ready() {  # through the proxy, bounded: the proxy starts only once all three nodes are healthy
  for _ in $(seq 240); do curl -sf --max-time 2 "http://127.0.0.1:$port/api/ready" >/dev/null && return 0; sleep 1; done
  fail "no /api/ready through the proxy at 127.0.0.1:$port within 240 s"
}
wait_healthy() {  # the compose health check of the nodes is /api/ready
  for _ in $(seq 120); do "${compose[@]}" ps "$1" 2>/dev/null | grep -q '(healthy)' && return 0; sleep 1; done
  fail "$1 not healthy within 120 s of its start"
}
up() {
  "${compose[@]}" up -d "$@" >"$work/up.log" 2>&1 || { tail -25 "$work/up.log" >&2; fail "compose up $* failed"; }
}

# A project left over from an interrupted run would make `up` fail on podman (network exists).
"${compose[@]}" down -v >/dev/null 2>&1 || true
volumes | sort >"$work/volumes.before" || fail "cannot list the engine's volumes"

step "up -d --build (the first build compiles the server: minutes)"
timed up_build nice "${compose[@]}" up -d --build >"$work/up.log" 2>&1 || { tail -25 "$work/up.log" >&2; fail "compose up --build failed"; }
timed ready wait_ready

step "origin rule: the page's WebSocket from 127.0.0.1 and localhost"
python3 "$client" origin "$port" >&2 || fail "the origin rule: see above"

step "a game through the proxy; its node stopped mid-game"
timed game python3 "$client" play "$port" --stop "$(printf '%q ' "${compose[@]}") stop" >"$work/play.json" ||
  { figures=$(head -n -1 "$work/play.json"); fail "the game through the proxy (its lines below)"; }
# The client's lines are for people, its last one (JSON) for this script.
read -r game node plies < <(tail -n 1 "$work/play.json" | python3 -c 'import json,sys; g=json.load(sys.stdin); print(g["game"], g["node"], g["plies"])')
figures=$(head -n -1 "$work/play.json")
echo "$figures" >&2

step "start $node again"
"${compose[@]}" start "$node" >/dev/null 2>&1 || fail "compose start $node failed"
timed node_back wait_healthy "$node"

# podman cannot `up` over the existing network, and the point is a full stop anyway: down, then up.
step "down (keeping the volumes), up again: the game must still be there"
persist() { "${compose[@]}" down >/dev/null 2>&1 || fail "compose down failed"; up; wait_ready; }
timed down_up persist
python3 "$client" game "$port" "$game" "$plies" >&2 || fail "game $game after down/up: not finished with $plies plies"

# Named volumes are the project's (PROJECT_name); an image's VOLUME not named in the file gets an
# anonymous one (a hex id) at every `up`, left behind by `down`.
step "no volume but the project's named ones"
volumes | sort | comm -13 "$work/volumes.before" - | grep -v "^${project}_" >"$work/volumes.new" || true
[[ -s $work/volumes.new ]] && fail "anonymous volumes: $(tr '\n' ' ' <"$work/volumes.new")"
exit 0
