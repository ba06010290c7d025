#include "footfall/behavior/node_kinds.hpp"

#include <array>
#include <cstring>

#include "footfall/core/math.hpp"

namespace footfall {
namespace {

constexpr double kBig = 1e6;

constexpr ParamSpec kObject[] = {
    {"agent", -1, -1, kBig, "index of the sensed agent (set with `object:`), -1 for none"},
    {"obstacle", -1, -1, kBig, "index of the sensed obstacle (set with `object:`), -1 for none"},
};
constexpr ParamSpec kLocation[] = {
    {"x", 0, -kBig, kBig, "target x, metres (set with `target:`)"},
    {"y", 0, -kBig, kBig, "target y, metres (set with `target:`)"},
    {"navigate", 0, 0, 1,
     "1: sense the target through a navigation field, the walking distance round solid obstacles "
     "and over the ground's weights (world/distance_field.hpp), not the straight line"},
};
constexpr ParamSpec kProximity[] = {
    {"radius", 2.0, 0.01, 100, "sector radius R, metres"},
    {"fov", kPi / 3, 0.01, kPi, "sector half-angle, radians"},
};
constexpr ParamSpec kLine[] = {
    {"segment", -1, -1, kBig, "index of the sensed segment obstacle (set with `segment:`)"},
    {"fov", kPi / 2, 0.01, kPi, "half-angle within which the closest point is reported, radians"},
};
constexpr ParamSpec kTerrain[] = {
    {"range", 1.0, 0, 100, "how far to look for sensed ground, metres"},
    {"except", -1, -1, kBig,
     "index of a region not sensed whatever its type, -1 for none (a net sets it to the crosswalk "
     "being crossed, so the rest of the road is still avoided)"},
};
constexpr ParamSpec kFov[] = {
    {"radius", 10.0, 0.01, 1000, "distance within which watchers count, metres"},
    {"fov", kPi / 3, 0.01, kPi, "watchers' field-of-view half-angle, radians"},
};
constexpr ParamSpec kAttract[] = {
    {"k_theta", 1.0, 0, kBig, "angular gain k_θ"},
    {"k_d", 1.0, 0, kBig, "distance gain k_d"},
    {"t_theta", 0.1, 0, kPi, "angular threshold t_θ, radians"},
    {"t_d", 0.05, 0, kBig, "distance threshold t_d, metres"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 1.0, 0.01, 16, "power applied to Δθ² + Δd²"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
};
constexpr ParamSpec kAvoid[] = {
    {"k_theta", 1.0, 0, kBig, "angular gain k_θ"},
    {"k_d", 1.0, 0, kBig, "distance gain k_d"},
    {"t_d", 1.0, 0, kBig, "distance threshold t_d, metres: no effect beyond it"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 1.0, 0.01, 16, "power applied to Δθ² + Δd²"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
    {"keep_right", 0.0, -kPi / 2, kPi / 2,
     "bias added to the sensed angle, radians: > 0 passes others on the right (0: the paper's avoid)"},
};
constexpr ParamSpec kWalk[] = {
    {"arcs", 4, 1, 64, "number of step-length arcs in the fan"},
    {"rays", 9, 1, 181, "number of turn-angle rays in the fan"},
    {"min_step", 0.3, 0.05, 3, "shortest step of the fan, metres"},
    {"max_step", 0.72, 0.05, 3, "longest step of the fan, metres"},
    {"max_turn", kPi / 4, 0, kPi / 2, "largest turn of the swing foot, radians"},
    {"goal_candidate", 1, 0, 1, "add the goal as a candidate when it lies in the fan (Reich §7.2.2)"},
    {"stay_candidate", 1, 0, 1, "add standing still (closing the feet) as a candidate (Reich §7.2.2)"},
    {"turn_in_place", 1, 0, 1, "add closing the feet while turning by each ray's angle as candidates"},
    {"side_step", 0.25, 0, 1, "length of side steps added to the fan (Reich §7.2.2), 0 for none"},
    {"step_length", 0.7, 0.05, 3, "preferred step length, metres"},
    {"step_time", 0.53, 0.1, 5, "duration of a step of the preferred length, seconds"},
    {"back_step", 0, 0, 1,
     "length of a backing-up step added to the candidates (Reich §7.2.2 option b), 0 for none"},
    {"variation", 0, 0, 0.9,
     "step-to-step variation of step length: the fan's arcs scale by 1 ± variation, drawn per step "
     "(Reich §7.7: an inebriated agent walks at an inconsistent rate)"},
    {"turning", 0, 0, 1,
     "1 while a turning state machine turns the agent in place toward turn_to (Reich §7.6.1)"},
    {"turn_to", 0, -2 * kPi, 2 * kPi, "the heading the turning state machine asks for, radians"},
    {"time_gap", 0, 0, 10,
     "headway law (behavior/headway.hpp): a step may carry the body at most headway / time_gap "
     "metres per second, so people slow down by shortening their steps; 0 turns it off"},
    {"shortest_step", 0.05, 0.01, 1,
     "with time_gap: the shortest step the headway may leave, metres (shuffling in a dense crowd)"},
};
constexpr ParamSpec kDepth[] = {
    {"sensors", 18, 1, 180, "range sensors in the array (Reich App. A.1)"},
    {"fov", kPi / 2, 0.01, kPi, "half-angle covered by the whole array, radians"},
    {"range", 10, 0.1, 1000, "D_max: farthest detection, metres; nothing nearer reads as this"},
    {"min_range", 0.05, 0, 100, "D_min: nearer readings count as this, metres"},
    {"bias", 0, 0, 1, "least weight of a sensor whatever its orientation"},
    {"cos_power", 2, 0, 8, "weight of a sensor at angle φ: bias + (1 − bias)·cos^power φ"},
};
constexpr ParamSpec kInertia[] = {
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 0.5, 0.01, 16, "power applied to the squared stress (0.5: proportional to the turn)"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
    {"v_ref", 1.0, 0.01, 100, "speed at which the turn costs its angle in radians, m/s"},
    {"stagger", 0, 0, kPi / 2,
     "turn of least stress, radians: 0 for a sober agent; > 0 lurches to a side (Reich Fig. 7.40)"},
};
constexpr ParamSpec kLookahead[] = {
    {"steps", 3, 1, 50, "N: straight-line steps looked ahead (Reich §8.2.2)"},
    {"stride", 0.7, 0.05, 3, "length of each projected step, metres"},
    {"decay", 0.6, 0, 1, "weight of step k is decay^(k − 1)"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 0.5, 0.01, 16, "power applied to the squared stress (0.5: the weighted sum itself)"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
};
constexpr ParamSpec kPredictiveAttract[] = {
    {"k_theta", 1.0, 0, kBig, "angular gain k_θ (modes 0 and 1)"},
    {"k_d", 1.0, 0, kBig, "distance gain k_d (modes 0 and 1); mode 2: energy per second of intercept"},
    {"t_theta", 0.1, 0, kPi, "angular threshold t_θ, radians (modes 0 and 1)"},
    {"t_d", 0.05, 0, kBig, "distance threshold t_d, metres (modes 0 and 1)"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 1.0, 0.01, 16, "power applied to the squared stress"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
    {"mode", 2, 0, 2,
     "0: the target where it is; 1: where it will be after its step (eq. 8.1); 2: time to "
     "intercept (eqs 8.2–8.17)"},
    {"threshold", 0.3, 0, 100, "T: the clearance at which the target counts as reached, metres"},
    {"v_ref", 1.3, 0.01, 100, "pace that turns a distance into a time where no intercept exists, m/s"},
    {"anticipation", 1, 0, 2, "share of the target's velocity anticipated (the agent model's)"},
};
constexpr ParamSpec kPredictiveAvoid[] = {
    {"radius", 4, 0.1, 100, "others within this distance are predicted, metres"},
    {"steps", 2, 1, 20, "s: steps looked ahead (Reich §8.2.4)"},
    {"decay", 0.5, 0, 1, "weight of step k is decay^(k − 1)"},
    {"margin", 0.3, 0.01, 10, "collision probability falls from 1 at contact to 0 this far apart, metres"},
    {"straight", 0.4, 0, 1, "bias: the other keeps its velocity"},
    {"faster", 0.15, 0, 1, "bias: the other speeds up"},
    {"slower", 0.15, 0, 1, "bias: the other slows down"},
    {"left", 0.15, 0, 1, "bias: the other turns left"},
    {"right", 0.15, 0, 1, "bias: the other turns right"},
    {"speed_change", 0.3, 0, 1, "relative speed change of the faster and slower predictions"},
    {"turn", 0.35, 0, kPi / 2, "turn of the left and right predictions, radians"},
    {"anticipation", 1, 0, 2, "scales the steps looked ahead (the agent model's); 0: off"},
    {"gain", 1, 0, kBig, "stress per unit of collision probability"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 1.0, 0.01, 16, "power applied to the squared stress"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
    {"conflicts_only", 0, 0, 1,
     "1: foresee collisions only with others walking across or against the agent's way, leaving "
     "those standing or walking its way to the walk node's headway law (crowds)"},
};
constexpr ParamSpec kPassive[] = {
    {"distance", 0.3, 0, 10, "clearance ahead within which something halts the agent, metres"},
    {"fov", 0.5, 0.01, kPi, "half-angle of 'immediately in front', radians"},
    {"weight", 100, 0, kBig, "energy of a step forward while something is immediately ahead"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
};
constexpr ParamSpec kFreePath[] = {
    {"horizon", 4, 0.5, 50,
     "H: how far ahead the free path is judged, metres; others farther than this are not seen"},
    {"conflicts_only", 0, 0, 1,
     "1: only others walking across or against the agent's way shorten the free path; those walking "
     "its way are the headway law's (crowds: following them is how lanes form)"},
    {"keep_right", 0, 0, 1,
     "metres added to the reach of those who would pass on the agent's right: a side preference, "
     "so that two walkers meeting both keep right (0: Moussaïd et al.'s symmetric rule)"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy"},
    {"power", 0.5, 0.01, 16,
     "power applied to the squared stress (0.5: d(α)/H itself; 1: its square, which leaves a small "
     "deviation, such as overtaking, nearly free and a large one, such as turning across a crowd, dear)"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
};

constexpr NodeKindInfo kKinds[] = {
    {NodeKind::ObjectSensor, "object_sensor", NodeRole::Sensor, kObject},
    {NodeKind::LocationSensor, "location_sensor", NodeRole::Sensor, kLocation},
    {NodeKind::ProximitySensor, "proximity_sensor", NodeRole::Sensor, kProximity},
    {NodeKind::LineSensor, "line_sensor", NodeRole::Sensor, kLine},
    {NodeKind::TerrainSensor, "terrain_sensor", NodeRole::Sensor, kTerrain},
    {NodeKind::FovSensor, "fov_sensor", NodeRole::Sensor, kFov},
    {NodeKind::Attract, "attract", NodeRole::Control, kAttract, 1},
    {NodeKind::Avoid, "avoid", NodeRole::Control, kAvoid, 1},
    {NodeKind::Walk, "walk", NodeRole::Motor, kWalk, -1},
    {NodeKind::DepthSensor, "depth_sensor", NodeRole::Sensor, kDepth},
    {NodeKind::Inertia, "inertia", NodeRole::Control, kInertia, 0},
    {NodeKind::TerrainLookahead, "terrain_lookahead", NodeRole::Control, kLookahead, 0},
    {NodeKind::PredictiveAttract, "predictive_attract", NodeRole::Control, kPredictiveAttract, 1},
    {NodeKind::PredictiveAvoid, "predictive_avoid", NodeRole::Control, kPredictiveAvoid, 0},
    {NodeKind::PassiveAvoid, "passive_avoid", NodeRole::Control, kPassive, 0},
    {NodeKind::FreePath, "free_path", NodeRole::Control, kFreePath, 1},
};

}  // namespace

int NodeKindInfo::param_index(std::string_view param) const {
  for (std::size_t i = 0; i < params.size(); ++i)
    if (param == params[i].name) return static_cast<int>(i);
  return -1;
}

const NodeKindInfo& kind_info(NodeKind kind) { return kKinds[static_cast<int>(kind)]; }

const NodeKindInfo* find_kind(std::string_view name) {
  for (const auto& k : kKinds)
    if (name == k.name) return &k;
  return nullptr;
}

std::span<const NodeKindInfo> all_kinds() { return kKinds; }

int bound_param(NodeKind kind) {
  const NodeKindInfo& info = kind_info(kind);
  return info.role == NodeRole::Control ? info.param_index("bound") : -1;
}

bool is_level0(NodeKind kind) {
  switch (kind) {
    case NodeKind::Avoid: case NodeKind::Inertia: case NodeKind::TerrainLookahead:
    case NodeKind::PredictiveAvoid: case NodeKind::PassiveAvoid:
      return true;
    default:
      return false;
  }
}

}  // namespace footfall
