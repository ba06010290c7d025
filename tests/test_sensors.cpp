#include <doctest/doctest.h>

#include "footfall/behavior/sensors.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {
World empty_world() {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}};
  w.finalize();
  return w;
}
}  // namespace

TEST_CASE("location sensor measures from the forward foot (Reich §7.3.2)") {
  const Pose pose{{0, 0}, 0.0, {0.35, 0}};
  const Percept p = sense_location(pose, {2, 0});
  CHECK(p.d == doctest::Approx(1.65));
  CHECK(p.theta == doctest::Approx(0.0));
  const Percept left = sense_location(pose, {0.35, 3});
  CHECK(left.theta == doctest::Approx(kPi / 2));  // seen from the forward foot
  CHECK(sense_location({{1, 1}, 0.0, {1, 1}}, {1, 1}).theta == 0.0);  // at the goal: no turn
}

TEST_CASE("line sensor reports only within its field of view (Reich §7.3.3)") {
  const World w = empty_world();
  const Snapshot snap = test::standing({{0, 0}});
  const SenseContext ctx{w, snap, {}, {}, 0, 0.25};
  const Pose facing{{0, 0}, kPi / 2, {0, 0}};
  const auto ahead = sense_line(facing, ctx, {-5, 2}, {5, 2}, kPi / 4);
  REQUIRE(ahead);
  CHECK(ahead->d == doctest::Approx(1.75));
  CHECK(ahead->theta == doctest::Approx(0.0));
  const Pose away{{0, 0}, -kPi / 2, {0, 0}};
  CHECK_FALSE(sense_line(away, ctx, {-5, 2}, {5, 2}, kPi / 4));
  const Pose sideways{{0, 0}, 0.0, {0, 0}};  // wall at 90°: outside ±45°, inside ±90°
  CHECK_FALSE(sense_line(sideways, ctx, {-5, 2}, {5, 2}, kPi / 4));
  CHECK(sense_line(sideways, ctx, {-5, 2}, {5, 2}, kPi / 2));
}

TEST_CASE("proximity sensor averages detected objects weighted by intrusion (Reich §7.3.4)") {
  const World w = empty_world();
  // Self at the origin facing +x; one agent deep in the sector, one near its rim, one behind.
  const Snapshot snap = test::standing({{0, 0}, {1, 0}, {2.6, 0.5}, {-1, 0}});
  const auto nb = test::all_but(4, 0);
  const SenseContext ctx{w, snap, nb, {}, 0, 0.25};
  const Pose pose{{0, 0}, 0.0, {0, 0}};
  const ProximityParams params{3.0, kPi / 4, true, 0};
  const auto p = sense_proximity(pose, ctx, params);
  REQUIRE(p);
  // α = R − (|c| − r): 2.25 for the near one, 0.25 + 0.6485... for the far one.
  const double a1 = 3.0 - (1.0 - 0.25);
  const double a2 = 3.0 - (Vec2(2.6, 0.5).norm() - 0.25);
  const Vec2 c = (a1 * Vec2(1, 0) + a2 * Vec2(2.6, 0.5)) / (a1 + a2);
  CHECK(p->d == doctest::Approx(c.norm() - 0.25 - 0.25));
  CHECK(p->theta == doctest::Approx(std::atan2(c.y(), c.x())));
  // The agent behind is outside the sector: alone it is not detected.
  const std::vector<std::uint32_t> behind{3};
  CHECK_FALSE(sense_proximity(pose, SenseContext{w, snap, behind, {}, 0, 0.25}, params));
}

TEST_CASE("a deeper intrusion never weighs less") {
  const World w = empty_world();
  double last = -kPi;
  for (double x = 2.9; x >= 0.6; x -= 0.1) {
    const Snapshot snap = test::standing({{0, 0}, {x, 0.3}, {2.0, -0.6}});
    const auto nb = test::all_but(3, 0);
    const auto p = sense_proximity({{0, 0}, 0.0, {0, 0}}, {w, snap, nb, {}, 0, 0.25},
                                   {3.0, kPi / 3, true, 0});
    REQUIRE(p);
    // The averaged object is pulled toward agent 1 (θ > 0) more as it comes closer.
    CHECK(p->theta >= last - 1e-12);
    last = p->theta;
  }
}

TEST_CASE("sector distance") {
  CHECK(sector_distance({0, 0}, 0, 2, kPi / 4, {1, 0}) == 0.0);
  CHECK(sector_distance({0, 0}, 0, 2, kPi / 4, {3, 0}) == doctest::Approx(1.0));
  CHECK(sector_distance({0, 0}, 0, 2, kPi / 4, {0, 1}) == doctest::Approx(std::sqrt(0.5)));
  CHECK(sector_distance({0, 0}, 0, 2, kPi / 4, {-1, 0}) == doctest::Approx(1.0));
}

