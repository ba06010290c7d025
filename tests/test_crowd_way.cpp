// The crowd on one's way (behavior/crowd_way.hpp): the line integral of each walker's disc, how
// much each is in the way, and what the node does to a walker's steps.
#include <doctest/doctest.h>

#include <cmath>

#include "footfall/behavior/crowd_way.hpp"
#include "helpers.hpp"

using namespace footfall;
using footfall::test::make_sim;

namespace {

// The kernel's line integral by the midpoint rule: 3/(πR²)·(1 − r²/R²)² along u from `from`, over
// [0, length].
double quadrature(const Vec2& at, const Vec2& from, const Vec2& u, double length, double R) {
  constexpr int n = 20000;
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const Vec2 p = from + (length * (i + 0.5) / n) * u;
    const double q = (p - at).squaredNorm() / (R * R);
    if (q < 1) sum += 3.0 / (kPi * R * R) * (1 - q) * (1 - q);
  }
  return sum * length / n;
}

// One walker's cost with only `slow` weighed (1 for someone standing): the integral itself.
double standing(const Vec2& at, double length, double R = 1.0) {
  const CrowdMover m{at, Vec2::Zero()};
  CrowdWayParams p;
  p.radius = R;
  p.against = 0;
  p.slow = 1;
  return crowd_way_cost(std::span<const CrowdMover>(&m, 1), Vec2::Zero(), Vec2(1, 0), length, p);
}

}  // namespace

TEST_CASE("crowd way: each walker's disc integrated along the way in closed form") {
  // Through the middle, the whole disc: 16 / (5π) persons per metre of way for R = 1.
  CHECK(standing(Vec2(2, 0), 3) == doctest::Approx(16.0 / (5.0 * kPi)));
  for (const auto& [at, length, R] : {std::tuple{Vec2(2, 0.4), 3.0, 1.0}, std::tuple{Vec2(0.3, -0.7), 3.0, 1.0},
                                      std::tuple{Vec2(2.6, 0.2), 3.0, 1.0}, std::tuple{Vec2(1, 0.5), 1.2, 0.8},
                                      std::tuple{Vec2(-0.5, 0.1), 2.0, 1.0}}) {
    CAPTURE(at);
    CHECK(standing(at, length, R) == doctest::Approx(quadrature(at, Vec2::Zero(), Vec2(1, 0), length, R)).epsilon(1e-4));
  }
  CHECK(standing(Vec2(2, 1.0), 3) == 0.0);   // beside, a radius off the way
  CHECK(standing(Vec2(-1.0, 0), 3) == 0.0);  // behind
  CHECK(standing(Vec2(4.0, 0), 3) == 0.0);   // beyond the horizon
}

TEST_CASE("crowd way: those walking one's way at free speed cost nothing, those coming against it most") {
  const double disc = 16.0 / (5.0 * kPi);
  const auto cost = [&](const Vec2& velocity) {
    const CrowdMover m{Vec2(2, 0), velocity};
    return crowd_way_cost(std::span<const CrowdMover>(&m, 1), Vec2::Zero(), Vec2(1, 0), 3.0, CrowdWayParams{});
  };
  // The defaults: against 3, slow 3 (Treuille et al. 2006's costs as the navigation fields weigh them).
  CHECK(cost(Vec2(1.34, 0)) == doctest::Approx(0.0));
  CHECK(cost(Vec2(0.67, 0)) == doctest::Approx(3 * 0.5 * disc));
  CHECK(cost(Vec2::Zero()) == doctest::Approx(3 * disc));
  CHECK(cost(Vec2(0, 1.2)) == doctest::Approx(3 * disc));                 // across: in the way
  CHECK(cost(Vec2(-1.2, 0)) == doctest::Approx((3 + 3) * disc));          // against
}

namespace {

// A walker from (0, 0) to (20, 0), with or without the crowd way, and `knot` people standing
// where they are.
Scenario knot_scene(bool crowd_way, const std::vector<Vec2>& knot) {
  std::string y = std::string(R"(
behaviors:
  w:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, power: 0.5}
      others: {type: predictive_avoid, conflicts_only: 1, weight: 4}
)") + (crowd_way ? "      crowd: {type: crowd_way, input: goal}\n" : "") +
                  "      walk: {type: walk, inputs: [seek, others" + (crowd_way ? ", crowd" : "") +
                  "], time_gap: 1.06}\n" + R"(
world: {locations: {far: [20, 0]}}
agents:
  - {name: walker, behavior: w, position: [0, 0], radius: 0.2, set: {goal.target: far}}
)";
  for (std::size_t k = 0; k < knot.size(); ++k)
    y += "  - {name: k" + std::to_string(k) + ", behavior: w, position: [" + std::to_string(knot[k].x()) + ", " +
         std::to_string(knot[k].y()) + "], radius: 0.2, heading: 1.5708, set: {seek.bound: 0}}\n";
  return parse_scenario(y, "knot.yaml");
}

}  // namespace

