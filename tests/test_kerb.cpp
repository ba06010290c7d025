// Ground kept off like a wall (terrain_sensor `kerb`): an avoid potential is bounded where the
// ground begins, so a strong enough pull (or a crowd pressing) carries a foot over it; a kerb refuses
// the footstep instead, until the net opens the ground (`except`), and never traps a walker already
// standing on it. Every incident the summary lists names who, when and where.
#include <doctest/doctest.h>

#include <string>

#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using namespace footfall;
using footfall::test::make_sim;

namespace {

// A 4 m street across the walker's way (y from 0 to 4), its goal on the far side; the goal pulls
// twenty times harder than the street repels.
Simulation street_scene(const std::string& kerb, const std::string& except, double start_y) {
  return make_sim(parse_scenario(R"(
world:
  regions:
    - {name: road, type: street, polygon: [[-20, 0], [20, 0], [20, 4], [-20, 4]]}
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, k_theta: 1, t_d: 0.05, power: 0.5, weight: 20}
      road: {type: terrain_sensor, types: [street], range: 1.0, kerb: )" + kerb + R"(, except: )" + except + R"(}
      avoid_road: {type: avoid, input: road, k_d: 4, t_d: 0.45}
      walk: {type: walk, inputs: [seek, avoid_road]}
agents:
  - {name: w, behavior: walker, position: [0, )" + std::to_string(start_y) + R"(], heading: 1.5708,
     set: {goal.target: [0, 7]}}
)", "inline.yaml"));
}

double walk_for(Simulation& sim, double seconds) {
  for (int f = 0; f < static_cast<int>(seconds * 30); ++f) sim.step();
  return sim.snapshot().location[0].y();
}

}  // namespace

TEST_CASE("kerb: avoided only, the street is crossed where the pull is strong, and the incident is listed") {
  Simulation sim = street_scene("0", "-1", -2);
  CHECK(walk_for(sim, 15) > 6);
  CHECK(sim.metrics().jaywalk_events > 0);
  REQUIRE(!sim.metrics().incidents.empty());
  const Incident& first = sim.metrics().incidents.front();
  CHECK(first.kind == Incident::Kind::Jaywalk);
  CHECK(first.id == 1);
  CHECK(first.where.y() >= 0);
  CHECK(first.where.y() <= 1);
  CHECK(std::string(incident_name(first.kind)) == "jaywalk");
}

TEST_CASE("kerb: kept off like a wall, no foot is set on the street however hard the pull") {
  Simulation sim = street_scene("1", "-1", -2);
  const double y = walk_for(sim, 15);
  CHECK(y < 0);
  CHECK(y > -0.8);  // it walked up to the kerb and stands there
  CHECK(sim.metrics().jaywalk_events == 0);
  CHECK(sim.metrics().incidents.empty());
}

TEST_CASE("kerb: opened by except (the crossing net's crosswalk), and never a trap for one already on it") {
  Simulation opened = street_scene("1", "0", -2);  // region 0 is the street
  CHECK(walk_for(opened, 15) > 6);
  // Standing on the street, the walker walks on and off it.
  Simulation on_it = street_scene("1", "-1", 2);
  CHECK(walk_for(on_it, 15) > 6);
}
