// Scenario variants (`variants:`, `--variant`), population attribute mixes, action selection's
// spring_back orders, and intersection.yaml's `activities` variant (docs/scenario.md,
// docs/action_selection.md).
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "footfall/scenario/scenario.hpp"
#include "helpers.hpp"

using footfall::test::make_sim;
using footfall::test::source_path;
using namespace footfall;

namespace {

const char* kWalker = R"(seed: 1
world: {locations: {goal: [4, 0]}}
behaviors:
  w:
    nodes:
      s: {type: location_sensor, target: goal}
      a: {type: attract, input: s}
      walk: {type: walk, inputs: [a]}
agents: [{name: ann, behavior: w, position: [0, 0]}]
)";

Scenario with(const std::string& text, std::vector<std::string> variants) {
  ScenarioOverrides o;
  o.variants = std::move(variants);
  return parse_scenario(text, "v.yaml", o);
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint64_t run_hash(Scenario s, int frames) {
  Simulation sim = make_sim(std::move(s));
  for (int f = 0; f < frames; ++f) sim.step();
  return sim.trajectory_hash();
}

}  // namespace

TEST_CASE("variants: a chosen variant merges maps key by key and replaces values, and unchosen it changes nothing") {
  const std::string text = std::string(kWalker) + R"(variants:
  fast:
    seed: 9
    behaviors: {w: {nodes: {walk: {step_length: 0.8}}}}
  far:
    world: {locations: {goal: [10, 0]}}
)";
  const Scenario plain = with(text, {});
  CHECK(plain.config.seed == 1);
  CHECK(plain.variants == std::vector<std::string>{"fast", "far"});
  const Scenario fast = with(text, {"fast"});
  CHECK(fast.config.seed == 9);
  Simulation sim = make_sim(with(text, {"fast"}));
  CHECK(sim.param("ann.walk.step_length") == doctest::Approx(0.8));
  CHECK(make_sim(with(text, {})).param("ann.walk.step_length") != doctest::Approx(0.8));
  // The walk node keeps its other keys (type, inputs): merged, not replaced.
  CHECK(fast.nets[0].nodes().size() == plain.nets[0].nodes().size());
  // Two variants apply in order; the file's own goal is replaced by the second's.
  const Scenario both = with(text, {"fast", "far"});
  CHECK(both.config.seed == 9);
  CHECK(both.world.locations[both.world.find_location("goal")].position.x() == doctest::Approx(10));
  // Not chosen, the section changes nothing: same trajectory as the file without it.
  CHECK(run_hash(with(text, {}), 60) == run_hash(with(kWalker, {}), 60));
}

TEST_CASE("variants: an unknown variant is an error that names the file and the variants declared") {
  const std::string text = std::string(kWalker) + "variants:\n  fast: {seed: 9}\n";
  CHECK_THROWS_WITH_AS(with(text, {"fsat"}), doctest::Contains("v.yaml:11:3: no variant 'fsat'; did you mean 'fast'? (variants: fast)"),
                       ScenarioError);
  CHECK_THROWS_WITH_AS(with(kWalker, {"fast"}), doctest::Contains("v.yaml:1:1: no variant 'fast' (the file declares none)"),
                       ScenarioError);
  // A variant may not declare variants, and its keys are the top level's.
  CHECK_THROWS_WITH_AS(with(std::string(kWalker) + "variants:\n  a: {variants: {}}\n", {}),
                       doctest::Contains("unknown key 'variants' in variants.a"), ScenarioError);
}

