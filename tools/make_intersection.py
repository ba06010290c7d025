#!/usr/bin/env python3
"""Writes the signalised intersection scenarios (Granieri et al. 1995 §3, Figs 4-5):

  data/scenarios/intersection.yaml  the default scenario: 200 pedestrians on routes
  data/scenarios/north_net.yaml     the paper's north-net pedestrian alone

One tile: two 12 m roads crossing at the origin, 4 m sidewalks, zebra crosswalks 4 m wide set back
1 m from the junction, a building with two doors in each quadrant, light poles, and two signals
(ns, ew) sharing a 58 s cycle. The tile is 100 m square, so `city: {nx, ny, pitch: [100, 100]}` tiles it
seamlessly: sidewalk ends on shared edges join. Usage: tools/make_intersection.py [OUT_DIR]
"""
import sys
from pathlib import Path

ROAD = 6.0      # half-width of a road: curb at |x| or |y| = 6
FACE = 10.0     # building faces: 4 m of sidewalk
WALK = 8.0      # sidewalk centre line
CW0, CW1 = 7.0, 11.0  # crosswalk extent along its road arm
HALF = 50.0     # half the tile
BLDG = 48.0     # buildings end 2 m short of the tile edge (4 m alleys between tiles)
WAIT = 7.2      # where people wait for WALK: 1.2 m back from the curb
QUADS = {"ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def fmt(v):
    return f"{v:g}"


def pt(p):
    return f"[{fmt(p[0])}, {fmt(p[1])}]"


def world_yaml():
    out = ["world:", "  default_ground: sidewalk", "  signals:",
           "    # ns: WALK 0-14 s, flashing 14-24, yellow 24-27, red 27-58; ew 29 s later.",
           "    ns: {green: 24, yellow: 3, red: 31, walk: 14, offset: 0}",
           "    ew: {green: 24, yellow: 3, red: 31, walk: 14, offset: 29}",
           "  regions:"]
    # Street pieces do not overlap the crosswalks, so terrain distances stay exact.
    r, c = ROAD, CW0
    plus = [[-c, -r], [-r, -r], [-r, -c], [r, -c], [r, -r], [c, -r],
            [c, r], [r, r], [r, c], [-r, c], [-r, r], [-c, r]]
    out.append(f"    - {{name: junction, type: street, polygon: [{', '.join(pt(p) for p in plus)}]}}")
    arms = {"east": rect(CW1, -r, HALF, r), "west": rect(-HALF, -r, -CW1, r),
            "north": rect(-r, CW1, r, HALF), "south": rect(-r, -HALF, r, -CW1)}
    for name, poly in arms.items():
        out.append(f"    - {{name: {name}_road, type: street, polygon: [{', '.join(pt(p) for p in poly)}]}}")
    # East and west crosswalks cross the east-west road: they walk with north-south traffic (ns).
    cws = {"east_cw": (rect(CW0, -r, CW1, r), "ns"), "west_cw": (rect(-CW1, -r, -CW0, r), "ns"),
           "north_cw": (rect(-r, CW0, r, CW1), "ew"), "south_cw": (rect(-r, -CW1, r, -CW0), "ew")}
    for name, (poly, sig) in cws.items():
        out.append(f"    - {{name: {name}, type: crosswalk, signal: {sig}, "
                   f"polygon: [{', '.join(pt(p) for p in poly)}]}}")
    out.append("  boxes:")
    mid = 0.5 * (FACE + BLDG)
    for q, (sx, sy) in QUADS.items():
        out.append(f"    - {{name: {q}_building, center: {pt((sx * mid, sy * mid))}, "
                   f"size: [{fmt(BLDG - FACE)}, {fmt(BLDG - FACE)}], class: building}}")
    out.append("  cylinders:")
    for q, (sx, sy) in QUADS.items():
        out.append(f"    - {{name: {q}_signal_pole, center: {pt((sx * 6.5, sy * 6.5))}, radius: 0.12}}")
        out.append(f"    - {{name: {q}_lamp_a, center: {pt((sx * 6.5, sy * 20))}, radius: 0.1}}")
        out.append(f"    - {{name: {q}_lamp_b, center: {pt((sx * 20, sy * 6.5))}, radius: 0.1}}")
    # Building faces toward the streets, for the line sensors.
    out.append("  segments:")
    for q, (sx, sy) in QUADS.items():
        out.append(f"    - {{name: {q}_face_x, from: {pt((sx * FACE, sy * FACE))}, "
                   f"to: {pt((sx * FACE, sy * BLDG))}, class: facade, solid: false}}")
        out.append(f"    - {{name: {q}_face_y, from: {pt((sx * FACE, sy * FACE))}, "
                   f"to: {pt((sx * BLDG, sy * FACE))}, class: facade, solid: false}}")
    out.append("  locations:")
    door = 0.5 * (FACE + BLDG)
    for q, (sx, sy) in QUADS.items():
        ns_end = "n" if sy > 0 else "s"
        ew_end = "e" if sx > 0 else "w"
        locs = {
            f"{q}_corner": (sx * WALK, sy * WALK),
            # Waiting spots at the two crosswalks of this corner.
            f"{q}_wait_{'ns'}": (sx * (CW0 + CW1) / 2, sy * WAIT),   # crosswalk over the ew road
            f"{q}_wait_{'ew'}": (sx * WAIT, sy * (CW0 + CW1) / 2),   # crosswalk over the ns road
            f"{q}_end_{ns_end}": (sx * WALK, sy * HALF),
            f"{q}_end_{ew_end}": (sx * HALF, sy * WALK),
            f"{q}_door_x": (sx * (FACE - 0.4), sy * door),
            f"{q}_door_y": (sx * door, sy * (FACE - 0.4)),
            f"{q}_front_x": (sx * WALK, sy * door),
            f"{q}_front_y": (sx * door, sy * WALK),
        }
        for name, p in locs.items():
            out.append(f"    {name}: {pt(p)}")
    out.append("  walkways:")
    out.append("    edges:")
    for q, (sx, sy) in QUADS.items():
        ns_end = "n" if sy > 0 else "s"
        ew_end = "e" if sx > 0 else "w"
        out.append(f"      - [{q}_end_{ns_end}, {q}_front_x, {q}_corner, {q}_front_y, {q}_end_{ew_end}]")
        out.append(f"      - [{q}_front_x, {q}_door_x]")
        out.append(f"      - [{q}_front_y, {q}_door_y]")
        out.append(f"      - [{q}_corner, {q}_wait_ns]")
        out.append(f"      - [{q}_corner, {q}_wait_ew]")
    out.append("    crossings:")
    out.append("      - {from: ne_wait_ns, to: se_wait_ns, crosswalk: east_cw}")
    out.append("      - {from: nw_wait_ns, to: sw_wait_ns, crosswalk: west_cw}")
    out.append("      - {from: ne_wait_ew, to: nw_wait_ew, crosswalk: north_cw}")
    out.append("      - {from: se_wait_ew, to: sw_wait_ew, crosswalk: south_cw}")
    ends = []
    for q, (sx, sy) in QUADS.items():
        ends += [f"{q}_end_{'n' if sy > 0 else 's'}", f"{q}_end_{'e' if sx > 0 else 'w'}",
                 f"{q}_door_x", f"{q}_door_y"]
    out.append(f"    endpoints: [{', '.join(ends)}]")
    return out


BEHAVIOR = """\
behaviors:
  # Granieri et al. 1995 §3: attracted to corners and doors; avoiding each other, poles, buildings
  # and the street except at crosswalks. Nets bind and unbind seek, avoid_road and avoid_street.
  pedestrian:
    nodes:
      goal:          {type: location_sensor}
      seek:          {type: attract, input: goal, t_d: 0.05, power: 0.5, bound: 0}
      people:        {type: proximity_sensor, detects: [walkers], radius: 2.5, fov: 1.05}
      avoid_people:  {type: avoid, input: people, k_theta: 0.5, k_d: 3, t_d: 1.0, keep_right: 0.6}
      poles:         {type: proximity_sensor, detects: [pole], radius: 1.5, fov: 1.05}
      avoid_poles:   {type: avoid, input: poles, k_d: 3, t_d: 0.5}
      facades:       {type: line_sensor, detects: [facade], fov: 1.57}
      avoid_facades: {type: avoid, input: facades, k_d: 3, t_d: 0.5}
      road:          {type: terrain_sensor, types: [street, crosswalk], range: 1.0}
      avoid_road:    {type: avoid, input: road, k_d: 4, t_d: 0.8, weight: 20}
      street:        {type: terrain_sensor, types: [street], range: 1.0}
      avoid_street:  {type: avoid, input: street, k_d: 4, t_d: 0.8, weight: 20, bound: 0}
      walk:          {type: walk, inputs: [seek, avoid_people, avoid_poles, avoid_facades, avoid_road, avoid_street], arcs: 4, rays: 9}
"""

PATNETS = """\
patnets:
  # A route leg along a sidewalk: attract to the point, unbind on arrival. Plans are advice (Reich
  # 1997 §7.6.2): once the point after this one is in sight, the leg is done, so crowds flow
  # round a corner instead of all converging on its one waypoint.
  walk_to:
    params: {to: location, next: location, radius: 1.0}
    locals: {best: 1e6, since: 0}
    states:
      go:
        do: [{target: {goal: to}}, {bind: seek}]
        go: [{if: "arrived(to, radius) or (distance(to) < 12 and visible(next))", to: done}]
      done:
        do: [{unbind: seek}, {set: {avoid_people.weight: 1}}]
        default: exit
    monitors: &unstick
      # Reich 1997 §7.7: dislodge an agent caught in a local minimum of its behaviors. Progress
      # toward the target restores full courtesy; four seconds without any make it press on.
      - {if: "distance(to) < best - 0.3", do: [{set: {best: "distance(to)", since: time, avoid_people.weight: 1}}]}
      - {if: "time - since > 4 and avoid_people.weight > 0.2", do: [{set: {avoid_people.weight: 0.1}}]}
  # A route leg over a crosswalk: reach the near side, wait for WALK, cross. Someone who has not
  # set foot on the crosswalk when WALK ends goes back to waiting.
  cross:
    params: {from: location, to: location, signal: signal, crosswalk: region, radius: 1.2, queue: 3.0, lane: 1.0}
    locals: {best: 1e6, since: 0}
    monitors: *unstick
    states:
      approach:
        do: [{target: {sensor: goal, at: from, lane: lane, along: [from, to]}}, {bind: seek}]
        # Join the queue: near enough, or close and held up by the people already waiting.
        go: [{if: "arrived(from, queue) or (distance(from) < 2 * queue and time - since > 2)", to: wait}]
      wait:
        do: [{unbind: seek}]
        go: [{if: "signal(signal) == WALK", to: enter}]
      # Step up to the crosswalk still keeping off the road, so nobody cuts the corner over the
      # other crosswalk of the corner (whose head may show DON'T WALK).
      enter:
        do: [{target: {sensor: goal, at: from, lane: lane, along: [from, to]}}, {bind: seek}]
        go:
          - {if: "on(crosswalk) or arrived(from, 1.5)", to: cross}
          - {if: "signal(signal) != WALK", to: approach}
      # Each direction keeps to its own lane, right of the crosswalk's centre line.
      cross:
        do: [{target: {sensor: goal, at: to, lane: lane, along: [from, to]}}, {bind: seek}, {unbind: avoid_road}, {bind: avoid_street}]
        go:
          # Across once both feet are off the crosswalk on the far side.
          - {if: "arrived(to, radius) or (not on(crosswalk) and distance(to) < distance(from))", to: done}
          - {if: "signal(signal) != WALK and not on(crosswalk) and distance(from) < distance(to)", to: back}
      back:
        do: [{bind: avoid_road}, {unbind: avoid_street}, {target: {sensor: goal, at: from, lane: lane, along: [from, to]}}]
        default: approach
      done:
        do: [{unbind: seek}, {bind: avoid_road}, {unbind: avoid_street}, {set: {avoid_people.weight: 1}}]
        default: exit
  # The paper's north-net (Fig. 4): walk to the SE corner, wait for WALK, cross to the NE corner,
  # head north.
  north:
    params: {corner: location, far: location, away: location, signal: signal, crosswalk: region}
    states:
      to_corner:
        do: [{target: {goal: corner}}, {bind: seek}]
        go: [{if: "arrived(corner, 0.6)", to: wait}]
      wait:
        do: [{unbind: seek}, {bind: avoid_road}, {unbind: avoid_street}]
        go: [{if: "signal(signal) == WALK", to: cross}]
      cross:
        do: [{target: {goal: far}}, {bind: seek}, {unbind: avoid_road}, {bind: avoid_street}]
        go:
          # Across: at the far corner, or off the crosswalk on the far side once WALK is over.
          - {if: "arrived(far, 0.6) or (signal(signal) != WALK and not on(crosswalk) and distance(far) < distance(corner))", to: north}
          # Held up at the kerb until WALK ended: back to waiting rather than start on DON'T WALK.
          - {if: "signal(signal) != WALK and not on(crosswalk) and distance(corner) < distance(far)", to: wait}
      north:
        do: [{bind: avoid_road}, {unbind: avoid_street}, {target: {goal: away}}]
        go: [{if: "arrived(away, 0.5)", to: exit}]
"""

NORTH_AGENT = """\
  - name: north
    behavior: pedestrian
    position: [8, -27]
    heading: 1.5708
    nets: [{net: north, args: {corner: se_wait_ns, far: ne_wait_ns, away: ne_end_n, signal: ns, crosswalk: east_cw}}]
"""


def write(path, text):
    path.write_text(text)
    print(f"wrote {path}")


def main():
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "data/scenarios"
    world = "\n".join(world_yaml()) + "\n"
    head = "# Generated by tools/make_intersection.py; edit that script, not this file.\n"
    write(out / "intersection.yaml", head + """\
# The default scenario: a signalised four-way intersection (Granieri et al. 1995 §3). Light-nets
# cycle the signals; 200 pedestrians enter at sidewalk ends and doors, follow routes through the
# walkway graph (walk_to and cross legs, called by the built-in route net) and leave; replacements
# keep the count steady. Add `city: {nx: 3, ny: 3, pitch: [100, 100]}` for a grid of intersections.
name: intersection
seed: 1
frame_rate: 30
duration: 120
""" + world + BEHAVIOR + PATNETS + """\
agents:
""" + NORTH_AGENT + """\
population:
  target: 200          # per intersection
  behavior: pedestrian
  walk_net: walk_to
  cross_net: cross
  radius: [0.22, 0.28]
  pace: [0.9, 1.1]
  max_trip: 150        # metres, origin to destination: in a city, trips stay local
""")
    write(out / "north_net.yaml", head + """\
# The paper's north-net pedestrian (Granieri et al. 1995 Fig. 4) alone at the intersection.
name: north_net
seed: 1
frame_rate: 30
duration: 110
""" + world + BEHAVIOR + PATNETS + """\
agents:
""" + NORTH_AGENT)


if __name__ == "__main__":
    main()
