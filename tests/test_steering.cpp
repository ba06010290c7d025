// Reynolds 1999's steering behaviors (steering/steering.hpp): each formula on a small table of
// cases, null outputs included (digest requirements D-STR, D-CMB), and the vehicle frame's
// handedness (D-VEH-06, D-VEH-07).
#include <doctest/doctest.h>

#include <cmath>

#include "footfall/steering/frame.hpp"
#include "footfall/steering/steering.hpp"
#include "footfall/steering/vehicle.hpp"

using namespace footfall;
using namespace footfall::steer;

namespace {

Self at(Vec2 p, Vec2 v = Vec2::Zero(), Vec2 f = Vec2::UnitX(), double max_speed = 1.0) {
  return {p, v, f, max_speed};
}

bool near(const Vec2& a, const Vec2& b, double tol = 1e-9) { return (a - b).norm() <= tol; }

}  // namespace

TEST_CASE("seek: desired velocity toward the target at max_speed (the printed sign fixed)") {
  const Self s = at({0, 0}, {0, 0}, Vec2::UnitX(), 1.5);
  CHECK(near(seek(s, {5, 0}), {1.5, 0}));                 // D-STR-01: target at +x, steer +x
  CHECK(near(steering_force(seek(s, {5, 0}), s.velocity), {1.5, 0}));
  CHECK(near(seek(s, {0, -2}), {0, -1.5}));
  CHECK(near(seek(s, {3, 4}), {0.9, 1.2}));
  // S1 as printed, normalize(position − target)·max_speed, points away: that is flee.
  const Vec2 printed = (s.position - Vec2(5, 0)).normalized() * s.max_speed;
  CHECK(printed.x() < 0);
  CHECK(near(printed, flee(s, {5, 0})));
  // Steering is desired − velocity: moving away at 1 m/s, the correction is 2.5 m/s toward it.
  const Self moving = at({0, 0}, {-1, 0}, -Vec2::UnitX(), 1.5);
  CHECK(near(steering_force(seek(moving, {5, 0}), moving.velocity), {2.5, 0}));
  CHECK(near(seek(s, {0, 0}), {0, 0}));  // at the target: no NaN
}

TEST_CASE("flee: the negation of seek (D-STR-02)") {
  const Self s = at({1, 1}, {0.5, 0}, Vec2::UnitX(), 2.0);
  for (const Vec2 t : {Vec2(4, 5), Vec2(-3, 1), Vec2(1, -7)}) {
    CHECK(near(flee(s, t), -seek(s, t)));
    CHECK(near(steering_force(flee(s, t), s.velocity), flee(s, t) - s.velocity));
  }
}

TEST_CASE("pursuit and evasion: the linear predictor with T = D·c (D-STR-03..06)") {
  const Self s = at({0, 0}, {1, 0}, Vec2::UnitX(), 2.0);
  // A standing quarry: pursuit is seek (T has no effect, S1's T = 0 case).
  const Other still{{6, 8}, {0, 0}, Vec2::UnitX(), 0.25};
  const PredictionParams pp{0.5, 100, 0.966};
  CHECK(near(pursuit(s, still, pp), seek(s, still.position)));
  // A moving quarry 10 m away with c = 0.5 s/m: T = 5 s.
  const Other q{{0, 10}, {1, 0}, Vec2::UnitX(), 0.25};
  CHECK(prediction_time(s, q, pp) == doctest::Approx(5.0));
  CHECK(near(predicted_position(s, q, pp), {5, 10}));
  CHECK(near(pursuit(s, q, pp), seek(s, {5, 10})));
  CHECK(near(evasion(s, q, pp), flee(s, {5, 10})));  // flees the point pursuit seeks
  // c = 0: T = D / max_speed = 5 s at 2 m/s; capped by max_time.
  CHECK(prediction_time(s, q, {0, 100, 0.966}) == doctest::Approx(5.0));
  CHECK(prediction_time(s, q, {0, 3, 0.966}) == doctest::Approx(3.0));
  // Ahead of the quarry and heading its way: T = 0 (D-STR-05).
  const Other behind{{-5, 0}, {1, 0}, Vec2::UnitX(), 0.25};
  CHECK(prediction_time(s, behind, pp) == 0.0);
  // Behind it, heading its way: predicted.
  const Other ahead{{5, 0}, {1, 0}, Vec2::UnitX(), 0.25};
  CHECK(prediction_time(s, ahead, pp) == doctest::Approx(2.5));
}

