// The motor system of Blumberg 1996 §5.3: DOF locks, the three command forms, spring-loaded skills
// (the digest's D-MOT requirements).
#include <doctest/doctest.h>

#include <vector>

#include "footfall/action/motor.hpp"

using namespace footfall::action;

namespace {

Command primary(std::uint32_t skill, double priority = 1) { return {{skill, Form::Primary, 1, 1}, priority}; }

}  // namespace

TEST_CASE("motor: walking with look-at runs both, sit while walking waits for the legs (D-MOT-01..05)") {
  const std::vector<MotorSkill> skills = pedestrian_skills();
  const auto walk = find_skill(skills, "walk"), look = find_skill(skills, "look_at"),
             sit = find_skill(skills, "sit");
  MotorState s = initial_motor(skills);
  std::vector<Outcome> out;
  const std::vector<Command> walk_and_look{primary(walk), primary(look)};
  motor_tick(skills, s, walk_and_look, out);
  CHECK(out == std::vector<Outcome>{Outcome::Executed, Outcome::Executed});
  CHECK(s.active[walk]);
  CHECK(s.active[look]);
  // Sit is requested while walk still runs: blocked by the legs.
  const std::vector<Command> walk_and_sit{primary(walk), primary(sit)};
  motor_tick(skills, s, walk_and_sit, out);
  CHECK(out[1] == Outcome::Blocked);
  CHECK_FALSE(s.active[sit]);
  // Look-at was not requested: it springs back over its return time, then lets go of head and gaze.
  CHECK(s.active[look]);
  // Only sit from now on: walk returns to standing (its return ticks), then sit starts by itself.
  const std::vector<Command> only_sit{primary(sit)};
  int waited = 0;
  for (; waited < 10; ++waited) {
    motor_tick(skills, s, only_sit, out);
    REQUIRE_FALSE((s.active[walk] && s.active[sit]));  // never together (D-MOT-02)
    if (out[0] == Outcome::Executed) break;
  }
  CHECK(s.active[sit]);
  CHECK_FALSE(s.active[walk]);
  CHECK(waited <= static_cast<int>(skills[walk].return_ticks) + 1);  // D-MOT-04
  CHECK_FALSE(s.active[look]);
  CHECK((s.locked & (kHead | kGaze)) == 0);
}

TEST_CASE("motor: secondary commands run by priority if free, meta-commands hold arguments (D-MOT-06, -07, -08)") {
  const std::vector<MotorSkill> skills = pedestrian_skills();
  const auto walk = find_skill(skills, "walk"), sit = find_skill(skills, "sit"),
             stand = find_skill(skills, "stand");
  MotorState s = initial_motor(skills);
  std::vector<Outcome> out;
  const std::vector<Command> commands{
      {{sit, Form::Secondary, 1, 1}, 2.0},   // lower priority: the legs are taken by then
      {{stand, Form::Secondary, 1, 1}, 5.0},
      {{walk, Form::Meta, 1.2, 1.1}, 1.0},   // hurry: longer, quicker steps
      {{walk, Form::Meta, 0.8, 0.9}, 3.0},   // fatigue, more urgent: it wins the suggestion
  };
  motor_tick(skills, s, commands, out);
  CHECK(out == std::vector<Outcome>{Outcome::Blocked, Outcome::Executed, Outcome::Held, Outcome::Held});
  CHECK(s.active[stand]);
  CHECK_FALSE(s.active[walk]);  // a meta-command never runs
  CHECK(s.has_meta[walk]);
  CHECK(s.meta0[walk] == 0.8);
  CHECK(s.meta1[walk] == 0.9);
}
