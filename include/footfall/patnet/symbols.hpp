#pragma once
// The names and predicates PaT-Net expressions may use, resolved once per (net class, behavior
// template) at load time. Documented for users in docs/scenario.md, "PaT-Nets".
//
// Names:  time, time_in_state, legs_left, heading; WALK, FLASHING_DONT_WALK, DONT_WALK, GREEN,
//         YELLOW, RED, pi; the net's own parameters and locals; node.param of the agent's net.
// Calls:  arrived(place, radius), distance(place), visible(place [, classes [, width]]),
//         on(region), near(region, radius), heading_to(place), x_of(place), y_of(place),
//         vx_of(agent), vy_of(agent), moving(agent), point_distance(x, y), facing(heading),
//         wrap(angle), model(parameter),
//         signal(signal) (the pedestrian head), lamp(signal), running(net), abs(x), min(a, b),
//         max(a, b), random(lo, hi).
// A location, signal or region argument is a name from the world or a parameter of that type; a
// place is a location or an agent (a name, or a parameter of either type).
// Names for Reich's state machines: feet_together, body_radius, path_found, waypoints_left,
// waypoint_distance.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "footfall/patnet/expr.hpp"
#include "footfall/patnet/patnet.hpp"

namespace footfall {
class NetTemplate;
struct AgentModel;
}

namespace footfall::patnet {

struct Scope {
  const World* world = nullptr;
  const NetTemplate* behavior = nullptr;  // null for global nets: no agent predicates
  const Program* program = nullptr;       // its params and locals are names
  // running(net): the program a net class name denotes in this scope, -1 when none.
  std::function<int(std::string_view)> program_id;
  // For "did you mean"; shared, since a scope is copied per expression and a file may declare
  // thousands of nets.
  std::shared_ptr<const std::vector<std::string>> net_names;
  // In a tiled city, names of the first tile may be written without their prefix ("x0y0_").
  std::string tile_prefix;
  // Where the expression being compiled stands in its source (any number distinct per
  // expression, e.g. from its line and column), so random() calls in different places draw apart.
  std::uint64_t site = 0;
  const Agents* agents = nullptr;     // agent names, for agent arguments (null: none known)
  const AgentModel* model = nullptr;  // parameter names for model(name)
};

Symbols make_symbols(const Scope& scope);

// A typed reference to a world thing given as an expression argument: a constant index when the
// name is the world's, the parameter's run-time value when it names a parameter of that type.
// Throws ExprError at the argument.
Compiled typed_reference(const Scope& scope, const Arg& arg, ParamType type);

}  // namespace footfall::patnet
