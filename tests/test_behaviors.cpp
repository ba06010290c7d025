// Reich 1997's behaviors (§7.5, §8.2, App. A): inertia and its intoxicated variant, terrain
// lookahead, predictive attraction (every root case of eqs 8.2–8.17), predictive avoidance,
// passive avoidance, the depth sensor, and the turning step.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

#include "footfall/behavior/anticipation.hpp"
#include "footfall/behavior/reflexes.hpp"
#include "footfall/behavior/walk.hpp"
#include "decision_bench.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

using Bench = test::DecisionBench;

}  // namespace

// ---- predictive attraction: eqs 8.2–8.17, every case ------------------------------------------

TEST_CASE("intercept time: already within the threshold gives 0") {
  const Intercept i = intercept_time({0.2, 0.1}, {1, 0}, 0.3);
  CHECK(i.kind == InterceptCase::Within);
  CHECK(intercept_stress(i, {0.2, 0.1}, 0.3, 1.3) == 0.0);
  // One root negative and one positive is the same case: inside the circle, leaving it later.
  CHECK(intercept_time({0.0, 0.0}, {0, 2}, 0.5).kind == InterceptCase::Within);
}

TEST_CASE("intercept time: both roots positive gives the smaller root") {
  // Target 10 m ahead, closing at 1 m/s: T apart at t = 10 − T and 10 + T.
  const Intercept i = intercept_time({10, 0}, {-1, 0}, 0.3);
  CHECK(i.kind == InterceptCase::Roots);
  CHECK(i.time == doctest::Approx(9.7));
  CHECK(intercept_stress(i, {10, 0}, 0.3, 1.3) == doctest::Approx(9.7));
  // Against a crossing target: the root of the quadratic, checked against the motion itself.
  const Vec2 off(6, -4), v(-1.5, 1.2);
  const Intercept j = intercept_time(off, v, 0.7);
  REQUIRE(j.kind == InterceptCase::Roots);
  CHECK((off + j.time * v).norm() == doctest::Approx(0.7));
  CHECK((off + 0.99 * j.time * v).norm() > 0.7);
}

TEST_CASE("intercept time: no real root falls back to the closest approach") {
  // Passing 5 m to the side: closest at t = 10, 5 m apart; solving again with T = 5 gives t = 10.
  const Intercept i = intercept_time({10, 5}, {-1, 0}, 0.3);
  CHECK(i.kind == InterceptCase::ClosestApproach);
  CHECK(i.time == doctest::Approx(10));
  CHECK(i.min_distance == doctest::Approx(5));
  const Intercept again = intercept_time({10, 5}, {-1, 0}, 5.0 + 1e-9);
  CHECK(again.kind == InterceptCase::Roots);
  CHECK(again.time == doctest::Approx(10).epsilon(1e-3));
  // The stress adds the gap still to close at the reference pace.
  CHECK(intercept_stress(i, {10, 5}, 0.3, 1.0) == doctest::Approx(kNoIntercept + 10 + 4.7));
}

TEST_CASE("intercept time: both roots negative reverts to distance-based attraction") {
  const Intercept i = intercept_time({-10, 0}, {-1, 0}, 0.3);  // moving apart
  CHECK(i.kind == InterceptCase::Diverging);
  CHECK(intercept_stress(i, {-10, 0}, 0.3, 1.3) == doctest::Approx(2 * kNoIntercept + 9.7 / 1.3));
  // A closest approach in the past is diverging too, and so are equal velocities.
  CHECK(intercept_time({-10, 5}, {-1, 0}, 0.3).kind == InterceptCase::Diverging);
  CHECK(intercept_time({4, 3}, {0, 0}, 0.3).kind == InterceptCase::Diverging);
  CHECK(intercept_stress(intercept_time({4, 3}, {0, 0}, 0.3), {4, 3}, 0.3, 1.0) ==
        doctest::Approx(2 * kNoIntercept + 4.7));
  // The cases rank: any intercept before any closest approach before moving apart.
  CHECK(intercept_stress(intercept_time({50, 0}, {-1, 0}, 0.3), {50, 0}, 0.3, 1.3) <
        intercept_stress(intercept_time({3, 2}, {-1, 0}, 0.3), {3, 2}, 0.3, 1.3));
}

