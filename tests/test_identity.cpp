// Every pedestrian keeps one id and one name for life; slots are internal and reused (issue 18).
#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "helpers.hpp"

using namespace footfall;

namespace {

std::string intersection_text() {
  std::ifstream in(test::source_path("data/scenarios/intersection.yaml"));
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("identity: ids from 1 for life, names for life, the initial population named for its slots") {
  Simulation sim = test::make_sim(parse_scenario(intersection_text(), "intersection.yaml"));
  const Snapshot& s0 = sim.snapshot();
  REQUIRE(s0.agents == 201);
  CHECK(s0.id[0] == 1);
  CHECK(sim.name_of(1) == "north");  // a scenario agent keeps its own name
  for (std::size_t a = 1; a < s0.agents; ++a) {
    if (!s0.active[a]) continue;
    CHECK(s0.id[a] == a + 1);
    CHECK(sim.name_of(s0.id[a]) == sim.agents().name[a]);  // the slot is named for its first pedestrian
  }
  CHECK(sim.name_of(5000) == "ped5000");
  // Those who enter later get ids after every slot's reserved one, each a new one.
  std::set<std::uint64_t> entered;
  for (int f = 0; f < 900; ++f) {
    const Snapshot before = sim.snapshot();
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t a = 0; a < s.agents; ++a)
      if (s.active[a] && (!before.active[a] || before.id[a] != s.id[a])) {
        CHECK(s.id[a] > 201);
        CHECK(entered.insert(s.id[a]).second);
      }
  }
  CHECK(entered.size() == sim.metrics().spawned);
  CHECK(entered.size() > 20);
}

TEST_CASE("identity: the behavioral state names each agent's PaT-Net states") {
  Simulation sim = test::make_sim(parse_scenario(intersection_text(), "intersection.yaml"));
  const Snapshot& s = sim.snapshot();
  CHECK(sim.behavior_of(s, 0) == "north:to_corner");
  // The population follows routes: the route net, and the leg it called.
  std::size_t routed = 0;
  for (std::size_t a = 1; a < s.agents; ++a) {
    if (!s.active[a]) continue;
    const std::string b = sim.behavior_of(s, a);
    CAPTURE(b);
    CHECK(b.rfind("route:next/", 0) == 0);
    routed += b.find("cross:") != std::string::npos || b.find("walk_to:") != std::string::npos;
  }
  CHECK(routed > 150);
  // Someone waits for WALK within the first minute.
  bool waiting = false;
  for (int f = 0; f < 1800 && !waiting; ++f) {
    sim.step();
    for (std::size_t a = 0; a < sim.snapshot().agents && !waiting; ++a)
      waiting = sim.snapshot().active[a] && sim.behavior_of(sim.snapshot(), a).ends_with("cross:wait");
  }
  CHECK(waiting);
}

TEST_CASE("identity: with a population, scenario agents may not take its pedestrians' names") {
  std::string text = intersection_text();
  const std::string from = "  - name: north\n";
  REQUIRE(text.find(from) != std::string::npos);
  text.replace(text.find(from), from.size(), "  - name: ped7\n");
  try {
    parse_scenario(text, "reserved.yaml");
    FAIL("a scenario agent named ped7 beside a population loaded");
  } catch (const ScenarioError& e) {
    CHECK(std::string(e.what()).find("reserved.yaml:") == 0);
    CHECK(std::string(e.what()).find("'ped7' is reserved") != std::string::npos);
  }
  // Without a population the name is free.
  CHECK_NOTHROW(parse_scenario(R"(world: {}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal}
      walk: {type: walk, inputs: [seek]}
agents:
  - {name: ped7, behavior: w, position: [0, 0], set: {goal.target: [3, 0]}}
)", "free.yaml"));
}
