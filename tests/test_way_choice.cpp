// Which way round a corner a pedestrian takes (patnet/way_choice.hpp): signal waits, arrival times
// along a route, and the choice between a planned crossing and the other one at the same corner.
#include <doctest/doctest.h>

#include <vector>

#include "footfall/patnet/light_net.hpp"
#include "footfall/patnet/way_choice.hpp"
#include "footfall/world/world.hpp"

using namespace footfall;
using namespace footfall::patnet;

namespace {

using Route = std::vector<std::uint32_t>;

// A pedestrian at corner 0 bound for the opposite corner 3 of a 12 m block: either over crosswalk
// A (0 → 1, signal 0) and along to 3, or along to 2 and over crosswalk B (2 → 3, signal 1). With
// `long_way`, the second way goes round by 4 (24 m longer).
World block(bool long_way = false) {
  World w;
  const std::vector<Vec2> at = {{0, 0}, {0, 12}, {12, 0}, {12, 12}, {12, -12}};
  for (std::size_t i = 0; i < at.size(); ++i) w.locations.push_back({"c" + std::to_string(i), at[i]});
  w.walkways.edges = {{0, 1, 0, 0}, {1, 3}};
  if (long_way)
    w.walkways.edges.insert(w.walkways.edges.end(), {{0, 4}, {4, 2}, {2, 3, 1, 1}});
  else
    w.walkways.edges.insert(w.walkways.edges.end(), {{0, 2}, {2, 3, 1, 1}});
  w.walkways.finalize(w);
  return w;
}

// The intersection's cycle: WALK for 12 s of 48, the two heads half a cycle apart.
std::vector<SignalTiming> half_cycle_apart() {
  return {{20, 3, 25, 12, 0}, {20, 3, 25, 12, 24}};
}

}  // namespace

TEST_CASE("way choice: wait_for_walk is nothing while enough WALK is left, else until the next") {
  const SignalTiming s{20, 3, 25, 12, 10};  // WALK from 10 to 22, then every 48 s
  CHECK(wait_for_walk(s, 0, 4) == doctest::Approx(10));   // before the first green
  CHECK(wait_for_walk(s, 10, 4) == 0);
  CHECK(wait_for_walk(s, 18, 4) == 0);                    // 4 s of WALK still to run
  CHECK(wait_for_walk(s, 19, 4) == doctest::Approx(39));  // too late: the next WALK at 58
  CHECK(wait_for_walk(s, 40, 4) == doctest::Approx(18));
  CHECK(wait_for_walk(s, 58 + 2 * 48, 4) == 0);
}

TEST_CASE("way choice: arrival_time walks the route and waits at each signalled crossing") {
  const World w = block();
  const auto timings = half_cycle_apart();
  WayChoice c;
  c.speed = 2.0;
  c.min_walk_left = 4;
  // Over A at once (WALK shows at 0), 12 m + 12 m at 2 m/s.
  CHECK(arrival_time(w.walkways, timings, {0, 1, 3}, 0, c) == doctest::Approx(12));
  // Along to 2 (6 s), then B's WALK comes at 24, then 6 s over.
  CHECK(arrival_time(w.walkways, timings, {0, 2, 3}, 0, c) == doctest::Approx(30));
  // A location pair with no edge makes a route that never arrives.
  CHECK(arrival_time(w.walkways, timings, {0, 3}, 0, c) == kInf);
}

TEST_CASE("way choice: the pedestrian takes the crossing that gets it there sooner") {
  const World w = block();
  const auto timings = half_cycle_apart();
  const WayChoice c;
  const Route over_a{0, 1, 3}, over_b{0, 2, 3};
  // A shows WALK: keep to the plan over A, and someone planning B switches to A.
  CHECK(choose_way(w.walkways, timings, over_a, 1, c) == over_a);
  CHECK(choose_way(w.walkways, timings, over_b, 1, c) == over_a);
  // A's WALK has just ended and B's comes in 10 s: over B, whatever the plan.
  CHECK(choose_way(w.walkways, timings, over_a, 14, c) == over_b);
  CHECK(choose_way(w.walkways, timings, over_b, 14, c) == over_b);
}

TEST_CASE("way choice: a way longer than the detour allows is never taken, nor one with no crossing here") {
  const World w = block(true);  // the way over B is 24 m longer
  const auto timings = half_cycle_apart();
  WayChoice c;
  const Route over_a{0, 1, 3};
  c.detour = 10;
  CHECK(choose_way(w.walkways, timings, over_a, 14, c) == over_a);
  c.detour = 30;  // allowed now, but B is not at this corner: its crossing is three edges away
  CHECK(choose_way(w.walkways, timings, over_a, 14, c) == over_a);
}

TEST_CASE("walkway route avoids a closed edge, and length sums a route's edges") {
  const World w = block();
  const auto& ww = w.walkways;
  CHECK(ww.route(0, 3) == Route{0, 1, 3});
  CHECK(ww.route(0, 3, 0.0, 0, 0) == Route{0, 2, 3});  // edge 0 (over A) closed
  CHECK(ww.route(0, 1, 0.0, 0, 0) == Route{0, 2, 3, 1});
  CHECK(ww.index_of(ww.edges[2]) == 2);
  CHECK(ww.length({0, 1, 3}) == doctest::Approx(24));
  CHECK(ww.length({0}) == 0);
  CHECK(ww.length({0, 3}) == kInf);
}
