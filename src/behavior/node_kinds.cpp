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
    {"kerb", 0, 0, 1,
     "1: the sensed ground is kept off like a wall, not only avoided: the walk node refuses a "
     "footstep onto it unless a foot already stands on it"},
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
    {"rays", 9, 1, walk_p::kMaxRays, "number of turn-angle rays in the fan"},
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
    {"combine", 0, 0, 2,
     "how the steering nodes combine (Reynolds 1999, Combining Behaviors): 0 weighted sum (each "
     "node's energy added), 1 priority (only the first non-null node in input order counts), 2 "
     "prioritized dithering (as 1, each node considered with its `probability`, seeded)"},
    {"sidle", 1.2, 0, kPi / 2,
     "turn of the shoulders off the feet a walker wider than deep may take to slip through a gap "
     "it cannot pass square on (agents/body.hpp), radians; 0: never"},
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
constexpr ParamSpec kCrowdWay[] = {
    {"horizon", 3, 0.5, 50, "how far along each candidate's way the crowd is weighed, metres (at most to the goal)"},
    {"radius", 1, 0.1, 10, "R: each walker is spread over a disc this wide (biweight kernel), metres"},
    {"against", 3, 0, 1000, "m²: extra length per metre of way and person/m² walking against it"},
    {"slow", 3, 0, 1000,
     "m²: ... per person/m² falling short of walking the way at free speed (standing, crossing, "
     "against: all of it; walking it at 1.34 m/s: none)"},
    {"density", 0, 0, 1000, "m²: ... per person/m² of anyone"},
    {"weight", 1.0, 0, kBig, "scale of the node's energy (1: an extra metre costs as a metre farther from the goal)"},
    {"power", 0.5, 0.01, 16, "power applied to the squared extra length (0.5: the extra length itself)"},
    {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},
};

// Reynolds' steering nodes (docs/steering.md). Each table starts with the same six parameters.
#define FOOTFALL_STEER_COMMON                                                                      \
  {"max_speed", 0, 0, 20,                                                                          \
   "the character's max_speed, m/s; 0: the walk node's preferred speed, step_length / step_time"}, \
      {"weight", 1.0, 0, kBig,                                                                     \
       "scale of the node's energy: weight·(|v − v_desired|²)^power, v the candidate's velocity"}, \
      {"power", 1.0, 0.01, 16, "power applied to the squared velocity deviation (m/s)²"},          \
      {"bound", 1.0, 0, 1, "1 while the behavior is bound to the agent, 0 when unbound"},          \
      {"probability", 1.0, 0, 1,                                                                   \
       "walk.combine 2 (prioritized dithering): the chance the node is considered at a decision"}, \
      {"facing", 2.0, 0, 10,                                                                       \
       "share of |v_desired|² added for facing away from the desired velocity, times "             \
       "(1 − cos Δ)/2: a walker turns in place toward it rather than stand (a turn and a stay "    \
       "have the same velocity)"}
#define FOOTFALL_PREDICTION                                                                        \
  {"c", 0, 0, 100,                                                                                 \
   "prediction T = distance·c, seconds per metre (Reynolds' simple estimator); 0: c = "            \
   "1/max_speed, so T = distance / max_speed"},                                                    \
      {"max_time", 3, 0, 100, "T never exceeds this, seconds"},                                   \
      {"aligned", 0.26, 0, kPi,                                                                    \
       "T = 0 when the pursuer is ahead of its quarry and heads within this angle of it, radians"}

