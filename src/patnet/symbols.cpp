#include "footfall/patnet/symbols.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/agents/agent_model.hpp"
#include "footfall/agents/agents.hpp"
#include "footfall/behavior/net.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/core/suggest.hpp"
#include "footfall/patnet/light_net.hpp"
#include "footfall/world/world.hpp"

namespace footfall::patnet {
namespace {

Compiled number(Fn fn) { return {std::move(fn), Type::Number}; }
Compiled boolean(Fn fn) { return {std::move(fn), Type::Bool}; }

Vec2 agent_location(const EvalContext& c) { return c.view->agents->location(c.agent); }

const AgentNets& agent_nets(const EvalContext& c) { return c.view->nets->agents[c.agent]; }

std::vector<std::string> names_of(const auto& things) {
  std::vector<std::string> names;
  for (const auto& t : things) names.push_back(t.name);
  return names;
}

Compiled number_arg(const Arg& a, std::string_view function) {
  if (!a.value)
    throw ExprError(a.offset, a.error.empty() ? std::string(function) + "(): bad argument" : a.error);
  if (a.value->type != Type::Number)
    throw ExprError(a.offset, std::string(function) + "() takes a number here, not a condition");
  return *a.value;
}

void expect_args(std::string_view function, std::span<const Arg> args, std::size_t n,
                 std::size_t offset_if_short) {
  if (args.size() == n) return;
  throw ExprError(args.size() > n ? args[n].offset : offset_if_short,
                  std::string(function) + "() takes " + std::to_string(n) + " argument" +
                      (n == 1 ? "" : "s") + ", not " + std::to_string(args.size()));
}

// A location or an agent: the index, and which of the two it is (known when compiling).
struct Place {
  Compiled index;
  bool agent = false;
};

Place place_reference(const Scope& scope, const Arg& arg, std::string_view function) {
  if (arg.name.empty())
    throw ExprError(arg.offset, "expected the name of a location or an agent, the argument of " +
                                    std::string(function) + "()");
  if (scope.program) {
    const int v = scope.program->find_value(arg.name);
    if (v >= 0 && static_cast<std::size_t>(v) < scope.program->params.size()) {
      const ParamType t = scope.program->params[v].type;
      if (t != ParamType::Location && t != ParamType::Agent)
        throw ExprError(arg.offset, "parameter '" + std::string(arg.name) + "' is a " +
                                        param_type_name(t) + ", not a location or an agent");
      return {number([v](const EvalContext& c) { return c.values[v]; }), t == ParamType::Agent};
    }
  }
  const World& w = *scope.world;
  int l = w.find_location(arg.name);
  if (l < 0 && !scope.tile_prefix.empty()) l = w.find_location(scope.tile_prefix + std::string(arg.name));
  if (l >= 0) return {Compiled::of_constant(l), false};
  if (scope.agents) {
    const int a = scope.agents->find(arg.name);
    if (a >= 0) return {Compiled::of_constant(a), true};
  }
  std::vector<std::string> names = names_of(w.locations);
  if (scope.agents) names.insert(names.end(), scope.agents->name.begin(), scope.agents->name.end());
  throw ExprError(arg.offset, "'" + std::string(arg.name) + "' is not a location or an agent" +
                                  did_you_mean(arg.name, names));
}

// Where a place is now. An agent index out of range (a parameter left at `none`) is the agent
// running the net itself.
Vec2 place_position(const EvalContext& c, double index, bool agent) {
  if (agent) {
    const Agents& a = *c.view->agents;
    const bool valid = index >= 0 && index < static_cast<double>(a.size());
    return a.location(valid ? static_cast<std::size_t>(index) : c.agent);
  }
  return c.view->world->locations[static_cast<std::size_t>(index)].position;
}

double place_radius(const EvalContext& c, double index, bool agent) {
  const Agents& a = *c.view->agents;
  return agent && index >= 0 && index < static_cast<double>(a.size()) ? a.radius[static_cast<std::size_t>(index)] : 0.0;
}

Vec2 agent_velocity(const EvalContext& c, double index) {
  const Agents& a = *c.view->agents;
  if (!(index >= 0 && index < static_cast<double>(a.size()))) return Vec2::Zero();
  const Plan& p = a.plan[static_cast<std::size_t>(index)];
  return p.t1 > p.t0 ? Vec2((p.to - p.from) / (p.t1 - p.t0)) : Vec2(Vec2::Zero());
}

bool feet_together(const EvalContext& c) {
  const Agents& a = *c.view->agents;
  return (a.foot[0][c.agent] - a.foot[1][c.agent]).squaredNorm() < 1e-12 &&
         std::abs(wrap_angle(a.foot_heading[0][c.agent] - a.foot_heading[1][c.agent])) < 1e-9;
}

std::uint64_t all_classes(const World& w) {
  const std::size_t n = std::min<std::size_t>(w.classes.size(), 52);  // exact in a double
  return n == 0 ? 0 : (1ull << n) - 1;
}

}  // namespace

Compiled typed_reference(const Scope& scope, const Arg& arg, ParamType type) {
  const char* what = param_type_name(type);
  if (arg.name.empty())
    throw ExprError(arg.offset, std::string("expected the name of a ") + what);
  if (scope.program) {
    const int v = scope.program->find_value(arg.name);
    if (v >= 0 && static_cast<std::size_t>(v) < scope.program->params.size()) {
      if (scope.program->params[v].type != type)
        throw ExprError(arg.offset, "parameter '" + std::string(arg.name) + "' is a " +
                                        param_type_name(scope.program->params[v].type) +
                                        ", not a " + what);
      return number([v](const EvalContext& c) { return c.values[v]; });
    }
  }
  const World& w = *scope.world;
  if (type == ParamType::Agent) {
    if (arg.name == "none") return Compiled::of_constant(-1);
    const int a = scope.agents ? scope.agents->find(arg.name) : -1;
    if (a >= 0) return Compiled::of_constant(a);
    throw ExprError(arg.offset, "'" + std::string(arg.name) + "' is not an agent or an agent parameter" +
                                    (scope.agents ? did_you_mean(arg.name, scope.agents->name) : std::string()));
  }
  if (type == ParamType::Classes) {
    if (arg.name == "default") return Compiled::of_constant(-1);
    if (arg.name == "all") return Compiled::of_constant(static_cast<double>(all_classes(w)));
    const int k = w.find_class(arg.name);
    if (k >= 0 && k < 52) return Compiled::of_constant(static_cast<double>(1ull << k));
    throw ExprError(arg.offset, "'" + std::string(arg.name) +
                                    "' is not an obstacle class, 'all', 'default' or a classes parameter" +
                                    did_you_mean(arg.name, w.classes));
  }
  const auto find = [&](std::string_view name) {
    switch (type) {
      case ParamType::Location: return w.find_location(name);
      case ParamType::Region: return w.find_region(name);
      case ParamType::Signal: return w.find_signal(name);
      default: break;
    }
    return -1;
  };
  int index = find(arg.name);
  if (index < 0 && !scope.tile_prefix.empty()) index = find(scope.tile_prefix + std::string(arg.name));
  if (index < 0) {
    std::vector<std::string> names;
    if (type == ParamType::Location) names = names_of(w.locations);
    if (type == ParamType::Region) names = names_of(w.regions);
    if (type == ParamType::Signal) names = w.signals;
    throw ExprError(arg.offset, "'" + std::string(arg.name) + "' is not a " + what +
                                    " of the world or a " + what + " parameter" +
                                    did_you_mean(arg.name, names));
  }
  return Compiled::of_constant(index);
}

Symbols make_symbols(const Scope& scope) {
  Symbols s;
  const bool agent = scope.behavior != nullptr;

  s.name = [scope, agent](std::string_view n) -> std::optional<Compiled> {
    if (n == "time") return number([](const EvalContext& c) { return c.time; });
    if (n == "time_in_state")
      return number([](const EvalContext& c) { return c.time - c.state_entered; });
    if (n == "pi") return Compiled::of_constant(kPi);
    if (n == "WALK") return Compiled::of_constant(static_cast<double>(Head::Walk));
    if (n == "FLASHING_DONT_WALK") return Compiled::of_constant(static_cast<double>(Head::FlashingDontWalk));
    if (n == "DONT_WALK") return Compiled::of_constant(static_cast<double>(Head::DontWalk));
    if (n == "GREEN") return Compiled::of_constant(static_cast<double>(Lamp::Green));
    if (n == "YELLOW") return Compiled::of_constant(static_cast<double>(Lamp::Yellow));
    if (n == "RED") return Compiled::of_constant(static_cast<double>(Lamp::Red));
    if (scope.program) {
      const int v = scope.program->find_value(n);
      if (v >= 0) return number([v](const EvalContext& c) { return c.values[v]; });
    }
    if (!agent) return std::nullopt;
    if (n == "legs_left")
      return number([](const EvalContext& c) {
        return std::max<double>(0.0, static_cast<double>(agent_nets(c).route.size()) - 1.0);
      });
    if (n == "heading")
      return number([](const EvalContext& c) { return c.view->agents->heading(c.agent); });
    if (n == "feet_together")
      return boolean([](const EvalContext& c) { return feet_together(c) ? 1.0 : 0.0; });
    if (n == "body_radius")
      return number([](const EvalContext& c) { return c.view->agents->radius[c.agent]; });
    if (n == "path_found")
      return boolean([](const EvalContext& c) { return c.self && c.self->path_status() > 0 ? 1.0 : 0.0; });
    if (n == "waypoints_left")
      return number([](const EvalContext& c) {
        return c.self ? static_cast<double>(c.self->path_size() - std::min<std::size_t>(c.self->waypoint(), c.self->path_size())) : 0.0;
      });
    if (n == "waypoint_distance")
      return number([](const EvalContext& c) {
        if (!c.self || c.self->waypoint() >= c.self->path_size()) return 0.0;
        return (agent_location(c) - c.self->extras->path[c.self->waypoint()]).norm();
      });
    if (const auto dot = n.find('.'); dot != std::string_view::npos) {
      const int p = scope.behavior->find_param(n.substr(0, dot), n.substr(dot + 1));
      if (p >= 0)
        return number([p](const EvalContext& c) { return c.view->agents->params.get(c.agent, static_cast<std::uint32_t>(p)); });
    }
    return std::nullopt;
  };

  s.call = [scope, agent](std::string_view f, std::span<const Arg> args) -> std::optional<Compiled> {
    const auto needs_agent = [&] {
      if (!agent)
        throw ExprError(args.empty() ? 0 : args[0].offset,
                        std::string(f) + "() is about an agent; a global net has none");
    };
    if (f == "arrived") {
      needs_agent();
      expect_args(f, args, 2, 0);
      const Place place = place_reference(scope, args[0], f);
      const Compiled loc = place.index;
      const Compiled r = number_arg(args[1], f);
      if (place.agent)  // within `radius` of the other's bounding cylinder
        return boolean([loc, r](const EvalContext& c) {
          const double i = loc(c);
          const double gap = (agent_location(c) - place_position(c, i, true)).norm() -
                             place_radius(c, i, true) - c.view->agents->radius[c.agent];
          return gap <= r(c) ? 1.0 : 0.0;
        });
      return boolean([loc, r](const EvalContext& c) {
        const Vec2& goal = c.view->world->locations[static_cast<std::size_t>(loc(c))].position;
        return (agent_location(c) - goal).norm() <= r(c) ? 1.0 : 0.0;
      });
    }
    if (f == "distance") {
      needs_agent();
      expect_args(f, args, 1, 0);
      const Place place = place_reference(scope, args[0], f);
      const Compiled loc = place.index;
      if (place.agent)
        return number([loc](const EvalContext& c) {
          return (agent_location(c) - place_position(c, loc(c), true)).norm();
        });
      return number([loc](const EvalContext& c) {
        return (agent_location(c) -
                c.view->world->locations[static_cast<std::size_t>(loc(c))].position).norm();
      });
    }
    if (f == "visible") {
      needs_agent();
      if (args.empty() || args.size() > 3) expect_args(f, args, 1, 0);
      const Place place = place_reference(scope, args[0], f);
      const Compiled loc = place.index;
      if (args.size() == 1 && !place.agent)
        return boolean([loc](const EvalContext& c) {
          const World& w = *c.view->world;
          const Vec2 from = agent_location(c);
          const Vec2 to = w.locations[static_cast<std::size_t>(loc(c))].position;
          return w.line_of_sight(from, to) ? 1.0 : 0.0;
        });
      // visible(place, occluders, width): the occluding classes (`default`: buildings and walls
      // as above) and a corridor half-width (0: a ray).
      const bool agent = place.agent;
      const Compiled classes = args.size() >= 2 ? typed_reference(scope, args[1], ParamType::Classes)
                                                : Compiled::of_constant(-1);
      const Compiled width = args.size() == 3 ? number_arg(args[2], f) : Compiled::of_constant(0);
      return boolean([loc, agent, classes, width](const EvalContext& c) {
        const World& w = *c.view->world;
        const Vec2 from = agent_location(c);
        const Vec2 to = place_position(c, loc(c), agent);
        const double mask = classes(c), wd = width(c);
        if (mask < 0 && wd <= 0) return w.line_of_sight(from, to) ? 1.0 : 0.0;
        std::uint64_t m = 0;
        if (mask < 0) {  // the default occluders, with a width: every class but cylinders'
          for (const Obstacle& o : w.obstacles)
            if (!std::holds_alternative<Cylinder>(o.shape)) m |= 1ull << o.cls;
        } else {
          m = static_cast<std::uint64_t>(mask);
        }
        return w.line_of_sight(from, to, m, wd) ? 1.0 : 0.0;
      });
    }
    if (f == "heading_to" || f == "x_of" || f == "y_of") {
      needs_agent();
      expect_args(f, args, 1, 0);
      const Place place = place_reference(scope, args[0], f);
      const Compiled loc = place.index;
      const bool agent = place.agent;
      const int what = f == "heading_to" ? 0 : f == "x_of" ? 1 : 2;
      return number([loc, agent, what](const EvalContext& c) {
        const Vec2 q = place_position(c, loc(c), agent);
        if (what == 1) return q.x();
        if (what == 2) return q.y();
        const Vec2 d = q - agent_location(c);
        return d.squaredNorm() > 0 ? heading_of(d) : c.view->agents->heading(c.agent);
      });
    }
    if (f == "vx_of" || f == "vy_of" || f == "moving") {
      needs_agent();
      expect_args(f, args, 1, 0);
      const Compiled who = typed_reference(scope, args[0], ParamType::Agent);
      if (f == "moving")
        return boolean([who](const EvalContext& c) { return agent_velocity(c, who(c)).norm() > 0.05 ? 1.0 : 0.0; });
      const int axis = f == "vx_of" ? 0 : 1;
      return number([who, axis](const EvalContext& c) { return agent_velocity(c, who(c))[axis]; });
    }
    if (f == "point_distance") {
      needs_agent();
      expect_args(f, args, 2, 0);
      const Compiled x = number_arg(args[0], f), y = number_arg(args[1], f);
      return number([x, y](const EvalContext& c) { return (agent_location(c) - Vec2(x(c), y(c))).norm(); });
    }
    if (f == "facing") {
      // Feet together and turned to the heading (to a milliradian): a turn is complete.
      needs_agent();
      expect_args(f, args, 1, 0);
      const Compiled h = number_arg(args[0], f);
      return boolean([h](const EvalContext& c) {
        return feet_together(c) && std::abs(wrap_angle(c.view->agents->heading(c.agent) - h(c))) < 1e-3 ? 1.0 : 0.0;
      });
    }
    if (f == "model") {
      needs_agent();
      expect_args(f, args, 1, 0);
      const int p = scope.model && !args[0].name.empty() ? scope.model->find_parameter(args[0].name) : -1;
      if (p < 0)
        throw ExprError(args[0].offset, "model() takes the name of an agent-model parameter" +
                                            (scope.model ? did_you_mean(args[0].name, scope.model->parameters) : std::string()));
      const double fallback = scope.model->defaults[p];
      return number([p, fallback](const EvalContext& c) {
        const Agents& a = *c.view->agents;
        return static_cast<std::size_t>(p) < a.model_stride ? a.model_of(c.agent)[p] : fallback;
      });
    }
    if (f == "hypot") {
      expect_args(f, args, 2, 0);
      const Compiled a = number_arg(args[0], f), b = number_arg(args[1], f);
      return number([a, b](const EvalContext& c) { return std::hypot(a(c), b(c)); });
    }
    if (f == "wrap") {
      expect_args(f, args, 1, 0);
      const Compiled x = number_arg(args[0], f);
      return number([x](const EvalContext& c) { return wrap_angle(x(c)); });
    }
    if (f == "on") {
      needs_agent();
      expect_args(f, args, 1, 0);
      const Compiled region = typed_reference(scope, args[0], ParamType::Region);
      return boolean([region](const EvalContext& c) {
        const auto& poly = c.view->world->regions[static_cast<std::size_t>(region(c))].polygon;
        const Agents& a = *c.view->agents;
        return polygon_contains(poly, a.foot[0][c.agent]) || polygon_contains(poly, a.foot[1][c.agent])
                   ? 1.0 : 0.0;
      });
    }
    if (f == "near") {
      needs_agent();
      expect_args(f, args, 2, 0);
      const Compiled region = typed_reference(scope, args[0], ParamType::Region);
      const Compiled r = number_arg(args[1], f);
      return boolean([region, r](const EvalContext& c) {
        const auto& poly = c.view->world->regions[static_cast<std::size_t>(region(c))].polygon;
        return polygon_distance(poly, agent_location(c)) <= r(c) ? 1.0 : 0.0;
      });
    }
    if (f == "pace") {
      // How fast the crowd ahead is getting on: the mean speed toward a place of the walkers on a
      // region ahead of the agent and facing within 60° of that way (a jam counts with its zero
      // speeds), `otherwise` when there are none. Read from the published snapshot, as sensors
      // read it, so it is the same for any thread count.
      needs_agent();
      expect_args(f, args, 3, 0);
      const Compiled region = typed_reference(scope, args[0], ParamType::Region);
      const Place place = place_reference(scope, args[1], f);
      const Compiled otherwise = number_arg(args[2], f);
      const Compiled loc = place.index;
      const bool agent = place.agent;
      return number([region, loc, agent, otherwise](const EvalContext& c) {
        const Snapshot* s = c.view->snapshot;
        const Vec2 me = agent_location(c);
        const Vec2 d = place_position(c, loc(c), agent) - me;
        if (!s || d.squaredNorm() <= 0) return otherwise(c);
        const Vec2 u = d.normalized();
        const auto& poly = c.view->world->regions[static_cast<std::size_t>(region(c))].polygon;
        Aabb box;
        for (const Vec2& p : poly) box.add(p);
        double sum = 0;
        int n = 0;
        s->grid.for_each_in(box, [&](std::uint32_t image) {
          const std::uint32_t j = s->agent_of(image);
          if (j == c.agent || !s->active[j] || s->vehicle(j)) return;
          const Vec2 p = s->location[image];
          const Vec2 facing(std::cos(s->heading[image]), std::sin(s->heading[image]));
          if ((p - me).dot(u) <= 0 || facing.dot(u) < 0.5 || !polygon_contains(poly, p)) return;
          const Plan& q = s->plan[j];
          sum += q.t1 > q.t0 ? std::max(0.0, (q.to - q.from).dot(u) / (q.t1 - q.t0)) : 0.0;
          ++n;
        });
        return n > 0 ? sum / n : otherwise(c);
      });
    }
    if (f == "signal" || f == "lamp") {
      expect_args(f, args, 1, 0);
      const Compiled sig = typed_reference(scope, args[0], ParamType::Signal);
      if (f == "signal")
        return number([sig](const EvalContext& c) {
          return static_cast<double>((*c.view->signals)[static_cast<std::size_t>(sig(c))].head);
        });
      return number([sig](const EvalContext& c) {
        return static_cast<double>((*c.view->signals)[static_cast<std::size_t>(sig(c))].lamp);
      });
    }
    if (f == "countdown") {
      // A pedestrian countdown display: seconds until steady DON'T WALK (light_net.hpp), 0 once it
      // shows; read from the signal's timing, so it is exact to the frame the light-net changes.
      expect_args(f, args, 1, 0);
      const Compiled sig = typed_reference(scope, args[0], ParamType::Signal);
      return number([sig](const EvalContext& c) {
        const auto k = static_cast<std::size_t>(sig(c));
        if ((*c.view->signals)[k].head == Head::DontWalk || !c.view->timings || k >= c.view->timings->size())
          return 0.0;
        return dont_walk_in((*c.view->timings)[k], c.time);
      });
    }
    if (f == "running") {
      needs_agent();
      expect_args(f, args, 1, 0);
      const int p = args[0].name.empty() || !scope.program_id ? -1 : scope.program_id(args[0].name);
      if (p < 0)
        throw ExprError(args[0].offset, "running() takes the name of a net" +
                                            did_you_mean(args[0].name, scope.net_names ? *scope.net_names
                                                                                      : std::vector<std::string>{}));
      return number([p](const EvalContext& c) {
        double n = 0;
        for (const Instance& i : agent_nets(c).running) n += i.alive && i.program == static_cast<std::uint32_t>(p);
        return n;
      });
    }
    if (f == "random") {
      // Uniform in [lo, hi): a pure function of (seed, agent, its step count, the net instance,
      // the call's place in the text), so draws are the same for any thread count. Draw once, in
      // a state's `set`, to keep a value.
      needs_agent();
      expect_args(f, args, 2, 0);
      const Compiled lo = number_arg(args[0], f), hi = number_arg(args[1], f);
      const std::uint64_t site = splitmix64(scope.site) ^ args[0].offset;
      return number([lo, hi, site](const EvalContext& c) {
        const std::uint64_t counter =
            splitmix64((static_cast<std::uint64_t>(c.view->agents->steps[c.agent]) << 32) ^
                       static_cast<std::uint64_t>(c.instance)) ^ site;
        const double u = counter_uniform(c.view->seed, c.agent, counter, RngStream::Net);
        return lo(c) + u * (hi(c) - lo(c));
      });
    }
    if (f == "abs") {
      expect_args(f, args, 1, 0);
      const Compiled x = number_arg(args[0], f);
      return number([x](const EvalContext& c) { return std::abs(x(c)); });
    }
    if (f == "min" || f == "max") {
      expect_args(f, args, 2, 0);
      const Compiled a = number_arg(args[0], f), b = number_arg(args[1], f);
      if (f == "min") return number([a, b](const EvalContext& c) { return std::min(a(c), b(c)); });
      return number([a, b](const EvalContext& c) { return std::max(a(c), b(c)); });
    }
    return std::nullopt;
  };

  s.known_names = {"time", "time_in_state", "pi", "WALK", "FLASHING_DONT_WALK", "DONT_WALK",
                   "GREEN", "YELLOW", "RED"};
  if (agent) {
    s.known_names.insert(s.known_names.end(), {"legs_left", "heading", "feet_together", "body_radius",
                                               "path_found", "waypoints_left", "waypoint_distance"});
    for (std::size_t i = 0; i < scope.behavior->param_count(); ++i)
      s.known_names.push_back(scope.behavior->param_name(i));
  }
  if (scope.program) {
    for (const auto& p : scope.program->params) s.known_names.push_back(p.name);
    s.known_names.insert(s.known_names.end(), scope.program->locals.begin(),
                         scope.program->locals.end());
  }
  s.known_functions = {"signal", "lamp", "countdown", "abs", "min", "max", "wrap", "hypot"};
  if (agent)
    s.known_functions.insert(s.known_functions.end(),
                             {"arrived", "distance", "visible", "on", "near", "running", "random",
                              "heading_to", "x_of", "y_of", "vx_of", "vy_of", "moving",
                              "point_distance", "facing", "model", "pace"});
  return s;
}

}  // namespace footfall::patnet
