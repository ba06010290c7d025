#include "footfall/patnet/patnet.hpp"

#include "footfall/agents/agents.hpp"

#include <algorithm>

#include "footfall/core/rng.hpp"
#include "footfall/world/path_planner.hpp"
#include "footfall/world/world.hpp"

namespace footfall::patnet {

const char* head_name(Head h) {
  switch (h) {
    case Head::Walk: return "WALK";
    case Head::FlashingDontWalk: return "FLASHING_DONT_WALK";
    case Head::DontWalk: return "DONT_WALK";
  }
  return "?";
}

const char* lamp_name(Lamp l) {
  switch (l) {
    case Lamp::Green: return "GREEN";
    case Lamp::Yellow: return "YELLOW";
    case Lamp::Red: return "RED";
  }
  return "?";
}

const char* param_type_name(ParamType t) {
  switch (t) {
    case ParamType::Number: return "number";
    case ParamType::Location: return "location";
    case ParamType::Signal: return "signal";
    case ParamType::Region: return "region";
    case ParamType::Agent: return "agent";
    case ParamType::Classes: return "classes";
  }
  return "?";
}

int Program::find_state(std::string_view s) const {
  for (std::size_t i = 0; i < states.size(); ++i)
    if (states[i].name == s) return static_cast<int>(i);
  return s == "exit" ? kExit : kNone;
}

int Program::find_value(std::string_view v) const {
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].name == v) return static_cast<int>(i);
  for (std::size_t i = 0; i < locals.size(); ++i)
    if (locals[i] == v) return static_cast<int>(params.size() + i);
  return -1;
}

namespace {

// SetTarget's `within`: how far ahead of `self` along the unit direction u a point on the lane
// through `lane` may lie so that the straight way to it enters the polygon's width across u, less
// `margin` on each side, no later than the polygon's near edge. Unlimited for a point on the
// polygon or within that width; 0 (level with `self`) once level with the near edge, or when the
// lane itself lies outside the width.
double reach_within(const std::vector<Vec2>& poly, const Vec2& self, const Vec2& lane, const Vec2& u,
                    double margin) {
  if (poly.empty() || polygon_contains(poly, self)) return kInf;
  const Vec2 n(u.y(), -u.x());
  double lo = kInf, hi = -kInf, near = kInf;
  for (const Vec2& v : poly) {
    lo = std::min(lo, v.dot(n));
    hi = std::max(hi, v.dot(n));
    near = std::min(near, v.dot(u));
  }
  lo += margin;
  hi -= margin;
  const double across = self.dot(n), target = lane.dot(n);
  if (across >= lo && across <= hi) return kInf;
  const double gap = near - self.dot(u);
  if (gap <= 0 || target < lo || target > hi) return 0.0;
  const double edge = across > hi ? hi : lo;
  return gap * (across - target) / (across - edge);  // the way crosses `edge` at the near edge
}

// Instances are addressed by index while the set may grow (spawns), so nothing here holds a
// reference to an Instance across a call that can spawn.
class Runner {
 public:
  Runner(AgentNets& nets, const TickContext& ctx) : nets_(nets), ctx_(ctx) {}

  // Writes one of the behavior-net parameters (ctx_.params is set).
  void put(std::uint32_t slot, double value) { ctx_.params->set(ctx_.param_agent, slot, value); }

  std::size_t spawn(std::uint32_t program, std::vector<double> values, std::uint32_t parent) {
    const Program& p = prog(program);
    values.insert(values.end(), p.local_initial.begin(), p.local_initial.end());
    Instance inst;
    inst.program = program;
    inst.id = nets_.next_id++;
    inst.parent = parent;
    inst.entered = ctx_.time;
    inst.values = std::move(values);
    nets_.running.push_back(std::move(inst));
    const std::size_t i = nets_.running.size() - 1;
    enter(i, p.start, ctx_.time);
    return i;
  }

