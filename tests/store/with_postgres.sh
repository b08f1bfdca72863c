#!/usr/bin/env bash
# with_postgres.sh COMMAND ARGS...
#
# Runs COMMAND ARGS with a throwaway PostgreSQL 15 cluster on 127.0.0.1: starts
# it in a temporary directory, exports
#   GIPF_ARENA_TEST_POSTGRES=postgresql://postgres@127.0.0.1:PORT/
# (the tests append a database name; user postgres, trust authentication)
# and GIPF_ARENA_TEST_POSTGRES_RESTART (a script that restarts the cluster on
# the same port, for the cluster tests' "PostgreSQL restarted under load"),
# runs the command, then stops the cluster and removes its directory, whatever
# happens. Exits with the command's status.
#
# initdb and postgres refuse to run as root: as root, the cluster belongs to
# the user nobody.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND ARGS..." >&2
  exit 2
fi

bindir=/usr/lib/postgresql/15/bin
if [[ ! -x "$bindir/initdb" ]] && command -v pg_config >/dev/null 2>&1; then
  bindir="$(pg_config --bindir)"
fi
if [[ ! -x "$bindir/initdb" || ! -x "$bindir/postgres" || ! -x "$bindir/pg_isready" ]]; then
  echo "$0: no PostgreSQL server binaries (initdb, postgres, pg_isready) in /usr/lib/postgresql/15/bin" \
       "or pg_config --bindir; install the PostgreSQL 15 server (Debian: postgresql-15)" >&2
  exit 1
fi

as_root=0
if [[ "$(id -u)" -eq 0 ]]; then
  as_root=1
  # /tmp, not $TMPDIR: nobody must be able to reach the directory.
  dir="$(mktemp -d /tmp/gipf-arena-pg.XXXXXX)"
else
  dir="$(mktemp -d "${TMPDIR:-/tmp}/gipf-arena-pg.XXXXXX")"
fi
pg_pid=""

