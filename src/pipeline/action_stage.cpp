// Action selection in CONTROL (Blumberg 1996 Fig. 19; docs/action_selection.md): each agent that
// runs a system ticks it at the system's rate, perceiving the scenario's objects and the
// pedestrians it knows in S(N−1), then carries out what its behaviors issued. Every agent writes only
// its own state, parameters and PaT-Nets, and reads only published data, so the result is the same
// for any thread count; randomness is counter-based on (seed, pedestrian, variable or pair).
#include <algorithm>
#include <cmath>
#include <variant>

#include "footfall/select/tick.hpp"
#include "footfall/core/parallel.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/pipeline/simulation.hpp"
#include "footfall/world/shapes.hpp"

namespace footfall {
namespace {

// Object ids: the scenario's objects 1, 2, …; private objects from kPrivateObject; pedestrians,
// perceived as acquaintances, kPedestrianObject + their id.
constexpr std::uint64_t kPrivateObject = 1ull << 32;
constexpr std::uint64_t kPedestrianObject = 1ull << 40;
constexpr std::uint64_t kGoalObject = (1ull << 40) - 2;  // the goal sensor's point (D-LOI-07)

// Whether pedestrians i and j know each other: symmetric, drawn once per pair and seed.
bool acquainted(std::uint64_t seed, std::uint64_t i, std::uint64_t j, double share) {
  if (share <= 0 || i == j) return false;
  return counter_uniform(seed, std::min(i, j), std::max(i, j), RngStream::Acquaintance) < share;
}

std::uint32_t member_index(const action::System& system, std::uint32_t behavior) {
  const auto& top = system.groups[0].members;
  const auto it = std::find(top.begin(), top.end(), behavior);
  return it == top.end() ? action::kNone : static_cast<std::uint32_t>(it - top.begin());
}

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};

}  // namespace

void Simulation::start_action(std::uint32_t a, double t) {
  AgentAction& x = actions_[a];
  const ActionSystemSpec& spec = scripts_.action.systems[x.system];
  const action::System& system = spec.system;
  x.pedestrian = agents_.id[a];
  x.entered = t;
  x.ticks = 0;
  x.state = action::initial_state(system);
  x.motor = action::initial_motor(spec.skills);
  for (const Motivation& m : spec.motivations) {
    double v = m.lo + (m.hi - m.lo) * counter_uniform(config_.seed, x.pedestrian, m.variable, RngStream::Motivation);
    if (m.model_parameter >= 0 && static_cast<std::uint32_t>(m.model_parameter) < agents_.model_stride)
      v *= std::max(0.0, 1.0 + m.model_weight * (agents_.model_of(a)[m.model_parameter] - m.model_default) / 100.0);
    const action::InternalVariable& iv = system.variables[m.variable];
    x.state.variables[m.variable] = std::clamp(v, iv.min, iv.max);
  }
  const AgentParams p = agents_.params_of(a);
  for (int k = 0; k < 4; ++k) x.walk_base[k] = spec.step_slots[k] != action::kNone ? p[spec.step_slots[k]] : 0.0;
  x.orders.clear();
  x.held.clear();
  x.beneath.clear();
  x.legs_held = x.looking = x.seated = false;
  x.gaze = {};
  x.seat = 0;
  x.suspended = x.has_target = false;
  x.command = action::kNone;
  x.activity = action::kNone;
  x.activity_seconds.assign(system.groups[0].members.size(), 0.0);
  x.recent_switches.clear();
  x.most_switches_per_minute = 0;
  x.switches = 0;
  if (a < scenario_agents_)
    for (const ActionControl& c : scripts_.action.controls) {
      if (c.agent != a) continue;
      for (const auto& [v, value] : c.variables) x.state.variables[v] = value;
      x.state.forced = c.forced;
      for (std::size_t k = 0; k < c.private_objects.size(); ++k) add_private_object(a, c.private_objects[k]);
      x.held = c.held;
      x.suspended = c.suspended;
    }
}

void Simulation::fold_action(std::uint32_t a) {
  AgentAction& x = actions_[a];
  if (x.pedestrian == 0) return;
  const double tick = scripts_.action.systems[x.system].system.tick;
  auto& seconds = action_totals_.activity_seconds[x.system];
  for (std::size_t k = 0; k < seconds.size(); ++k) seconds[k] += x.activity_seconds[k];
  action_totals_.switches[x.system] += x.switches;
  action_totals_.agent_seconds[x.system] += static_cast<double>(x.ticks) * tick;
  action_totals_.most_switches_per_minute =
      std::max(action_totals_.most_switches_per_minute, x.most_switches_per_minute);
  x.pedestrian = 0;
}