TEST_CASE("predicted location is eq. 8.1: L_pred = 2 L_curr - L_prev") {
  CHECK((predicted_location({3, 1}, {2.5, 1.5}) - Vec2(3.5, 0.5)).norm() == doctest::Approx(0.0));
}

// ---- predictive avoidance ----------------------------------------------------------------------

TEST_CASE("predictive avoidance: a head-on walker is a likely collision, one passing ahead is not") {
  PredictiveAvoidParams p;
  // Agent steps from 0 to 0.7 along +x in 0.5 s; the other walks toward it along the same line.
  const Plan head_on{{3, 0}, {2.3, 0}, -0.5, 0.0};
  const double head = collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, head_on, 0.25, p);
  CHECK(head > 0.5);
  // The same walker crossing far ahead, already past the agent's line.
  const Plan past{{1.0, 1.0}, {1.0, 1.7}, -0.5, 0.0};
  CHECK(collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, past, 0.25, p) == 0.0);
  // Walking away ahead at the same pace: never within reach.
  const Plan away{{3, 0}, {3.7, 0}, -0.5, 0.0};
  CHECK(collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, away, 0.25, p) == 0.0);
}

TEST_CASE("predictive avoidance: steps ahead count with decreasing weights") {
  // A crossing walker that reaches the agent's line in the second step.
  const Plan crossing{{2.1, -1.7}, {2.1, -1.0}, -0.5, 0.0};
  PredictiveAvoidParams one;
  one.steps = 1;
  PredictiveAvoidParams two = one;
  two.steps = 2;
  PredictiveAvoidParams three = one;
  three.steps = 3;
  const double s1 = collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, crossing, 0.25, one);
  const double s2 = collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, crossing, 0.25, two);
  const double s3 = collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, crossing, 0.25, three);
  CHECK(s1 == 0.0);  // one step ahead, nothing
  CHECK(s2 > 0.0);   // the second step meets it
  CHECK(s3 >= s2);
  CHECK(s3 - s2 <= 0.25 * 1.0 + 1e-12);  // the third step weighs decay² = 0.25 at most
  // Slowing down (a shorter step) lets it pass: the prediction for the slow step is lower.
  const double slow = collision_probability({0, 0}, {0.3, 0}, 0, 0.5, {0.3 / 0.5, 0}, 0.25, crossing, 0.25, two);
  CHECK(slow < s2);
}

TEST_CASE("predictive avoidance: the other's turning biases spread the prediction") {
  PredictiveAvoidParams straight_only;
  straight_only.biases = {1, 0, 0, 0, 0};
  PredictiveAvoidParams with_turns;
  with_turns.biases = {0, 0, 0, 1, 0};  // certain to turn left
  // Another walker heading +y, 1.2 m to the agent's right-front: straight on it misses the
  // agent's path; turned left it comes across.
  const Plan other{{2.0, -2.2}, {2.0, -1.5}, -0.5, 0.0};
  const double a = collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, other, 0.25, straight_only);
  const double b = collision_probability({0, 0}, {0.7, 0}, 0, 0.5, {0.7 / 0.5, 0}, 0.25, other, 0.25, with_turns);
  CHECK(a != b);
}

namespace {

// §8.2.4 as first written (issue 23 made it faster): every piece of every step for every
// prediction, each closest approach's own root, no early exit.
double reference_collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                                       const Vec2& own_velocity, double self_radius, const PredictedMover& m,
                                       const PredictiveAvoidParams& p) {
  const auto self_at = [&](double t) {
    return t <= t0 + duration ? Vec2(from + (to - from) * ((t - t0) / duration))
                              : Vec2(to + own_velocity * (t - t0 - duration));
  };
  const double contact = self_radius + m.radius;
  double sum = 0, f = 1;
  for (int k = 0; k < p.steps; ++k) {
    const double ta = t0 + k * duration, tb = ta + duration;
    std::array<double, 4> cuts = {ta, tb, std::clamp(m.plan.t0, ta, tb), std::clamp(m.plan.t1, ta, tb)};
    std::sort(cuts.begin(), cuts.end());
    double pk = 0;
    for (std::size_t c = 0; c < 5; ++c) {
      if (m.weight[c] == 0) continue;
      double d = kInf;
      for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        if (cuts[i + 1] <= cuts[i]) continue;
        const Vec2 r0 = extrapolate(m.plan, m.velocity[c], cuts[i]) - self_at(cuts[i]);
        const Vec2 r1 = extrapolate(m.plan, m.velocity[c], cuts[i + 1]) - self_at(cuts[i + 1]);
        const Vec2 v = r1 - r0;
        const double vv = v.squaredNorm();
        const double s = vv > 0 ? std::clamp(-r0.dot(v) / vv, 0.0, 1.0) : 0.0;
        d = std::min(d, (r0 + s * v).norm());
      }
      pk += m.weight[c] * std::clamp((contact + p.margin - d) / p.margin, 0.0, 1.0);
    }
    sum += f * pk;
    f *= p.decay;
  }
  return sum;
}

}  // namespace

