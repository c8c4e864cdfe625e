# Sourced by the benchmarks' run.sh: sets repo and build_dir and defines build_target. BUILD_DIR (default build/dev,
# relative to the repository) is the build tree; one that does not exist yet is configured like the dev preset.
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build_dir="${BUILD_DIR:-build/dev}"
[[ "$build_dir" == /* ]] || build_dir="$repo/$build_dir"

build_target() {
  if [[ "$build_dir" == "$repo/build/dev" && ! -f "$build_dir/CMakeCache.txt" ]]; then
    (cd "$repo" && cmake --preset dev)
  elif [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
    cmake -S "$repo" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHOOKYARD_WERROR=ON
  fi
  cmake --build "$build_dir" --target "$1"
}