TEST_CASE("offset pursuit: the target lies R beside the predicted quarry (D-STR-07)") {
  const Self s = at({0, 0}, {1, 0}, Vec2::UnitX(), 1.0);
  const PredictionParams pp{0.1, 100, 0.966};
  for (const Other q : {Other{{10, 2}, {0, 1}, Vec2::UnitY(), 0.25},
                        Other{{10, -3}, {-1, 0}, -Vec2::UnitX(), 0.25}}) {
    const Vec2 predicted = predicted_position(s, q, pp);
    const Vec2 t = offset_pursuit_target(s, q, 1.5, pp);
    CHECK(std::abs((t - predicted).dot(left_of(s.forward))) == doctest::Approx(1.5));
    CHECK((t - predicted).dot(s.forward) == doctest::Approx(0.0));
    // On the pursuer's side: nearer the pursuer's axis than the predicted point.
    CHECK(std::abs(t.dot(left_of(s.forward))) < std::abs(predicted.dot(left_of(s.forward))));
    CHECK(near(offset_pursuit(s, q, 1.5, pp), seek(s, t)));
  }
}

TEST_CASE("arrival: ramped speed, clipped, and no NaN at the target (D-STR-08, D-STR-10)") {
  const double slowing = 4;
  const struct { double d, speed; } table[] = {{0, 0}, {1, 0.5}, {2, 1.0}, {4, 2.0}, {10, 2.0}};
  for (const auto& c : table) {
    CHECK(arrival_speed(c.d, 2.0, slowing) == doctest::Approx(c.speed));
    const Self s = at({0, 0}, {0.3, 0.1}, Vec2::UnitX(), 2.0);
    const Vec2 d = arrival(s, {0, c.d}, slowing);
    CHECK(d.norm() == doctest::Approx(c.speed));
    if (c.d > 0) CHECK(d.normalized().y() == doctest::Approx(1.0));
  }
  // distance 0: desired 0, so steering is −velocity.
  const Self s = at({3, 3}, {0.3, -0.2}, Vec2::UnitX(), 2.0);
  const Vec2 st = steering_force(arrival(s, {3, 3}, slowing), s.velocity);
  CHECK(near(st, -s.velocity));
  CHECK(std::isfinite(st.x()));
}

TEST_CASE("obstacle avoidance: the forward cylinder, the most threatening, lateral only") {
  const Self s = at({0, 0}, {1, 0}, Vec2::UnitX(), 1.0);
  const CylinderParams cp{0.3, 1.0, 2.0};  // cylinder length 1 + 1·2 = 3 m
  // Nothing in the cylinder: null (D-STR-11).
  const Circle clear[] = {{{2, 1.5}, 0.5}, {{-1, 0}, 0.5}, {{5, 0}, 0.5}};
  CHECK_FALSE(obstacle_avoidance(s, clear, cp).has_value());
  // Behind (−1, 0) and beyond (5, 0) never count (D-STR-14).
  CHECK(most_threatening(s, clear, cp) == -1);
  // A wall point alongside at 0.6 m lateral clearance (> radius): null (D-STR-12), while flee from
  // it would push sideways.
  const Circle wall[] = {{{1, 0.6}, 0.0}, {{2, 0.6}, 0.0}};
  CHECK_FALSE(obstacle_avoidance(s, wall, cp).has_value());
  CHECK(flee(s, {1, 0.6}).norm() > 0);
  // Two in the cylinder: the one whose surface the axis meets first (D-STR-13, Fig. 7).
  const Circle two[] = {{{2.5, 0.1}, 0.4}, {{1.5, -0.2}, 0.3}, {{2.0, 1.2}, 0.3}};
  CHECK(most_threatening(s, two, cp) == 1);
  const auto d = obstacle_avoidance(s, two, cp);
  REQUIRE(d.has_value());
  const Vec2 st = steering_force(*d, s.velocity);
  CHECK(st.dot(s.forward) == doctest::Approx(0.0));  // purely lateral
  CHECK(st.y() > 0);                                  // away from the obstacle on the right
}