// A fixed 64-bit LCG's draws, uniform in [lo, hi): the same numbers on every platform.
struct Uniform {
  std::uint64_t state;
  double operator()(double lo, double hi) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * static_cast<double>(state >> 11) / 9007199254740992.0;
  }
};

TEST_CASE("predictive avoidance: the fast path equals the plain sum bit for bit, near and far") {
  // The early exit for movers too far to matter, the pieces shared by every prediction and one
  // root per prediction must not change a single bit: trajectories are hashed.
  Uniform uniform{12345};
  int near = 0, far = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    PredictiveAvoidParams p;
    p.steps = 1 + trial % 4;
    p.margin = uniform(0.1, 0.5);
    if (trial % 3 == 0) p.biases = {1, 0, 0, 0, 0};
    const Vec2 from{uniform(-1, 1), uniform(-1, 1)};
    const Vec2 to = from + Vec2{uniform(-0.8, 0.8), uniform(-0.8, 0.8)};
    const double t0 = uniform(0, 2), duration = trial % 17 == 0 ? 0.0 : uniform(0.3, 0.8);
    const Vec2 own = Vec2{uniform(-1.5, 1.5), uniform(-1.5, 1.5)};
    const Vec2 ofrom{uniform(-5, 5), uniform(-5, 5)};
    const double ot0 = t0 + uniform(-1, 0.5), ot1 = ot0 + (trial % 5 == 0 ? 0.0 : uniform(0.2, 0.8));
    const Plan other{ofrom, ofrom + Vec2{uniform(-0.8, 0.8), uniform(-0.8, 0.8)}, ot0, ot1};
    const PredictedMover m = predict_mover(other, uniform(0.15, 0.3), p.biases);
    const double fast = collision_probability(from, to, t0, duration, own, 0.22, m, p);
    const double plain = duration > 0 ? reference_collision_probability(from, to, t0, duration, own, 0.22, m, p) : 0.0;
    REQUIRE(std::bit_cast<std::uint64_t>(fast) == std::bit_cast<std::uint64_t>(plain));
    (plain > 0 ? near : far) += 1;
  }
  CHECK(near > 1000);  // both kinds were drawn
  CHECK(far > 1000);
  // Head on, where the early exit's bound is exact: the distance left at the horizon is swept
  // across contact + margin, so an exit taken a hair too early shows.
  int touching = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    PredictiveAvoidParams p;
    p.biases = {1, 0, 0, 0, 0};
    // The other's step is a 1 cm stride at its walking speed: the bound counts a step's length on
    // top of the prediction, so a long one would leave slack.
    const double duration = 0.5, step = 0.6, speed = uniform(0.6, 1.6), stride = 0.01;
    const double contact = 0.44, reach = step * p.steps + stride + speed * p.steps * duration;
    const double gap = contact + p.margin + uniform(-0.3, 0.3);
    const Plan other{{reach + gap + stride, 0}, {reach + gap, 0}, -stride / speed, 0.0};
    const PredictedMover m = predict_mover(other, 0.22, p.biases);
    const Vec2 own{step / duration, 0};
    const double fast = collision_probability({0, 0}, {step, 0}, 0, duration, own, 0.22, m, p);
    const double plain = reference_collision_probability({0, 0}, {step, 0}, 0, duration, own, 0.22, m, p);
    REQUIRE(std::bit_cast<std::uint64_t>(fast) == std::bit_cast<std::uint64_t>(plain));
    touching += plain > 0;
  }
  CHECK(touching > 500);
}

