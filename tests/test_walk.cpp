#include <doctest/doctest.h>

#include "footfall/behavior/walk.hpp"
#include "helpers.hpp"

using namespace footfall;

TEST_CASE("the fan holds arcs × rays footsteps in front of the forward foot") {
  FanParams fan;
  fan.arcs = 3;
  fan.rays = 5;
  fan.min_step = 0.4;
  fan.max_step = 0.8;
  fan.max_turn = 0.5;
  fan.goal_candidate = fan.stay_candidate = fan.turn_in_place = false;
  fan.side_step = 0;
  const Feet feet{{1, 0}, 0, {0.3, 0}, 0};
  std::vector<Footstep> c;
  generate_candidates(fan, feet, {}, c);
  REQUIRE(c.size() == 15);
  for (const Footstep& s : c) {
    const double len = (s.foot - feet.planted).norm();
    CHECK(len >= 0.4 - 1e-12);
    CHECK(len <= 0.8 + 1e-12);
    CHECK(std::abs(s.turn) <= 0.5 + 1e-12);
    CHECK(s.foot.x() > feet.planted.x());
  }
  CHECK(c.front().length == doctest::Approx(0.4));
  CHECK(c.front().turn == doctest::Approx(-0.5));
  CHECK(c.back().length == doctest::Approx(0.8));
  // The new location is the average of the feet.
  const Pose p = pose_after(feet, c[7]);
  CHECK((p.location - 0.5 * (feet.planted + c[7].foot)).norm() == doctest::Approx(0.0));

  fan.goal_candidate = fan.stay_candidate = true;
  const std::vector<Vec2> goals{{1.5, 0.1}, {5, 0}, {1.0, 0.6}};  // inside, too far, too wide
  generate_candidates(fan, feet, goals, c);
  CHECK(c.size() == 17);
  CHECK(c[15].kind == StepKind::Goal);
  CHECK((c[15].foot - goals[0]).norm() == 0.0);
  CHECK(c[16].kind == StepKind::Stay);
}

TEST_CASE("a back step sets the trailing foot down behind and the body backs away by half") {
  FanParams fan;
  fan.arcs = fan.rays = 1;
  fan.max_step = 0.8;
  fan.goal_candidate = fan.stay_candidate = fan.turn_in_place = false;
  fan.side_step = 0;
  const Feet feet{{1, 0}, 0, {0.5, 0}, 0};
  std::vector<Footstep> c;
  generate_candidates(fan, feet, {}, c);
  CHECK(c.size() == 1);  // off by default: the paper's fan
  fan.back_step = 0.3;
  generate_candidates(fan, feet, {}, c);
  REQUIRE(c.size() == 2);
  const Footstep& back = c.back();
  CHECK(back.kind == StepKind::Back);
  CHECK((back.foot - Vec2(0.2, 0)).norm() == doctest::Approx(0.0));
  CHECK(back.foot_heading == 0.0);
  const Pose p = pose_after(feet, back);
  CHECK((p.location - Vec2(0.6, 0)).norm() == doctest::Approx(0.0));  // from 0.75: 0.15 back
  // At most half a back step wider than the longest step (0.8 + 0.15 m): from a stance of 0.6 m
  // (to 0.9 m), yes; from 0.7 m (to 1.0 m), no.
  generate_candidates(fan, Feet{{1, 0}, 0, {0.4, 0}, 0}, {}, c);
  CHECK(c.size() == 2);
  generate_candidates(fan, Feet{{1, 0}, 0, {0.3, 0}, 0}, {}, c);
  CHECK(c.size() == 1);
  CHECK(p.heading == 0.0);
  CHECK(better(1.0, c.front(), 1.0, back));  // ties: every other kind first
}

