#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (then the sanitizer
# build's server tests and the fuzzers). This is the README's test
# command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
scripts/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)"
# Then the server tests again with ASan and UBSan, and every fuzz target for
# GIPF_ARENA_FUZZ_SECONDS (default 30) each: build-sanitize/, clang.
scripts/sanitize.sh
