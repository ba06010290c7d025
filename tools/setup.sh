#!/usr/bin/env bash
# Installs the Debian packages footfall needs (only those missing), then configures and builds.
#   tools/setup.sh [BUILD_DIR] [extra cmake arguments...]
# Environment: FOOTFALL_BUILD_TYPE (default Release).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
shift || true

packages=(
  cmake ninja-build g++ ccache pkg-config
  libeigen3-dev libtbb-dev doctest-dev libyaml-cpp-dev libcli11-dev nlohmann-json3-dev
  libspdlog-dev libbenchmark-dev gnuplot-nox libsqlite3-dev
  libopenscenegraph-dev libgl1-mesa-dri libegl-dev xvfb fonts-dejavu-core
  python3 python3-pytest
  python3-dev pybind11-dev python3-numpy python3-pandas python3-yaml python3-distributed
  python3-pip python3-venv python3-wheel
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "footfall: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${FOOTFALL_BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$build" --parallel "$(nproc)"