ActionTotals Simulation::action_totals() const {
  ActionTotals totals = action_totals_;
  for (const AgentAction& x : actions_) {
    if (x.pedestrian == 0) continue;
    const double tick = scripts_.action.systems[x.system].system.tick;
    for (std::size_t k = 0; k < x.activity_seconds.size(); ++k)
      totals.activity_seconds[x.system][k] += x.activity_seconds[k];
    totals.switches[x.system] += x.switches;
    totals.agent_seconds[x.system] += static_cast<double>(x.ticks) * tick;
    totals.most_switches_per_minute = std::max(totals.most_switches_per_minute, x.most_switches_per_minute);
  }
  return totals;
}

// What agent a perceives this tick (and the distances of its private objects): the scenario's
// objects within range (each `occupied` when
// enough others stand at it) and the pedestrians it knows, from S(N−1).
void Simulation::perceive(std::uint32_t a, const ActionSystemSpec& spec,
                          std::vector<action::Stimulus>& seen) {
  seen.clear();
  const Snapshot& s = snapshot();
  const Vec2 here = s.location[a];
  const auto& objects = scripts_.action.objects;
  const Aabb near{Vec2(here.array() - spec.range), Vec2(here.array() + spec.range)};
  action_objects_.for_each_in(near, [&](std::uint32_t k) {
    const ActionObject& o = objects[k];
    const double d = (o.at - here).norm();
    if (d > spec.range) return;
    std::uint32_t fields = o.fields;
    std::uint32_t others = 0;
    if (o.capacity > 0) {
      const Aabb box{Vec2(o.at.array() - o.occupied_within), Vec2(o.at.array() + o.occupied_within)};
      s.grid.for_each_in(box, [&](std::uint32_t j) {
        if (j < s.agents && j != a && s.active[j] && (s.location[j] - o.at).norm() <= o.occupied_within) ++others;
      });
      if (others >= o.capacity) fields |= 1u << ActionSelection::kOccupied;
    }
    if (o.queue_spacing > 0) {
      // At the counter, only those nearer it (the lower id on a tie) are served before one: two who
      // reach it together do not both wait for the other.
      const double mine = (here - o.at).norm();
      if (mine <= o.occupied_within) {
        others = 0;
        const std::uint64_t me = agents_.id[a];
        const Aabb box{Vec2(o.at.array() - o.occupied_within), Vec2(o.at.array() + o.occupied_within)};
        s.grid.for_each_in(box, [&](std::uint32_t j) {
          if (j >= s.agents || j == a || !s.active[j]) return;
          const double dj = (s.location[j] - o.at).norm();
          if (dj < mine || (dj == mine && s.id[j] < me)) ++others;
        });
        fields &= ~(1u << ActionSelection::kOccupied);
        if (others >= o.capacity) fields |= 1u << ActionSelection::kOccupied;
      }
      // Where it was to stand on the last tick, if the queue is its object of interest.
      const action::Stimulus& it = actions_[a].state.pronome;
      const std::optional<Vec2> before =
          it.id == k + 1ull ? std::optional<Vec2>(Vec2(it.x, it.y)) : std::nullopt;
      const Vec2 place = queue_place(o, s, a, others, before);
      if (place != o.at) fields |= 1u << ActionSelection::kOccupied;
      seen.push_back({k + 1ull, o.kind, fields, (place - here).norm(), place.x(), place.y()});
      return;
    }
    seen.push_back({k + 1ull, o.kind, fields, d, o.at.x(), o.at.y()});
  });
  if (spec.acquaintances > 0 && spec.acquaintance_range > 0) {
    const std::uint64_t me = agents_.id[a];
    const double r = spec.acquaintance_range;
    const Aabb box{Vec2(here.array() - r), Vec2(here.array() + r)};
    s.grid.for_each_in(box, [&](std::uint32_t j) {
      if (j >= s.agents || j == a || !s.active[j]) return;
      const double d = (s.location[j] - here).norm();
      if (d <= r && acquainted(config_.seed, me, s.id[j], spec.acquaintances))
        seen.push_back({kPedestrianObject + s.id[j], scripts_.action.acquaintance, 0, d, s.location[j].x(),
                        s.location[j].y()});
    });
  }
  for (action::Stimulus& p : actions_[a].state.private_objects)
    p.distance = (Vec2(p.x, p.y) - here).norm();
  if (spec.goal_x_slot != action::kNone) {
    // The goal and what Blumberg's creature sensed about it (§5.7.5): a free path, whether it lies
    // behind, whether the agent is in the open.
    const AgentParams p = agents_.params_of(a);
    const Vec2 goal(p[spec.goal_x_slot], p[spec.goal_x_slot + 1]);
    std::uint32_t fields = 0;
    if (world_.line_of_sight(here, goal)) fields |= 1u << spec.free_path_bit;
    const Vec2 to = goal - here;
    if (to.squaredNorm() > 1e-12 && std::abs(wrap_angle(std::atan2(to.y(), to.x()) - s.heading[a])) > kPi / 2)
      fields |= 1u << spec.behind_bit;
    const double r = spec.open_space;
    bool open = true;
    world_.for_each_obstacle_near({Vec2(here.array() - r), Vec2(here.array() + r)}, [&](std::uint32_t k) {
      const Obstacle& o = world_.obstacles[k];
      if (open && o.solid && distance_to(o.shape, here) < r) open = false;
    });
    if (open) fields |= 1u << spec.open_space_bit;
    seen.push_back({kGoalObject, spec.goal_kind, fields, to.norm(), goal.x(), goal.y()});
  }
}

