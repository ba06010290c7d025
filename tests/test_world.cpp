#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "footfall/world/world.hpp"

using namespace footfall;

TEST_CASE("shape distances") {
  const Box box{{0, 0}, {2, 1}, kPi / 2};  // rotated: 2 m half-extent along y
  CHECK(distance_to(box, {0, 0}) == 0.0);
  CHECK(distance_to(box, {0, 3}) == doctest::Approx(1.0));
  CHECK(distance_to(box, {2, 0}) == doctest::Approx(1.0));
  const Cylinder cyl{{5, 0}, 0.5};
  CHECK(distance_to(cyl, {7, 0}) == doctest::Approx(1.5));
  CHECK(distance_to(cyl, {5.1, 0}) == 0.0);
  const Segment seg{{0, 0}, {4, 0}};
  CHECK(distance_to(seg, {2, 3}) == doctest::Approx(3.0));
  CHECK(distance_to(seg, {-3, 4}) == doctest::Approx(5.0));
  // A step across a thin wall touches it even though both ends are clear.
  CHECK(segment_distance_to(seg, {2, -1}, {2, 1}) == 0.0);
  CHECK(segment_distance_to(Shape{box}, {-5, 0}, {5, 0}) == 0.0);
  CHECK(segment_distance_to(Shape{box}, {3, -5}, {3, 5}) == doctest::Approx(2.0));
  CHECK(segment_distance_to(Shape{cyl}, {4, 2}, {6, 2}) == doctest::Approx(1.5));
}

TEST_CASE("uniform grid finds every point in a box and nothing far away") {
  UniformGrid grid(Aabb{{0, 0}, {100, 100}}, 5.0);
  std::vector<Vec2> pts;
  for (int i = 0; i < 400; ++i) pts.emplace_back((i * 37) % 100 + 0.5, (i * 53) % 100 + 0.5);
  pts.emplace_back(-50, 500);  // outside the bounds: clamped, never lost
  grid.build_points(pts);
  const Aabb q{{20, 20}, {40, 35}};
  std::vector<std::uint32_t> found;
  grid.for_each_in(q, [&](std::uint32_t i) {
    if (pts[i].x() >= 20 && pts[i].x() <= 40 && pts[i].y() >= 20 && pts[i].y() <= 35) found.push_back(i);
  });
  std::vector<std::uint32_t> expected;
  for (std::uint32_t i = 0; i < pts.size(); ++i)
    if (pts[i].x() >= 20 && pts[i].x() <= 40 && pts[i].y() >= 20 && pts[i].y() <= 35) expected.push_back(i);
  std::sort(found.begin(), found.end());
  CHECK(found == expected);
  bool outside_seen = false;
  grid.for_each_in(Aabb{{0, 95}, {5, 100}}, [&](std::uint32_t i) { outside_seen |= i == 400; });
  CHECK(outside_seen);
}

TEST_CASE("uniform grid lists every point once, cell by cell, in its items() order") {
  UniformGrid grid(Aabb{{0, 0}, {100, 100}}, 5.0);
  std::vector<Vec2> pts;
  std::vector<std::uint8_t> listed;
  for (int i = 0; i < 400; ++i) {
    pts.emplace_back((i * 37) % 100 + 0.5, (i * 53) % 100 + 0.5);
    listed.push_back(i % 7 != 0);  // left out: never in the order
  }
  pts.emplace_back(-50, 500);  // clamped into a border cell
  listed.push_back(1);
  grid.build_points(pts, &listed);
  const auto order = grid.items();
  std::vector<std::uint32_t> sorted(order.begin(), order.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint32_t> expected;
  for (std::uint32_t i = 0; i < pts.size(); ++i)
    if (listed[i]) expected.push_back(i);
  CHECK(sorted == expected);
  // Cell by cell: the cells of consecutive items never go back, and ids rise within a cell.
  for (std::size_t k = 1; k < order.size(); ++k) {
    const std::size_t c0 = grid.cell_index(pts[order[k - 1]]), c1 = grid.cell_index(pts[order[k]]);
    CHECK(c0 <= c1);
    if (c0 == c1) CHECK(order[k - 1] < order[k]);
  }
}

TEST_CASE("ground type is the topmost region and nearest ground respects type masks") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.3, true}, {"crosswalk", 1.0, false}};
  w.regions.push_back({"road", 1, {{-10, -2}, {10, -2}, {10, 2}, {-10, 2}}});
  w.regions.push_back({"zebra", 2, {{-1, -2}, {1, -2}, {1, 2}, {-1, 2}}});
  w.finalize();
  CHECK(w.ground_at({5, 0}) == 1);
  CHECK(w.ground_at({0, 0}) == 2);
  CHECK(w.ground_at({0, 5}) == 0);
  CHECK(w.navigability_at({5, 0}) == doctest::Approx(0.3));
  const auto q = w.nearest_ground({5, 3}, 1ull << 1, 2.0);
  REQUIRE(q.has_value());
  CHECK((*q - Vec2(5, 2)).norm() == doctest::Approx(0.0));
  CHECK_FALSE(w.nearest_ground({5, 5}, 1ull << 1, 2.0).has_value());
}

