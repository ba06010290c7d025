#pragma once
// Load-time checks of what hand-placed agents are meant to do (docs/scenario.md, "Errors and
// warnings"): an agent with no goal, a goal inside a solid obstacle or on impassable ground, and a
// goal that no walkable way joins to the agent's start. Pure functions over a loaded scenario;
// the loader decides where each finding points.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "footfall/agents/agents.hpp"
#include "footfall/behavior/net.hpp"
#include "footfall/world/walkable_map.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

// An attraction node (attract, predictive_attract, and the steering nodes that draw the agent to
// their input's target: seek, arrival, pursuit, offset_pursuit, leader_following) that feeds the
// walk node, and the sensor it reads.
struct Attraction {
  int node, sensor;
};
std::vector<Attraction> attractions(const NetTemplate& net);
bool draws_to_target(NodeKind kind);

// Whether a bound steering node without a target of its own feeds the walk node (wander, flocking,
// flow following, ...): the agent moves though nothing draws it anywhere.
bool steers_without_target(const NetTemplate& net, const double* params);

// Whether any control feeds the walk node. A net of a walk node alone stands by design (a seated
// figure, a bystander): nobody is warned that it has nothing to do.
bool has_controls(const NetTemplate& net);

// Whether the attraction is bound for an agent with parameter block `params`.
bool bound(const NetTemplate& net, int node, const double* params);

// Whether a bound attraction draws the agent somewhere without a location target: an object
// sensor following something, or a sensor of the surroundings (depth, proximity, ...).
bool moves_without_location(const NetTemplate& net, const Attraction& a, const double* params);

// Why p cannot be a goal: "lies inside solid obstacle 'x'"; nullopt when it can.
std::optional<std::string> goal_inside_obstacle(const World& world, const Vec2& p);
// Why p is a dubious goal: "lies on 'water' ground ..."; nullopt when it is walkable ground.
std::optional<std::string> goal_off_walkable(const World& world, const Vec2& p);

// "[x, y]" with two decimals, for messages.
std::string point_text(const Vec2& p);

}  // namespace footfall
