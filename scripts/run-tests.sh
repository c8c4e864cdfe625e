#!/usr/bin/env bash
# README command (b), and what CI runs: install what is missing, then build and run every test twice, with warnings
# as errors: the `dev` preset (optimised, as shipped), then the `asan` preset (AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer; any finding fails its test). HOOKYARD_PRESET=dev (or asan) runs one of them only.
# The tests start their own throwaway PostgreSQL cluster; nothing needs to be running beforehand.
set -euo pipefail
cd "$(dirname "$0")/.."
for preset in ${HOOKYARD_PRESET:-dev asan}; do
    echo "== preset $preset"
    ./scripts/build.sh "$preset"
    ctest --preset "$preset" --parallel 2
done