void Simulation::carry_out(std::uint32_t a, double t, const ActionSystemSpec& spec, AgentAction& x,
                           const action::TickResult& result, std::vector<action::Command>& commands,
                           std::vector<action::Outcome>& outcomes) {
  ParamStore& p = agents_.params;
  x.orders.clear();
  commands.clear();
  auto set = [&](std::uint32_t slot, double value) {
    if (spec.spring_back && std::none_of(x.beneath.begin(), x.beneath.end(),
                                         [&](const action::SetParam& b) { return b.slot == slot; }))
      x.beneath.push_back({slot, p.get(a, slot)});  // not laid over yet: p holds the nets' value
    p.set(a, slot, value);
    x.orders.push_back({slot, value});
  };
  for (const action::Issued& issued : result.acts) {
    std::visit(Overloaded{
                   [&](const action::SetParam& c) { set(c.slot, c.value); },
                   [&](const action::AimAt& c) {
                     if (issued.object.id == action::kNoObject) return;
                     set(c.x_slot, issued.object.x);
                     set(c.x_slot + 1, issued.object.y);
                   },
                   [&](const action::StartNet& c) {
                     patnet::AgentNets& nets = agent_nets_.agents[a];
                     for (const patnet::Instance& i : nets.running)
                       if (i.alive && i.program == c.program) return;
                     std::vector<double> args;
                     for (const patnet::ParamDecl& d : scripts_.programs[c.program].params) args.push_back(d.fallback);
                     patnet::start(nets, c.program, std::move(args), tick_context(t, a));
                   },
                   [&](const action::StopNet& c) {
                     patnet::AgentNets& nets = agent_nets_.agents[a];
                     for (const patnet::Instance& i : nets.running)
                       if (i.alive && i.program == c.program) {
                         patnet::stop(nets, c.program, tick_context(t, a));
                         return;
                       }
                   },
                   [&](const action::MotorCommand& c) { commands.push_back({c, issued.pre}); },
                   [&](const action::SetLoi& c) { x.state.loi[c.behavior] = std::clamp(c.value, 0.0, 1.0); },
               },
               issued.act);
  }
  for (const action::SetParam& h : x.held) set(h.slot, h.value);
  // Phase 3 of Fig. 19: the motor controller and every skill.
  action::motor_tick(spec.skills, x.motor, commands, outcomes);
  x.legs_held = x.looking = false;
  x.seated = spec.sit_skill != action::kNone && x.motor.active[spec.sit_skill];
  // Sitting down over sit_seconds; standing up as the sit skill springs back (its return ticks).
  if (!x.seated) {
    x.seat = 0;
  } else if (x.motor.returning[spec.sit_skill]) {
    const std::uint32_t back = spec.skills[spec.sit_skill].return_ticks;
    x.seat = back > 0 ? std::min(x.seat, static_cast<double>(x.motor.left[spec.sit_skill]) / back) : 0.0;
  } else {
    x.seat = std::min(1.0, x.seat + spec.system.tick / spec.sit_seconds);
  }
  for (std::uint32_t k = 0; k < spec.skills.size(); ++k) {
    if (!x.motor.active[k]) continue;
    if ((spec.skills[k].dofs & action::kLegs) && k != spec.walk_skill) x.legs_held = true;
    if ((spec.skills[k].dofs & action::kGaze) && x.state.pronome.id != action::kNoObject) {
      x.looking = true;
      x.look = Vec2(x.state.pronome.x, x.state.pronome.y);
    }
  }
  // Walking style (meta-commands on walk): step length and cadence factors from the values on entry.
  const std::uint32_t walk = spec.walk_skill;
  if (walk != action::kNone && spec.step_slots[0] != action::kNone) {
    const bool meta = x.motor.has_meta[walk];
    const double length = meta ? x.motor.meta0[walk] : 1.0, cadence = meta ? x.motor.meta1[walk] : 1.0;
    for (int k = 0; k < 3; ++k) set(spec.step_slots[k], x.walk_base[k] * length);
    if (cadence > 0) set(spec.step_slots[3], x.walk_base[3] / cadence);
  }
  if (spec.spring_back)  // what no behavior orders now springs back to the nets' value
    std::erase_if(x.beneath, [&](const action::SetParam& b) {
      if (std::any_of(x.orders.begin(), x.orders.end(), [&](const action::SetParam& o) { return o.slot == b.slot; }))
        return false;
      p.set(a, b.slot, b.value);
      return true;
    });
}

