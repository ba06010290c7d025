// Scenario-level tests: the sawtooth of Fig. 1, the six-agent swap and determinism.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "footfall/behavior/controls.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

// Sign changes of (distance to the wall − threshold) along a sequence of locations.
int threshold_crossings(const std::vector<Vec2>& path, const Segment& wall, double threshold) {
  int crossings = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const bool in0 = point_segment_distance(path[i - 1], wall.a, wall.b) < threshold;
    const bool in1 = point_segment_distance(path[i], wall.a, wall.b) < threshold;
    crossings += in0 != in1;
  }
  return crossings;
}

struct SawtoothScene {
  Scenario s = load_scenario(test::source_path("data/scenarios/sawtooth.yaml"));
  Segment wall = std::get<Segment>(s.world.obstacles[s.world.find_obstacle("wall")].shape);
  Vec2 goal = s.world.locations[s.world.find_location("goal")].position;
  double param(const char* node, const char* p) const {
    return s.agents.params.get(0, static_cast<std::uint32_t>(s.nets[0].find_param(node, p)));
  }
  double threshold() const { return param("avoid_wall", "t_d") + s.agents.radius[0]; }
};

// The velocity-blending stepper the paper argues against (§2.3, Fig. 1): at each foot-strike, sum
// the controls' recommendations at the current location — turn by ΣΔθ (at most the fan's largest
// turn), away from the wall for the avoid term — and step straight on.
std::vector<Vec2> blended_path(const SawtoothScene& scene) {
  const AttractParams ap{scene.param("seek_goal", "k_theta"), scene.param("seek_goal", "k_d"),
                         scene.param("seek_goal", "t_theta"), scene.param("seek_goal", "t_d")};
  const AvoidParams vp{scene.param("avoid_wall", "k_theta"), scene.param("avoid_wall", "k_d"),
                       scene.param("avoid_wall", "t_d")};
  const double max_turn = scene.param("walk", "max_turn");
  const double fov = scene.param("wall_sensor", "fov");
  const double radius = scene.s.agents.radius[0];
  Vec2 p = scene.s.agents.foot[0][0];
  double heading = scene.s.agents.foot_heading[0][0];
  std::vector<Vec2> path{p};
  for (int i = 0; i < 60 && (p - scene.goal).norm() > 0.7; ++i) {
    const double theta_goal = relative_angle(p, heading, scene.goal);
    double turn = attract((scene.goal - p).norm(), theta_goal, ap).dtheta;
    const Vec2 q = closest_on_segment(p, scene.wall.a, scene.wall.b);
    const double theta_wall = relative_angle(p, heading, q);
    if (std::abs(theta_wall) <= fov) {
      const ControlOut v = avoid((q - p).norm() - radius, theta_wall, vp);
      turn -= (theta_wall >= 0 ? 1.0 : -1.0) * std::abs(v.dtheta);
    }
    heading = wrap_angle(heading + std::clamp(turn, -max_turn, max_turn));
    p += 0.7 * unit_from_heading(heading);
    path.push_back(p);
  }
  return path;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("sawtooth: fan sampling crosses the avoid threshold at most twice and blending four times") {
  SawtoothScene scene;
  const double threshold = scene.threshold();

  Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/sawtooth.yaml")));
  std::vector<Vec2> fan_path{sim.agents().location(0)};
  std::uint32_t steps = 0;
  for (int f = 0; f < 30 * 30; ++f) {
    sim.step();
    if (sim.agents().steps[0] != steps) {
      steps = sim.agents().steps[0];
      fan_path.push_back(sim.agents().plan[0].to);  // where this step ends
    }
  }
  CHECK(sim.progress()[0].arrived);
  CHECK(sim.metrics().collisions == 0);
  const int fan_crossings = threshold_crossings(fan_path, scene.wall, threshold);
  const int blend_crossings = threshold_crossings(blended_path(scene), scene.wall, threshold);
  MESSAGE("fan crossings " << fan_crossings << ", blended crossings " << blend_crossings);
  CHECK(fan_crossings <= 2);
  CHECK(blend_crossings >= 4);
}

TEST_CASE("swap6: all six arrive with no interpenetration at any frame") {
  Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/swap6.yaml")));
  const std::size_t n = sim.agents().size();
  REQUIRE(n == 6);
  double closest = kInf;
  for (int f = 0; f < 30 * 40; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        closest = std::min(closest, (s.location[i] - s.location[j]).norm() - s.radius[i] - s.radius[j]);
  }
  MESSAGE("closest clearance " << closest << " m");
  CHECK(closest >= -1e-9);
  CHECK(sim.metrics().collisions == 0);
  for (std::size_t a = 0; a < n; ++a) {
    CAPTURE(sim.agents().name[a]);
    CHECK(sim.progress()[a].arrived);
  }
}

TEST_CASE("same seed gives the same trajectory hash for any thread count") {
  std::uint64_t hashes[3] = {};
  const int threads[3] = {1, 2, 4};
  for (int k = 0; k < 3; ++k) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads[k]);
    Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/swap6.yaml")));
    for (int f = 0; f < 300; ++f) sim.step();
    hashes[k] = sim.trajectory_hash();
  }
  CHECK(hashes[0] == hashes[1]);
  CHECK(hashes[0] == hashes[2]);
  // A different seed staggers the first steps differently.
  Scenario other = load_scenario(test::source_path("data/scenarios/swap6.yaml"));
  other.config.seed += 1;
  Simulation sim = test::make_sim(std::move(other));
  for (int f = 0; f < 300; ++f) sim.step();
  CHECK(sim.trajectory_hash() != hashes[0]);
}

