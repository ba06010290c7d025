#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "footfall/world/city.hpp"
#include "footfall/world/world.hpp"

using namespace footfall;

namespace {

using Route = std::vector<std::uint32_t>;

World world_with_locations(const std::vector<Vec2>& positions) {
  World w;
  for (std::size_t i = 0; i < positions.size(); ++i)
    w.locations.push_back({std::to_string(i), positions[i]});
  return w;
}

// 0 → 3 either over three short hops through 1 and 2 (≈ 10.3 m) or over two long ones through 4
// (≈ 22.4 m); 5 is cut off from the rest.
World detour_world() {
  World w = world_with_locations({{0, 0}, {3, 1}, {7, 1}, {10, 0}, {5, 10}, {50, 50}});
  w.walkways.edges = {{0, 4}, {4, 3}, {0, 1}, {1, 2}, {2, 3}};
  w.walkways.finalize(w);
  return w;
}

bool same_vec(const Vec2& a, const Vec2& b) { return (a - b).norm() < 1e-12; }

bool same_shape(const Shape& a, const Shape& b) {
  if (a.index() != b.index()) return false;
  if (const auto* x = std::get_if<Box>(&a)) {
    const auto& y = std::get<Box>(b);
    return same_vec(x->center, y.center) && same_vec(x->half, y.half) && x->rotation == y.rotation;
  }
  if (const auto* x = std::get_if<Cylinder>(&a)) {
    const auto& y = std::get<Cylinder>(b);
    return same_vec(x->center, y.center) && x->radius == y.radius;
  }
  const auto& x = std::get<Segment>(a);
  const auto& y = std::get<Segment>(b);
  return same_vec(x.a, y.a) && same_vec(x.b, y.b);
}

Shape shifted_shape(Shape s, const Vec2& d) {
  std::visit(
      [&](auto& v) {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, Segment>) {
          v.a += d;
          v.b += d;
        } else {
          v.center += d;
        }
      },
      s);
  return s;
}

// One 60 m tile: a sidewalk walk from the west edge to the centre, then a signalled crossing to
// the east edge. The edge locations are the endpoints, so side-by-side tiles meet there.
World intersection_tile() {
  World w;
  w.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.3, true}, {"crosswalk", 1.0, false}};
  w.default_ground = 0;
  w.classes = {"building", "pole", "wall"};
  w.signals = {"ns", "ew", "ped"};  // three signals and two regions so remaps cannot be confused
  w.regions.push_back({"road", 1, {{35, 0}, {55, 0}, {55, 60}, {35, 60}}});
  w.regions.push_back({"zebra", 2, {{35, 28}, {55, 28}, {55, 32}, {35, 32}}, 1});
  w.obstacles.push_back({"box", Box{{10, 10}, {4, 3}, 0.25}, 0});
  w.obstacles.push_back({"pole", Cylinder{{32, 33}, 0.2}, 1});
  w.obstacles.push_back({"wall", Segment{{5, 50}, {25, 52}}, 2, false});
  w.locations = {{"w", {0, 30}}, {"c", {30, 30}}, {"e", {60, 30}}};
  w.walkways.edges = {{0, 1}, {1, 2, 1, 1}};  // the second crosses on "zebra", governed by "ew"
  w.walkways.endpoints = {0, 2};
  return w;
}

