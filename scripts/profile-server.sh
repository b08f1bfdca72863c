#!/usr/bin/env bash
# Where the server's time goes under load: runs the load client (arguments are
# passed on, default 100 games with 50 spectators) and records the server with
# perf (Debian: linux-perf) for 8 s once it is warm, then prints the functions
# by their share of the server's CPU, callees included, and the split between
# the kernel, the server and its libraries.
#   scripts/profile-server.sh [load-client flags]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "profile-server: perf is missing (apt install linux-perf)" >&2; exit 1; }
args=("$@")
((${#args[@]})) || args=(--games 100 --spectators 50)
out=$(mktemp -d)
build/tests/bench/load-client "${args[@]}" --seconds 15 > "$out/load.txt" 2>&1 &
load=$!
sleep 5
pid=$(pgrep -n -f "$(pwd)/build/server/gipf-arena") || { echo "profile-server: no server found" >&2; exit 1; }
perf record -q -F 499 --call-graph dwarf,16384 -p "$pid" -o "$out/perf.data" -- sleep 8
wait "$load"
cat "$out/load.txt"
echo "--- server CPU by part (self time) ---"
perf report -i "$out/perf.data" --no-children --sort dso --stdio -g none 2>/dev/null | grep '%' | head -8
echo "--- functions, callees included ---"
perf report -i "$out/perf.data" --children --sort symbol --stdio -g none 2>/dev/null | grep '%' |
  grep -E 'arena::|protocol::|engine::|sqlite3_step|fdatasync|sendmsg|recvmsg|epoll_wait|futex' | sed 's/  */ /g' | cut -c1-140 | head -40
echo "(perf data in $out/perf.data)"
