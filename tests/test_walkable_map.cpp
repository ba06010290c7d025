// The walkable map: which parts of a world walkable ground joins (load-time checks of intent).
#include <doctest/doctest.h>

#include "footfall/world/walkable_map.hpp"

using namespace footfall;

namespace {
World room_world(bool door) {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"water", 0.0, false}};
  const auto wall = [&](Vec2 a, Vec2 b) { w.obstacles.push_back({"", Segment{a, b}, 0, true}); };
  wall({-2, -2}, {2, -2});
  wall({2, -2}, {2, door ? -0.5 : 2});  // a door 1 m wide in the east wall, from y = -0.5 to 0.5
  if (door) wall({2, 0.5}, {2, 2});
  wall({2, 2}, {-2, 2});
  wall({-2, 2}, {-2, -2});
  w.classes = {"wall"};
  w.locations.push_back({"out", Vec2(8, 0)});
  w.finalize();
  return w;
}
}  // namespace

TEST_CASE("walkable map: a closed room is its own component, a door joins it to the outside") {
  const auto closed = WalkableMap::build(room_world(false));
  REQUIRE(closed);
  CHECK(closed->component(Vec2(0, 0)) >= 0);
  CHECK(closed->component(Vec2(0, 0)) != closed->component(Vec2(8, 0)));
  CHECK(closed->component(Vec2(500, 0)) == closed->component(Vec2(8, 0)));  // beyond the grid: outside
  const auto open = WalkableMap::build(room_world(true));
  REQUIRE(open);
  CHECK(open->component(Vec2(0, 0)) == open->component(Vec2(8, 0)));
}

TEST_CASE("walkable map: water splits, a periodic seam joins") {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"water", 0.0, false}};
  w.default_ground = 1;  // water everywhere but two pads
  w.regions.push_back({"a", 0, {{0, 0}, {4, 0}, {4, 4}, {0, 4}}});
  w.regions.push_back({"b", 0, {{10, 0}, {14, 0}, {14, 4}, {10, 4}}});
  w.finalize();
  auto m = WalkableMap::build(w);
  REQUIRE(m);
  CHECK(m->component(Vec2(2, 2)) >= 0);
  CHECK(m->component(Vec2(2, 2)) != m->component(Vec2(12, 2)));
  CHECK(m->component(Vec2(7, 2)) == -1);  // mid-lake, more than a metre from either shore
  // A corridor 0..14 in x, wrapping: the pads touch its ends, so the seam joins them.
  w.periodic = {0, 0, 14};
  w.finalize();
  m = WalkableMap::build(w);
  REQUIRE(m);
  CHECK(m->component(Vec2(2, 2)) == m->component(Vec2(12, 2)));
}