TEST_CASE("the CLI: --variant runs a variant, validate checks the file and each variant") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "footfall_variants_cli";
  fs::create_directories(dir);
  const fs::path file = dir / "v.yaml";
  std::ofstream(file) << kWalker << "duration: 1\nvariants:\n  fast: {seed: 9}\n";
  const auto output = [](const std::string& cmd) {
    std::string out;
    FILE* p = popen((cmd + " 2>&1").c_str(), "r");
    char buf[512];
    while (p && fgets(buf, sizeof buf, p)) out += buf;
    const int rc = p ? pclose(p) : -1;
    return std::pair{WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, out};
  };
  const std::string bin = FOOTFALL_BINARY;
  const auto [rc, out] = output(bin + " validate " + file.string());
  CHECK(rc == 0);
  CHECK(out.find("v.yaml (variant fast): ok") != std::string::npos);
  const fs::path summary = dir / "s.json";
  const auto [rc2, out2] = output(bin + " run " + file.string() + " --headless -q --variant fast --summary " +
                                  summary.string());
  CHECK(rc2 == 0);
  const std::string s = read(summary.string());
  CHECK(s.find("\"variants\": [\n    \"fast\"\n  ]") != std::string::npos);
  CHECK(s.find("\"seed\": 9") != std::string::npos);
  const auto [rc3, out3] = output(bin + " run " + file.string() + " --headless -q --variant slow");
  CHECK(rc3 == 2);
  CHECK(out3.find("no variant 'slow'") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("intersection.yaml is what tools/make_intersection.py writes") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "footfall_make_intersection";
  fs::create_directories(dir);
  const std::string cmd = "python3 " + source_path("tools/make_intersection.py") + " " + dir.string() + " > /dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  // Differs after the script changed: run tools/make_intersection.py (then make_tour_group.py).
  for (const char* name : {"intersection.yaml", "north_net.yaml"}) {
    CAPTURE(name);
    CHECK(read((dir / name).string()) == read(source_path(std::string("data/scenarios/") + name)));
  }
  fs::remove_all(dir);
}