void Simulation::action_stage(double t) {
  if (scripts_.action.empty()) return;
  // Serially: a new pedestrian in a slot starts afresh; one who left is folded into the totals.
  action_due_.clear();
  for (std::uint32_t a = 0; a < actions_.size(); ++a) {
    AgentAction& x = actions_[a];
    if (x.system == action::kNone) continue;
    const bool here = agents_.active[a] && !leaving_[a];
    if (x.pedestrian != 0 && (!here || agents_.id[a] != x.pedestrian)) fold_action(a);
    if (!here) continue;
    if (x.pedestrian == 0) start_action(a, t);
    action_due_.push_back(a);
  }
  parallel_chunks(action_due_.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<action::Stimulus> seen;
    action::TickResult result;
    action::TickScratch scratch;
    std::vector<action::Command> commands;
    std::vector<action::Outcome> outcomes;
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = action_due_[k];
      AgentAction& x = actions_[a];
      const ActionSystemSpec& spec = scripts_.action.systems[x.system];
      const double tick = spec.system.tick;
      // The system's ticks that fall in this frame (t − dt, t].
      const auto due = static_cast<std::int64_t>(std::floor(t / tick + 1e-9)) -
                       static_cast<std::int64_t>(std::floor((t - config_.dt) / tick + 1e-9));
      for (std::int64_t n = 0; n < due; ++n) {
        if (x.suspended) {
          external_acts(a, spec, x, result);
        } else {
          perceive(a, spec, seen);
          action::tick(spec.system, x.state, seen, result, scratch);
        }
        carry_out(a, t, spec, x, result, commands, outcomes);
        // The activity is the top-level winner; a change of it is a switch.
        const std::uint32_t now = x.state.path.empty() ? action::kNone : member_index(spec.system, x.state.path[0]);
        if (now != action::kNone) x.activity_seconds[now] += tick;
        if (x.ticks > 0 && now != x.activity) {
          ++x.switches;
          x.recent_switches.push_back(t);
        }
        const auto recent = std::find_if(x.recent_switches.begin(), x.recent_switches.end(),
                                         [&](double when) { return when > t - 60.0; });
        x.recent_switches.erase(x.recent_switches.begin(), recent);
        x.most_switches_per_minute =
            std::max(x.most_switches_per_minute, static_cast<std::uint32_t>(x.recent_switches.size()));
        x.activity = now;
        ++x.ticks;
      }
      turn_gaze(a, spec, x);
    }
  });
}