constexpr ParamSpec kSeek[] = {FOOTFALL_STEER_COMMON};
constexpr ParamSpec kFlee[] = {
    FOOTFALL_STEER_COMMON,
    {"range", 0, 0, kBig, "null (no desire) farther than this from the threat, metres; 0: always"},
};
constexpr ParamSpec kPursuit[] = {FOOTFALL_STEER_COMMON, FOOTFALL_PREDICTION};
constexpr ParamSpec kEvasion[] = {
    FOOTFALL_STEER_COMMON, FOOTFALL_PREDICTION,
    {"range", 0, 0, kBig, "null (no desire) farther than this from the pursuer, metres; 0: always"},
};
constexpr ParamSpec kOffsetPursuit[] = {
    FOOTFALL_STEER_COMMON, FOOTFALL_PREDICTION,
    {"offset", 1.0, 0, 100, "R: the target lies this far beside the predicted quarry, metres"},
};
constexpr ParamSpec kArrival[] = {
    FOOTFALL_STEER_COMMON,
    {"slowing_distance", 2.0, 0.01, 100, "desired speed ramps from max_speed to 0 within this, metres"},
};
constexpr ParamSpec kObstacleAvoid[] = {
    FOOTFALL_STEER_COMMON,
    {"min_length", 1.0, 0, 100, "the forward cylinder's length at rest, metres"},
    {"lookahead", 2.0, 0, 100, "seconds of the agent's speed added to the cylinder's length"},
};
constexpr ParamSpec kWander[] = {
    FOOTFALL_STEER_COMMON,
    {"radius", 1.0, 0, 100, "wander circle radius: the wandering strength, metres"},
    {"distance", 2.0, 0, 100, "how far ahead the circle lies, metres"},
    {"rate", 0.5, 0, kPi, "largest change of the wander angle from one step to the next, radians"},
    {"window", 16, 1, 256, "displacements summed into the wander angle (its memory, in steps)"},
};
constexpr ParamSpec kPath[] = {
    FOOTFALL_STEER_COMMON,
    {"path", -1, -1, kBig, "index of the followed path (set with `path:` by name)"},
    {"radius", 1.0, 0, 100, "the tube's radius: no steering while the prediction lies within, metres"},
    {"prediction", 1.0, 0, 100, "seconds ahead the position is predicted"},
    {"direction", 1, -1, 1, "+1 along the path's points, -1 against them, 0 without regard"},
    {"offset", 1.5, 0, 100, "metres the seek target slides along the path in `direction`"},
};
constexpr ParamSpec kWall[] = {
    FOOTFALL_STEER_COMMON,
    {"offset", 1.0, 0, 100, "clearance kept from the wall, metres"},
    {"lookahead", 1.5, 0, 100, "how far along the wall ahead the target lies, metres"},
    {"range", 4.0, 0.1, 100, "walls farther than this are ignored, metres"},
    {"side", 0, -1, 1, "+1 wall on the left, -1 on the right, 0 whichever side it is"},
};
constexpr ParamSpec kContain[] = {
    FOOTFALL_STEER_COMMON,
    {"region", -1, -1, kBig, "index of the containing region (set with `region:` by name)"},
    {"prediction", 1.0, 0, 100, "seconds ahead the position is predicted"},
    {"margin", 1.0, 0, 100, "the target lies this far inside the boundary, metres"},
    {"clearance", 0, 0, 100,
     "the prediction counts as inside only this far from the boundary, metres (0: the paper's "
     "test; > 0 keeps lower-priority behaviors from pushing a walker out in one step)"},
};
constexpr ParamSpec kFlow[] = {
    FOOTFALL_STEER_COMMON,
    {"field", -1, -1, kBig, "index of the flow field (set with `field:` by name)"},
    {"prediction", 0.5, 0, 100, "seconds ahead the field is sampled"},
};
constexpr ParamSpec kUnaligned[] = {
    FOOTFALL_STEER_COMMON,
    {"radius", 6, 0.1, 100, "others within this distance are considered, metres"},
    {"horizon", 3, 0.01, 100, "closest approaches later than this are ignored, seconds"},
    {"margin", 0.3, 0, 10, "a collision: closest centres nearer than the radii plus this, metres"},
    {"speed_change", 0.4, 0, 1, "relative speed up (first at the site) or slow down (second)"},
    {"turn", 0.5, 0, 2, "lateral correction away from the other, as a share of max_speed"},
};
constexpr ParamSpec kGroup[] = {
    FOOTFALL_STEER_COMMON,
    {"distance", 2.0, 0.01, 100, "neighbourhood distance, metres"},
    {"angle", kPi * 3 / 4, 0, kPi, "neighbourhood half-angle about the forward axis, radians"},
};
constexpr ParamSpec kFlock[] = {
    FOOTFALL_STEER_COMMON,
    {"separation_weight", 1.5, 0, 100, "weight of unit separation"},
    {"separation_distance", 1.2, 0, 100, "separation neighbourhood distance, metres"},
    {"separation_angle", kPi * 3 / 4, 0, kPi, "separation neighbourhood half-angle, radians"},
    {"alignment_weight", 1.0, 0, 100, "weight of unit alignment"},
    {"alignment_distance", 3.0, 0, 100, "alignment neighbourhood distance, metres"},
    {"alignment_angle", kPi / 2, 0, kPi, "alignment neighbourhood half-angle, radians"},
    {"cohesion_weight", 1.0, 0, 100, "weight of unit cohesion"},
    {"cohesion_distance", 5.0, 0, 100, "cohesion neighbourhood distance, metres"},
    {"cohesion_angle", kPi * 3 / 4, 0, kPi, "cohesion neighbourhood half-angle, radians"},
};
constexpr ParamSpec kLeader[] = {
    FOOTFALL_STEER_COMMON,
    {"behind", 1.5, 0, 100, "the followed point lies this far behind the leader, metres"},
    {"behind_per_speed", 0, 0, 100, "plus this many seconds of the leader's speed"},
    {"slowing_distance", 2.0, 0.01, 100, "arrival's slowing distance toward that point, metres"},
    {"front_length", 3.0, 0, 100, "the leader's forward rectangle: length ahead of it, metres"},
    {"front_width", 1.2, 0, 100, "the leader's forward rectangle: width, metres"},
    {"separation_weight", 1.0, 0, 100, "separation from the other followers (0: none)"},
    {"separation_distance", 1.0, 0, 100, "separation neighbourhood distance, metres"},
};
#undef FOOTFALL_STEER_COMMON
#undef FOOTFALL_PREDICTION

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
    {NodeKind::CrowdWay, "crowd_way", NodeRole::Control, kCrowdWay, 1},
    {NodeKind::Seek, "seek", NodeRole::Control, kSeek, 1},
    {NodeKind::Flee, "flee", NodeRole::Control, kFlee, 1},
    {NodeKind::Pursuit, "pursuit", NodeRole::Control, kPursuit, 1},
    {NodeKind::Evasion, "evasion", NodeRole::Control, kEvasion, 1},
    {NodeKind::OffsetPursuit, "offset_pursuit", NodeRole::Control, kOffsetPursuit, 1},
    {NodeKind::Arrival, "arrival", NodeRole::Control, kArrival, 1},
    {NodeKind::ObstacleAvoid, "obstacle_avoidance", NodeRole::Control, kObstacleAvoid, 0},
    {NodeKind::Wander, "wander", NodeRole::Control, kWander, 0},
    {NodeKind::PathFollow, "path_following", NodeRole::Control, kPath, 0},
    {NodeKind::WallFollow, "wall_following", NodeRole::Control, kWall, 0},
    {NodeKind::Containment, "containment", NodeRole::Control, kContain, 0},
    {NodeKind::FlowFollow, "flow_following", NodeRole::Control, kFlow, 0},
    {NodeKind::UnalignedAvoid, "unaligned_avoidance", NodeRole::Control, kUnaligned, 0},
    {NodeKind::Separation, "separation", NodeRole::Control, kGroup, 0},
    {NodeKind::Cohesion, "cohesion", NodeRole::Control, kGroup, 0},
    {NodeKind::Alignment, "alignment", NodeRole::Control, kGroup, 0},
    {NodeKind::Flocking, "flocking", NodeRole::Control, kFlock, 0},
    {NodeKind::LeaderFollow, "leader_following", NodeRole::Control, kLeader, 1},
};
static_assert(std::size(kKinds) == static_cast<std::size_t>(NodeKind::LeaderFollow) + 1,
              "kKinds is indexed by NodeKind");

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
