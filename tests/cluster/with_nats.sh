#!/usr/bin/env bash
# with_nats.sh COMMAND ARGS...
#
# Runs COMMAND ARGS with a throwaway nats-server (Debian: nats-server) on a free
# loopback port: exports GIPF_ARENA_TEST_NATS=nats://127.0.0.1:PORT, runs the
# command, then stops the server whatever happens. Exits with the command's status.
# The cluster tests run under tests/store/with_postgres.sh and this.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND ARGS..." >&2
  exit 2
fi
nats=$(command -v nats-server || echo /usr/sbin/nats-server)
if [[ ! -x "$nats" ]]; then
  echo "$0: no nats-server (Debian: nats-server; scripts/setup.sh --tests installs it)" >&2
  exit 1
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/gipf-arena-nats.XXXXXX")"
nats_pid=""
cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  if [[ -n "$nats_pid" ]] && kill -0 "$nats_pid" 2>/dev/null; then
    kill -TERM "$nats_pid" 2>/dev/null || true
    wait "$nats_pid" 2>/dev/null || true
  fi
  rm -rf -- "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

ready=0
for attempt in 1 2 3 4 5; do
  port="$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')"
  "$nats" -a 127.0.0.1 -p "$port" -l "$dir/nats.log" </dev/null >/dev/null 2>&1 &
  nats_pid=$!
  for ((i = 0; i < 300; i++)); do  # up to 30 s
    kill -0 "$nats_pid" 2>/dev/null || break
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      ready=1
      break
    fi
    sleep 0.1
  done
  [[ $ready -eq 1 ]] && break
  kill -TERM "$nats_pid" 2>/dev/null || true
  wait "$nats_pid" 2>/dev/null || true
  nats_pid=""
done
if [[ $ready -ne 1 ]]; then
  echo "$0: nats-server did not start; its log:" >&2
  cat "$dir/nats.log" >&2 || true
  exit 1
fi

export GIPF_ARENA_TEST_NATS="nats://127.0.0.1:$port"
set +e
"$@"
status=$?
set -e
exit "$status"