TEST_CASE("planted against an obstacle, only backing up takes an agent out of contact") {
  // The forward foot is planted next to a pole: every fan step, closing the feet and every side
  // step would move the body toward it, so without a back step the best the walk node can do is
  // pivot where it stands; with one, it backs away.
  for (const char* back : {"0", "0.3"}) {
    Scenario s = parse_scenario(std::string(R"(
world:
  cylinders: [{name: pole, center: [0.62, 0], radius: 0.25, class: pole}]
behaviors:
  walker:
    nodes:
      near: {type: proximity_sensor, detects: [pole], radius: 2, fov: 3.14}
      avoid: {type: avoid, input: near, k_theta: 0, k_d: 3, t_d: 0.5}
      walk: {type: walk, inputs: [avoid], back_step: )") + back + R"(}
agents: [{name: a, behavior: walker, position: [-2, 0]}]
)", "inline.yaml");
    const Feet feet{{0.3, 0}, 0, {-0.1, 0}, 0};
    const Snapshot snap = test::standing({feet.location()});
    const std::vector<std::uint32_t> obstacles{0};
    const SenseContext ctx{s.world, snap, {}, obstacles, 0, 0.25};
    NetEvaluator eval(s.nets[0]);
    std::vector<Footstep> scratch;
    const Decision d = decide_step(s.nets[0], s.agents.params.block(0).data(), feet, 0, ctx, eval, scratch);
    const double before = (Vec2(0.62, 0) - feet.location()).norm();
    const double after = (Vec2(0.62, 0) - pose_after(feet, d.step).location).norm();
    CAPTURE(back);
    if (std::string(back) == "0") {
      CHECK(after <= before + 1e-9);
    } else {
      CHECK(d.step.kind == StepKind::Back);
      CHECK(after == doctest::Approx(before + 0.15));
    }
  }
}

TEST_CASE("ties break deterministically: stay then goal then smaller turn then right then longer") {
  const Footstep stay{StepKind::Stay, {0, 0}, 0, 0, 0};
  const Footstep goal{StepKind::Goal, {1, 0}, 0, 0.1, 0.5};
  const Footstep left{StepKind::Fan, {1, 1}, 0, 0.3, 0.5};
  const Footstep right{StepKind::Fan, {1, -1}, 0, -0.3, 0.5};
  const Footstep right_long{StepKind::Fan, {1, -1}, 0, -0.3, 0.7};
  CHECK(better(1.0, stay, 1.0, goal));
  CHECK(better(1.0, goal, 1.0, left));
  CHECK(better(1.0, right, 1.0, left));
  CHECK_FALSE(better(1.0, left, 1.0, right));
  CHECK(better(1.0, right_long, 1.0, right));
  CHECK(better(0.5, left, 1.0, stay));  // energy first
}

TEST_CASE("minimum distance between a step and another agent's plan") {
  // Two agents swapping places along a line meet in the middle.
  const Plan other{{2, 0}, {0, 0}, 0, 1};
  CHECK(min_distance_to_plan({0, 0}, {2, 0}, 0, 1, other) == doctest::Approx(0.0));
  // Crossing paths at different times do not meet.
  const Plan later{{1, -1}, {1, 1}, 2, 3};
  CHECK(min_distance_to_plan({0, 0}, {2, 0}, 0, 1, later) > 0.9);
  // But they do when the other is still on its way after our step ended and we stand.
  const Plan slow{{1, -3}, {1, 1}, 0, 4};
  CHECK(min_distance_to_plan({0, 0}, {1, 0}, 0, 1, slow) == doctest::Approx(0.0));
  CHECK(min_distance_to_plan({0.5, 0}, {0.5, 0}, 0, 1, slow) == doctest::Approx(0.5));
}

TEST_CASE("collision prevention rejects steps into walls and into other agents") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}};
  w.classes = {"wall"};
  w.obstacles.push_back({"wall", Segment{{-5, 0.5}, {5, 0.5}}, 0, true});
  w.finalize();
  const Snapshot snap = test::standing({{0, 0}, {0, -1.0}});
  const std::vector<std::uint32_t> nb{1}, obstacles{0};
  const SenseContext ctx{w, snap, nb, obstacles, 0, 0.25};
  CHECK(step_collides(ctx, {0, 0}, {0, 1.2}, 0, 0.5));     // through the wall
  CHECK(step_collides(ctx, {0, 0}, {0, 0.3}, 0, 0.5));     // into its clearance
  CHECK(step_collides(ctx, {0, 0}, {0, -0.6}, 0, 0.5));    // into the agent behind
  CHECK_FALSE(step_collides(ctx, {0, 0}, {0.7, 0}, 0, 0.5));
}

TEST_CASE("goal precision: with goal-as-candidate the agent ends within 0.05 m") {
  for (const double gx : {3.0, 4.37, 5.91}) {
    for (const double gy : {-2.2, 0.0, 1.3}) {
      Scenario s = parse_scenario(R"(
world: {locations: {goal: [0, 0]}}
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal, t_d: 0.01}
      walk: {type: walk, inputs: [seek]}
agents: [{name: a, behavior: walker, position: [0, 0], heading: 0.3}]
)", "inline.yaml");
      const int gxp = s.nets[0].find_param("goal", "x");
      s.agents.params.set(0, static_cast<std::uint32_t>(gxp), gx);
      s.agents.params.set(0, static_cast<std::uint32_t>(gxp) + 1, gy);
      Simulation sim = test::make_sim(std::move(s));
      for (int f = 0; f < 30 * 20; ++f) sim.step();
      CAPTURE(gx);
      CAPTURE(gy);
      CHECK(sim.progress()[0].arrived);
      CHECK((sim.snapshot().location[0] - Vec2(gx, gy)).norm() < 0.05);
    }
  }
}

TEST_CASE("without the goal candidate the fan alone lands farther from the goal") {
  Scenario s = parse_scenario(R"(
world: {locations: {goal: [4.37, 1.3]}}
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal, t_d: 0.01}
      walk: {type: walk, inputs: [seek], goal_candidate: 0, turn_in_place: 0, side_step: 0}
agents: [{name: a, behavior: walker, position: [0, 0], heading: 0.3}]
)", "inline.yaml");
  Simulation sim = test::make_sim(std::move(s));
  for (int f = 0; f < 30 * 20; ++f) sim.step();
  CHECK((sim.snapshot().location[0] - Vec2(4.37, 1.3)).norm() > 0.05);
}

TEST_CASE("pivots on the trailing foot are offered only while it trails — they cannot chain") {
  FanParams fan;
  const auto pivots = [&](const Feet& feet) {
    std::vector<Footstep> c;
    generate_candidates(fan, feet, {}, c);
    int n = 0;
    for (const Footstep& s : c) n += s.kind == StepKind::Turn && s.foot == feet.trailing && !feet.together();
    return n;
  };
  // Walking east, the left foot 0.6 m ahead: pivoting on the right one turns the body in place.
  const Feet walking{{1.0, 0.1}, 0, {0.4, -0.1}, 0};
  CHECK(pivots(walking) == fan.rays - 1);  // every ray but straight ahead
  // After such a pivot the other foot is the one ahead: a second pivot would swing back to where
  // the body was, and the two could alternate for good.
  const Feet pivoted{walking.trailing, 0.3, walking.planted, 0};
  CHECK(pivots(pivoted) == 0);
}