TEST_CASE("terrain sensor finds undesirable ground") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.3, true}};
  w.regions.push_back({"road", 1, {{-10, 0}, {10, 0}, {10, 5}, {-10, 5}}});
  w.finalize();
  const auto near = sense_terrain({{0, -0.5}, kPi / 2, {0, -0.5}}, w, 1ull << 1, 1.0);
  REQUIRE(near);
  CHECK(near->d == doctest::Approx(0.5));
  CHECK(near->theta == doctest::Approx(0.0));
  const auto on = sense_terrain({{0, 1}, 0, {0, 1}}, w, 1ull << 1, 1.0);
  REQUIRE(on);
  CHECK(on->d == 0.0);
  CHECK_FALSE(sense_terrain({{0, -3}, 0, {0, -3}}, w, 1ull << 1, 1.0));
  // Measured from the forward foot, where one steps, not from the body's centre.
  const auto foot = sense_terrain({{0, -1.2}, kPi / 2, {0, -0.3}}, w, 1ull << 1, 1.0);
  REQUIRE(foot);
  CHECK(foot->d == doctest::Approx(0.3));
  CHECK_FALSE(sense_terrain({{0, -0.3}, kPi / 2, {0, -1.2}}, w, 1ull << 1, 1.0));
}

TEST_CASE("terrain sensor can leave one region out (the crosswalk being crossed)") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.3, true}, {"crosswalk", 1.0, false}};
  w.regions.push_back({"west", 1, {{-10, 0}, {-2, 0}, {-2, 5}, {-10, 5}}});
  w.regions.push_back({"zebra", 2, {{-2, 0}, {2, 0}, {2, 5}, {-2, 5}}});
  w.regions.push_back({"east", 1, {{2, 0}, {10, 0}, {10, 5}, {2, 5}}});
  w.finalize();
  const std::uint64_t road = (1ull << 1) | (1ull << 2);
  const Pose on_zebra{{0.5, 2}, 0, {0.5, 2}};
  const auto all = sense_terrain(on_zebra, w, road, 2.0);
  REQUIRE(all);
  CHECK(all->d == 0.0);  // standing on road ground
  const auto but_zebra = sense_terrain(on_zebra, w, road, 2.0, 1);
  REQUIRE(but_zebra);
  CHECK(but_zebra->d == doctest::Approx(1.5));  // the street beyond its east edge
  CHECK_FALSE(sense_terrain({{0, 2}, 0, {0, 2}}, w, road, 1.5, 1));  // 2 m from either street
  const auto zebra = w.nearest_ground({-1, -0.5}, road, 1.5);
  REQUIRE(zebra);
  CHECK((*zebra - Vec2(-1, 0)).norm() == doctest::Approx(0.0));
  const auto street = w.nearest_ground({-1, -0.5}, road, 1.5, 1);
  REQUIRE(street);
  CHECK((*street - Vec2(-2, 0)).norm() == doctest::Approx(0.0));
}

TEST_CASE("field-of-view sensor counts watchers and weighs them by distance") {
  const World w = empty_world();
  Snapshot snap = test::standing({{0, 0}, {4, 0}, {0, 4}, {-2, 0}});
  snap.heading[1] = kPi;       // looks at the origin
  snap.heading[2] = -kPi / 2;  // looks at the origin
  snap.heading[3] = kPi;       // looks away
  const auto nb = test::all_but(4, 0);
  const auto p = sense_field_of_view({{0, 0}, 0, {0, 0}}, {w, snap, nb, {}, 0, 0.25}, 10, kPi / 4);
  REQUIRE(p);
  CHECK(p->d == doctest::Approx(2.0));  // 1 / (1/4 + 1/4)
}

TEST_CASE("object sensor uses the better-fitting shape (Reich Fig. 7.5)") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}};
  w.classes = {"car"};
  w.obstacles.push_back({"car", Box{{0, 0}, {2.25, 0.9}, 0}, 0, true});
  w.finalize();
  const Snapshot snap = test::standing({{0, 0}});
  const SenseContext ctx{w, snap, {}, {}, 0, 0.25};
  const auto side = sense_obstacle({{0, -3}, kPi / 2, {0, -3}}, ctx, 0);
  const auto end = sense_obstacle({{-4.35, 0}, 0, {-4.35, 0}}, ctx, 0);
  REQUIRE(side);
  REQUIRE(end);
  CHECK(side->d == doctest::Approx(3.0 - 0.9 - 0.25));
  CHECK(end->d == doctest::Approx(side->d));  // same clearance from either side
}