void check_same_world(const World& a, const World& b) {
  REQUIRE(a.ground_types.size() == b.ground_types.size());
  for (std::size_t i = 0; i < a.ground_types.size(); ++i) {
    CHECK(a.ground_types[i].name == b.ground_types[i].name);
    CHECK(a.ground_types[i].navigability == b.ground_types[i].navigability);
    CHECK(a.ground_types[i].jaywalk == b.ground_types[i].jaywalk);
  }
  CHECK(a.default_ground == b.default_ground);
  CHECK(a.classes == b.classes);
  CHECK(a.signals == b.signals);
  REQUIRE(a.regions.size() == b.regions.size());
  for (std::size_t i = 0; i < a.regions.size(); ++i) {
    CHECK(a.regions[i].name == b.regions[i].name);
    CHECK(a.regions[i].type == b.regions[i].type);
    CHECK(a.regions[i].signal == b.regions[i].signal);
    CHECK(a.regions[i].polygon == b.regions[i].polygon);
  }
  REQUIRE(a.obstacles.size() == b.obstacles.size());
  for (std::size_t i = 0; i < a.obstacles.size(); ++i) {
    CHECK(a.obstacles[i].name == b.obstacles[i].name);
    CHECK(a.obstacles[i].cls == b.obstacles[i].cls);
    CHECK(a.obstacles[i].solid == b.obstacles[i].solid);
    CHECK(same_shape(a.obstacles[i].shape, b.obstacles[i].shape));
  }
  REQUIRE(a.locations.size() == b.locations.size());
  for (std::size_t i = 0; i < a.locations.size(); ++i) {
    CHECK(a.locations[i].name == b.locations[i].name);
    CHECK(a.locations[i].position == b.locations[i].position);
  }
  REQUIRE(a.walkways.edges.size() == b.walkways.edges.size());
  for (std::size_t i = 0; i < a.walkways.edges.size(); ++i) {
    const WalkEdge &x = a.walkways.edges[i], &y = b.walkways.edges[i];
    CHECK(x.a == y.a);
    CHECK(x.b == y.b);
    CHECK(x.crosswalk == y.crosswalk);
    CHECK(x.signal == y.signal);
    CHECK(x.length == y.length);
  }
  CHECK(a.walkways.endpoints == b.walkways.endpoints);
}

bool route_uses(const Walkways& ww, const Route& r, const WalkEdge& e) {
  for (std::size_t i = 0; i + 1 < r.size(); ++i)
    if (ww.edge_between(r[i], r[i + 1]) == &e) return true;
  return false;
}

}  // namespace

TEST_CASE("walkway route takes the shortest path over the fewest hops") {
  const World w = detour_world();
  const auto& ww = w.walkways;
  CHECK(ww.edges[2].length == doctest::Approx(std::sqrt(10.0)));
  CHECK(ww.route(0, 3) == Route{0, 1, 2, 3});
  CHECK(ww.route(3, 0) == Route{3, 2, 1, 0});
  CHECK(ww.route(4, 2) == Route{4, 3, 2});  // 4 → 0 → 1 → 2 would be longer
}

TEST_CASE("walkway route handles unreachable and trivial requests") {
  const World w = detour_world();
  const auto& ww = w.walkways;
  CHECK(ww.route(0, 5).empty());
  CHECK(ww.route(5, 0).empty());
  CHECK(ww.route(2, 2) == Route{2});
  CHECK(ww.route(5, 5) == Route{5});  // isolated, but it is where it wants to be
  CHECK(ww.route(0, 6).empty());      // out of range
  CHECK(ww.route(6, 6).empty());
  CHECK(Walkways{}.route(0, 0).empty());  // never finalized: no locations known
}

TEST_CASE("walkway route through a graph larger than its first table") {
  // A 40 x 40 grid of locations 1 m apart: a corner-to-corner route reaches far more locations
  // than the search's table first holds (256), so the table grows on the way, several times.
  constexpr std::uint32_t kSide = 40;
  std::vector<Vec2> at;
  for (std::uint32_t y = 0; y < kSide; ++y)
    for (std::uint32_t x = 0; x < kSide; ++x) at.push_back({static_cast<double>(x), static_cast<double>(y)});
  World w = world_with_locations(at);
  for (std::uint32_t y = 0; y < kSide; ++y)
    for (std::uint32_t x = 0; x < kSide; ++x) {
      const std::uint32_t v = y * kSide + x;
      if (x + 1 < kSide) w.walkways.edges.push_back({v, v + 1});
      if (y + 1 < kSide) w.walkways.edges.push_back({v, v + kSide});
    }
  w.walkways.finalize(w);
  const Route r = w.walkways.route(0, kSide * kSide - 1);
  REQUIRE(r.size() == 2 * kSide - 1);  // 78 hops of 1 m: a shortest route
  CHECK(r.front() == 0);
  CHECK(r.back() == kSide * kSide - 1);
  CHECK(w.walkways.length(r) == doctest::Approx(2.0 * (kSide - 1)));
  // Ties go to the smaller index: along the bottom row first, then up the far side.
  CHECK(r[kSide - 1] == kSide - 1);
}