TEST_CASE("signalised_region_at answers region_at's region where it has a signal, without a polygon test far from signals") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.3, true}, {"crosswalk", 1.0, false}};
  w.signals = {"ns", "ew"};
  w.regions.push_back({"road", 1, {{-30, -2}, {30, -2}, {30, 2}, {-30, 2}}});
  w.regions.push_back({"east_cw", 2, {{10, -2}, {13, -2}, {13, 2}, {10, 2}}, 0});
  w.regions.push_back({"west_cw", 2, {{-13, -2}, {-10, -2}, {-10, 2}, {-13, 2}}, 1});
  // An unsignalised region drawn over half of a crosswalk: topmost there, so no signal.
  w.regions.push_back({"puddle", 1, {{10, -2}, {11.5, -2}, {11.5, 0}, {10, 0}}});
  w.finalize(4.0);
  CHECK(w.signalised_region_at({12, 1}) == 1);
  CHECK(w.signalised_region_at({-11, 0}) == 2);
  CHECK(w.signalised_region_at({10.5, -1}) == -1);  // the puddle
  CHECK(w.signalised_region_at({0, 0}) == -1);      // the street
  CHECK(w.signalised_region_at({-28, 20}) == -1);   // a sidewalk cell listing no signalised region
  int mismatches = 0, signalised = 0;
  for (double x = -35; x <= 35; x += 0.125)
    for (double y = -6; y <= 6; y += 0.125) {
      const int r = w.region_at({x, y});
      const int want = r >= 0 && w.regions[r].signal >= 0 ? r : -1;
      mismatches += w.signalised_region_at({x, y}) != want;
      signalised += want >= 0;
    }
  CHECK(mismatches == 0);
  CHECK(signalised > 1000);
}

TEST_CASE("wrap_angle: the bits std::remainder gives, at every angle near its shortcut's edges") {
  // core/math.hpp takes one turn off directly within 7.5 rad; std::remainder is the definition.
  const auto reference = [](double a) {
    if (a > -kPi && a <= kPi) return a;
    a = std::remainder(a, 2.0 * kPi);
    return a <= -kPi ? a + 2.0 * kPi : a;
  };
  std::vector<double> angles;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> any(-20.0, 20.0);
  for (int k = 0; k < 200000; ++k) angles.push_back(any(rng));
  for (const double edge : {kPi, -kPi, 2 * kPi, -2 * kPi, 3 * kPi, -3 * kPi, 7.5, -7.5, 0.0}) {
    double up = edge, down = edge;
    for (int k = 0; k < 64; ++k) {
      angles.push_back(up);
      angles.push_back(down);
      up = std::nextafter(up, 100.0);
      down = std::nextafter(down, -100.0);
    }
  }
  // Differences of two headings and atan2 less a heading, as relative_angle makes them.
  std::uniform_real_distribution<double> heading(-kPi, kPi);
  for (int k = 0; k < 200000; ++k) angles.push_back(heading(rng) - heading(rng));
  int mismatches = 0;
  for (const double a : angles) {
    const double got = wrap_angle(a), want = reference(a);
    if (std::memcmp(&got, &want, sizeof got) != 0) ++mismatches;
  }
  CHECK(mismatches == 0);
}
