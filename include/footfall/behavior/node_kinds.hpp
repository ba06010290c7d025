#pragma once
// The kinds of behavior-net node and their parameters. Every parameter is a double stored per agent,
// so any of them can be addressed by a dotted name (agent7.avoid_walkers.k_theta), overridden per
// agent in a scenario and edited at run time by PaT-Nets. References to named things (a location, an
// obstacle, an agent) are stored as indices resolved when the scenario loads.
#include <cstdint>
#include <span>
#include <string_view>

namespace footfall {

enum class NodeKind : std::uint8_t {
  ObjectSensor, LocationSensor, ProximitySensor, LineSensor, TerrainSensor, FovSensor,
  Attract, Avoid, Walk,
  // Reich 1997 (docs/locomotion.md): a depth sensor (App. A.1), and behaviors that read the agent's
  // present state rather than one sensor (§7.5.1, §8.2): they take no input.
  DepthSensor, Inertia, TerrainLookahead, PredictiveAttract, PredictiveAvoid, PassiveAvoid,
  // Crowds (docs/validation.md): the free path of Moussaïd et al. 2011, reading the goal's sensor.
  FreePath,
  // The crowd on one's way (Treuille et al. 2006's cost, read locally), reading the goal's sensor.
  CrowdWay,
  // Reynolds 1999 (docs/steering.md): steering nodes, each a desired velocity or nothing, which the
  // walk node compares with each candidate's velocity.
  Seek, Flee, Pursuit, Evasion, OffsetPursuit, Arrival, ObstacleAvoid, Wander, PathFollow,
  WallFollow, Containment, FlowFollow, UnalignedAvoid, Separation, Cohesion, Alignment, Flocking,
  LeaderFollow,
};

enum class NodeRole : std::uint8_t { Sensor, Control, Motor };

struct ParamSpec {
  const char* name;
  double fallback;  // default value
  double lo, hi;    // accepted range, inclusive
  const char* doc;
};

struct NodeKindInfo {
  NodeKind kind;
  const char* name;  // as written in a scenario: "location_sensor", "attract", ...
  NodeRole role;
  std::span<const ParamSpec> params;
  int inputs = 0;  // controls: sensor inputs taken (attract and avoid one; Reich's behaviors none)
  int param_index(std::string_view param) const;  // -1 when absent
};

const NodeKindInfo& kind_info(NodeKind kind);
const NodeKindInfo* find_kind(std::string_view name);
std::span<const NodeKindInfo> all_kinds();

// Parameter positions inside a node's block, one namespace per kind.
namespace object_p { enum : int { Agent, Obstacle }; }
namespace location_p { enum : int { X, Y, Navigate }; }
namespace proximity_p { enum : int { Radius, Fov }; }
namespace line_p { enum : int { Segment, Fov }; }
namespace terrain_p { enum : int { Range, Except, Kerb }; }
namespace fov_p { enum : int { Radius, Fov }; }
namespace attract_p { enum : int { KTheta, KD, TTheta, TD, Weight, Power, Bound }; }
namespace avoid_p { enum : int { KTheta, KD, TD, Weight, Power, Bound, KeepRight }; }
namespace walk_p {
// The most rays a walk node's fan may have (the `rays` parameter's bound): the fan keeps one
// direction per ray on the stack.
inline constexpr int kMaxRays = 181;
enum : int {
  Arcs, Rays, MinStep, MaxStep, MaxTurn, GoalCandidate, StayCandidate, TurnInPlace, SideStep,
  StepLength, StepTime, BackStep, Variation, Turning, TurnTo, TimeGap, ShortestStep, Combine, Sidle
};
}
namespace depth_p { enum : int { Sensors, Fov, Range, MinRange, Bias, CosPower }; }
namespace inertia_p { enum : int { Weight, Power, Bound, VRef, Stagger }; }
namespace lookahead_p { enum : int { Steps, Stride, Decay, Weight, Power, Bound }; }
namespace pattract_p {
enum : int { KTheta, KD, TTheta, TD, Weight, Power, Bound, Mode, Threshold, VRef, Anticipation };
}
namespace pavoid_p {
enum : int {
  Radius, Steps, Decay, Margin, Straight, Faster, Slower, Left, Right, SpeedChange, Turn,
  Anticipation, Gain, Weight, Power, Bound, ConflictsOnly
};
}
namespace passive_p { enum : int { Distance, Fov, Weight, Bound }; }
namespace freepath_p { enum : int { Horizon, ConflictsOnly, KeepRight, Weight, Power, Bound }; }
namespace crowdway_p { enum : int { Horizon, Radius, Against, Slow, Density, Weight, Power, Bound }; }

// Steering nodes: the same six parameters first, then their own from steer_p::First on.
namespace steer_p { enum : int { MaxSpeed, Weight, Power, Bound, Probability, Facing, First }; }
namespace pursuit_p { enum : int { C = steer_p::First, MaxTime, Aligned, Extra }; }  // evasion: range; offset pursuit: offset
namespace flee_p { enum : int { Range = steer_p::First }; }
namespace arrival_p { enum : int { SlowingDistance = steer_p::First }; }
namespace obstacle_avoid_p { enum : int { MinLength = steer_p::First, Lookahead }; }
namespace wander_p { enum : int { Radius = steer_p::First, Distance, Rate, Window }; }
namespace path_p { enum : int { Path = steer_p::First, Radius, Prediction, Direction, Offset }; }
namespace wall_p { enum : int { Offset = steer_p::First, Lookahead, Range, Side }; }
namespace contain_p { enum : int { Region = steer_p::First, Prediction, Margin, Clearance }; }
namespace flow_p { enum : int { Field = steer_p::First, Prediction }; }
namespace unaligned_p { enum : int { Radius = steer_p::First, Horizon, Margin, SpeedChange, Turn }; }
namespace group_p { enum : int { Distance = steer_p::First, Angle }; }
namespace flock_p {
enum : int {
  SeparationWeight = steer_p::First, SeparationDistance, SeparationAngle, AlignmentWeight,
  AlignmentDistance, AlignmentAngle, CohesionWeight, CohesionDistance, CohesionAngle
};
}
namespace leader_p {
enum : int {
  Behind = steer_p::First, BehindPerSpeed, SlowingDistance, FrontLength, FrontWidth,
  SeparationWeight, SeparationDistance
};
}

// Is this kind one of Reynolds' steering nodes (Seek … LeaderFollow)?
inline bool is_steering(NodeKind kind) {
  return kind >= NodeKind::Seek && kind <= NodeKind::LeaderFollow;
}
// How the walk node combines its steering nodes (walk.combine).
enum class SteerCombine : int { WeightedSum = 0, Priority = 1, Dithering = 2 };

// The `bound` parameter of a control kind (-1 for other roles): PaT-Nets bind and unbind by it.
int bound_param(NodeKind kind);
// Level 0 behaviors (Reich §7.5): reflexive and physics-based ones, bound while the agent
// locomotes; goal-based attractions are level 1.
bool is_level0(NodeKind kind);

}  // namespace footfall