TEST_CASE("walkway route breaks ties by location index") {
  // A diamond with two equally long sides (both √2 + √2). The edges of the larger-index middle
  // location come first, so a tie broken by edge order would pick the other route.
  World w = world_with_locations({{0, 0}, {1, 1}, {1, -1}, {2, 0}});
  w.walkways.edges = {{0, 2}, {2, 3}, {0, 1}, {1, 3}};
  w.walkways.finalize(w);
  for (int i = 0; i < 5; ++i) {
    CHECK(w.walkways.route(0, 3) == Route{0, 1, 3});
    CHECK(w.walkways.route(3, 0) == Route{3, 1, 0});
  }
  // The same graph with the middle locations' indices swapped takes the other geometric side: the
  // choice is by index, not by position or edge order.
  World s = world_with_locations({{0, 0}, {1, -1}, {1, 1}, {2, 0}});
  s.walkways.edges = w.walkways.edges;
  s.walkways.finalize(s);
  CHECK(s.walkways.route(0, 3) == Route{0, 1, 3});
}

TEST_CASE("walkway route spread: each key takes one of the near-shortest routes, always valid") {
  // The diamond again: two equally short sides. Without spread every pedestrian takes the same one;
  // with it, pedestrians (keys) split over both, each reproducibly.
  World w = world_with_locations({{0, 0}, {1, 1}, {1, -1}, {2, 0}, {2, 5}});
  w.walkways.edges = {{0, 2}, {2, 3}, {0, 1}, {1, 3}, {0, 4}, {4, 3}};  // and a long way round
  w.walkways.finalize(w);
  const WalkEdge& top = w.walkways.edges[3];
  int via_top = 0;
  for (std::uint64_t key = 0; key < 64; ++key) {
    CHECK(w.walkways.route(0, 3, 0.0, key) == Route{0, 1, 3});
    const Route r = w.walkways.route(0, 3, 0.1, key);
    CHECK(r == w.walkways.route(0, 3, 0.1, key));
    REQUIRE(r.size() == 3);  // a 10% spread never makes the 5 m detour worth taking
    CHECK(r.front() == 0);
    CHECK(r.back() == 3);
    via_top += route_uses(w.walkways, r, top);
  }
  CHECK(via_top > 16);  // both sides get a fair share
  CHECK(via_top < 48);
}

TEST_CASE("walkway edge_between finds an edge in both directions") {
  const World w = detour_world();
  const auto& ww = w.walkways;
  CHECK(ww.edge_between(1, 2) == &ww.edges[3]);
  CHECK(ww.edge_between(2, 1) == &ww.edges[3]);
  CHECK(ww.edge_between(3, 4) == &ww.edges[1]);
  CHECK(ww.edge_between(0, 2) == nullptr);
  CHECK(ww.edge_between(5, 0) == nullptr);
  CHECK(ww.edge_between(0, 9) == nullptr);
}

TEST_CASE("walkway finalize rejects bad location indices") {
  World w = world_with_locations({{0, 0}, {1, 0}, {2, 0}});
  w.walkways.edges = {{0, 1}, {1, 3}};
  CHECK_THROWS_AS(w.walkways.finalize(w), std::invalid_argument);
  w.walkways.edges = {{0, 1}, {1, 2}};
  w.walkways.endpoints = {0, 7};
  CHECK_THROWS_AS(w.walkways.finalize(w), std::invalid_argument);
  w.walkways.endpoints = {0, 2};
  CHECK_NOTHROW(w.walkways.finalize(w));
}

TEST_CASE("tile world 1x1 equals the input") {
  const World tile = intersection_tile();
  check_same_world(tile_world(tile, CityTiling{}), tile);
  CHECK(tile_prefix(CityTiling{}, 0, 0).empty());
  CHECK_THROWS_AS(tile_world(tile, CityTiling{0, 1}), std::invalid_argument);
  CHECK_THROWS_AS(tile_world(tile, CityTiling{2, -1}), std::invalid_argument);
}

