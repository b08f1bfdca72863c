#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test. This is the README's test
# command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
scripts/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)"
