#!/usr/bin/env bash
# Runs the ingest benchmark (docs/benchmarks.md): installs what is missing, builds bench_ingest and runs it. Extra
# arguments go to bench_ingest, e.g.
#   bench/ingest/run.sh --clients 8 --requests 50000 --markdown
# BUILD_DIR (default build/dev, relative to the repository) is the build tree; one that does not exist yet is
# configured like the dev preset.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../common/build.sh"

# Everything the build needs, and PostgreSQL 15 with pgbench: only what dpkg-query does not list is installed.
"$repo/scripts/install-deps.sh"

build_target bench_ingest
exec "$build_dir/bench/bench_ingest" "$@"