  void tick(std::size_t i) {
    if (!nets_.running[i].alive) return;
    run_monitors(i);
    // Entry bookkeeping for the chain rule: a state may be entered at most twice per tick.
    std::vector<bool> entered(prog(nets_.running[i].program).states.size(), false);
    if (nets_.running[i].state >= 0) entered[nets_.running[i].state] = true;
    while (nets_.running[i].alive && nets_.running[i].waiting_for == 0) {
      const auto [to, at] = next_state(i);
      if (to == kNone) break;
      const bool again = to >= 0 && entered[to];
      enter(i, to, at);
      if (again) break;
      if (to >= 0) entered[to] = true;
    }
  }

 private:
  const Program& prog(std::uint32_t p) const { return (*ctx_.programs)[p]; }

  EvalContext eval_context(std::size_t i) const {
    const Instance& inst = nets_.running[i];
    return {ctx_.time, inst.entered, inst.values.data(), ctx_.agent, &ctx_.view, inst.id, &inst};
  }

  // The transition to take now, and the time to date the new state's entry.
  std::pair<int, double> next_state(std::size_t i) const {
    const Instance& inst = nets_.running[i];
    const State& s = prog(inst.program).states[inst.state];
    const EvalContext ec = eval_context(i);
    for (const Transition& t : s.transitions) {
      if (t.timed) {
        const double delay = t.when(ec);
        // The tolerance absorbs rounding of frame times (k · dt) against exact phase ends.
        if (ctx_.time - inst.entered >= delay - 1e-9) return {t.to, inst.entered + delay};
      } else if (t.when(ec) != 0.0) {
        return {t.to, ctx_.time};
      }
    }
    return {s.default_to, ctx_.time};
  }

  void run_monitors(std::size_t i) {
    const auto& monitors = prog(nets_.running[i].program).monitors;
    if (monitors.empty()) return;
    std::vector<std::uint8_t> fired(monitors.size());
    for (std::size_t m = 0; m < monitors.size(); ++m) {
      fired[m] = monitors[m].when(eval_context(i)) != 0.0;
      if (monitors[m].probability) fired[m] = notices(i, m, fired[m] != 0);
    }
    for (std::size_t m = 0; m < monitors.size(); ++m) {
      if (!fired[m] || !nets_.running[i].alive) continue;
      if (monitors[m].when(eval_context(i)) == 0.0) continue;  // obviated by an earlier action
      run_actions(i, monitors[m].actions);
      if (monitors[m].to != kNone && nets_.running[i].alive) enter(i, monitors[m].to, ctx_.time);
    }
  }

  // Whether the agent reacts to monitor m's condition (Reich §7.7): one draw with the monitor's
  // probability each time the condition turns true, kept while it stays true.
  bool notices(std::size_t i, std::size_t m, bool condition) {
    Instance& inst = nets_.running[i];
    std::vector<std::uint8_t>& states = inst.extra().monitor_state;
    states.resize(prog(inst.program).monitors.size(), 0);
    std::uint8_t& state = states[m];
    if (!condition) {
      state = 0;
      return false;
    }
    if (state == 0) {
      const double p = (*prog(inst.program).monitors[m].probability)(eval_context(i));
      const std::uint64_t step =
          ctx_.agent != kNoAgent ? ctx_.view.agents->steps[ctx_.agent] : static_cast<std::uint64_t>(ctx_.time * 1e3);
      const std::uint64_t counter = splitmix64((step << 32) ^ inst.id) ^ m;
      const double u = counter_uniform(ctx_.view.seed, ctx_.agent, counter, RngStream::Monitor);
      state = u < p ? 1 : 2;
    }
    return state == 1;
  }

  void enter(std::size_t i, int state, double at) {
    if (state == kExit) {
      finish(i);
      return;
    }
    nets_.running[i].state = state;
    nets_.running[i].entered = at;
    run_actions(i, prog(nets_.running[i].program).states[state].actions);
  }