TEST_CASE("wander: on the circle, bounded rate, counter-based (D-STR-15, D-STR-16)") {
  const WanderParams wp{1.0, 2.0, 0.3, 16};
  const Self s = at({1, 2}, {0, 1}, Vec2::UnitY(), 1.2);
  double last = wander_angle(7, 3, 0, wp);
  for (std::uint64_t k = 1; k < 200; ++k) {
    const double a = wander_angle(7, 3, k, wp);
    CHECK(std::abs(a - last) <= wp.rate + 1e-12);
    CHECK(std::abs(a) <= 0.5 * wp.rate * wp.window + 1e-12);
    last = a;
    const Vec2 t = wander_target(s, a, wp);
    CHECK((t - (s.position + wp.distance * s.forward)).norm() == doctest::Approx(wp.radius));
    CHECK(wander(s, a, wp).norm() == doctest::Approx(1.2));
  }
  CHECK(wander_angle(7, 3, 50, wp) == wander_angle(7, 3, 50, wp));
  CHECK(wander_angle(7, 3, 50, wp) != wander_angle(8, 3, 50, wp));
  CHECK(wander_angle(7, 3, 50, wp) != wander_angle(7, 4, 50, wp));
}

TEST_CASE("path following: null inside the tube, else seek the shifted projection (D-STR-17)") {
  const Vec2 spine[] = {{0, 0}, {10, 0}, {10, 10}};
  CHECK(project_on_path(spine, {4, 3}).along == doctest::Approx(4));
  CHECK(project_on_path(spine, {12, 5}).along == doctest::Approx(15));
  CHECK(near(point_at_length(spine, 13), {10, 3}));
  const PathParams pp{1.0, 1.0, 1, 2.0};
  // At (3, 0.5) moving +x at 1 m/s: predicted (4, 0.5), inside.
  CHECK_FALSE(path_following(at({3, 0.5}, {1, 0}), spine, pp).has_value());
  // Moving +y: predicted (3, 1.5), outside: seek (3 + 2, 0).
  const Self s = at({3, 0.5}, {0, 1}, Vec2::UnitY());
  const auto d = path_following(s, spine, pp);
  REQUIRE(d.has_value());
  CHECK(near(*d, seek(s, {5, 0})));
  // Against the vertex order, and without regard to direction.
  CHECK(near(*path_following(s, spine, {1.0, 1.0, -1, 2.0}), seek(s, {1, 0})));
  CHECK(near(*path_following(s, spine, {1.0, 1.0, 0, 2.0}), seek(s, {3, 0})));
}

TEST_CASE("wall following: seek the offset line ahead, null beyond range") {
  const Self s = at({2, 1.5}, {1, 0}, Vec2::UnitX());
  const WallParams wp{1.0, 1.5, 4.0, 0};
  // The wall along y = 0 below: target (2 + 1.5, 1).
  CHECK(near(*wall_following(s, {2, 0}, wp), seek(s, {3.5, 1})));
  // Wall on the left asked for (side +1): go the other way, −x.
  CHECK(near(*wall_following(s, {2, 0}, {1.0, 1.5, 4.0, -1}), seek(s, {3.5, 1})));
  CHECK(near(*wall_following(s, {2, 0}, {1.0, 1.5, 4.0, 1}), seek(s, {0.5, 1})));
  CHECK_FALSE(wall_following(s, {2, -5}, wp).has_value());
}

TEST_CASE("containment: null inside, toward the inside otherwise (D-STR-19)") {
  const Vec2 square[] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  const ContainParams cp{1.0, 1.0};
  CHECK_FALSE(containment(at({5, 5}, {1, 0}), square, cp).has_value());
  // At (9.5, 5) moving +x at 1 m/s: predicted (10.5, 5), outside: seek (9, 5).
  const Self s = at({9.5, 5}, {1, 0});
  const auto d = containment(s, square, cp);
  REQUIRE(d.has_value());
  CHECK(near(*d, seek(s, {9, 5})));
  CHECK(d->x() < 0);
}

