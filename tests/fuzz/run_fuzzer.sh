#!/usr/bin/env bash
# Runs one libFuzzer target for a while from its seeds and reports.
# Usage: run_fuzzer.sh FUZZER SEED_DIR SECONDS [libFuzzer flags...]
# The seeds are copied to a scratch corpus (the seed directory is only read). A
# crashing input is kept in ./fuzz-artifacts/<fuzzer>/ and printed in hex. Exits
# non-zero on any crash, sanitizer report, leak, timeout or out-of-memory.
set -uo pipefail
fuzzer=$1 seeds=$2 seconds=$3
shift 3
name=$(basename "$fuzzer")
artifacts="$PWD/fuzz-artifacts/$name"
mkdir -p "$artifacts"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/corpus"
[[ -d "$seeds" ]] && cp -R "$seeds"/. "$scratch/corpus/"

"$fuzzer" -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=2048 -timeout=10 \
  -artifact_prefix="$artifacts/" "$@" "$scratch/corpus" "$seeds" >"$scratch/log" 2>&1
status=$?

failed=false
if [[ $status -ne 0 ]] || grep -qE '^==[0-9]+==ERROR|runtime error:|^SUMMARY: ' "$scratch/log" ||
   ! grep -q '^Done [0-9]* runs in' "$scratch/log"; then
  failed=true
fi
if $failed; then
  echo "$name FAILED (exit status $status); the end of its output:"
  tail -n 80 "$scratch/log"
  for input in $(grep -oE "Test unit written to [^ ]+" "$scratch/log" | awk '{print $NF}'); do
    echo "input $input ($(wc -c <"$input") bytes), hex:"
    od -An -tx1 -v "$input" | tr -d ' \n' | fold -w 120
    echo
  done
  exit 1
fi
runs=$(grep -oE '^Done [0-9]+ runs in [0-9]+ second' "$scratch/log" | tail -n 1)
corpus=$(ls "$scratch/corpus" | wc -l)
echo "$name: $runs(s); corpus $(ls "$seeds" | wc -l) seeds -> $corpus inputs"
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|slowest_unit_time_sec|peak_rss_mb)' "$scratch/log"
