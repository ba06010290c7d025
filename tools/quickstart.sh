#!/usr/bin/env bash
# Sets everything up and runs the default scenario, data/scenarios/intersection.yaml:
#   with a display (DISPLAY or WAYLAND_DISPLAY set): in the viewer window;
#   without one: headless, rendering offscreen to out/intersection.png (the last frame) and
#   out/frames/frame_NNNNNN.png (every frame of the first 20 simulated seconds).
# Either way out/trajectory.csv, out/run.db (the SQLite trajectory store) and out/summary.json are
# written. Extra arguments go to
# `footfall run` (for example --frames 3600 or --size 1920x1080).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/tools/setup.sh" "$root/build"
out="$root/out"
mkdir -p "$out"
scenario="$root/data/scenarios/intersection.yaml"
common=(--trajectory "$out/trajectory.csv" --db "$out/run.db" --summary "$out/summary.json")
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$root/build/footfall" run "$scenario" "${common[@]}" "$@"
fi
echo "footfall: no display; rendering offscreen to $out/intersection.png and $out/frames/" >&2
rm -rf "$out/frames"
frames=(--frames 600)
for a in "$@"; do [[ "$a" == --frames* ]] && frames=(); done
exec "$root/build/footfall" run "$scenario" --headless "${frames[@]}" \
  --screenshot "$out/intersection.png" --record "$out/frames" "${common[@]}" "$@"
