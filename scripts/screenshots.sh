#!/usr/bin/env bash
# Regenerates docs/screenshots/: a fresh sandbox in /tmp filled by scripts/demo-traffic.sh, then one screenshot of
# each console view under Xvfb (scripts/screenshot.sh). Uses the dev build.
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir=$(mktemp -d /tmp/hookyard-screenshots.XXXXXX)
hookyard=./build/dev/app/hookyard
trap '"$hookyard" sandbox stop --data-dir "$data_dir" >/dev/null 2>&1 || true; rm -rf "$data_dir"' EXIT
"$hookyard" sandbox start --data-dir "$data_dir" >/dev/null
url=$("$hookyard" sandbox url --data-dir "$data_dir")
"$hookyard" migrate --database "$url" >/dev/null
scripts/demo-traffic.sh "$url" 12
# One operator action, so that the audit log and a timeline show a replay.
"$hookyard" replay --database "$url" --dead --endpoint billing --reason "billing-v2 partner registered" >/dev/null
sleep 2
mkdir -p docs/screenshots
for view in overview outbox inbox deferred dead-letters rejected audit endpoints partners; do
  scripts/screenshot.sh "docs/screenshots/$view.png" 7 --database "$url" "--view=$view" >/dev/null
done
scripts/screenshot.sh docs/screenshots/dead-letters-dark.png 7 --database "$url" --view=dead-letters --dark >/dev/null
scripts/screenshot.sh docs/screenshots/local-engine.png 7 --database "$url" --view=endpoints --local-engine >/dev/null
ls docs/screenshots
