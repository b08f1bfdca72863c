#!/usr/bin/env bash
# Installs what is missing, builds, and starts the server (SQLite file
# gipf-arena.db by default). It prints the URL to open. Arguments go to the
# server: ./scripts/run.sh --port 9000 --db /tmp/games.db (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
exec build/server/gipf-arena "$@"