TEST_CASE("predictive avoidance: a decision's forecast equals the plain sums bit for bit") {
  // AvoidanceForecast makes each mover's track once per step duration and shares it among the
  // candidates of that duration; the most probable collision must be the plain one's.
  Uniform uniform{777};
  AvoidanceForecast forecast;
  int positive = 0;
  for (int decision = 0; decision < 400; ++decision) {
    PredictiveAvoidParams p;
    p.steps = 1 + decision % 3;
    p.margin = uniform(0.1, 0.5);
    if (decision % 4 == 0) p.biases = {1, 0, 0, 0, 0};
    const Vec2 from{uniform(-1, 1), uniform(-1, 1)};
    const double t0 = uniform(0, 2);
    std::vector<PredictedMover> movers;
    forecast.reset(from, t0);
    for (int j = 0, n = decision % 7; j < n; ++j) {
      const Vec2 ofrom{uniform(-3, 3), uniform(-3, 3)};
      const double ot0 = t0 + uniform(-1, 0.5), ot1 = ot0 + (j == 3 ? 0.0 : uniform(0.2, 0.8));
      movers.push_back(predict_mover({ofrom, ofrom + Vec2{uniform(-0.8, 0.8), uniform(-0.8, 0.8)}, ot0, ot1},
                                     uniform(0.15, 0.3), p.biases));
      forecast.add(movers.back());
    }
    const std::array<double, 4> durations = {uniform(0.3, 0.8), uniform(0.3, 0.8), 0.5, 0.0};
    for (int candidate = 0; candidate < 30; ++candidate) {
      const double duration = durations[candidate % 4];
      const Vec2 to = from + Vec2{uniform(-0.8, 0.8), uniform(-0.8, 0.8)};
      const Vec2 own = Vec2{uniform(-1.5, 1.5), uniform(-1.5, 1.5)};
      double plain = 0;
      if (duration > 0)
        for (const PredictedMover& m : movers)
          plain = std::max(plain, reference_collision_probability(from, to, t0, duration, own, 0.22, m, p));
      const double fast = forecast.max_probability(to, duration, own, 0.22, p);
      REQUIRE(std::bit_cast<std::uint64_t>(fast) == std::bit_cast<std::uint64_t>(plain));
      positive += plain > 0;
    }
  }
  CHECK(positive > 500);
}

// ---- inertia ------------------------------------------------------------------------------------

TEST_CASE("inertia: 0 straight ahead, growing with the turn and with speed (Fig. 7.21)") {
  CHECK(inertia_stress(0, 1.3, 1.0, 0, 1) == 0.0);
  CHECK(inertia_stress(0.2, 1.3, 1.0, 0, 1) < inertia_stress(0.4, 1.3, 1.0, 0, 1));
  CHECK(inertia_stress(-0.4, 1.3, 1.0, 0, 1) == inertia_stress(0.4, 1.3, 1.0, 0, 1));
  CHECK(inertia_stress(0.4, 0.6, 1.0, 0, 1) < inertia_stress(0.4, 1.3, 1.0, 0, 1));
  CHECK(inertia_stress(0.4, 0.0, 1.0, 0, 1) == 0.0);  // standing: turning is free
}

TEST_CASE("inertia: the intoxicated curve has its least stress off centre (Fig. 7.40)") {
  const double stagger = 0.3;
  for (const double lurch : {-1.0, 1.0}) {
    CHECK(inertia_stress(stagger * lurch, 1.3, 1.0, stagger, lurch) == 0.0);
    CHECK(inertia_stress(0, 1.3, 1.0, stagger, lurch) > 0.0);
  }
}

// ---- terrain awareness ---------------------------------------------------------------------------