TEST_CASE("flow field following: the field at the predicted position (D-STR-20)") {
  FlowField grid;
  grid.kind = FlowField::Kind::Grid;
  grid.origin = {0, 0};
  grid.cell = 2;
  grid.nx = 2;
  grid.ny = 1;
  grid.vectors = {{1, 0}, {0, 1}};
  CHECK(near(*sample_flow(grid, {1, 1}), {1, 0}));           // a cell centre
  CHECK(near(*sample_flow(grid, {3, 1}), {0, 1}));
  CHECK(near(*sample_flow(grid, {2, 1}), {0.5, 0.5}));       // half way between centres
  CHECK_FALSE(sample_flow(grid, {5, 1}).has_value());         // outside
  const Self s = at({0.5, 1}, {1, 0}, Vec2::UnitX(), 1.0);
  CHECK(near(*flow_following(s, grid, 1.5), {0.5, 0.5}));    // sampled at (2, 1)
  // A character standing still is predicted along its forward axis at max_speed.
  CHECK(near(*flow_following(at({0.5, 1}, {0, 0}, Vec2::UnitX(), 1.0), grid, 1.5), {0.5, 0.5}));
  CHECK_FALSE(flow_following(s, grid, 10).has_value());
  FlowField vortex;
  vortex.kind = FlowField::Kind::Vortex;
  vortex.origin = {0, 0};
  vortex.speed = 1;
  CHECK(near(*sample_flow(vortex, {2, 0}), {0, 1}));  // counter-clockwise
  FlowField sink;
  sink.kind = FlowField::Kind::Sink;
  sink.origin = {1, 1};
  sink.speed = 2;
  CHECK(near(*sample_flow(sink, {1, 4}), {0, -2}));
  // Truncated to max_speed.
  CHECK(flow_following(at({1, 4}, {0, 0}, Vec2::UnitX(), 1.0), sink, 0)->norm() == doctest::Approx(1.0));
}

TEST_CASE("unaligned collision avoidance: the soonest close approach (D-STR-21)") {
  const Approach a = closest_approach({10, 1}, {-2, 0});
  CHECK(a.time == doctest::Approx(5));
  CHECK(a.distance == doctest::Approx(1));
  CHECK(closest_approach({-10, 1}, {-2, 0}).time < 0);  // moving apart: in the past
  const UnalignedParams up{3.0, 0.3, 0.5, 0.5, 0.25};
  const Self s = at({0, 0}, {1, 0}, Vec2::UnitX(), 1.5);
  // Head on, 4 m apart, closing at 2 m/s, passing 0.2 m apart: a collision at t = 2.
  const Other head_on{{4, 0.2}, {-1, 0}, -Vec2::UnitX(), 0.25};
  const auto d = unaligned_avoidance(s, std::span(&head_on, 1), up);
  REQUIRE(d.has_value());
  CHECK(d->y() < 0);  // it will be on the left: turn right
  // Ignored: moving apart, beyond the horizon, or passing wide.
  const Other leaving{{-4, 0}, {-1, 0}, -Vec2::UnitX(), 0.25};
  const Other later{{20, 0}, {-1, 0}, -Vec2::UnitX(), 0.25};
  const Other wide{{4, 2}, {-1, 0}, -Vec2::UnitX(), 0.25};
  for (const Other& o : {leaving, later, wide}) CHECK_FALSE(unaligned_avoidance(s, std::span(&o, 1), up));
  // Crossing: the other would reach the meeting point first, so slow down; reversed, speed up.
  const Other crossing_near{{2, -1}, {0, 1}, Vec2::UnitY(), 0.25};  // t* = 1.5, 0.71 m apart
  const auto slow = unaligned_avoidance(s, std::span(&crossing_near, 1), up);
  REQUIRE(slow.has_value());
  CHECK(slow->dot(s.forward) < s.velocity.norm());
  const Other crossing_far{{2, -3}, {0, 1}, Vec2::UnitY(), 0.25};   // t* = 2.5, 0.71 m apart
  const auto fast = unaligned_avoidance(s, std::span(&crossing_far, 1), up);
  REQUIRE(fast.has_value());
  CHECK(fast->dot(s.forward) > s.velocity.norm());
  // Of two, the soonest.
  const Other both[] = {head_on, Other{{2, -0.1}, {-1, 0}, -Vec2::UnitX(), 0.25}};
  CHECK(unaligned_avoidance(s, both, up)->y() > 0);  // the one at t = 1, on the right
}