stop_postgres() {
  if [[ -n "$pg_pid" ]] && kill -0 "$pg_pid" 2>/dev/null; then
    kill -INT "$pg_pid" 2>/dev/null || true  # fast shutdown
    local i
    for ((i = 0; i < 300; i++)); do  # up to 30 s
      kill -0 "$pg_pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pg_pid" 2>/dev/null; then
      kill -QUIT "$pg_pid" 2>/dev/null || true  # immediate shutdown
      sleep 1
      kill -KILL "$pg_pid" 2>/dev/null || true
    fi
    wait "$pg_pid" 2>/dev/null || true
  fi
  pg_pid=""
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  # Restarted by restart.sh: ours exited (a zombie until reaped, which kill -0
  # cannot tell), and the running postmaster is not our child.
  if [[ -n "$pg_pid" && -f "$dir/data/postmaster.pid" && "$(head -1 "$dir/data/postmaster.pid")" != "$pg_pid" ]]; then
    wait "$pg_pid" 2>/dev/null || true
    pg_pid=""
  fi
  stop_postgres
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    local restarted
    restarted="$(head -1 "$dir/data/postmaster.pid" 2>/dev/null || true)"
    if [[ -n "$restarted" ]] && kill -0 "$restarted" 2>/dev/null; then
      kill -INT "$restarted" 2>/dev/null || true
      local i
      for ((i = 0; i < 300; i++)); do
        kill -0 "$restarted" 2>/dev/null || break
        sleep 0.1
      done
      kill -KILL "$restarted" 2>/dev/null || true
    fi
  fi
  rm -rf -- "$dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Runs a server binary in $dir (postgres needs a readable working directory),
# as nobody when we are root.
if [[ $as_root -eq 1 ]]; then
  chown nobody:nogroup "$dir"
fi

if [[ $as_root -eq 1 ]]; then
  init_cmd=(runuser -u nobody -- "$bindir/initdb")
else
  init_cmd=("$bindir/initdb")
fi
if ! (cd "$dir" && exec "${init_cmd[@]}" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
        --no-sync) >"$dir/initdb.log" 2>&1; then
  echo "$0: initdb failed:" >&2
  cat "$dir/initdb.log" >&2
  exit 1
fi

pick_port() {
  local port=""
  if command -v python3 >/dev/null 2>&1; then
    port="$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])' 2>/dev/null)" || port=""
  fi
  if [[ -z "$port" ]]; then
    port=$((20000 + (RANDOM * 32768 + RANDOM) % 40001))
  fi
  echo "$port"
}

port=""
ready=0
for attempt in 1 2 3 4 5; do
  port="$(pick_port)"
  log="$dir/postgres.log"
  : >"$log"
  if [[ $as_root -eq 1 ]]; then
    run_cmd=(setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$bindir/postgres")
  else
    run_cmd=("$bindir/postgres")
  fi
  (cd "$dir" && exec "${run_cmd[@]}" -D "$dir/data" -h 127.0.0.1 -p "$port" -c unix_socket_directories= \
     -c fsync=off -c max_connections=200) </dev/null >>"$log" 2>&1 &
  pg_pid=$!

  for ((i = 0; i < 600; i++)); do  # up to 60 s
    if ! kill -0 "$pg_pid" 2>/dev/null; then
      break
    fi
    if "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -d postgres -U postgres >/dev/null 2>&1; then
      ready=1
      break
    fi
    sleep 0.1
  done
  [[ $ready -eq 1 ]] && break

  if kill -0 "$pg_pid" 2>/dev/null; then
    echo "$0: PostgreSQL did not accept connections on port $port within 60 s; its log:" >&2
    cat "$log" >&2
    exit 1
  fi
  wait "$pg_pid" 2>/dev/null || true
  pg_pid=""
  if grep -qiE 'could not (bind|create listen socket)|address already in use' "$log"; then
    echo "$0: port $port is taken, trying another" >&2
    continue
  fi
  echo "$0: PostgreSQL exited at startup; its log:" >&2
  cat "$log" >&2
  exit 1
done
if [[ $ready -ne 1 ]]; then
  echo "$0: PostgreSQL could not bind a port in 5 attempts; its last log:" >&2
  cat "$dir/postgres.log" >&2
  exit 1
fi

export GIPF_ARENA_TEST_POSTGRES="postgresql://postgres@127.0.0.1:$port/"

# $GIPF_ARENA_TEST_POSTGRES_RESTART restarts the cluster on the same port (a
# test's "PostgreSQL restarted under load"): a fast shutdown (every connection
# dropped), then the same server started again, ready when the script exits 0.
# The postmaster then is the script's, not ours: postmaster.pid names it.
{
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  printf 'data=%q\n' "$dir/data"
  echo 'pid="$(head -1 "$data/postmaster.pid")"'
  echo 'kill -INT "$pid"'
  echo 'for ((i = 0; i < 600; i++)); do [[ -e "$data/postmaster.pid" ]] || break; sleep 0.05; done'
  printf '(cd %q && exec' "$dir"
  printf ' %q' "${run_cmd[@]}" -D "$dir/data" -h 127.0.0.1 -p "$port" -c unix_socket_directories= -c fsync=off -c max_connections=200
  printf ') </dev/null >>%q 2>&1 &\n' "$dir/postgres.log"
  printf 'for ((i = 0; i < 600; i++)); do %q -q -h 127.0.0.1 -p %q -d postgres -U postgres >/dev/null 2>&1 && exit 0; sleep 0.1; done\n' \
    "$bindir/pg_isready" "$port"
  echo 'exit 1'
} >"$dir/restart.sh"
chmod 755 "$dir/restart.sh"
export GIPF_ARENA_TEST_POSTGRES_RESTART="$dir/restart.sh"
set +e
"$@"
status=$?
set -e
exit "$status"