TEST_CASE("tile world 3x2 copies tiles with offsets prefixes and remapped indices") {
  const World tile = intersection_tile();
  const CityTiling tiling{3, 2, Vec2(60, 60)};
  const World city = tile_world(tile, tiling);
  CHECK(tile_prefix(tiling, 2, 1) == "x2y1_");
  CHECK(city.ground_types.size() == tile.ground_types.size());
  CHECK(city.classes == tile.classes);
  CHECK(city.regions.size() == 6 * tile.regions.size());
  CHECK(city.obstacles.size() == 6 * tile.obstacles.size());
  CHECK(city.locations.size() == 6 * tile.locations.size());
  CHECK(city.signals.size() == 6 * tile.signals.size());

  // Tile k = 1 * 3 + 2 = 5, shifted by (120, 60).
  const Vec2 d(120, 60);
  const auto& zebra = city.regions[5 * 2 + 1];
  CHECK(zebra.name == "x2y1_zebra");
  CHECK(zebra.type == 2);
  CHECK(zebra.signal == 5 * 3 + 1);
  CHECK(city.signals[zebra.signal] == "x2y1_ew");
  CHECK(city.regions[5 * 2].signal == -1);
  REQUIRE(zebra.polygon.size() == 4);
  CHECK(same_vec(zebra.polygon[2], Vec2(55, 32) + d));
  for (std::size_t i = 0; i < tile.obstacles.size(); ++i) {
    const auto& o = city.obstacles[5 * tile.obstacles.size() + i];
    CHECK(o.name == "x2y1_" + tile.obstacles[i].name);
    CHECK(o.cls == tile.obstacles[i].cls);
    CHECK(o.solid == tile.obstacles[i].solid);
    CHECK(same_shape(o.shape, shifted_shape(tile.obstacles[i].shape, d)));
  }
  CHECK(city.locations[5 * 3 + 1].name == "x2y1_c");
  CHECK(same_vec(city.locations[5 * 3 + 1].position, Vec2(150, 90)));
  CHECK(city.locations[0].name == "x0y0_w");
  CHECK(same_vec(city.locations[0].position, Vec2(0, 30)));

  // Tile edges come first, tile by tile: edge 1 of tile 5 is its crossing.
  const WalkEdge& crossing = city.walkways.edges[5 * 2 + 1];
  CHECK(crossing.a == 5 * 3 + 1);
  CHECK(crossing.b == 5 * 3 + 2);
  CHECK(crossing.crosswalk == 5 * 2 + 1);
  CHECK(crossing.signal == 5 * 3 + 1);
  CHECK(crossing.length == 0);  // not finalized
  const WalkEdge& sidewalk = city.walkways.edges[5 * 2];
  CHECK(sidewalk.crosswalk == -1);
  CHECK(sidewalk.signal == -1);
}

TEST_CASE("tile world joins seams between neighbouring tiles and routes across them") {
  const World tile = intersection_tile();
  World city = tile_world(tile, CityTiling{3, 2, Vec2(60, 60)});

  // Two seams per row (east end of x0 meets west end of x1, and x1 meets x2), two rows.
  REQUIRE(city.walkways.edges.size() == 6 * 2 + 4);
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> seams = {
      {2, 3}, {5, 6}, {11, 12}, {14, 15}};
  for (std::size_t i = 0; i < seams.size(); ++i) {
    const WalkEdge& e = city.walkways.edges[12 + i];
    CHECK(e.a == seams[i].first);
    CHECK(e.b == seams[i].second);
    CHECK(e.crosswalk == -1);
    CHECK(e.signal == -1);
  }
  // Only the outer west and east ends stay endpoints, in their original order.
  CHECK(city.walkways.endpoints == Route{0, 8, 9, 17});

  city.walkways.finalize(city);
  for (std::size_t i = 12; i < city.walkways.edges.size(); ++i)
    CHECK(city.walkways.edges[i].length == doctest::Approx(0.0));
  const Route r = city.walkways.route(0, 8);  // x0y0_w to x2y0_e
  CHECK(r == Route{0, 1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(route_uses(city.walkways, r, city.walkways.edges[12]));
  CHECK(route_uses(city.walkways, r, city.walkways.edges[13]));
  CHECK(city.walkways.route(0, 17).empty());  // the rows are not joined: no north-south seam
}