  void finish(std::size_t i) {
    if (!nets_.running[i].alive || nets_.running[i].ending) return;  // a finally that kills itself
    nets_.running[i].ending = true;
    const std::uint32_t id = nets_.running[i].id;
    const std::uint32_t parent = nets_.running[i].parent;
    kill_descendants(id);
    run_finally(i);
    nets_.running[i].alive = false;
    for (std::size_t p = 0; p < nets_.running.size(); ++p) {
      Instance& inst = nets_.running[p];
      if (!inst.alive || inst.id != parent || inst.waiting_for != id) continue;
      inst.waiting_for = 0;
      const Program& child = prog(nets_.running[i].program);
      const Program& mine = prog(inst.program);
      if (child.result >= 0 && mine.child_result >= 0)
        inst.values[mine.child_result] = nets_.running[i].values[child.result];
      if (inst.prompt) resumed.push_back(p);
    }
  }

  // An ending instance's `finally` actions (its cleanup: unbinding what it bound).
  void run_finally(std::size_t i) {
    const auto& actions = prog(nets_.running[i].program).finally;
    if (!actions.empty() && nets_.running[i].alive) run_actions(i, actions);
  }

  void kill_descendants(std::uint32_t id) {
    for (std::size_t j = 0; j < nets_.running.size(); ++j)
      if (nets_.running[j].alive && !nets_.running[j].ending && nets_.running[j].parent == id) {
        nets_.running[j].ending = true;
        kill_descendants(nets_.running[j].id);
        run_finally(j);
        nets_.running[j].alive = false;
      }
  }

 public:
  std::vector<std::size_t> resumed;  // prompt parents whose child ended during this pass
  void kill_program(std::uint32_t program) { run(0, Kill{program}); }

 private:

  void run_actions(std::size_t i, const std::vector<Action>& actions) {
    for (const Action& a : actions) {
      if (!nets_.running[i].alive) return;
      std::visit([&](const auto& act) { run(i, act); }, a);
    }
  }