TEST_CASE("terrain lookahead: N straight-line steps weighted by decreasing factors") {
  const Scenario s = parse_scenario(R"(
world:
  regions:
    - {name: stream, type: water, polygon: [[1, -5], [1.5, -5], [1.5, 5], [1, 5]]}
    - {name: lake, type: water, polygon: [[1, 6], [9, 6], [9, 20], [1, 20]]}
    - {name: lawn, type: grass, polygon: [[-5, -5], [-1, -5], [-1, 5], [-5, 5]]}
behaviors: {w: {nodes: {walk: {type: walk}}}}
agents: [{behavior: w, position: [0, 0]}]
)", "terrain.yaml");
  const World& w = s.world;
  // Dry ground: nothing.
  CHECK(terrain_lookahead(w, {0, 0}, kPi / 2, 3, 0.7, 0.6) == 0.0);
  // Stepping into a one-step-wide stream: only the first step is wet.
  CHECK(terrain_lookahead(w, {1.2, 0}, 0, 3, 0.7, 0.6) == doctest::Approx(1.0));
  // Stepping into the lake: every step is wet, so a deep patch costs more than a narrow strip.
  CHECK(terrain_lookahead(w, {2.0, 7}, 0, 3, 0.7, 0.6) == doctest::Approx(1 + 0.6 + 0.36));
  // Wet ground ahead but the foot dry: the later steps count less.
  CHECK(terrain_lookahead(w, {0.5, 0}, 0, 3, 0.7, 0.6) == doctest::Approx(0.6));
  // Grass weighs 1 − 0.7.
  CHECK(terrain_lookahead(w, {-2, 0}, kPi / 2, 1, 0.7, 0.6) == doctest::Approx(0.3));
}

TEST_CASE("terrain lookahead: the agent steps across a narrow stream but not into a lake") {
  const auto first_step = [](const char* water) {
    Bench b(std::string(R"(
world:
  regions: [)") + water + R"(]
  locations: {goal: [8, 0]}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal, power: 0.5}
      terrain: {type: terrain_lookahead, steps: 3, weight: 3}
      walk: {type: walk, inputs: [seek, terrain], rays: 11, max_turn: 0.9}
agents: [{behavior: w, position: [0, 0]}]
)");
    return b.decide().step;
  };
  // A 0.5 m stream across the way, dry beyond: there is no going round it, and little point.
  const Footstep across = first_step("{name: s, type: water, polygon: [[0.6, -50], [1.1, -50], [1.1, 50], [0.6, 50]]}");
  // A lake ahead with dry ground to the right: the steps ahead would all be wet, so it turns.
  const Footstep lake = first_step("{name: l, type: water, polygon: [[0.6, -0.8], [30, -0.8], [30, 50], [0.6, 50]]}");
  CAPTURE(across.turn);
  CAPTURE(lake.turn);
  CHECK(lake.turn < -0.3);  // turns right, along the dry strip
  CHECK(std::abs(across.turn) < std::abs(lake.turn));
}

// ---- passive avoidance -----------------------------------------------------------------------------

TEST_CASE("passive avoidance: something immediately ahead halts the agent though no collision is predicted") {
  for (const bool passive : {false, true}) {
    Bench b(R"(
world: {locations: {goal: [10, 0]}}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal, power: 0.5}
      ahead: {type: predictive_avoid, weight: 4}
      halt: {type: passive_avoid, distance: 0.4}
      walk: {type: walk, inputs: [seek, ahead, halt], side_step: 0}
agents:
  - {behavior: w, position: [0, 0]}
  - {behavior: w, position: [0.8, 0]}
)");
    b.param("halt", "bound") = passive ? 1 : 0;
    // The one ahead was walking away briskly: predictive avoidance expects it gone. It stopped.
    b.snap.plan[1] = {{0.1, 0}, {0.8, 0}, -0.5, 0.0};
    CHECK(something_ahead({b.s.world, b.snap, b.neighbours, b.obstacles, 0, 0.25, &b.self}, b.self,
                          0.4, 0.5, true, 0));
    const Decision d = b.decide();
    CAPTURE(passive);
    CHECK_FALSE(d.blocked);
    const Pose pose = pose_after(Feet{b.s.agents.foot[0][0], 0, b.s.agents.foot[1][0], 0}, d.step);
    if (passive) CHECK_FALSE(steps_forward(b.self, pose));
    else CHECK(steps_forward(b.self, pose));
  }
}

TEST_CASE("passive avoidance: nothing ahead, or something beside, does not halt") {
  Bench b(R"(
world: {locations: {goal: [10, 0]}}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal}
      halt: {type: passive_avoid, distance: 0.4}
      walk: {type: walk, inputs: [seek, halt]}
agents:
  - {behavior: w, position: [0, 0]}
  - {behavior: w, position: [0, 0.8]}
)");
  const SenseContext ctx{b.s.world, b.snap, b.neighbours, b.obstacles, 0, 0.25, &b.self};
  CHECK_FALSE(something_ahead(ctx, b.self, 0.4, 0.5, true, 0));
  b.snap.location[1] = {3, 0};
  CHECK_FALSE(something_ahead(ctx, b.self, 0.4, 0.5, true, 0));
  b.snap.location[1] = {0.85, 0.1};
  CHECK(something_ahead(ctx, b.self, 0.4, 0.5, true, 0));
  CHECK_FALSE(something_ahead(ctx, b.self, 0.4, 0.5, false, 0));  // walkers not sensed
}

