#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (then the sanitizer
# build's server tests and the fuzzers). This is the README's test
# command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
# The server's folders include only the floors below them (README, Layout).
scripts/check-layers.sh
scripts/build.sh
# The sanitizer build (clang, build-sanitize/) compiles at the lowest priority
# while the tests run: the browser tests leave a core mostly idle, and two
# builds one after the other would not leave CI time for the tests.
mkdir -p build
GIPF_ARENA_SANITIZE_STEP=build nice -n 19 scripts/sanitize.sh >build/sanitize-build.log 2>&1 &
sanitize_build=$!
status=0
ctest --test-dir build --output-on-failure --parallel "$(nproc)" || status=$?
built=0
wait "$sanitize_build" || built=$?
if ((built != 0)); then
  echo "test: the sanitizer build failed; its log:" >&2
  cat build/sanitize-build.log >&2
  exit "$built"
fi
((status == 0)) || exit "$status"
# Then the server tests again with ASan and UBSan, and every fuzz target for
# GIPF_ARENA_FUZZ_SECONDS (default 30) each.
GIPF_ARENA_SANITIZE_STEP=test scripts/sanitize.sh