  void run(std::size_t i, const SetAgentParam& a) {
    if (ctx_.params) put(a.slot, a.value(eval_context(i)));
  }
  void run(std::size_t i, const SetTarget& a) {
    const double v = a.location(eval_context(i));
    const auto& locations = ctx_.view.world->locations;
    if (!ctx_.params || !(v >= 0 && v < static_cast<double>(locations.size()))) return;
    const auto loc = static_cast<std::size_t>(v);
    Vec2 p = locations[loc].position;
    if (a.along_from) {
      const auto index = [&](const Compiled& c) {
        const double x = c(eval_context(i));
        return x >= 0 && x < static_cast<double>(locations.size()) ? static_cast<std::size_t>(x)
                                                                  : loc;
      };
      const Vec2 dir = locations[index(*a.along_to)].position - locations[index(*a.along_from)].position;
      if (dir.squaredNorm() > 1e-12) {
        const Vec2 u = dir.normalized();
        const Vec2 right(u.y(), -u.x());
        if (a.lane) p += lane_offset(i, a, p, right) * right;
        if (a.ahead && ctx_.agent != kNoAgent) {
          const Vec2 self = ctx_.view.agents->location(ctx_.agent);
          double ahead = (*a.ahead)(eval_context(i));
          if (a.within) {
            const double r = (*a.within)(eval_context(i));
            const auto& regions = ctx_.view.world->regions;
            if (r >= 0 && r < static_cast<double>(regions.size()))
              ahead = std::min(ahead, reach_within(regions[static_cast<std::size_t>(r)].polygon, self, p, u,
                                                   ctx_.view.agents->radius[ctx_.agent]));
          }
          p += std::min(0.0, (self - p).dot(u) + ahead) * u;
        }
      }
    }
    put(a.x_slot, p.x());
    put(a.x_slot + 1, p.y());
  }
  // SetTarget's offset to the right of its line through `on`: the lane, or for a band [lane,
  // lane_to] the agent's own offset within it, and its middle from outside it (or with no agent).
  double lane_offset(std::size_t i, const SetTarget& a, const Vec2& on, const Vec2& right) {
    const double lane = (*a.lane)(eval_context(i));
    if (!a.lane_to) return lane;
    const double other = (*a.lane_to)(eval_context(i));
    const double lo = std::min(lane, other), hi = std::max(lane, other), middle = 0.5 * (lo + hi);
    if (ctx_.agent == kNoAgent) return middle;
    const double own = (ctx_.view.agents->location(ctx_.agent) - on).dot(right);
    return own >= lo && own <= hi ? own : middle;
  }
  void run(std::size_t i, const SetValue& a) {
    const double v = a.value(eval_context(i));
    nets_.running[i].values[a.index] = v;
  }
  void run(std::size_t i, const Spawn& a) {
    std::vector<double> args;
    args.reserve(a.args.size());
    for (const Compiled& c : a.args) args.push_back(c(eval_context(i)));
    const std::uint32_t id = nets_.running[i].id;
    const std::size_t child = spawn(a.program, std::move(args), id);
    if (a.wait && nets_.running[child].alive) {
      nets_.running[i].waiting_for = nets_.running[child].id;
      nets_.running[i].prompt = a.prompt;
    }
  }
  void run(std::size_t, const Kill& a) {
    for (std::size_t j = 0; j < nets_.running.size(); ++j)
      if (nets_.running[j].alive && nets_.running[j].program == a.program) finish(j);
  }
  void run(std::size_t i, const Show& a) {
    if (!ctx_.signals) return;
    const double v = a.signal(eval_context(i));
    if (!(v >= 0 && v < static_cast<double>(ctx_.signals->size()))) return;
    const auto s = static_cast<std::size_t>(v);
    if (a.lamp >= 0) (*ctx_.signals)[s].lamp = static_cast<Lamp>(a.lamp);
    if (a.head >= 0) (*ctx_.signals)[s].head = static_cast<Head>(a.head);
  }
  void run(std::size_t i, const NextLeg&) {
    auto& route = nets_.route;
    if (route.size() < 2 || !ctx_.routes) return;
    const RoutePrograms& rp = *ctx_.routes;
    const Walkways& ways = ctx_.view.world->walkways;
    const auto crossing = [&](std::size_t k) {
      const WalkEdge* e = ways.edge_between(route[k], route[k + 1]);
      return e && e->crosswalk >= 0 && rp.cross >= 0;
    };
    if (rp.way.detour > 0 && ctx_.view.timings)
      route = choose_way(ways, *ctx_.view.timings, std::move(route), ctx_.time, rp.way);
    // A sidewalk leg that only leads up to a crossing is left to the crossing's own approach, so
    // people heading for a crosswalk make for their own half of its kerb, not for its middle.
    if (route.size() >= 3 && !crossing(0) && crossing(1)) route.erase(route.begin());
    const WalkEdge* e = ways.edge_between(route[0], route[1]);
    const auto defaults = [&](std::uint32_t p) {
      std::vector<double> v;
      for (const ParamDecl& d : prog(p).params) v.push_back(d.fallback);
      return v;
    };
    std::vector<double> args;
    std::uint32_t program = 0;
    if (e && e->crosswalk >= 0 && rp.cross >= 0) {
      program = static_cast<std::uint32_t>(rp.cross);
      args = defaults(program);
      args[rp.cross_from] = route[0];
      args[rp.cross_to] = route[1];
      args[rp.cross_signal] = e->signal;
      args[rp.cross_crosswalk] = e->crosswalk;
    } else {
      program = static_cast<std::uint32_t>(rp.walk);
      args = defaults(program);
      args[rp.walk_to] = route[1];
      if (rp.walk_next >= 0) args[rp.walk_next] = route.size() > 2 ? route[2] : route[1];
      if (rp.walk_from >= 0) args[rp.walk_from] = route[0];
    }
    route.erase(route.begin());
    const std::uint32_t id = nets_.running[i].id;
    const std::size_t child = spawn(program, std::move(args), id);
    // Prompt: when a leg ends, the route net calls the next one within the same tick. Otherwise
    // the pedestrian would take one step between legs with nothing to walk to, driven by its
    // avoidances alone; just off a crosswalk, in the crowd at its kerb, that step went back onto it.
    if (nets_.running[child].alive) {
      nets_.running[i].waiting_for = nets_.running[child].id;
      nets_.running[i].prompt = true;
    }
  }
  void run(std::size_t, const Leave&) { nets_.left = true; }
  void run(std::size_t i, const SetPoint& a) {
    if (!ctx_.params) return;
    const EvalContext ec = eval_context(i);
    put(a.x_slot, a.x(ec));
    put(a.x_slot + 1, a.y(ec));
  }
  void run(std::size_t i, const SetObject& a) {
    if (!ctx_.params) return;
    put(a.agent_slot, a.agent(eval_context(i)));
    put(a.agent_slot + 1, -1.0);  // the obstacle slot: an agent is followed instead
  }
  void run(std::size_t i, const PlanPath& a) {
    if (ctx_.agent == kNoAgent) return;
    const EvalContext ec = eval_context(i);
    PlannerParams pp;
    pp.clearance = a.clearance(ec);
    pp.resolution = std::max(0.01, a.resolution(ec));
    pp.boundary = a.boundary(ec);
    const double classes = a.classes(ec);
    pp.classes = classes < 0 ? ~0ull : static_cast<std::uint64_t>(classes);
    const PlannedPath plan = plan_path(*ctx_.view.world, ctx_.view.agents->location(ctx_.agent),
                                       Vec2(a.x(ec), a.y(ec)), pp);
    InstanceExtras& way = nets_.running[i].extra();
    way.path = plan.waypoints;
    way.waypoint = way.path.size() > 1 ? 1 : 0;  // the first is the agent's own cell
    way.path_status = plan.found ? 1 : -1;
  }
  void run(std::size_t i, const AimAtWaypoint& a) {
    const Instance& inst = nets_.running[i];
    if (!ctx_.params || inst.waypoint() >= inst.path_size()) return;
    put(a.x_slot, inst.extras->path[inst.waypoint()].x());
    put(a.x_slot + 1, inst.extras->path[inst.waypoint()].y());
  }
  void run(std::size_t i, const NextWaypoint&) {
    Instance& inst = nets_.running[i];
    if (inst.waypoint() + 1 < inst.path_size()) ++inst.extras->waypoint;
  }
  void run(std::size_t i, const Turn& a) {
    if (!ctx_.params) return;
    put(a.turning_slot, a.heading ? 1.0 : 0.0);
    if (a.heading) put(a.turn_to_slot, wrap_angle((*a.heading)(eval_context(i))));
  }