// Every frame, eyes, head and trunk move toward the gaze point (ahead when not looking) at their
// speeds, eyes first (D-MOT-12, select/gaze.hpp); the target is taken relative to the heading the
// agent had in S(N−1), so it reads published data only.
void Simulation::turn_gaze(std::uint32_t a, const ActionSystemSpec& spec, AgentAction& x) const {
  const Snapshot& s = snapshot();
  double target = 0;
  if (x.looking) {
    const Vec2 to = x.look - s.location[a];
    if (to.squaredNorm() >= 1e-6) target = wrap_angle(std::atan2(to.y(), to.x()) - s.heading[a]);
    else target = x.gaze.target;
  }
  action::gaze_step(x.gaze, target, config_.dt, spec.gaze);
}

bool Simulation::on_errand(std::uint32_t a) const {
  if (actions_.empty() || actions_[a].pedestrian == 0) return false;
  if (actions_[a].suspended) return true;  // under direct control: it does not leave on its own
  if (actions_[a].activity == action::kNone) return false;
  const ActionSystemSpec& spec = scripts_.action.systems[actions_[a].system];
  return spec.system.groups[0].members[actions_[a].activity] != spec.travel;
}

// ---- external control (Blumberg 1996 §5.6) -----------------------------------------------------

namespace {
AgentAction& running(std::vector<AgentAction>& actions, std::uint32_t a) {
  if (a >= actions.size() || actions[a].system == action::kNone)
    throw std::out_of_range("agent " + std::to_string(a) + " runs no action-selection system");
  return actions[a];
}
}  // namespace

const action::System* Simulation::action_system(std::uint32_t a) const {
  if (a >= actions_.size() || actions_[a].system == action::kNone) return nullptr;
  return &scripts_.action.systems[actions_[a].system].system;
}

void Simulation::set_variable(std::uint32_t a, std::string_view name, double value) {
  AgentAction& x = running(actions_, a);
  const action::System& s = scripts_.action.systems[x.system].system;
  const std::uint32_t v = s.find_variable(name);
  if (v == action::kNone) throw std::out_of_range("no internal variable '" + std::string(name) + "'");
  x.state.variables[v] = std::clamp(value, s.variables[v].min, s.variables[v].max);
}

void Simulation::force_branch(std::uint32_t a, std::string_view behavior) {
  AgentAction& x = running(actions_, a);
  const action::System& s = scripts_.action.systems[x.system].system;
  if (behavior.empty()) {
    x.state.forced = action::kNone;
    return;
  }
  const std::uint32_t b = s.find_behavior(behavior);
  if (b == action::kNone) throw std::out_of_range("no behavior '" + std::string(behavior) + "'");
  x.state.forced = b;
}

void Simulation::add_private_object(std::uint32_t a, const ActionObject& object) {
  AgentAction& x = running(actions_, a);
  const std::uint64_t id = kPrivateObject + a * 1024 + x.state.private_objects.size();
  x.state.private_objects.push_back({id, object.kind, object.fields, 0.0, object.at.x(), object.at.y()});
}

void Simulation::set_releasing(std::string_view system, std::string_view rm,
                               std::optional<std::string_view> kind, std::optional<double> max_value) {
  auto& systems = scripts_.action.systems;
  const auto s = std::find_if(systems.begin(), systems.end(),
                              [&](const ActionSystemSpec& x) { return x.system.name == system; });
  if (s == systems.end()) throw std::out_of_range("no action-selection system '" + std::string(system) + "'");
  const auto r = std::find_if(s->system.rms.begin(), s->system.rms.end(),
                              [&](const action::ReleasingMechanism& x) { return x.name == rm; });
  if (r == s->system.rms.end())
    throw std::out_of_range("system '" + std::string(system) + "' has no releasing mechanism '" + std::string(rm) + "'");
  if (max_value && !(*max_value >= 0))
    throw std::invalid_argument("a releasing mechanism's maxValue must be >= 0, not " + std::to_string(*max_value));
  if (kind) {
    const auto& kinds = scripts_.action.kinds;
    const auto k = std::find(kinds.begin(), kinds.end(), *kind);
    if (k == kinds.end()) {
      std::string known;
      for (const std::string& n : kinds) known += " " + n;
      throw std::out_of_range("no kind of object '" + std::string(*kind) + "' (kinds:" + known + ")");
    }
    r->kind = static_cast<std::uint32_t>(k - kinds.begin());
    r->it = false;
  }
  if (max_value) r->max_value = *max_value;
}

void Simulation::hold_param(std::uint32_t a, std::uint32_t slot, double value) {
  running(actions_, a).held.push_back({slot, value});
}

}  // namespace footfall
