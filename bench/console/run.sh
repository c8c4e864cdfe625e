#!/usr/bin/env bash
# Runs the console benchmark (docs/benchmarks.md): installs what is missing, builds bench_console and runs it on Qt's
# offscreen platform. Extra arguments go to bench_console, e.g.
#   bench/console/run.sh --rows 200000 --markdown
# BUILD_DIR (default build/dev, relative to the repository) is the build tree; one that does not exist yet is
# configured like the dev preset. QT_QPA_PLATFORM, when set, chooses another platform (e.g. xcb under xvfb-run).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../common/build.sh"

# Everything the build needs, and PostgreSQL 15: only what dpkg-query does not list is installed.
"$repo/scripts/install-deps.sh"

build_target bench_console
# Offscreen paints every widget with the same raster engine into the same kind of backing store as xcb; what it
# leaves out is the X server (mapping, expose, copying pixels to it), which under Xvfb is a software server on the
# same two cores. docs/benchmarks.md has a run under Xvfb next to it.
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
exec "$build_dir/bench/bench_console" "$@"
