#!/usr/bin/env bash
# README command (a): install what is missing, build, and open the console. With no database configured
# (no --database, HOOKYARD_DATABASE_URL or libpq environment) the console runs on the managed sandbox PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh dev
exec ./build/dev/app/hookyard "$@"
