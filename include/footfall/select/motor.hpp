#pragma once
// The motor system (Blumberg 1996 §5.3, Figs 17–18): degrees of freedom that one motor skill at a
// time may lock, skills that declare the DOFs they need, and a motor controller taking commands in
// three forms. Primary commands ("do it") are dispatched at once in issue order; secondary commands
// ("do it if no one objects") run at the end of the update in descending order of the issuing
// behavior's pre-inhibition value, if their DOFs are free; meta-commands ("do it this way") never
// run: they hold suggested arguments a winner may read. Then every skill updates (Fig. 19 phase 3):
// a skill active but not requested is spring-loaded, returns to its canonical pose over
// `return_ticks` and only then releases its DOFs. Walking (legs) and looking at (head, gaze) run
// together; sitting (legs, torso) and walking never do.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "footfall/select/system.hpp"

namespace footfall::action {

enum Dof : std::uint32_t { kLegs = 1, kTorso = 2, kHead = 4, kGaze = 8, kArms = 16 };

struct MotorSkill {
  std::string name;
  std::uint32_t dofs = 0;          // Dof bits
  std::uint32_t return_ticks = 0;  // ticks back to the canonical pose once no longer requested
};

// The skills every pedestrian has, in this order (MotorSkills::walk ...): walk (legs), look_at
// (head, gaze), sit (legs, torso), stand (legs: standing still, e.g. in a queue or at a window),
// gesture (arms).
std::vector<MotorSkill> pedestrian_skills();
std::uint32_t find_skill(std::span<const MotorSkill> skills, std::string_view name);

struct MotorState {
  std::vector<std::uint8_t> active, requested, returning;
  std::vector<std::uint32_t> left;          // ticks still to return, per skill
  std::uint32_t locked = 0;                 // DOF bits held by active skills
  std::vector<double> arg0, arg1;           // per skill: the arguments it runs with
  std::vector<std::uint8_t> has_meta;       // per skill: a meta-command suggested arguments
  std::vector<double> meta0, meta1, meta_priority;
};

MotorState initial_motor(std::span<const MotorSkill> skills);

enum class Outcome : std::uint8_t { Executed, Blocked, Held };  // Held: a meta-command

struct Command {
  MotorCommand command;
  double priority = 0;  // the issuing behavior's pre-inhibition value
};

// One controller update and skill update; outcomes[k] tells the issuer of commands[k] what became
// of it (§5.3: behaviors are told whether a command was executed or blocked). Default arguments
// (Act's 1, 1) are kept when a command gives none.
void motor_tick(std::span<const MotorSkill> skills, MotorState& state, std::span<const Command> commands,
                std::vector<Outcome>& outcomes);

}  // namespace footfall::action
