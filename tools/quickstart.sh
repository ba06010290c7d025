#!/usr/bin/env bash
# Sets everything up and runs the default scenario headless, writing out/trajectory.csv and
# out/summary.json. Extra arguments go to `footfall run`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh" "$root/build"
mkdir -p "$root/out"
scenario="$root/data/scenarios/intersection.yaml"
exec "$root/build/footfall" run "$scenario" --headless \
  --trajectory "$root/out/trajectory.csv" --summary "$root/out/summary.json" "$@"