TEST_CASE("neighbourhood, separation, cohesion, alignment (D-STR-22..25)") {
  const Self s = at({0, 0}, {1, 0}, Vec2::UnitX(), 1.0);
  const Neighbourhood n{3.0, 0.6 * kPi};
  CHECK(in_neighbourhood(s, {2, 0}, n));
  CHECK(in_neighbourhood(s, {0, 2}, n));      // abeam: inside ±0.6π
  CHECK_FALSE(in_neighbourhood(s, {-1, -2}, n));  // behind the field of view
  CHECK_FALSE(in_neighbourhood(s, {-2, 0}, n));  // behind
  CHECK_FALSE(in_neighbourhood(s, {4, 0}, n));   // too far
  const Other others[] = {{{2, 0}, {0, 1}, Vec2::UnitY(), 0.25},
                          {{0, 1}, {1, 1}, Vec2::UnitX(), 0.25},
                          {{-1, 0}, {5, 5}, Vec2::UnitX(), 0.25}};  // behind: not a neighbour
  // Separation Σ (p − p_j)/r²: (−2, 0)/4 + (0, −1)/1.
  CHECK(near(separation_force(s, others, n), {-0.5, -1.0}));
  CHECK(near(cohesion_force(s, others, n), {1.0, 0.5}));
  CHECK(near(alignment_force(s, others, n), {-0.5, 1.0}));
  CHECK(near(*alignment(s, others, n), truncate({0.5, 1.0}, 1.0)));
  CHECK(near(*cohesion(s, others, n), seek(s, {1.0, 0.5})));
  CHECK(separation(s, others, n)->norm() <= 1.0 + 1e-12);
  // No neighbours: null.
  const Other far[] = {{{9, 9}, {0, 0}, Vec2::UnitX(), 0.25}};
  CHECK_FALSE(separation(s, far, n));
  CHECK_FALSE(cohesion(s, far, n));
  CHECK_FALSE(alignment(s, far, n));
}

TEST_CASE("flocking: nine parameters, each component normalized then weighted (D-STR-26)") {
  const Self s = at({0, 0}, {1, 0}, Vec2::UnitX(), 10.0);
  const Other others[] = {{{0.5, 0}, {0, 1}, Vec2::UnitY(), 0.25}, {{3, 0}, {1, 0}, Vec2::UnitX(), 0.25}};
  FlockParams fp;
  fp.separation_weight = 2;
  fp.alignment_weight = 0.5;
  fp.cohesion_weight = 1;
  fp.separation = {1.0, kPi};
  fp.alignment = {5.0, kPi};
  fp.cohesion = {5.0, kPi};
  const Vec2 expect = s.velocity + s.max_speed * (2 * unit_or_zero(separation_force(s, others, fp.separation)) +
                                                  0.5 * unit_or_zero(alignment_force(s, others, fp.alignment)) +
                                                  1 * unit_or_zero(cohesion_force(s, others, fp.cohesion)));
  CHECK(near(*flocking(s, others, fp), truncate(expect, s.max_speed)));
  const Other far[] = {{{50, 0}, {0, 0}, Vec2::UnitX(), 0.25}};
  CHECK_FALSE(flocking(s, far, fp).has_value());
}

TEST_CASE("leader following: behind the leader, out of its way first (D-STR-27)") {
  const Other leader{{10, 0}, {1, 0}, Vec2::UnitX(), 0.25};
  LeaderParams lp;
  lp.behind = 2;
  lp.behind_per_speed = 1;
  CHECK(near(point_behind(leader, lp), {7, 0}));
  lp.separation_weight = 0;
  const Self follower = at({0, 0}, {0, 0}, Vec2::UnitX(), 1.0);
  CHECK(near(leader_following(follower, leader, {}, lp), arrival(follower, {7, 0}, lp.slowing_distance)));
  // In the leader's forward rectangle, slightly to its left: step left, across its heading.
  const Self in_way = at({11, 0.3}, {0, 0}, Vec2::UnitX(), 1.0);
  CHECK(near(leader_following(in_way, leader, {}, lp), {0, 1}));
  const Self right_in_way = at({12, -0.2}, {0, 0}, Vec2::UnitX(), 1.0);
  CHECK(near(leader_following(right_in_way, leader, {}, lp), {0, -1}));
  // Separation among the followers pushes apart.
  lp.separation_weight = 1;
  const Self crowded = at({7, 0.2}, {0, 0}, Vec2::UnitX(), 1.0);
  const Other mate{{7, -0.3}, {0, 0}, Vec2::UnitX(), 0.25};
  CHECK(leader_following(crowded, leader, std::span(&mate, 1), lp).y() > 0);
}

