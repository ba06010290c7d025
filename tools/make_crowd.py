#!/usr/bin/env python3
"""Writes a synthetic crowd scenario: N walkers on a jittered lattice, each attracted to a random goal
and avoiding the others. A quick load for rough timings until the intersection city exists.

    tools/make_crowd.py 2000 > crowd.yaml && build/footfall run crowd.yaml --frames 300 --summary s.json
"""
import math
import random
import sys


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    spacing = float(sys.argv[2]) if len(sys.argv) > 2 else 1.8  # metres between lattice points
    rng = random.Random(1)
    side = math.ceil(math.sqrt(n))
    extent = side * spacing
    out = [
        f"name: crowd{n}", "seed: 1", "duration: 20", "world: {locations: {}}", "behaviors:",
        "  walker:", "    nodes:",
        "      goal: {type: location_sensor}",
        "      seek: {type: attract, input: goal, power: 0.5}",
        "      people: {type: proximity_sensor, detects: [walkers], radius: 3, fov: 1.05}",
        "      avoid_people: {type: avoid, input: people, k_theta: 0.5, k_d: 3, t_d: 1.2}",
        "      walk: {type: walk, inputs: [seek, avoid_people]}",
        "agents:",
    ]
    for i in range(n):
        x = (i % side) * spacing + rng.uniform(-0.3, 0.3)
        y = (i // side) * spacing + rng.uniform(-0.3, 0.3)
        gx, gy = rng.uniform(0, extent), rng.uniform(0, extent)
        out.append(f"  - {{name: a{i}, behavior: walker, position: [{x:.3f}, {y:.3f}], "
                   f"heading: {rng.uniform(-3, 3):.3f}, set: {{goal.target: [{gx:.3f}, {gy:.3f}]}}}}")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
