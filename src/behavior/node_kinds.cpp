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
    {"max_step", 0.8, 0.05, 3, "longest step of the fan, metres"},
    {"max_turn", kPi / 4, 0, kPi / 2, "largest turn of the swing foot, radians"},
    {"goal_candidate", 1, 0, 1, "add the goal as a candidate when it lies in the fan (Reich §7.2.2)"},
    {"stay_candidate", 1, 0, 1, "add standing still (closing the feet) as a candidate (Reich §7.2.2)"},
    {"turn_in_place", 1, 0, 1, "add closing the feet while turning by each ray's angle as candidates"},
    {"side_step", 0.25, 0, 1, "length of side steps added to the fan (Reich §7.2.2), 0 for none"},
    {"step_length", 0.7, 0.05, 3, "preferred step length, metres"},
    {"step_time", 0.53, 0.1, 5, "duration of a step of the preferred length, seconds"},
    {"back_step", 0, 0, 1,
     "length of a backing-up step added to the candidates (Reich §7.2.2 option b), 0 for none"},
};

constexpr NodeKindInfo kKinds[] = {
    {NodeKind::ObjectSensor, "object_sensor", NodeRole::Sensor, kObject},
    {NodeKind::LocationSensor, "location_sensor", NodeRole::Sensor, kLocation},
    {NodeKind::ProximitySensor, "proximity_sensor", NodeRole::Sensor, kProximity},
    {NodeKind::LineSensor, "line_sensor", NodeRole::Sensor, kLine},
    {NodeKind::TerrainSensor, "terrain_sensor", NodeRole::Sensor, kTerrain},
    {NodeKind::FovSensor, "fov_sensor", NodeRole::Sensor, kFov},
    {NodeKind::Attract, "attract", NodeRole::Control, kAttract},
    {NodeKind::Avoid, "avoid", NodeRole::Control, kAvoid},
    {NodeKind::Walk, "walk", NodeRole::Motor, kWalk},
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

}  // namespace footfall
