#!/usr/bin/env bash
# Takes a screenshot of the console under Xvfb: scripts/screenshot.sh OUT.png [seconds-to-wait] [hookyard args...]
# SCREEN=WIDTHxHEIGHT sets the screen size (1440x900).
# Uses the dev build; installs Xvfb, ImageMagick (for `import`) and xdotool (to focus the window) if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1; wait_s=${2:-6}; shift 2 || shift $#
for p in xvfb xauth imagemagick xdotool; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="${missing:-} $p"
done
if [ -n "${missing:-}" ]; then
  [ "$(id -u)" -eq 0 ] && sudo_cmd="" || sudo_cmd=sudo
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
xvfb-run -a -s "-screen 0 ${SCREEN:-1440x900}x24" bash -c '
  ./build/dev/app/hookyard "${@:3}" & app=$!
  sleep "$2"
  # There is no window manager to activate the window, as a desktop would: without focus, the selection looks muted.
  xdotool search --onlyvisible --name Hookyard windowfocus >/dev/null 2>&1 || true
  sleep 0.5
  import -window root "$1"
  kill $app; wait $app || true
' _ "$out" "$wait_s" "$@"
echo "$out"