TEST_CASE("crowd way: without a crowd ahead the node changes no step") {
  // The node adds the crowd straight on the way to the goal to every candidate, and less only to
  // one whose way round costs less: with nobody ahead, nothing (not even a detour cost).
  const std::vector<Vec2> aside{Vec2(6, 3), Vec2(12, -3), Vec2(-2, 0)};
  Simulation a = make_sim(knot_scene(false, aside)), b = make_sim(knot_scene(true, aside));
  for (int f = 0; f < 600; ++f) {
    a.step();
    b.step();
  }
  CHECK(a.trajectory_hash() == b.trajectory_hash());
  CHECK(a.snapshot().location[0].x() > 15);
}

TEST_CASE("crowd way: a walker goes round a knot of people standing in its way") {
  // Seven people standing 1.6 persons/m² round (8, 0). Without the node the walker walks straight
  // up to the knot and sidesteps it only there (the headway law slows it, predictive avoidance
  // ignores those standing); with it the knot's cost turns it aside while it is metres away, and it
  // passes wide of it. (Round so small a knot the wide berth takes about a second longer.)
  std::vector<Vec2> knot{Vec2(8, 0)};
  for (int k = 0; k < 6; ++k) knot.push_back(Vec2(8, 0) + 0.8 * unit_from_heading(k * kPi / 3));
  struct Pass {
    double aside_at_6 = 0;  // |y| where the walker passes x = 6
    double nearest = kInf;  // to the knot's middle
    double past = -1;       // when it passes x = 10
  };
  const auto pass = [&](bool crowd_way) {
    Simulation sim = make_sim(knot_scene(crowd_way, knot));
    Pass p;
    for (int f = 0; f < 900 && p.past < 0; ++f) {
      const Vec2 before = sim.snapshot().location[0];
      sim.step();
      const Vec2 now = sim.snapshot().location[0];
      if (before.x() < 6 && now.x() >= 6) p.aside_at_6 = std::abs(now.y());
      p.nearest = std::min(p.nearest, (now - Vec2(8, 0)).norm());
      if (now.x() >= 10) p.past = f * sim.config().dt;
    }
    CHECK(sim.metrics().collisions == 0);
    return p;
  };
  const Pass without = pass(false), with = pass(true);
  CAPTURE(without.aside_at_6);
  CAPTURE(with.aside_at_6);
  CAPTURE(without.nearest);
  CAPTURE(with.nearest);
  CHECK(without.past > 0);
  CHECK(with.past > 0);
  CHECK(without.aside_at_6 < 0.3);
  CHECK(with.aside_at_6 > 1.0);
  CHECK(with.nearest > without.nearest + 0.5);
}

TEST_CASE("crowd way: a step's stress is the crowd on its way and its detour, capped at the straight way's crowd") {
  // Two walkers standing 1.5 m and 2.5 m straight ahead on the way to a goal 10 m east.
  CrowdWayView view;
  view.movers = {{Vec2(1.5, 0), Vec2::Zero()}, {Vec2(2.5, 0), Vec2::Zero()}};
  view.from = Vec2::Zero();
  view.target = Vec2(10, 0);
  view.to_goal = 10;
  view.length = 3;
  view.straight = crowd_way_cost(view.movers, Vec2::Zero(), Vec2(1, 0), view.length, view.params);
  REQUIRE(view.straight > 3.0);
  const auto stress = [&](const Vec2& to, bool closing = false) {
    Pose pose;
    pose.location = to;
    pose.closing = closing;
    return crowd_way_stress(view, pose);
  };
  CHECK(stress(Vec2(0.35, 0)) == doctest::Approx(view.straight));          // into them
  CHECK(stress(Vec2::Zero(), true) == doctest::Approx(view.straight));     // standing
  // Back: nobody that way, but the detour of turning round (6 m over a 3 m way) is dearer still.
  CHECK(stress(Vec2(-0.35, 0)) == doctest::Approx(view.straight));
  // Half right and at right angles: clear of both discs, only the detour of a 3 m way that way.
  const double s2 = 3.0 / std::sqrt(2.0);
  CHECK(stress(Vec2(0.25, 0.25)) == doctest::Approx(3.0 - (10.0 - std::hypot(10.0 - s2, s2))));
  CHECK(stress(Vec2(0, 0.35)) == doctest::Approx(3.0 - (10.0 - std::hypot(10.0, 3.0))));
  CHECK(stress(Vec2(0, 0.35)) < view.straight);
  // Nobody ahead: 0 for every candidate.
  view.straight = 0;
  CHECK(stress(Vec2(0, 0.35)) == 0.0);
  CHECK(stress(Vec2(-0.35, 0)) == 0.0);
}
