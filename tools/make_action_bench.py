#!/usr/bin/env python3
"""Writes the intersection with action selection for `footfall bench` (docs/action_selection.md,
"Cost"): data/scenarios/intersection.yaml as it is, plus an `action_selection:` section whose
pedestrians glance at shop windows along the building fronts and at acquaintances while they walk
on. Their acts are trajectory-neutral (motor commands only: look_at, walk), so the CONTROL time
against the plain intersection is the cost of action selection alone.

    tools/make_action_bench.py OUT.yaml
    footfall bench data/scenarios/intersection.yaml --agents 10000 ...
    footfall bench OUT.yaml --agents 10000 ...
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
base = (root / "data/scenarios/intersection.yaml").read_text()

windows = []
for sx in (-1, 1):
    for sy in (-1, 1):
        for d in (18, 26, 34, 42):
            windows.append((sx * 11.2, sy * d))  # the x facades' shop fronts
            windows.append((sx * d, sy * 11.2))  # the y facades'
objects = "\n".join(
    f"    - {{name: w{k}, kind: shop_window, at: [{x:.1f}, {y:.1f}]}}" for k, (x, y) in enumerate(windows))

section = f"""
action_selection:
  objects:
{objects}
  systems:
    passer_by:
      net: pedestrian
      travel: walk_on
      range: 12
      acquaintances: 0.02
      variables:
        going:       {{initial: 1.0}}
        hurry:       {{initial: [0.1, 0.9], max: 5, model: {{parameter: speed, weight: 2}}}}
        curiosity:   {{initial: [0.5, 2.0], growth: 0.0004, damping: 0.0002, max: 4}}
        sociability: {{initial: [0.5, 2.0], growth: 0.0002, damping: 0.0001, max: 4}}
      releasing:
        see_window: {{find: shop_window, range: [0, 0, 10], max_value: 4, novel: true, temporal: {{latch: 20}}}}
        see_friend: {{find: acquaintance, range: [0, 0, 10], max_value: 4, novel: true, temporal: {{latch: 20}}}}
      groups:
        top:
          behaviors:
            walk_on: {{variables: [going, hurry], action: [{{motor: walk}}]}}
            glance:
              variables: [curiosity]
              releasing: [see_window]
              combine: multiply
              level_of_interest: {{mode: time, decay: 0.004, recovery: 0.0005}}
              modify: [{{variable: curiosity, gain: -0.0005}}]
              action: [{{motor: walk}}, {{motor: look_at}}]
            wave:
              variables: [sociability]
              releasing: [see_friend]
              combine: multiply
              level_of_interest: {{mode: time, decay: 0.004, recovery: 0.0005}}
              modify: [{{variable: sociability, gain: -0.0005}}]
              action: [{{motor: walk}}, {{motor: look_at}}]
"""

pathlib.Path(sys.argv[1]).write_text(base.replace("name: intersection", "name: intersection_action", 1) + section)
