#!/usr/bin/env bash
# README command (b), and what CI runs: install what is missing, build with warnings as errors, run every test.
# The tests start their own throwaway PostgreSQL cluster; nothing needs to be running beforehand.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${HOOKYARD_PRESET:-dev}
./scripts/build.sh "$preset"
ctest --preset "$preset" --parallel 2
