// The motor system of Blumberg 1996 §5.3: DOF locks, the three command forms, spring-loaded skills
// (the digest's D-MOT requirements).
#include <doctest/doctest.h>

#include <vector>

#include "footfall/select/motor.hpp"

using namespace footfall::action;

namespace {

Command primary(std::uint32_t skill, double priority = 1) { return {{skill, Form::Primary, 1, 1}, priority}; }

// A pedestrian's motor system standing still.
struct Body {
  std::vector<MotorSkill> skills = pedestrian_skills();
  MotorState s = initial_motor(skills);
  std::vector<Outcome> out;
  std::uint32_t skill(const char* name) const { return find_skill(skills, name); }
  void tick(const std::vector<Command>& commands) { motor_tick(skills, s, commands, out); }
};

}  // namespace

TEST_CASE("motor: walking with look-at runs both, sit while walking waits for the legs (D-MOT-01..05)") {
  Body body;
  const auto walk = body.skill("walk"), look = body.skill("look_at"), sit = body.skill("sit");
  const MotorState& s = body.s;
  const std::vector<Outcome>& out = body.out;
  const std::vector<Command> walk_and_look{primary(walk), primary(look)};
  body.tick(walk_and_look);
  CHECK(out == std::vector<Outcome>{Outcome::Executed, Outcome::Executed});
  CHECK(s.active[walk]);
  CHECK(s.active[look]);
  // Sit is requested while walk still runs: blocked by the legs.
  const std::vector<Command> walk_and_sit{primary(walk), primary(sit)};
  body.tick(walk_and_sit);
  CHECK(out[1] == Outcome::Blocked);
  CHECK_FALSE(s.active[sit]);
  // Look-at was not requested: it springs back over its return time, then lets go of head and gaze.
  CHECK(s.active[look]);
  // Only sit from now on: walk returns to standing (its return ticks), then sit starts by itself.
  const std::vector<Command> only_sit{primary(sit)};
  int waited = 0;
  for (; waited < 10; ++waited) {
    body.tick(only_sit);
    REQUIRE_FALSE((s.active[walk] && s.active[sit]));  // never together (D-MOT-02)
    if (out[0] == Outcome::Executed) break;
  }
  CHECK(s.active[sit]);
  CHECK_FALSE(s.active[walk]);
  CHECK(waited <= static_cast<int>(body.skills[walk].return_ticks) + 1);  // D-MOT-04
  CHECK_FALSE(s.active[look]);
  CHECK((s.locked & (kHead | kGaze)) == 0);
}

TEST_CASE("motor: secondary commands run by priority if free, meta-commands hold arguments (D-MOT-06, -07, -08)") {
  Body body;
  const auto walk = body.skill("walk"), sit = body.skill("sit"), stand = body.skill("stand");
  const MotorState& s = body.s;
  const std::vector<Outcome>& out = body.out;
  const std::vector<Command> commands{
      {{sit, Form::Secondary, 1, 1}, 2.0},   // lower priority: the legs are taken by then
      {{stand, Form::Secondary, 1, 1}, 5.0},
      {{walk, Form::Meta, 1.2, 1.1}, 1.0},   // hurry: longer, quicker steps
      {{walk, Form::Meta, 0.8, 0.9}, 3.0},   // fatigue, more urgent: it wins the suggestion
  };
  body.tick(commands);
  CHECK(out == std::vector<Outcome>{Outcome::Blocked, Outcome::Executed, Outcome::Held, Outcome::Held});
  CHECK(s.active[stand]);
  CHECK_FALSE(s.active[walk]);  // a meta-command never runs
  CHECK(s.has_meta[walk]);
  CHECK(s.meta0[walk] == 0.8);
  CHECK(s.meta1[walk] == 0.9);
}
