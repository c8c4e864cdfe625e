#!/usr/bin/env bash
# Installs the Debian 12 packages Hookyard needs to build, test and run. Idempotent: only what is
# missing is installed. Runs as root, or through sudo for a normal user.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6sql6-psql qt6-charts-dev libqt6opengl6-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
  qt6-translations-l10n # Qt's own strings (the standard dialog buttons) in the console's languages
  libssl-dev libcurl4-openssl-dev
  postgresql postgresql-contrib
  xvfb xauth
  fonts-dejavu-core # the console's state glyphs (✓ ◷ ◔ ‖ ☠ ✕ ⊘ …) are all in DejaVu
  curl # tests run the console's "copy as curl" command against a loopback sink
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "hookyard: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