TEST_CASE("footfall run: same seed twice gives an identical trajectory file") {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/run_twice";
  std::system(("mkdir -p " + dir).c_str());
  const std::string scenario = test::source_path("data/scenarios/swap6.yaml");
  for (const char* name : {"a", "b"}) {
    const std::string cmd = std::string(FOOTFALL_BINARY) + " run " + scenario +
                            " --headless -q --frames 240 --seed 11 --trajectory " + dir + "/" +
                            name + ".csv --summary " + dir + "/" + name + ".json";
    REQUIRE(std::system(cmd.c_str()) == 0);
  }
  const std::string a = read_file(dir + "/a.csv");
  CHECK(a.rfind("frame,time,id,name,x,y,heading,state,behavior\n", 0) == 0);
  CHECK(a.size() > 1000);
  CHECK(a == read_file(dir + "/b.csv"));
  const std::string ja = read_file(dir + "/a.json");
  CHECK(ja.find("\"trajectory_hash\"") != std::string::npos);
  const auto hash_of = [](const std::string& j) { return j.substr(j.find("\"trajectory_hash\"")); };
  CHECK(hash_of(ja) == hash_of(read_file(dir + "/b.json")));
}

TEST_CASE("footfall run: output files are not left behind when the run fails") {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/run_fail";
  std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str());
  const std::string cmd = std::string(FOOTFALL_BINARY) + " run " +
                          test::source_path("tests/malformed/unknown_key.yaml") +
                          " --headless -q --trajectory " + dir + "/t.csv 2>/dev/null";
  const int rc = std::system(cmd.c_str());
  CHECK(WEXITSTATUS(rc) == 2);
  CHECK(read_file(dir + "/t.csv").empty());
  std::ifstream gone(dir + "/t.csv");
  CHECK_FALSE(gone.good());
}

TEST_CASE("the complete example in docs/scenario.md loads and both walkers arrive") {
  const std::string doc = read_file(test::source_path("docs/scenario.md"));
  const auto begin = doc.find("```yaml\n", doc.find("## A complete example"));
  REQUIRE(begin != std::string::npos);
  const auto end = doc.find("```", begin + 8);
  Simulation sim = test::make_sim(parse_scenario(doc.substr(begin + 8, end - begin - 8), "docs/scenario.md"));
  for (int f = 0; f < 30 * 20; ++f) sim.step();
  CHECK(sim.metrics().collisions == 0);
  CHECK(sim.metrics().jaywalk_events == 0);
  for (std::size_t a = 0; a < sim.agents().size(); ++a) CHECK(sim.progress()[a].arrived);
}
