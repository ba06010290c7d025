// Reich 1997's behavioral state machines (§7.6) and the locomotion control machine that combines
// them (Figs 7.36, 9.2), written as PaT-Nets in the scenario language itself, so that they run on
// the same engine as any user's net and a user can read, copy and change them (docs/locomotion.md).
#include "locomotion_nets.hpp"

namespace footfall {

const char* locomotion_nets_yaml() {
  return R"yaml(
# Role nodes of the agent's behavior net: `goal` (a location_sensor) read by `seek` (attract or
# predictive_attract); to go to an agent, also `target` (an object_sensor) read by `pursue`.
# Level 0 behaviors (avoid, inertia, terrain_lookahead, predictive_avoid, passive_avoid) are bound
# by the control machines for as long as they run.

turn_to:  # §7.6.1, Fig. 7.24: the lesser way round, at most π/2 per foot cycle; uninterruptible
  params: {to_heading: number, limit: 20}
  states:
    turn:
      do: [{turn: to_heading}]
      go:
        - {if: "facing(to_heading)", to: exit}
        - {after: limit, to: exit}  # boxed in for good: give up rather than hang
  finally: [{turn: off}]

attract_to:  # §7.5.2, Fig. 7.22: goal visible and stationary
  # With `stall` > 0, no 0.25 m of progress for that many seconds is a local minimum: result -2,
  # for the caller to dislodge (§6.3.2, "dislodge an agent that is stuck in a local minimum").
  params: {x: number, y: number, radius: 0.3, stall: 0}
  locals: {result: 0, best: 1e6, since: 0}
  states:
    activate:
      do: [{target: {sensor: goal, x: x, y: y}}, {bind: seek}, {set: {best: "point_distance(x, y)", since: time}}]
      default: monitor
    monitor:  # the agent's progress
      go:
        - {if: "point_distance(x, y) <= radius and feet_together", to: arrived}
        - {if: "point_distance(x, y) < best - 0.25", to: progress}
        - {if: "stall > 0 and time - since > stall", to: stuck}
    progress:
      do: [{set: {best: "point_distance(x, y)", since: time}}]
      default: monitor
    arrived:
      do: [{set: {result: 1}}]
      default: exit
    stuck:
      do: [{set: {result: -2}}]
      default: exit
  finally: [{unbind: seek}]

follow_path:  # §7.6.2, Fig. 7.26: goal not visible; plans are advice
  params: {x: number, y: number, radius: 0.3, switch: 0.5, clearance: 0.3, resolution: 0.1,
           boundary: 2, obstacles: {type: classes, default: all}}
  locals: {result: 0}
  states:
    calculate:
      do: [{plan_path: {x: x, y: y, clearance: clearance, resolution: resolution,
                        boundary: boundary, obstacles: obstacles}}]
      go: [{if: "not path_found", to: no_path}]
      default: activate
    no_path:
      do: [{set: {result: -1}}]
      default: exit
    activate:  # attraction to the first waypoint
      do: [{waypoint: goal}, {bind: seek}]
      default: monitor
    monitor:
      go:
        - {if: "waypoints_left <= 1 and point_distance(x, y) <= radius and feet_together", to: arrived}
        - {if: "waypoints_left > 1 and waypoint_distance <= switch", to: next}
    next:  # from waypoint to waypoint
      do: [next_waypoint, {waypoint: goal}]
      default: monitor
    arrived:
      do: [{set: {result: 1}}]
      default: exit
  finally: [{unbind: seek}]

chase:  # §7.6.3, Fig. 7.35: remembers only where the target was last seen and how it moved
  # Sight is a corridor as wide as the chaser, so that the last seen location can be walked to.
  params: {agent: agent, radius: 0.3, reach: 0.8, give_up: 8, ahead: 20,
           occluders: {type: classes, default: default}}
  locals: {lx: 0, ly: 0, lvx: 0, lvy: 0, result: 0}
  states:
    start:
      go: [{if: "not visible(agent, occluders, body_radius)", to: failed}]
      default: turn
    turn:
      do: [{spawn: {net: turn_to, args: {to_heading: "heading_to(agent)"}, wait: true, prompt: true}}]
      default: attract
    attract:  # 1: object attraction
      do: [{unbind: seek}, {target: {sensor: target, agent: agent}}, {bind: pursue}]
      default: watch
    watch:  # 2: re-entered every tick, to remember the target
      do: [{set: {lx: "x_of(agent)", ly: "y_of(agent)", lvx: "vx_of(agent)", lvy: "vy_of(agent)"}}]
      go:
        - {if: "arrived(agent, radius)", to: caught}
        - {if: "not visible(agent, occluders, body_radius)", to: lost}
      default: watch
    lost:  # 3: location attraction to where it was last seen
      do: [{unbind: pursue}, {target: {sensor: goal, x: lx, y: ly}}, {bind: seek}]
      default: search
    search:  # 4
      go:
        - {if: "visible(agent, occluders, body_radius)", to: regained}
        - {if: "point_distance(lx, ly) <= reach", to: extrapolate}
        - {after: give_up, to: failed}
    extrapolate:  # 5: on along its last seen velocity
      do: [{target: {sensor: goal, x: "lx + ahead * lvx / max(0.01, hypot(lvx, lvy))",
                     y: "ly + ahead * lvy / max(0.01, hypot(lvx, lvy))"}}]
      go:
        - {if: "visible(agent, occluders, body_radius)", to: regained}
        - {after: give_up, to: failed}
    regained:
      do: [{unbind: seek}]
      default: turn
    caught:
      do: [{set: {result: 1}}]
      default: exit
    failed:
      do: [{set: {result: -1}}]
      default: exit
  finally: [{unbind: [seek, pursue]}]

go_to:  # Figs 7.36, 9.2: the locomotion control machine, for a location
  params: {to: location, face: 99, radius: 0.3, orient: 0.35, switch: 0.5, clearance: 0.3,
           resolution: 0.1, boundary: 2, obstacles: {type: classes, default: all},
           occluders: {type: classes, default: default}, stall: 6}
  locals: {result: 0, child_result: 0, dislodging: 0}
  states:
    start:  # There? (at the goal and, when asked, facing `face`): nothing to bind
      go: [{if: "arrived(to, radius) and (face > 9 or abs(wrap(heading - face)) < 0.0873)", to: exit}]
      default: bind0
    bind0:
      do: [{bind: level0}]
      default: select
    select:  # the first machine whose preconditions hold
      go:
        - {if: "arrived(to, radius) and (face > 9 or abs(wrap(heading - face)) < 0.0873)", to: success}
        - {if: "arrived(to, radius)", to: face_it}
        - {if: "not visible(to, occluders, body_radius)", to: plan}
        - {if: "abs(wrap(heading_to(to) - heading)) > orient", to: turn}
      default: attract
    turn:
      do: [{spawn: {net: turn_to, args: {to_heading: "heading_to(to)"}, wait: true, prompt: true}}]
      default: attract
    attract:
      do: [{spawn: {net: attract_to, args: {x: "x_of(to)", y: "y_of(to)", radius: radius, stall: stall},
                    wait: true, prompt: true}}]
      go: [{if: "child_result == -2", to: dislodge}]
      default: select
    dislodge:  # stuck in a local minimum (§6.3.2): a path round every obstacle, poles too, followed
      do: [{set: {dislodging: 1}},
           {spawn: {net: follow_path, args: {x: "x_of(to)", y: "y_of(to)", radius: radius,
                    switch: switch, clearance: clearance, resolution: resolution,
                    boundary: boundary}, wait: true, prompt: true}}]
      go: [{if: "child_result < 0", to: failure}]
      default: dislodged
    dislodged:
      do: [{set: {dislodging: 0}}]
      default: select
    face_it:
      do: [{spawn: {net: turn_to, args: {to_heading: face}, wait: true, prompt: true}}]
      default: success
    plan:
      do: [{spawn: {net: follow_path, args: {x: "x_of(to)", y: "y_of(to)", radius: radius,
                    switch: switch, clearance: clearance, resolution: resolution,
                    boundary: boundary, obstacles: obstacles}, wait: true, prompt: true}}]
      go: [{if: "child_result < 0", to: failure}]
      default: select
    success:
      do: [{set: {result: 1}}]
      default: exit
    failure:  # no path at this clearance
      do: [{set: {result: -1}}]
      default: exit
  monitors:
    # Path following only until the goal comes into view (§9.1).
    - {if: "running(follow_path) > 0 and dislodging == 0 and visible(to, occluders, body_radius)",
       do: [{kill: follow_path}], to: select}
  finally: [{unbind: level0}]

go_to_agent:  # Figs 7.36, 9.2 for a goal that moves: chasing
  params: {agent: agent, radius: 0.3, stationary: 0, give_up: 8, switch: 0.5, clearance: 0.3,
           resolution: 0.1, boundary: 2, obstacles: {type: classes, default: all},
           occluders: {type: classes, default: default}}
  locals: {result: 0, child_result: 0}
  states:
    start:
      go: [{if: "arrived(agent, radius)", to: exit}]
      default: bind0
    bind0:
      do: [{bind: level0}]
      default: select
    select:
      go:
        - {if: "arrived(agent, radius)", to: success}
        - {if: "not visible(agent, occluders, body_radius)", to: plan}
        - {if: "stationary > 0", to: attract}
      default: chase
    attract:  # a goal known not to move: attraction, as for a location
      do: [{spawn: {net: attract_to, args: {x: "x_of(agent)", y: "y_of(agent)",
                    radius: "radius + body_radius"}, wait: true, prompt: true}}]
      default: select
    chase:
      do: [{spawn: {net: chase, args: {agent: agent, radius: radius, give_up: give_up,
                    occluders: occluders}, wait: true, prompt: true}}]
      go: [{if: "child_result < 0", to: failure}]
      default: success
    plan:
      do: [{spawn: {net: follow_path, args: {x: "x_of(agent)", y: "y_of(agent)", radius: radius,
                    switch: switch, clearance: clearance, resolution: resolution,
                    boundary: boundary, obstacles: obstacles}, wait: true, prompt: true}}]
      go: [{if: "child_result < 0", to: failure}]
      default: select
    success:
      do: [{set: {result: 1}}]
      default: exit
    failure:  # no path, or the target was lost for good
      do: [{set: {result: -1}}]
      default: exit
  monitors:
    - {if: "running(follow_path) > 0 and visible(agent, occluders, body_radius)", do: [{kill: follow_path}],
       to: select}
  finally: [{unbind: level0}]
)yaml";
}

std::vector<LocomotionRole> locomotion_roles(std::string_view net) {
  const LocomotionRole goal{"goal", "seek"}, target{"target", "pursue"};
  if (net == "attract_to" || net == "follow_path" || net == "go_to") return {goal};
  if (net == "chase" || net == "go_to_agent") return {goal, target};
  return {};
}

}  // namespace footfall
