// Two crowd reflexes of the walker at density: turning the shoulders to slip through a gap too
// narrow to pass square on (walk `sidle`, Decision::twist), and making way for someone who stands
// pressing against one (Decision::want, Snapshot::want, pressing_plan).
#include <doctest/doctest.h>

#include <string>

#include "footfall/behavior/anticipation.hpp"
#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using namespace footfall;
using footfall::test::make_sim;

namespace {

Simulation scene(const std::string& text) { return make_sim(parse_scenario(text, "inline.yaml")); }

// Two people stand in a 1.32 m doorway, 0.40 m apart shoulder to shoulder; a walker 0.44 m across
// the shoulders and 0.28 m deep comes through it. Returns the walker's x after `seconds`.
double through_the_door(const std::string& sidle, double seconds) {
  Simulation sim = scene(R"(
world:
  segments:
    - {name: south, from: [1, -6], to: [1, -0.66], class: wall}
    - {name: north, from: [1, 0.66], to: [1, 6], class: wall}
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, k_theta: 1, t_d: 0.05, power: 0.5}
      walk: {type: walk, inputs: [seek], sidle: )" + sidle + R"(}
  statue:
    nodes:
      walk: {type: walk}
agents:
  - {name: w, behavior: walker, position: [-1.5, 0], radius: 0.22, depth: 0.14, set: {goal.target: [5, 0]}}
  - {name: s1, behavior: statue, position: [1, 0.42], radius: 0.22, depth: 0.14}
  - {name: s2, behavior: statue, position: [1, -0.42], radius: 0.22, depth: 0.14}
)");
  double most_twist = 0;
  for (int f = 0; f < static_cast<int>(seconds * 30); ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    const double twist = std::abs(wrap_angle(s.heading[0] - heading_of(s.plan[0].velocity())));
    if (s.plan[0].velocity().norm() > 0.2 && std::abs(s.location[0].x() - 1) < 0.3)
      most_twist = std::max(most_twist, twist);
  }
  CHECK(sim.metrics().collisions == 0);
  // The two in the door never moved.
  CHECK(sim.snapshot().location[1].y() == doctest::Approx(0.42));
  CHECK(sim.snapshot().location[2].y() == doctest::Approx(-0.42));
  if (sidle != "0") CHECK(most_twist > 0.4);  // it passed them turned, not square on
  return sim.snapshot().location[0].x();
}

}  // namespace

TEST_CASE("sidling: a walker wider than deep turns its shoulders to slip between two who stand") {
  // Square on it needs 0.44 m and the gap is 0.40: it stands before them for good.
  CHECK(through_the_door("0", 20) < 1);
  // With its shoulders turned (the default sidle, 1.2 rad) it is through in a few seconds.
  CHECK(through_the_door("1.2", 20) > 4);
}

TEST_CASE("sidling: discs never sidle, and a scene without capsules is what it was") {
  // A disc looks the same turned: the gap stays closed, and no step is tried twisted.
  Simulation sim = scene(R"(
world:
  segments:
    - {name: south, from: [1, -6], to: [1, -0.66], class: wall}
    - {name: north, from: [1, 0.66], to: [1, 6], class: wall}
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, k_theta: 1, t_d: 0.05, power: 0.5}
      walk: {type: walk, inputs: [seek]}
  statue:
    nodes:
      walk: {type: walk}
agents:
  - {name: w, behavior: walker, position: [-1.5, 0], radius: 0.22, set: {goal.target: [5, 0]}}
  - {name: s1, behavior: statue, position: [1, 0.42], radius: 0.22}
  - {name: s2, behavior: statue, position: [1, -0.42], radius: 0.22}
)");
  for (int f = 0; f < 20 * 30; ++f) {
    sim.step();
    // The body always faces where the feet do.
    CHECK(sim.agents().heading_to[0] == sim.agents().heading(0));
  }
  CHECK(sim.snapshot().location[0].x() < 1);
}

namespace {

// A 1.3 m corridor; `b` starts 0.55 m in front of `a`, facing it, wanting to go past to x = 8:
// neither side of `a` leaves it the 0.44 m it needs. `a` stands by choice, with or without the
// crowd's predictive avoidance. Returns b's x after `seconds`.
double past_one_who_stands(const std::string& a_nodes, double seconds) {
  Simulation sim = scene(R"(
world:
  segments:
    - {name: south, from: [-8, -0.65], to: [10, -0.65], class: wall}
    - {name: north, from: [-8, 0.65], to: [10, 0.65], class: wall}
behaviors:
  presser:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, k_theta: 1, t_d: 0.05, power: 0.5}
      walk: {type: walk, inputs: [seek], time_gap: 1.06}
  stander:
    nodes:
)" + a_nodes + R"(
agents:
  - {name: a, behavior: stander, position: [0, 0], heading: 3.14159, radius: 0.22}
  - {name: b, behavior: presser, position: [-0.55, 0], radius: 0.22, set: {goal.target: [8, 0]}}
)");
  bool pressed = false;
  for (int f = 0; f < static_cast<int>(seconds * 30); ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    // Standing by choice publishes nothing; held up, b publishes the way it would go.
    CHECK(s.want[0].norm() == 0);
    if (s.want[1].x() > 0.3 && std::abs(s.want[1].y()) < 0.5 * s.want[1].x()) pressed = true;
  }
  CHECK(pressed);
  CHECK(sim.metrics().collisions == 0);
  return sim.snapshot().location[1].x();
}

}  // namespace

TEST_CASE("making way: one who stands steps aside for one who presses against it") {
  // Standing with nothing but a walk node, `a` never moves: b stays held up before it.
  CHECK(past_one_who_stands("      walk: {type: walk}\n", 15) < 0);
  // With the crowd's predictive avoidance (conflicts only), `a` sees b pressing head on, foresees
  // it coming and steps aside, and b walks past.
  CHECK(past_one_who_stands(
            "      others: {type: predictive_avoid, radius: 4, steps: 2, weight: 4, conflicts_only: 1}\n"
            "      walk: {type: walk, inputs: [others]}\n",
            15) > 4);
}

TEST_CASE("making way: only the one in the presser's way sees it coming") {
  // b at the origin stands, wishing to walk +x at 0.8 m/s.
  Snapshot s = test::standing({{0, 0}, {0.5, 0.05}, {0.5, 1.0}, {-0.5, 0}}, 0.22);
  s.want[0] = {0.8, 0};
  const double t = 3;
  // In its way, 0.5 m ahead: seen walking on as it wishes.
  const Plan ahead = pressing_plan(s, 0, s.location[1], 0.22, t);
  CHECK(ahead.velocity().x() == doctest::Approx(0.8));
  CHECK(ahead.t0 == t);
  // Beside its way, or behind it: still standing.
  CHECK(pressing_plan(s, 0, s.location[2], 0.22, t).velocity().norm() == 0);
  CHECK(pressing_plan(s, 0, s.location[3], 0.22, t).velocity().norm() == 0);
  // A walker already walking is seen by its step, whatever it wished before.
  s.plan[0] = {{0, 0}, {0.3, 0}, 2.8, 3.3};
  CHECK(pressing_plan(s, 0, s.location[1], 0.22, t).velocity().x() == doctest::Approx(0.6));
}