TEST_CASE("action selection: spring_back returns an ordered parameter to the PaT-Net's value once no behavior orders it") {
  // A net points the goal sensor at `home` once; browsing aims it at the window while forced.
  const auto scene = [](bool spring_back) {
    return parse_scenario(std::string(R"Y(seed: 1
world: {locations: {home: [20, 0]}}
behaviors:
  w:
    nodes:
      goal: {type: location_sensor}
      seek: {type: attract, input: goal, power: 0.5}
      walk: {type: walk, inputs: [seek]}
patnets:
  head_home:
    states:
      go:
        do: [{target: {goal: home}}]
        go: [{if: "arrived(home, 0.3)", to: exit}]
agents: [{name: ann, behavior: w, position: [0, 0], heading: 0, nets: [head_home]}]
action_selection:
  objects: [{name: window, kind: shop_window, at: [3, 4]}]
  systems:
    s:
      net: w
      object_of_interest: goal
      spring_back: )Y") + (spring_back ? "true" : "false") + R"Y(
      variables: {going: {initial: 1}}
      releasing: {see: {find: shop_window, range: [0, 0, 30], max_value: 1}}
      groups:
        top:
          behaviors:
            walk_on: {variables: [going]}
            browse: {releasing: [see], action: [{aim: goal}]}
  control: [{agent: ann, force: browse}]
)Y", "spring.yaml");
  };
  for (const bool spring_back : {true, false}) {
    CAPTURE(spring_back);
    Simulation sim = make_sim(scene(spring_back));
    for (int f = 0; f < 30; ++f) sim.step();
    CHECK(sim.param("ann.goal.x") == doctest::Approx(3));  // the behavior's order stands
    CHECK(sim.param("ann.goal.y") == doctest::Approx(4));
    sim.force_branch(0, "walk_on");                         // now walking on wins
    for (int f = 0; f < 30; ++f) sim.step();
    if (spring_back) {
      CHECK(sim.param("ann.goal.x") == doctest::Approx(20));  // back to where the net put it
      CHECK(sim.param("ann.goal.y") == doctest::Approx(0));
    } else {
      CHECK(sim.param("ann.goal.x") == doctest::Approx(3));  // an order's value stays
    }
  }
}

TEST_CASE("population: attribute mixes give each pedestrian one mix by its share") {
  ScenarioOverrides o;
  o.variants = {"activities"};
  Scenario s = load_scenario(source_path("data/scenarios/intersection.yaml"), o);
  const int speed = s.model.find_parameter("speed"), condition = s.model.find_parameter("condition");
  REQUIRE(speed >= 0);
  REQUIRE(condition >= 0);
  REQUIRE(s.scripts.population->mixes.size() == 3);
  Simulation sim = make_sim(std::move(s));
  std::set<std::uint64_t> seen;
  int rushed = 0, fatigued = 0, curious = 0, plain = 0;
  for (int f = 0; f < 30 * 60; ++f) {
    sim.step();
    const Snapshot& sn = sim.snapshot();
    for (std::uint32_t a = 1; a < sn.agents; ++a) {  // 0 is the north-net pedestrian
      if (!sn.active[a] || !seen.insert(sn.id[a]).second) continue;
      const double* m = sim.agents().model_of(a);
      if (m[speed] > 50) ++rushed;
      else if (m[speed] < 50) ++fatigued;
      else if (m[condition] > 50) ++curious;
      else ++plain;
    }
  }
  const double n = static_cast<double>(seen.size());
  MESSAGE(n << " pedestrians: rushed " << rushed << ", fatigued " << fatigued << ", curious " << curious
            << ", plain " << plain);
  CHECK(n > 300);
  CHECK(rushed / n == doctest::Approx(0.2).epsilon(0.3));    // shares 0.2, 0.15, 0.2, rest 0.45
  CHECK(fatigued / n == doctest::Approx(0.15).epsilon(0.3));
  CHECK(curious / n == doctest::Approx(0.2).epsilon(0.3));
  CHECK(plain / n == doctest::Approx(0.45).epsilon(0.3));
}

TEST_CASE("intersection.yaml: the activities variant is off by default, and the routes run as without it") {
  const std::string text = read(source_path("data/scenarios/intersection.yaml"));
  const std::size_t cut = text.find("\nvariants:\n");
  REQUIRE(cut != std::string::npos);
  const Scenario plain = parse_scenario(text, "intersection.yaml");
  CHECK(plain.scripts.action.empty());
  CHECK(plain.variants == std::vector<std::string>{"activities", "dense"});
  // Bit-identical to the file without its variants section.
  CHECK(run_hash(parse_scenario(text, "intersection.yaml"), 600) ==
        run_hash(parse_scenario(text.substr(0, cut + 1), "intersection.yaml"), 600));
}

TEST_CASE("intersection.yaml --variant activities: pedestrians stop at windows, the kiosk, benches and friends, and the intersection still works") {
  ScenarioOverrides o;
  o.variants = {"activities"};
  Simulation sim = make_sim(load_scenario(source_path("data/scenarios/intersection.yaml"), o));
  for (int f = 0; f < 30 * 60; ++f) sim.step();
  const auto& m = sim.metrics();
  const ActionTotals totals = sim.action_totals();
  const action::System& system = sim.scripts().action.systems[0].system;
  double seconds = 0;
  for (const double s : totals.activity_seconds[0]) seconds += s;
  for (std::size_t k = 0; k < system.groups[0].members.size(); ++k) {
    const double share = totals.activity_seconds[0][k] / seconds;
    MESSAGE(system.behaviors[system.groups[0].members[k]].name << ": " << share);
    CHECK(share > 0.02);  // every activity chosen by some
  }
  CHECK(totals.activity_seconds[0][0] / seconds > 0.45);  // walking on is still the most
  const double per_minute = static_cast<double>(totals.switches[0]) / (totals.agent_seconds[0] / 60);
  MESSAGE("switches per agent-minute " << per_minute << ", at most " << totals.most_switches_per_minute
                                       << " by one pedestrian in a minute; " << sim.arrived() << " trips");
  CHECK(per_minute < 4);
  CHECK(totals.most_switches_per_minute <= 8);
  CHECK(m.collisions == 0);
  CHECK(m.red_crossings == 0);
  CHECK(m.stuck == 0);
  CHECK(sim.arrived() > 80);  // trips still end (without the variant: about 200 in this minute)
}

TEST_CASE("intersection.yaml --variant activities: the same trajectories for 1 and 2 threads") {
  ScenarioOverrides o;
  o.variants = {"activities"};
  std::uint64_t hashes[2];
  for (int k = 0; k < 2; ++k) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(k + 1));
    hashes[k] = run_hash(load_scenario(source_path("data/scenarios/intersection.yaml"), o), 450);
  }
  CHECK(hashes[0] == hashes[1]);
}

