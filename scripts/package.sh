#!/usr/bin/env bash
# Builds the Debian package: installs what is missing (build dependencies, then the packaging tools),
# configures a Release build in build/package, builds it and runs CPack. Prints the .deb's path.
# Extra arguments go to the CMake configure step (e.g. -DHOOKYARD_DEB_MAINTAINER="Name <mail>").
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh

packages=(
  dpkg-dev # dpkg-shlibdeps: the package's Depends on the shared libraries the binary links
  file     # CPack asks it which installed files are ELF binaries
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  echo "hookyard: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build=build/package
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DHOOKYARD_BUILD_TESTS=OFF -DHOOKYARD_BUILD_BENCH=OFF -DHOOKYARD_WERROR=OFF "$@" >/dev/null
cmake --build "$build" --parallel "${HOOKYARD_JOBS:-2}"
rm -f "$build"/hookyard_*.deb
(cd "$build" && cpack -G DEB >/dev/null)

deb=$(ls "$build"/hookyard_*.deb)
echo "$PWD/$deb"
