// The motor system (Blumberg 1996 §5.3): see select/motor.hpp.
#include "footfall/select/motor.hpp"

#include <algorithm>

namespace footfall::action {

std::vector<MotorSkill> pedestrian_skills() {
  return {{"walk", kLegs, 2}, {"look_at", kHead | kGaze, 3}, {"sit", kLegs | kTorso, 20},
          {"stand", kLegs, 0}, {"gesture", kArms, 5}};
}

std::uint32_t find_skill(std::span<const MotorSkill> skills, std::string_view name) {
  for (std::uint32_t k = 0; k < skills.size(); ++k)
    if (skills[k].name == name) return k;
  return kNone;
}

MotorState initial_motor(std::span<const MotorSkill> skills) {
  const std::size_t n = skills.size();
  MotorState s;
  s.active.assign(n, 0);
  s.requested.assign(n, 0);
  s.returning.assign(n, 0);
  s.left.assign(n, 0);
  s.arg0.assign(n, 1.0);
  s.arg1.assign(n, 1.0);
  s.has_meta.assign(n, 0);
  s.meta0.assign(n, 1.0);
  s.meta1.assign(n, 1.0);
  s.meta_priority.assign(n, 0.0);
  return s;
}

namespace {

// A skill starts only when every DOF it declares is free; an active skill keeps running.
bool request(std::span<const MotorSkill> skills, MotorState& s, const MotorCommand& c) {
  if (c.skill >= skills.size()) return false;
  const MotorSkill& skill = skills[c.skill];
  if (!s.active[c.skill]) {
    if (s.locked & skill.dofs) return false;
    s.active[c.skill] = 1;
    s.locked |= skill.dofs;
  }
  s.requested[c.skill] = 1;
  s.returning[c.skill] = 0;
  s.arg0[c.skill] = c.arg0;
  s.arg1[c.skill] = c.arg1;
  return true;
}

}  // namespace

void motor_tick(std::span<const MotorSkill> skills, MotorState& s, std::span<const Command> commands,
                std::vector<Outcome>& outcomes) {
  outcomes.assign(commands.size(), Outcome::Held);
  std::fill(s.requested.begin(), s.requested.end(), 0);
  std::fill(s.has_meta.begin(), s.has_meta.end(), 0);
  std::vector<std::uint32_t> queued;
  for (std::uint32_t k = 0; k < commands.size(); ++k) {
    const MotorCommand& c = commands[k].command;
    if (c.form == Form::Primary) {
      outcomes[k] = request(skills, s, c) ? Outcome::Executed : Outcome::Blocked;
    } else if (c.form == Form::Secondary) {
      queued.push_back(k);
    } else if (c.skill < skills.size() &&
               (!s.has_meta[c.skill] || commands[k].priority > s.meta_priority[c.skill])) {
      s.has_meta[c.skill] = 1;  // the highest-priority suggestion for the skill, first on a tie
      s.meta0[c.skill] = c.arg0;
      s.meta1[c.skill] = c.arg1;
      s.meta_priority[c.skill] = commands[k].priority;
    }
  }
  std::stable_sort(queued.begin(), queued.end(), [&](std::uint32_t a, std::uint32_t b) {
    return commands[a].priority > commands[b].priority;
  });
  for (const std::uint32_t k : queued)
    outcomes[k] = request(skills, s, commands[k].command) ? Outcome::Executed : Outcome::Blocked;
  // Every skill updates whether commanded or not (Fig. 19 phase 3): unrequested ones spring back.
  for (std::uint32_t k = 0; k < skills.size(); ++k) {
    if (!s.active[k] || s.requested[k]) continue;
    if (!s.returning[k]) {
      s.returning[k] = 1;
      s.left[k] = skills[k].return_ticks;
    }
    if (s.left[k] == 0) {
      s.active[k] = s.returning[k] = 0;
      s.locked &= ~skills[k].dofs;
    } else {
      --s.left[k];
    }
  }
}

}  // namespace footfall::action