  AgentNets& nets_;
  const TickContext& ctx_;
};

void remove_finished(AgentNets& nets) {
  std::erase_if(nets.running, [](const Instance& i) { return !i.alive; });
  // A leg's successor starts before the leg is removed, so a route walker's two instances would
  // keep room for four (issue 23, memory: 112 bytes each, for every pedestrian).
  if (nets.running.capacity() > nets.running.size() + 1) nets.running.shrink_to_fit();
}

}  // namespace

void start(AgentNets& nets, std::uint32_t program, std::vector<double> args,
           const TickContext& ctx) {
  Runner(nets, ctx).spawn(program, std::move(args), 0);
  remove_finished(nets);
}

void stop(AgentNets& nets, std::uint32_t program, const TickContext& ctx) {
  Runner(nets, ctx).kill_program(program);
  remove_finished(nets);
}

void tick(AgentNets& nets, const TickContext& ctx) {
  Runner runner(nets, ctx);
  // Children spawned during the pass are appended and tick in the same pass.
  for (std::size_t i = 0; i < nets.running.size(); ++i) runner.tick(i);
  // Parents that called with `prompt` resume within this tick when their child has ended (a few
  // rounds at most: each round may end further children).
  for (int round = 0; round < 8 && !runner.resumed.empty(); ++round) {
    std::vector<std::size_t> again;
    again.swap(runner.resumed);
    std::sort(again.begin(), again.end());
    again.erase(std::unique(again.begin(), again.end()), again.end());
    const std::size_t before = nets.running.size();
    for (const std::size_t i : again) runner.tick(i);
    for (std::size_t i = before; i < nets.running.size(); ++i) runner.tick(i);  // new children
  }
  remove_finished(nets);
}

}  // namespace footfall::patnet