// ---- depth sensor ----------------------------------------------------------------------------------

TEST_CASE("depth sensor: range sensors read the nearest object in their fan — open space reads 0") {
  Bench b(R"(
world:
  segments:
    - {name: left, from: [-1, 1], to: [20, 1]}
    - {name: end, from: [3, -5], to: [3, 1]}
behaviors:
  w:
    nodes:
      depth: {type: depth_sensor}
      deep: {type: attract, input: depth, t_d: 0, k_theta: 0}
      walk: {type: walk, inputs: [deep]}
agents: [{behavior: w, position: [0, 0]}]
)");
  const SenseContext ctx{b.s.world, b.snap, b.neighbours, b.obstacles, 0, 0.25, &b.self};
  const Pose east{{0, 0}, 0, {0, 0}};
  CHECK(range_reading(east, ctx, 0, 0.05, 10, true, ~0ull) == doctest::Approx(3.0));
  CHECK(range_reading(east, ctx, kPi / 2, 0.05, 10, true, ~0ull) == doctest::Approx(1.0).epsilon(0.01));
  CHECK(range_reading(east, ctx, -kPi / 2, 0.05, 10, true, ~0ull) == doctest::Approx(10.0));
  const DepthParams p;
  const auto toward_wall = sense_depth(east, ctx, p);
  const auto toward_open = sense_depth({{0, 0}, -kPi / 2, {0, 0}}, ctx, p);
  REQUIRE(toward_wall);
  REQUIRE(toward_open);
  CHECK(toward_open->d < toward_wall->d);  // deeper: less stress
  CHECK(toward_wall->theta < 0);           // the deepest reading lies to the right (south)
  // Nothing at all in range reads 0.
  Bench open(R"(
world: {locations: {here: [0, 0]}}
behaviors: {w: {nodes: {depth: {type: depth_sensor}, deep: {type: attract, input: depth}, walk: {type: walk, inputs: [deep]}}}}
agents: [{behavior: w, position: [0, 0]}]
)");
  const SenseContext octx{open.s.world, open.snap, open.neighbours, open.obstacles, 0, 0.25, &open.self};
  CHECK(sense_depth(east, octx, p)->d == 0.0);
  // Attraction to depth turns the agent away from the dead end.
  CHECK(b.decide().step.turn < 0);
}

// ---- turning ---------------------------------------------------------------------------------------

TEST_CASE("turning: the lesser direction, at most pi/2 per foot cycle, ending within 1 degree") {
  for (const double target : {3.0, -2.5, 1.0, -0.3, kPi}) {
    Feet feet{{0, 0}, 0.0, {-0.3, 0}, 0.0};  // walking east, feet apart
    double heading = feet.heading();
    std::vector<double> headings{heading};
    for (int k = 0; k < 12; ++k) {
      const Footstep s = turning_step(feet, target);
      if (s.kind == StepKind::Stay) break;
      CHECK(s.kind == StepKind::Turn);
      CHECK((s.foot - feet.planted).norm() == 0.0);
      const Feet next{s.foot, s.foot_heading, feet.planted, feet.planted_heading};
      feet = next;
      headings.push_back(feet.heading());
    }
    CAPTURE(target);
    CHECK(std::abs(wrap_angle(feet.heading() - target)) < kPi / 180);
    CHECK(feet.together());
    // Per foot cycle (two steps), never more than π/2, and always the lesser way round.
    for (std::size_t k = 2; k < headings.size(); ++k)
      CHECK(std::abs(wrap_angle(headings[k] - headings[k - 2])) <= kPi / 2 + 1e-9);
    const double first = wrap_angle(headings[1] - headings[0]);
    if (std::abs(wrap_angle(target)) < kPi - 1e-9) CHECK((first > 0) == (wrap_angle(target) > 0));
  }
}