// One pedestrian by a bench, walking on unless the rest behavior (sitting) wins.
constexpr const char* kBenchScene = R"Y(seed: 1
world: {locations: {spot: [0, 0]}}
behaviors:
  w:
    nodes:
      walk: {type: walk}
agents: [{name: ann, behavior: w, position: [0, 0], heading: 0}]
action_selection:
  objects: [{name: bench, kind: bench, at: [0, 0.5]}]
  systems:
    s:
      net: w
      variables: {going: {initial: 1}}
      releasing: {near: {find: bench, range: [0, 0, 5], max_value: 1}}
      groups:
        top:
          behaviors:
            walk_on: {variables: [going]}
            rest: {releasing: [near], action: [{motor: sit}]}
)Y";

TEST_CASE("action selection: a pedestrian the sit skill holds takes the library's seated pose, and stands again after") {
  Scenario s = parse_scenario(std::string(kBenchScene) + "  control: [{agent: ann, force: rest}]\n", "sit.yaml");
  Simulation sim = make_sim(std::move(s), test::motion_library());
  for (int f = 0; f < 60; ++f) sim.step();
  const double standing_height = 0.85;  // the standing pelvis is about 0.9 m up (reference 1.75 m)
  REQUIRE(sim.action_of(0) != nullptr);
  CHECK(sim.action_of(0)->seated);
  const motion::Pose seated = sim.full_pose(0);
  CHECK(seated.pelvis.z() < 0.6f);
  // Every level the snapshot publishes is seated too (what the renderer draws).
  const motion::Poses& poses = sim.snapshot().poses;
  CHECK(poses.pelvis[0].z() < 0.6f);
  sim.force_branch(0, "walk_on");
  for (int f = 0; f < 90; ++f) sim.step();
  CHECK_FALSE(sim.action_of(0)->seated);
  CHECK(sim.full_pose(0).pelvis.z() > standing_height * sim.agents().height[0] / motion::kReferenceHeight - 0.1);
}

TEST_CASE("action selection: sitting down and standing up take about a second, the pelvis lowering and rising gradually") {
  Scenario s = parse_scenario(kBenchScene, "sit.yaml");
  Simulation sim = make_sim(std::move(s), test::motion_library());
  for (int f = 0; f < 30; ++f) sim.step();
  REQUIRE_FALSE(sim.action_of(0)->seated);
  const float standing = sim.full_pose(0).pelvis.z();
  // Down: every frame's pelvis height, from the order to sit until seated.
  sim.force_branch(0, "rest");
  std::vector<float> down;
  for (int f = 0; f < 75; ++f) {
    sim.step();
    down.push_back(sim.full_pose(0).pelvis.z());
  }
  const float seated = down.back();
  REQUIRE(seated < standing - 0.2f);
  int between = 0;
  float biggest = 0;
  for (std::size_t k = 0; k < down.size(); ++k) {
    if (down[k] < standing - 0.02f && down[k] > seated + 0.02f) ++between;
    biggest = std::max(biggest, (k == 0 ? standing : down[k - 1]) - down[k]);
  }
  CAPTURE(between);
  CAPTURE(biggest);
  CHECK(between >= 15);  // half a second and more on the way down (a snap: none)
  CHECK(biggest < (standing - seated) / 6);
  // Up: the sit skill springs back over its return (20 ticks, 1 s), the pelvis rising as it does.
  sim.force_branch(0, "walk_on");
  std::vector<float> up;
  for (int f = 0; f < 60; ++f) {
    sim.step();
    up.push_back(sim.full_pose(0).pelvis.z());
  }
  between = 0;
  for (const float z : up)
    if (z < standing - 0.02f && z > seated + 0.02f) ++between;
  CAPTURE(between);
  CHECK(between >= 15);
  CHECK(up.back() > standing - 0.05f);
}