TEST_CASE("combining: weighted sum, priority, prioritized dithering (D-CMB-01..03, 05)") {
  const Desired outs[] = {std::nullopt, Vec2(1, 0), Vec2(0, 2)};
  const double w[] = {5, 2, 0.5};
  CHECK(near(*weighted_sum(outs, w), {2, 1}));
  const Desired none[] = {std::nullopt, std::nullopt};
  CHECK_FALSE(weighted_sum(none, w).has_value());
  CHECK(priority_pick(outs) == 1);
  CHECK(priority_pick(none) == -1);
  const double all[] = {1, 1, 1}, draws[] = {0.3, 0.9, 0.2};
  CHECK(dither_pick(outs, all, draws) == priority_pick(outs));
  const double some[] = {1, 0.5, 1};
  CHECK(dither_pick(outs, some, draws) == 2);  // the second skipped (0.9 ≥ 0.5)
}

TEST_CASE("vehicle frame: up stays up in a right-handed frame, the printed formula flips it") {
  Frame f, printed;
  for (int k = 0; k < 10000; ++k) {
    const double a = 0.001 * k;
    const Vec3 v(std::cos(a), 0, -std::sin(a));  // planar motion on the ground (y up)
    f = vehicle_frame(f, v);
    printed = vehicle_frame_as_printed(printed, v);
    if (k % 1000 == 0) {
      CHECK((f.up - Vec3::UnitY()).norm() < 1e-6);  // D-VEH-07
      CHECK((f.forward - v.normalized()).norm() < 1e-6);  // D-VEH-06
      CHECK(std::abs(f.forward.dot(f.side)) < 1e-6);
      CHECK(std::abs(f.side.dot(f.up)) < 1e-6);
      CHECK((f.forward.cross(f.up) - f.side).norm() < 1e-6);  // right-handed
    }
  }
  Frame one = vehicle_frame_as_printed(Frame{}, Vec3::UnitX());
  CHECK((one.up + Vec3::UnitY()).norm() < 1e-9);  // S1 as printed: up = −y after one step
  // Zero velocity keeps the old frame (D-VEH-05).
  const Frame kept = vehicle_frame(f, Vec3::Zero());
  CHECK(kept.forward == f.forward);
  CHECK(kept.up == f.up);
}

TEST_CASE("simple vehicle: dt = 1 is the paper's update, force and speed never exceed their limits") {
  const VehicleParams p{2.0, 0.5, 1.2};
  VehicleState s{{1, 2}, {0.3, -0.1}, Vec2(0.3, -0.1).normalized()};
  const Vec2 steering(3, 4);
  // S1 verbatim, unit step (D-VEH-03).
  const Vec2 force = truncate(steering, p.max_force);
  const Vec2 acceleration = force / p.mass;
  const Vec2 velocity = truncate(s.velocity + acceleration, p.max_speed);
  const Vec2 position = s.position + velocity;
  const VehicleState n = vehicle_step(s, steering, p, 1.0);
  CHECK(n.velocity == velocity);
  CHECK(n.position == position);
  CHECK(force.norm() <= p.max_force + 1e-12);  // D-VEH-01
  // Many steps of pulling hard: the speed never exceeds max_speed (D-VEH-02).
  for (int k = 0; k < 1000; ++k) {
    s = vehicle_step(s, Vec2(std::cos(0.01 * k), std::sin(0.013 * k)) * 10, p, 1.0 / 30);
    CHECK(s.velocity.norm() <= p.max_speed + 1e-9);
    CHECK(s.forward.norm() == doctest::Approx(1.0));
  }
  // Halving the mass doubles the change of velocity under an unclipped force (D-VEH-04).
  const VehicleState rest{};
  const Vec2 small(0.1, 0);
  const double dv_heavy = vehicle_step(rest, small, {2.0, 1.0, 10.0}, 0.5).velocity.x();
  const double dv_light = vehicle_step(rest, small, {1.0, 1.0, 10.0}, 0.5).velocity.x();
  CHECK(dv_light == doctest::Approx(2 * dv_heavy));
  // At zero velocity the orientation is kept (D-VEH-05).
  const VehicleState turned{{0, 0}, {0, 0}, Vec2(0, 1)};
  CHECK(vehicle_step(turned, Vec2::Zero(), p, 1.0).forward == Vec2(0, 1));
}
