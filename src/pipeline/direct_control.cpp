// Direct motor control (D-EXT-05; Blumberg 1996 §4.7, §5.6): an agent's behavior system suspended,
// it carries out generic motor commands of its template (walk_to in character) or is placed out of
// character. See Simulation::suspend and docs/action_selection.md.
#include <stdexcept>
#include <string>

#include "footfall/pipeline/simulation.hpp"

namespace footfall {

namespace {

AgentAction& running(std::vector<AgentAction>& actions, std::uint32_t a) {
  if (a >= actions.size() || actions[a].system == action::kNone)
    throw std::out_of_range("agent " + std::to_string(a) + " runs no action-selection system");
  return actions[a];
}

constexpr std::uint64_t kExternalObject = (1ull << 40) - 1;  // the point an external command aims at
}  // namespace

void Simulation::external_acts(std::uint32_t a, const ActionSystemSpec& spec, AgentAction& x,
                               action::TickResult& result) const {
  result.acts.clear();
  result.switched = false;
  result.iterations = 0;
  const Vec2 here = snapshot().location[a];
  // walk_to ends within its tolerance of the point: the agent stops there.
  if (x.has_target && x.command != action::kNone && spec.commands[x.command].command.skill == spec.walk_skill &&
      (x.target - here).norm() <= x.tolerance) {
    x.command = spec.find_command("stop");
    x.has_target = false;
  }
  const std::uint32_t c = x.command != action::kNone ? x.command : spec.find_command("stop");
  if (c == action::kNone) return;
  const GenericCommand& g = spec.commands[c];
  action::Stimulus at;
  if (x.has_target) at = {kExternalObject, action::kNone, 0, (x.target - here).norm(), x.target.x(), x.target.y()};
  for (const action::Act& act : g.acts) result.acts.push_back({act, action::kNone, true, 1.0, at});
  result.acts.push_back({g.command, action::kNone, true, 1.0, at});
}

void Simulation::apply_timed_controls(double t) {
  if (scripts_.action.empty()) return;
  for (const ActionControl& c : scripts_.action.controls) {
    if (c.timed.empty() || c.agent >= actions_.size() || actions_[c.agent].pedestrian == 0) continue;
    for (const ActionControl::Timed& k : c.timed) {
      if (!(k.at > t - config_.dt + 1e-9 && k.at <= t + 1e-9) && !(k.at <= 0 && t <= config_.dt + 1e-9)) continue;
      switch (k.kind) {
        case ActionControl::Timed::Kind::Suspend: suspend(c.agent, true); break;
        case ActionControl::Timed::Kind::Resume: suspend(c.agent, false); break;
        case ActionControl::Timed::Kind::Command:
        case ActionControl::Timed::Kind::WalkTo: {
          AgentAction& x = actions_[c.agent];
          x.suspended = true;  // a command implies suspension
          x.command = k.command;
          x.has_target = k.kind == ActionControl::Timed::Kind::WalkTo;
          x.target = k.target;
          x.tolerance = k.tolerance;
          break;
        }
        case ActionControl::Timed::Kind::Place: place(c.agent, k.target); break;
      }
    }
  }
}

void Simulation::suspend(std::uint32_t a, bool suspended) {
  AgentAction& x = running(actions_, a);
  x.suspended = suspended;
  x.command = action::kNone;
  x.has_target = false;
}

void Simulation::command(std::uint32_t a, std::string_view generic, std::optional<Vec2> target, double tolerance) {
  AgentAction& x = running(actions_, a);
  if (!x.suspended) throw std::logic_error("agent " + name_of(agents_.id[a]) + "'s behavior system is not suspended");
  const ActionSystemSpec& spec = scripts_.action.systems[x.system];
  const std::uint32_t c = spec.find_command(generic);
  if (c == action::kNone) {
    std::string known;
    for (const GenericCommand& g : spec.commands) known += " " + g.name;
    throw std::out_of_range("no motor command '" + std::string(generic) + "' (commands:" + known + ")");
  }
  x.command = c;
  x.has_target = target.has_value();
  if (target) x.target = *target;
  x.tolerance = tolerance;
}

void Simulation::place(std::uint32_t a, const Vec2& at) {
  if (a >= agents_.size() || !agents_.active[a] || agents_.vehicle(a))
    throw std::out_of_range("agent " + std::to_string(a) + " is not a pedestrian in the scene");
  wrap(a, at - agents_.location(a));  // feet, step in progress, decision and figure, moved as one
  agents_.gait[a] = Gait::Placed;
  GoalProgress& g = progress_[a];
  g.anchor = agents_.location(a);
  g.best_distance = kInf;  // approach counts afresh from here
}

}  // namespace footfall
