#!/usr/bin/env bash
# Runs the relay benchmark (docs/benchmarks.md): installs what is missing, builds bench_relay, starts nginx as the
# loopback sink on a free port, and runs the benchmark against it. Extra arguments go to bench_relay, e.g.
#   bench/relay/run.sh --events 20000 --markdown
# BUILD_DIR (default build/dev, relative to the repository) is the build tree; one that does not exist yet is
# configured like the dev preset.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/../common/build.sh"

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

missing=()
dpkg-query -W -f='${Status}' nginx-light 2>/dev/null | grep -q 'install ok installed' || missing+=(nginx-light)
command -v pgbench >/dev/null && pgbench --version >/dev/null 2>&1 || missing+=(postgresql-contrib)
if ((${#missing[@]})); then
  echo "run.sh: installing ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

build_target bench_relay

work="$(mktemp -d /tmp/hookyard-bench-nginx-XXXXXX)"
nginx_pid=""
cleanup() {
  if [[ -n "$nginx_pid" ]]; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
mkdir -p "$work/temp"
cat >"$work/nginx.conf" <<EOF
daemon off;
worker_processes 2;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  client_body_temp_path $work/temp;
  proxy_temp_path $work/temp;
  fastcgi_temp_path $work/temp;
  uwsgi_temp_path $work/temp;
  scgi_temp_path $work/temp;
  server {
    listen 127.0.0.1:$port;
    location / { return 200; }
  }
}
EOF
nginx -c "$work/nginx.conf" -p "$work" &
nginx_pid=$!
for _ in $(seq 50); do
  curl -fsS -o /dev/null -X POST "http://127.0.0.1:$port/hook" 2>/dev/null && break
  kill -0 "$nginx_pid" 2>/dev/null || { cat "$work/error.log" >&2; exit 1; }
  sleep 0.1
done
echo "run.sh: nginx (pid $nginx_pid) answers on 127.0.0.1:$port" >&2

"$build_dir/bench/bench_relay" --sink-pid "$nginx_pid" "$@" "http://127.0.0.1:$port/hook"
