#!/usr/bin/env python3
"""Writes the signalised intersection scenarios (Granieri et al. 1995 §3, Figs 4-5):

  data/scenarios/intersection.yaml  the default scenario: 200 pedestrians on routes, and its
                                    variant `activities` (shop windows, a kiosk, benches,
                                    acquaintances; Blumberg 1996), off unless chosen
  data/scenarios/north_net.yaml     the paper's north-net pedestrian alone

One tile: two 12 m roads crossing at the origin, 6 m sidewalks, zebra crosswalks 5 m wide set back
1 m from the junction, a building with two doors in each quadrant, light poles, and two signals
(ns, ew) sharing a 48 s cycle. The tile is 100 m square, so `city: {nx, ny, pitch: [100, 100]}` tiles it
seamlessly: sidewalk ends on shared edges join. Usage: tools/make_intersection.py [OUT_DIR]
"""
import sys
from pathlib import Path

ROAD = 6.0      # half-width of a road: curb at |x| or |y| = 6
FACE = 12.0     # building faces: 6 m of sidewalk
WALK = 9.0      # sidewalk centre line
CW0, CW1 = 7.0, 12.0  # crosswalk extent along its road arm: 5 m wide
HALF = 50.0     # half the tile
BLDG = 48.0     # buildings end 2 m short of the tile edge (4 m alleys between tiles)
WAIT = 6.8      # where people wait for WALK: 0.8 m back from the curb
# Waiting spots, metres right of a crossing's centre line: its right part, 0.5 m in from the edge,
# so the other direction's arrivals step off on the left (keeping right, as on real kerbs).
SPOT = (-0.3, (CW1 - CW0) / 2 - 0.5)
POLE = 6.3      # signal and lamp poles: 0.3 m back from the curb
QUADS = {"ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def fmt(v):
    return f"{v:g}"


def pt(p):
    return f"[{fmt(p[0])}, {fmt(p[1])}]"


def world_yaml():
    out = ["world:", "  default_ground: sidewalk", "  signals:",
           "    # ns: WALK 0-12 s, flashing 12-20, yellow 20-23, red 23-48; ew 24 s later.",
           "    ns: {green: 20, yellow: 3, red: 25, walk: 12, offset: 0}",
           "    ew: {green: 20, yellow: 3, red: 25, walk: 12, offset: 24}",
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
        # Poles stand 0.3 m from the kerb: close enough that nobody squeezes between pole and
        # kerb (and gets caught there between the pole and the road), as on real streets.
        out.append(f"    - {{name: {q}_signal_pole, center: {pt((sx * POLE, sy * POLE))}, radius: 0.12}}")
        out.append(f"    - {{name: {q}_lamp_a, center: {pt((sx * POLE, sy * 20))}, radius: 0.1}}")
        out.append(f"    - {{name: {q}_lamp_b, center: {pt((sx * 20, sy * POLE))}, radius: 0.1}}")
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
  # and the street except at crosswalks. Nets bind and unbind seek, face and make_room, and point
  # the road sensor past the crosswalk being crossed.
  pedestrian:
    nodes:
      goal:          {type: location_sensor}
      # Attraction split into its two terms, each a norm (power 0.5): `seek` weighs distance and
      # `face` the angle to the goal. Summed, being turned 1 rad away costs as much as being 1 m
      # farther, at any distance; in the paper's single node the angle term fades as 1/d, so far
      # from its goal an agent that turns its back on a neighbour (which empties its proximity
      # sensor) never turns round again.
      seek:          {type: attract, input: goal, k_theta: 0, t_d: 0.05, power: 0.5, bound: 0}
      face:          {type: attract, input: goal, k_theta: 1, k_d: 0, t_theta: 0.1, power: 0.5, bound: 0}
      # Others as the validation suite's walker sees them (docs/validation.md): collisions are
      # foreseen only with those walking across or against one's way; those standing, or walking
      # one's way, are left to the walk node's headway law. Reich's proximity avoidance of every
      # walker ahead (k_theta 0.5, k_d 3, t_d 0.5, keep_right 0.6 until 2026-11) held platoons
      # back from those they followed and from queues they only passed, and crossings took 20-30 s
      # instead of 10 as WALK ended (crowds on the crosswalk into steady DON'T WALK).
      avoid_people:  {type: predictive_avoid, radius: 4, steps: 2, weight: 4, conflicts_only: 1}
      # Those waiting at a kerb make room for anyone close, from any side (bound while waiting).
      nearby:        {type: proximity_sensor, detects: [walkers], radius: 1.5, fov: 3.14}
      make_room:     {type: avoid, input: nearby, k_theta: 0, k_d: 3, t_d: 0.4, weight: 3, bound: 0}
      # Poles are thin: seen early in a narrow sector and avoided lightly, so that turning past
      # one costs less than standing with one's back to the goal.
      poles:         {type: proximity_sensor, detects: [pole], radius: 3.0, fov: 0.6}
      avoid_poles:   {type: avoid, input: poles, k_theta: 0.5, k_d: 3, t_d: 0.3, weight: 0.5}
      facades:       {type: line_sensor, detects: [facade], fov: 1.57}
      avoid_facades: {type: avoid, input: facades, k_d: 3, t_d: 0.5}
      # Street and crosswalks (a crossing net sets road.except to its crosswalk), avoided and kept
      # off like a wall (kerb: a queue making way pushed toes over it). t_d 0.45 m: at 0.35 a crowd
      # at a kerb put toes on the crosswalk.
      road:          {type: terrain_sensor, types: [street, crosswalk], range: 1.0, kerb: 1}
      avoid_road:    {type: avoid, input: road, k_d: 4, t_d: 0.45, weight: 20}
      # Whoever is not crossing keeps 1.5 m (two steps) clear of crosswalks' ends, so that a
      # platoon landing as WALK ends can step off instead of standing on the crosswalk into DON'T
      # WALK: walkers on a sidewalk leg keep off every end (the one they just left too), those
      # walking up to a queue or waiting in it off every end but their own crosswalk's. Bound by
      # the nets; waiting spots lie just outside that reach. (Bound only while waiting until
      # 2026-11: crowds passing a corner and those joining the other crosswalk's queue stood in
      # the landing; 50 ten-minute seeds, docs/scenario.md.)
      landings:      {type: terrain_sensor, types: [crosswalk], range: 2.0}
      clear_landings: {type: avoid, input: landings, k_d: 4, t_d: 1.5, weight: 3, bound: 0}
      # The crowd on one's way over the next 3 m (behavior/crowd_way.hpp; Treuille et al. 2006's
      # cost read along each candidate's way, docs/validation.md): a metre through people standing,
      # crossing or coming against one costs 3 m more per person/m². Streams stepping off two
      # crosswalks and walking up to them along two sidewalks go round each other's knots instead
      # of into them, and those joining a queue go round it to its front along the kerb. Without
      # it, twice the density locked every corner within minutes (seed 1: 333 of 400 stuck at ten
      # minutes); a walker's goal here is a point moving along its lane, for which no navigation
      # field can be built.
      crowd:         {type: crowd_way, input: goal, horizon: 3, against: 3, slow: 3}
      # The headway law (docs/scenario.md, walk `time_gap`): Seyfried et al. 2005's 1.06 s.
      walk:          {type: walk, inputs: [seek, face, crowd, avoid_people, make_room, clear_landings, avoid_poles, avoid_facades, avoid_road], arcs: 4, rays: 9, back_step: 0.3, time_gap: 1.06}
"""

# Shared by the `cross` and `north` nets. The band of a crosswalk each direction keeps to, metres
# right of the way across (docs/scenario.md, "Lanes as bands").
BAND = (0.5, 2.1)
# Hurrying over (`hurry`), the stride and the crowd on one's way's weight go back to what they were
# before; a no-op for one who did not.
HURRY_RESTORE = ('{set: {walk.step_length: "walk.step_length + hurry * (length - walk.step_length)", '
                 'walk.max_step: "walk.max_step + hurry * (longest - walk.max_step)", '
                 'walk.step_time: "walk.step_time + hurry * (period - walk.step_time)", '
                 'crowd.weight: "crowd.weight + hurry * (crowd_was - crowd.weight)"}}, {set: {hurry: 0}}')


def pace_ok(place):
    """The crowd ahead on the crosswalk goes fast enough to take one to `place` before steady DON'T
    WALK (read from 2 s into WALK); the start rule and, negated, the way back to waiting."""
    return (f"(time - walk_on < 2 or distance({place}) <= countdown(signal) * 1.3 * "
            f"pace(crosswalk, {place}, 1e6))")


PATNETS = """\
patnets:
  # A route leg along a sidewalk, in a lane right of its centre line (each pedestrian its own
  # offset), following a point a few metres ahead in the lane (Reynolds 1999, path following),
  # so people keep right and two directions pass instead of meeting head on. Plans are advice
  # (Reich 1997 §7.6.2): once the point after this one is in sight, the leg is done, so crowds
  # flow round a corner instead of all converging on its one waypoint.
  walk_to:
    params: {to: location, next: location, from: location, radius: 1.5, ahead: 3.0, shortcut: 6.0}
    locals: {best: 1e6, since: 0, offset: 0.5, moving: 0, following: 0, yielding: 0, until: 0, detour: 0}
    monitors:
      # Reich 1997 §7.7: dislodge an agent caught in a local minimum of its behaviors. Progress
      # toward the target restores full courtesy; four seconds without any make it press on (and
      # brush past a pole it was shying from: collision prevention still keeps it off the pole);
      # after eight, now and then it gives way for three seconds instead, so that two who press
      # on each other do not stay locked: it stops seeking and makes room for anyone close, as
      # those waiting at a kerb do (avoid_people foresees only those walking, so two who stopped
      # face to face would otherwise stay so: for minutes on a street corner, seed 29).
      - &progress {if: "moving > 0 and distance(to) < best - 0.3", do: [{set: {best: "distance(to)", since: time, avoid_people.weight: 1, avoid_poles.weight: 0.5}}]}
      - &press_on {if: "moving > 0 and yielding == 0 and time - since > 4 and avoid_people.weight > 0.2", do: [{set: {avoid_people.weight: 0.1, avoid_poles.weight: 0.05}}]}
      - &give_way {if: "moving > 0 and yielding == 0 and time - since > 8 and random(0, 1) < 0.25", do: [{set: {yielding: 1, until: "time + 3", seek.weight: 0, face.weight: 0, avoid_people.weight: 2}}, {bind: make_room}]}
      - &resume {if: "yielding > 0 and time > until", do: [{set: {yielding: 0, since: time, seek.weight: 1, face.weight: 1, avoid_people.weight: 1}}, {unbind: make_room}]}
      - &follow {if: "following > 0", do: [{target: {sensor: goal, at: to, lane: offset, ahead: ahead, along: [from, to]}}]}  # the point ahead moves with it
      - {if: "moving > 0 and yielding == 0 and detour == 0 and time - since > 6 and not visible(to)", to: detour}
    states:
      go:
        do: [{set: {offset: "random(0.3, 1.0)", moving: 1, following: 1, since: time, best: "distance(to)", landings.except: -1}}, {target: {sensor: goal, at: to, lane: offset, ahead: ahead, along: [from, to]}}, {bind: seek}, {bind: face}, {bind: clear_landings}]
        go: &leg_done [{if: "arrived(to, radius) or (distance(to) < shortcut and visible(next))", to: done}]
      # Pushed past a building's corner, its point ahead behind it, facade avoidance held it (for good
      # until 2026-11-27: dense seed 8). Six seconds so, the end out of sight: a path planned round (§6.3.2,
      # as go_to; facades 0.1, it keeps 0.3 m off them) till 2 m nearer. `detour`: distance when stalled.
      detour: {do: [{set: {detour: "distance(to)", since: time, following: 0, avoid_facades.weight: 0.1}}, {spawn: {net: follow_path, args: {x: "x_of(to)", y: "y_of(to)", radius: radius}}}], go: [{if: "(visible(to) and distance(to) < detour - 2) or running(follow_path) == 0", to: rejoin}]}
      rejoin: {do: [{kill: follow_path}, {set: {detour: 0, following: 1, since: time, best: "distance(to)", avoid_facades.weight: 1}}, {bind: seek}], go: *leg_done}
      done: {do: [{set: {moving: 0, following: 0, yielding: 0, avoid_people.weight: 1, seek.weight: 1, face.weight: 1}}, {unbind: seek}, {unbind: face}, {unbind: [make_room, clear_landings]}], default: exit}
  # A route leg over a crosswalk (the route net hands it the walk up to the kerb too): wait at the
  # kerb across the right part of the crosswalk (a broad, shallow queue that leaves the arrivals room
  # to step off), make room for those passing, cross in this direction's half on WALK. Not yet on it
  # when WALK ends: wait again, unless still moving up with the platoon (within 3 m of the crosswalk
  # as WALK ends, the reach shrinking by 1 m a second): flashing DON'T WALK means do not start. On
  # the crosswalk once WALK is over, hurry: the stride 1.14 times longer and quicker, 1.3 times the
  # speed; late entrants walk faster, 1.1-1.4 m/s early in the green to 1.5-2.0 m/s in the flashing
  # green (Alhajyaseen, Nagoya thesis §4.2.3 Fig. 4.4; Iryo-Asano et al. 2015, IEEE T-ITS 16(2)).
  # And make for the far kerb through the crowd standing there rather than round it: the crowd on
  # one's way counts 0.3 (docs/scenario.md, "Through the crowd at the kerb"; with 1, those held in
  # the landing walked along the kerb's edge on the crosswalk into steady DON'T WALK).
  cross:
    params: {from: location, to: location, signal: signal, crosswalk: region, radius: 1.2, queue: 3.0, ahead: 2.5}
    locals: {best: 1e6, since: 0, spot: 0, moving: 0, following: 0, yielding: 0, until: 0, walk_seen: -1e6, walk_on: -1e6, hurry: 0, length: 0, longest: 0, period: 0, crowd_was: 1}
    # Beside the crosswalk (pushed along the kerb past its side), the point ahead is held back so
    # the way to it reaches the crosswalk's width before the kerb, not over the street corner.
    # `walk_on` is when WALK came on (a tick without it before), `walk_seen` when it last showed.
    monitors: [*progress, *press_on, *give_way, *resume, &walk_came_on {if: "signal(signal) == WALK and time - walk_seen > 1", do: [{set: {walk_on: time}}]}, &walk_showing {if: "signal(signal) == WALK", do: [{set: {walk_seen: time}}]}, {if: "following > 0", do: [{target: {sensor: goal, at: to, lane: CROSSWALK_BAND, ahead: ahead, along: [from, to], within: crosswalk}}]}, &hurry_on {if: "hurry == 0 and following > 0 and on(crosswalk) and signal(signal) != WALK", do: [{set: {hurry: 1, length: walk.step_length, longest: walk.max_step, period: walk.step_time, crowd_was: crowd.weight}}, {set: {walk.step_length: "length * 1.14", walk.max_step: "longest * 1.14", walk.step_time: "period / 1.14", crowd.weight: "crowd_was * 0.3"}}]}]
    states:
      approach:
        do: [{set: {spot: "random(SPOT_MIN, SPOT_MAX)", moving: 1, since: time, best: "distance(to)", seek.weight: 1}}, {target: {sensor: goal, at: from, lane: spot, along: [from, to]}}, {bind: seek}, {bind: face}, {set: {landings.except: crosswalk}}, {bind: clear_landings}]
        # Join the queue: near enough, or close and held up by the people already waiting.
        go: [{if: "arrived(from, queue) or (distance(from) < 2 * queue and time - since > 2)", to: wait}]
      wait:
        do: [{set: {moving: 0, yielding: 0, seek.weight: 0.3, face.weight: 1, avoid_people.weight: 2, landings.except: crosswalk}}, {unbind: face}, {bind: [make_room, clear_landings]}]
        # Drawn lightly to the spot, so the queue closes up as those ahead leave; pushed far: walk up.
        # Start on WALK only if the countdown lets one reach the far kerb at one's own pace before
        # steady DON'T WALK: arriving late in WALK, wait for the next (docs/scenario.md). Nor at
        # the pace of the crowd ahead on the crosswalk going one's way (`pace`), once it has had
        # time to get going: 2 s into WALK, about the mean start-up time from WALK to stepping
        # off the kerb (1.93 s, Staplin et al. 2001, FHWA-RD-01-051), before which those ahead are
        # still standing up. Their pace counts 1.3 times, as late walkers hurry (`hurry`). At
        # twice the density a corner's queue is more than a WALK carries across: until 2026-11-27
        # its back, started with the rest, reached the crosswalk 9-15 s into WALK and walked on
        # at the column's 0.8 m/s into steady DON'T WALK (docs/scenario.md, "The crowd's pace").
        go: [{if: "signal(signal) == WALK and distance(to) <= countdown(signal) * walk.step_length / walk.step_time and PACE_OK_TO", to: cross}, {if: "distance(from) > queue + 1", to: approach}]
      # Each direction keeps to its own half, in the band 0.5-2.1 m right of the crosswalk's centre
      # line (`lane: [from, to]`): within it everyone walks straight on at the offset it stepped
      # off at, from outside it makes for its middle. Until 2026-11-27 each drew a line of its own
      # in 0.3-2.1 m and a platoon crossed each other's ways on it: at twice the density 107-138
      # stays into steady DON'T WALK a run instead of 52-90 (docs/scenario.md, "Lanes as bands").
      # Keeps off the road (street and the other crosswalks) except this crosswalk.
      cross:
        do: [{set: {moving: 1, following: 1, since: time, best: "distance(to)", avoid_people.weight: 1, seek.weight: 1}}, {target: {sensor: goal, at: to, lane: CROSSWALK_BAND, ahead: ahead, along: [from, to], within: crosswalk}}, {bind: seek}, {bind: face}, {unbind: [make_room, clear_landings]}, {set: {road.except: crosswalk}}]
        go:
          # Across once the body is off the crosswalk on the far side (both feet until 2026-11-27:
          # one astride its end, its goal reached, stood there holding those behind). Not yet on it:
          # back to wait on DON'T WALK, once WALK is over beyond the shrinking reach, or too slow a crowd.
          - {if: "arrived(to, radius) or (not near(crosswalk, 0) and distance(to) < distance(from))", to: done}
          - {if: "not on(crosswalk) and distance(from) < distance(to) and (signal(signal) == DONT_WALK or (signal(signal) != WALK and not near(crosswalk, max(0.0, 3 - (time - walk_seen)))) or not PACE_OK_TO)", to: back}
      back:
        do: [HURRY_RESTORE, {set: {following: 0, road.except: -1}}]
        default: approach
      done:
        do: [HURRY_RESTORE, {set: {moving: 0, following: 0, yielding: 0, avoid_people.weight: 1, seek.weight: 1, face.weight: 1, road.except: -1}}, {unbind: seek}, {unbind: face}, {unbind: [make_room, clear_landings]}]
        default: exit
  # The paper's north-net (Fig. 4): walk to the SE corner, wait for WALK, cross to the NE corner,
  # head north. `lane`: 0 straight at it, as in the paper, where the pedestrian is alone; above 0
  # in the crowd's band of the crosswalk, as `cross` walks (holding a line 1 m right, it was pushed
  # into the oncoming half in the first WALK: 4 stays in 300 runs' first 110 s against 0).
  north:
    params: {corner: location, far: location, away: location, signal: signal, crosswalk: region, lane: 0}
    locals: {onward: 0, following: 0, walk_seen: -1e6, walk_on: -1e6, hurry: 0, length: 0, longest: 0, period: 0, crowd_was: 1}
    # Heading north, a point 2.5 m ahead on the way from the far corner to the end (as `walk_to`'s
    # legs do): straight at the end, a crowd at the corner could push it past the building's corner,
    # where the building stood between it and the point (stuck for good: dense seed 8 at 138 s).
    # Over the crosswalk it judges the time left and hurries once WALK is over as the crowd does
    # (`cross`): without, it was the one on a crosswalk into steady DON'T WALK in 7 of the 8
    # failing ten-minute runs of seeds 1-200 (docs/scenario.md, "The paper's pedestrian").
    monitors: [*walk_came_on, *walk_showing, *hurry_on, {if: "following > 0 and lane > 0", do: [{target: {sensor: goal, at: far, lane: CROSSWALK_BAND, ahead: 2.5, along: [corner, far], within: crosswalk}}]}, {if: "onward > 0", do: [{target: {sensor: goal, at: away, ahead: 2.5, along: [far, away]}}]}]
    states:
      to_corner:
        do: [{target: {goal: corner}}, {bind: seek}, {bind: face}]
        go: [{if: "arrived(corner, 0.6)", to: wait}]
      wait:
        do: [HURRY_RESTORE, {set: {following: 0}}, {unbind: seek}, {unbind: face}, {set: {road.except: -1}}]
        # As the crowd (`cross`): start only if the countdown lets it reach the far corner at its
        # own pace, and at the crowd's ahead of it, before steady DON'T WALK.
        go: [{if: "signal(signal) == WALK and distance(far) <= countdown(signal) * walk.step_length / walk.step_time and PACE_OK_FAR", to: cross}]
      cross:
        do: [{set: {following: 1}}, {target: {sensor: goal, at: far, lane: lane, along: [corner, far]}}, {bind: seek}, {bind: face}, {set: {road.except: crosswalk}}]
        go:
          # Across: at the far corner, or off the crosswalk on the far side once WALK is over.
          - {if: "arrived(far, 0.6 + lane) or (signal(signal) != WALK and not on(crosswalk) and distance(far) < distance(corner))", to: north}
          # Held up at the kerb until WALK ended, or behind a crowd too slow to take it across in
          # time: back to waiting rather than start late.
          - {if: "not on(crosswalk) and distance(corner) < distance(far) and (signal(signal) != WALK or not PACE_OK_FAR)", to: wait}
      north:
        do: [HURRY_RESTORE, {set: {road.except: -1, onward: 1, following: 0}}, {target: {sensor: goal, at: away, ahead: 2.5, along: [far, away]}}]
        go: [{if: "arrived(away, 0.5)", to: exit}]
""".replace("SPOT_MIN", fmt(SPOT[0])).replace("SPOT_MAX", fmt(SPOT[1])).replace(
    "HURRY_RESTORE", HURRY_RESTORE).replace("PACE_OK_TO", pace_ok("to")).replace("PACE_OK_FAR", pace_ok("far")).replace(
    "CROSSWALK_BAND", f"[{fmt(BAND[0])}, {fmt(BAND[1])}]")

NORTH_AGENT = """\
  - name: north
    behavior: pedestrian
    position: [8, -27]
    heading: 1.5708
    nets: [{net: north, args: {corner: se_wait_ns, far: ne_wait_ns, away: ne_end_n, signal: ns, crosswalk: east_cw}}]
"""
# In the crowd, the paper's pedestrian has the crowd's body, the middle of the population's (below):
# 0.44 m across the shoulders, 0.28 m deep, so it may turn its shoulders to slip past as they do.
# As the default disc it was 0.50 m across and never sidled (until 2026-11-27).
NORTH_BODY = """\
    radius: 0.22
    depth: 0.14
"""


# Shop windows on the building fronts (metres from the junction along each face, clear of the door
# at 30), one kiosk and a bench per quadrant near the kerb: the `activities` variant's objects.
WINDOWS = (20.0, 40.0)
WINDOW_IN = 0.4     # a window's point: 0.4 m in front of the facade
KIOSK = (-7.5, -40.0)
BENCH = {"ne": (7.2, 30.0), "nw": (-30.0, 7.2), "se": (30.0, -7.2), "sw": (-7.2, -30.0)}


def activities_yaml():
    """The `activities` variant (Blumberg 1996; docs/action_selection.md): pedestrians with
    motivations who stop at shop windows, queue at the kiosk, sit on benches and greet people they
    know, on the intersection's routes. Off by default: `footfall run intersection.yaml --variant
    activities` merges it over the file."""
    obj = []
    for q, (sx, sy) in QUADS.items():
        for k, d in enumerate(WINDOWS):
            obj.append((f"{q}_window_x{k}", "shop_window", (sx * (FACE - WINDOW_IN), sy * d), "capacity: 3, occupied_within: 2.0"))
            obj.append((f"{q}_window_y{k}", "shop_window", (sx * d, sy * (FACE - WINDOW_IN)), "capacity: 3, occupied_within: 2.0"))
    obj.append(("kiosk", "kiosk", KIOSK, "capacity: 1, occupied_within: 1.0"))
    for q, p in BENCH.items():
        obj.append((f"{q}_bench", "bench", p, "capacity: 2, occupied_within: 0.9"))
    # The crosswalks' centres: near one, going one's way outweighs every activity (below).
    c = 0.5 * (CW0 + CW1)
    for name, p in {"east_cw": (c, 0), "west_cw": (-c, 0), "north_cw": (0, c), "south_cw": (0, -c)}.items():
        obj.append((f"{name}_centre", "crosswalk", p, ""))
    objects = "\n".join(f"        - {{name: {n}, kind: {k}, at: {pt(p)}{', ' + extra if extra else ''}}}"
                        for n, k, p, extra in obj)
    return ACTIVITIES.replace("OBJECTS", objects).replace("ERRANDS", "".join(errand(*e) for e in ERRANDS))


# The four errands off the way: each draws on one motivation and one releaser, aims the route's goal
# sensor at its object and wears off by its level of interest (decay, recovery per tick).
ERRANDS = (
    ("browse", "curiosity", "see_window", 0.0015, 0.0005, "window"),
    ("snack", "hunger", "see_kiosk", 0.0008, 0.0003, "kiosk"),
    ("rest", "fatigue", "see_bench", 0.001, 0.0003, "bench"),
    ("greet", "sociability", "see_friend", 0.002, 0.0003, "friend"),
)


def errand(name, variable, releasing, decay, recovery, child):
    return f"""\
                {name}:
                  variables: [{variable}]
                  releasing: [{releasing}]
                  combine: multiply
                  modify: [{{variable: going, gain: 0.0006, mode: absolute}}]
                  level_of_interest: {{mode: time, decay: {decay}, recovery: {recovery}}}
                  child: {child}
                  action: [{{aim: goal}}]
"""


ACTIVITIES = """\
variants:
  # Pedestrians who want things (Blumberg 1996, "Old Tricks, New Dogs"; docs/action_selection.md),
  # off by default: `footfall run data/scenarios/intersection.yaml --variant activities`. On their
  # routes they may stop at a shop window, queue at the kiosk, sit on a bench or greet someone they
  # know, and walk on when the drive is spent or its level of interest runs out. Motivations (hurry,
  # curiosity, hunger, fatigue, sociability) are drawn per pedestrian and follow the agent model:
  # rushed raises speed and so hurry, fatigued lowers it and so raises fatigue, curious raises
  # condition and so curiosity, and probability (lowered by rushed, raised by curious) sociability.
  activities:
    population:
      attributes:          # each pedestrian draws one mix by its share; the rest walk as before
        - {share: 0.2, rushed: 70}
        - {share: 0.15, fatigued: 60}
        - {share: 0.2, curious: 70}
    action_selection:
      objects:
OBJECTS
      systems:
        shopper:
          net: pedestrian
          tick: 0.05               # Blumberg's 1/20 s
          range: 15                # metres: what a pedestrian notices
          # The route nets own the goal sensor; an activity aims it at its object, and once no
          # behavior orders it the sensor springs back to where the nets keep it.
          object_of_interest: goal
          spring_back: true
          travel: walk_on
          acquaintances: 0.03      # share of pairs of pedestrians who know each other
          variables:
            # The wish to get on: 0.6 at rest; an activity raises it (below), and it sinks back
            # over some 25 s of walking on, so that one activity is seldom followed at once by
            # the next.
            going:       {initial: 0.6, growth: 0.0012, damping: 0.002, max: 3}
            hurry:       {initial: [0.1, 0.9], max: 5, model: {parameter: speed, weight: 2}}
            curiosity:   {initial: [0.5, 2.0], growth: 0.0004, damping: 0.0002, max: 4, model: {parameter: condition, weight: 1.5}}
            hunger:      {initial: [0.0, 2.0], growth: 0.0002, damping: 0.0001, max: 4}
            fatigue:     {initial: [0.0, 1.5], growth: 0.0003, damping: 0.0001, max: 4, model: {parameter: speed, weight: -2}}
            sociability: {initial: [0.5, 2.0], growth: 0.0002, damping: 0.0001, max: 4, model: {parameter: probability, weight: 1}}
            easy:        {initial: 1.0}
          releasing:
            # Near a crosswalk (waiting at its kerb, crossing) going one's way outweighs anything:
            # nobody stops on a crosswalk to greet a friend or leaves a kerb's queue for a window.
            # Held 5 s after the zone is left, so that whatever was seen meanwhile is no longer
            # latched or novel: otherwise a friend across the zone's edge drew one in and out of it.
            crossing:    {find: crosswalk, range: [0, 0, 10], max_value: 100, weighting: flat, temporal: {latch: 100}}
            # What draws a pedestrian off its way, each held 3 s after it was last seen (a latch).
            see_window:  {find: shop_window, range: [0, 0, 12], max_value: 4, novel: true, temporal: {latch: 60}, filter: {not: [occupied]}}
            see_kiosk:   {find: kiosk, range: [0, 0, 15], max_value: 4, novel: true, temporal: {latch: 60}}
            see_bench:   {find: bench, range: [0, 0, 15], max_value: 4, novel: true, temporal: {latch: 60}, filter: {not: [occupied]}}
            see_friend:  {find: acquaintance, range: [0, 0, 10], max_value: 4, novel: true, temporal: {latch: 60}}
            # Consummatory RMs fire within reach of the object of interest; appetitive ones fade there.
            at_window:   {find: it, range: [0, 0, 2.0], max_value: 10, weighting: flat}
            to_window:   {find: it, range: [1.5, 3, 15], max_value: 5}
            at_counter:  {find: it, range: [0, 0, 1.6], max_value: 10, weighting: flat, filter: {not: [occupied]}}
            in_line:     {find: it, range: [0, 2, 4.5], max_value: 8, weighting: flat, filter: {all: [occupied]}}
            to_kiosk:    {find: it, range: [1.2, 4, 15], max_value: 5}
            on_bench:    {find: it, range: [0, 0, 1.0], max_value: 10, weighting: flat}
            to_bench:    {find: it, range: [0.6, 3, 15], max_value: 5}
            with_friend: {find: it, range: [0, 0, 1.8], max_value: 10, weighting: flat}
            to_friend:   {find: it, range: [1.2, 3, 12], max_value: 5}
          groups:
            top:
              gains: {walk_on: 2.5, browse: 3, snack: 3, rest: 3, greet: 3}
              behaviors:
                walk_on: {variables: [going, hurry], releasing: [crossing], child: gait, action: [{motor: walk}]}
ERRANDS            # How to walk on (Blumberg's Choose-Gait, as meta-commands): hurry lengthens and
            # quickens the steps, fatigue shortens and slows them.
            gait:
              behaviors:
                hurried: {variables: [hurry], action: [{motor: {skill: walk, form: meta, args: [1.12, 1.08]}}]}
                tired:   {variables: [fatigue], action: [{motor: {skill: walk, form: meta, args: [0.88, 0.9]}}]}
                easy:    {variables: [easy]}
            # Going to an object: seek, face and the courtesy of a walker at full weight (a leg that
            # makes no progress toward its own target presses on: not here), making room for anyone
            # close as those waiting at a kerb do; the leg's own values spring back afterwards.
            window:
              behaviors:
                look:      {releasing: [at_window], modify: [{variable: curiosity, gain: -0.0004}],
                            action: [{motor: stand}, {motor: look_at}]}
                to_window: {releasing: [to_window], action: [{set: {seek.weight: 1, face.weight: 1, avoid_people.weight: 1, avoid_people.conflicts_only: 0, avoid_poles.weight: 0.5}}, {bind: make_room}, {motor: walk}, {motor: {skill: look_at, form: secondary}}]}
            kiosk:
              behaviors:
                buy:       {releasing: [at_counter], modify: [{variable: hunger, gain: -0.0004}],
                            action: [{motor: stand}, {motor: look_at}]}
                queue:     {releasing: [in_line], action: [{motor: stand}, {motor: look_at}]}
                to_kiosk:  {releasing: [to_kiosk], action: [{set: {seek.weight: 1, face.weight: 1, avoid_people.weight: 1, avoid_people.conflicts_only: 0, avoid_poles.weight: 0.5}}, {bind: make_room}, {motor: walk}]}
            bench:
              behaviors:
                sit:       {releasing: [on_bench], modify: [{variable: fatigue, gain: -0.0003}],
                            action: [{motor: sit}, {motor: {skill: look_at, form: secondary}}]}
                to_bench:  {releasing: [to_bench], action: [{set: {seek.weight: 1, face.weight: 1, avoid_people.weight: 1, avoid_people.conflicts_only: 0, avoid_poles.weight: 0.5}}, {bind: make_room}, {motor: walk}]}
            friend:
              behaviors:
                chat:      {releasing: [with_friend], modify: [{variable: sociability, gain: -0.0003}],
                            action: [{motor: stand}, {motor: look_at}]}
                join:      {releasing: [to_friend], action: [{set: {seek.weight: 1, face.weight: 1, avoid_people.weight: 1, avoid_people.conflicts_only: 0, avoid_poles.weight: 0.5}}, {bind: make_room}, {motor: walk}, {motor: {skill: look_at, form: secondary}}]}
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
# keep the count steady. `city:` (at the end) tiles it into nx × ny intersections at this density.
name: intersection
seed: 1
frame_rate: 30
duration: 120
""" + world + BEHAVIOR + PATNETS + """\
agents:
""" + NORTH_AGENT.replace("crosswalk: east_cw}", "crosswalk: east_cw, lane: 1.0}") + NORTH_BODY + """\
population:
  target: 200          # per intersection
  behavior: pedestrian
  walk_net: walk_to
  cross_net: cross
  radius: [0.2, 0.24]   # half the shoulder breadth: 0.40-0.48 m across
  depth: [0.13, 0.15]   # half the chest depth: 0.26-0.30 m (agents/body.hpp), drawn with the breadth
  pace: [0.9, 1.1]
  max_trip: 150        # metres, origin to destination: in a city, trips stay local
city: {nx: 1, ny: 1, pitch: [100, 100]}   # one 100 m tile
""" + activities_yaml() + """\
  # Twice the density: 400 pedestrians a tile (`footfall run intersection.yaml --variant dense`;
  # docs/scenario.md, "The crowd on one's way").
  dense:
    population: {target: 400}
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
