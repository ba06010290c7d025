// Reynolds' steering behaviors as behavior-net nodes (behavior/steering_nodes.hpp,
// docs/steering.md): how a desired velocity chooses footsteps (D-NET-02, D-NET-03), the
// combination schemes, determinism of wander, and the scenes of flocking, leader following and
// containment.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "footfall/behavior/steering_nodes.hpp"
#include "footfall/behavior/walk.hpp"
#include "footfall/render/inspect.hpp"
#include "footfall/render/overlays.hpp"
#include "footfall/steering/steering.hpp"
#include "decision_bench.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

using Bench = test::DecisionBench;

// What the deciding agent's steering node `node` desires (tests/decision_bench.hpp).
std::optional<Vec2> desire(const Bench& b, const char* node) {
  std::vector<std::optional<Vec2>> out;
  steering_desires(b.s.nets[0], b.params.data(), b.ctx(), out);
  return out[b.s.nets[0].find_node(node)];
}

std::string seek_scene(double x, double y) {
  return "world: {default_ground: sidewalk}\n"
         "behaviors:\n"
         "  seeker:\n"
         "    nodes:\n"
         "      goal: {type: location_sensor, target: [" + std::to_string(x) + ", " + std::to_string(y) + "]}\n"
         "      seek: {type: seek, input: goal}\n"
         "      walk: {type: walk, inputs: [seek]}\n"
         "agents:\n"
         "  - {name: a, behavior: seeker, position: [0, 0], heading: 0}\n";
}

Simulation run_scene(const std::string& path, std::uint64_t seed_shift = 0) {
  Scenario s = load_scenario(test::source_path(path));
  s.config.seed += seed_shift;
  return test::make_sim(std::move(s));
}

double nearest_other(const Snapshot& s, std::size_t i, std::size_t n) {
  double best = kInf;
  for (std::size_t j = 0; j < n; ++j)
    if (j != i) best = std::min(best, (s.location[i] - s.location[j]).norm());
  return best;
}

double closest_clearance(const Snapshot& s, std::size_t n) {
  double best = kInf;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      best = std::min(best, (s.location[i] - s.location[j]).norm() - s.radius[i] - s.radius[j]);
  return best;
}

}  // namespace

TEST_CASE("steering node: a single seek's footstep lies within one ray of the target (D-NET-02)") {
  for (const double angle : {0.0, 0.3, -0.5, 0.7, -0.78, 0.1}) {
    CAPTURE(angle);
    Bench b(seek_scene(10 * std::cos(angle), 10 * std::sin(angle)));
    const Decision d = b.decide();
    const double rays = b.param("walk", "rays"), max_turn = b.param("walk", "max_turn");
    const double spacing = 2 * max_turn / (rays - 1);
    REQUIRE(d.step.kind == StepKind::Fan);
    CHECK(std::abs(d.step.turn - angle) <= spacing + 1e-9);
    // The desired velocity is seek's: toward the target at the walk node's preferred speed.
    const auto want = desire(b, "seek");
    REQUIRE(want.has_value());
    CHECK(want->norm() == doctest::Approx(0.7 / 0.53));
    CHECK(std::abs(heading_of(*want) - angle) < 1e-6);  // the target is printed to 6 decimals
  }
}

TEST_CASE("steering node: an unbound or null node adds no energy, and priority keeps the first") {
  Bench b("world: {default_ground: sidewalk}\n"
          "behaviors:\n"
          "  n:\n"
          "    nodes:\n"
          "      goal: {type: location_sensor, target: [10, 0]}\n"
          "      threat: {type: location_sensor, target: [1, 1]}\n"
          "      run: {type: flee, input: threat, range: 5}\n"
          "      seek: {type: seek, input: goal}\n"
          "      walk: {type: walk, inputs: [run, seek]}\n"
          "agents:\n"
          "  - {name: a, behavior: n, position: [0, 0], heading: 0}\n");
  // Weighted sum: both desires stand.
  CHECK(desire(b, "run").has_value());
  CHECK(desire(b, "seek").has_value());
  // Priority: flee comes first in the walk node's inputs and is not null, so seek is dropped.
  b.param("walk", "combine") = 1;
  CHECK(desire(b, "run").has_value());
  CHECK_FALSE(desire(b, "seek").has_value());
  // Out of flee's range it is null, and seek takes over.
  b.param("run", "range") = 1;
  CHECK_FALSE(desire(b, "run").has_value());
  CHECK(desire(b, "seek").has_value());
  // Unbound: nothing.
  b.param("seek", "bound") = 0;
  CHECK_FALSE(desire(b, "seek").has_value());
  const Decision d = b.decide();
  CHECK(d.energy == 0.0);
}

TEST_CASE("steering node: prioritized dithering is seeded, and with probability 1 is priority") {
  Bench b("world: {default_ground: sidewalk}\n"
          "behaviors:\n"
          "  n:\n"
          "    nodes:\n"
          "      goal: {type: location_sensor, target: [10, 0]}\n"
          "      other: {type: location_sensor, target: [0, 10]}\n"
          "      first: {type: seek, input: other, probability: 0.5}\n"
          "      second: {type: seek, input: goal}\n"
          "      walk: {type: walk, inputs: [first, second], combine: 2}\n"
          "agents:\n"
          "  - {name: a, behavior: n, position: [0, 0], heading: 0}\n");
  int firsts = 0;
  for (std::uint64_t step = 0; step < 400; ++step) {
    b.self.step = step;
    const bool first = desire(b, "first").has_value();
    CHECK(first != desire(b, "second").has_value());  // exactly one wins
    CHECK(first == desire(b, "first").has_value());   // the same draw again
    firsts += first;
  }
  MESSAGE("first considered " << firsts << " of 400");
  CHECK(firsts > 150);
  CHECK(firsts < 250);
  b.param("first", "probability") = 1;
  for (std::uint64_t step = 0; step < 20; ++step) {
    b.self.step = step;
    CHECK(desire(b, "first").has_value());
  }
}

TEST_CASE("steering node: arrival stops within 0.1 m of the target without overshoot (D-STR-09)") {
  for (const double distance : {20.0, 7.3, 2.2}) {
    CAPTURE(distance);
    Simulation sim = test::make_sim(parse_scenario(
        "world: {default_ground: sidewalk}\n"
        "behaviors:\n"
        "  n:\n"
        "    nodes:\n"
        "      goal: {type: location_sensor, target: [" + std::to_string(distance) + ", 0]}\n"
        "      arrive: {type: arrival, input: goal, slowing_distance: 2}\n"
        "      walk: {type: walk, inputs: [arrive]}\n"
        "agents:\n"
        "  - {name: a, behavior: n, position: [0, 0], heading: 0}\n",
        "arrival.yaml"));
    double furthest = -kInf;
    for (int f = 0; f < 30 * 40; ++f) {
      sim.step();
      const Snapshot& s = sim.snapshot();
      furthest = std::max(furthest, s.location[0].x());
      for (int k = 0; k < 2; ++k) furthest = std::max(furthest, sim.agents().foot[k][0].x());
    }
    const Vec2 end = sim.snapshot().location[0];
    MESSAGE("stopped at " << end.transpose() << ", furthest reach " << furthest);
    CHECK((end - Vec2(distance, 0)).norm() <= 0.1);
    CHECK(furthest <= distance + 0.1);  // neither body nor foot ever beyond the target
    CHECK(sim.progress()[0].arrived);  // standing, the forward foot within 0.1 m
    CHECK((sim.agents().foot[0][0] - sim.agents().foot[1][0]).norm() < 1e-9);  // feet together
  }
}

TEST_CASE("steering node: bad references name the file, line and key") {
  const auto load_error = [](const std::string& yaml) {
    try {
      parse_scenario(yaml, "bad.yaml");
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string base =
      "world: {default_ground: sidewalk, paths: {loop: [[0, 0], [5, 0]]}}\n"
      "behaviors:\n"
      "  n:\n"
      "    nodes:\n";
  const std::string tail = "agents:\n  - {name: a, behavior: n, position: [0, 0]}\n";
  std::string e = load_error(base + "      f: {type: path_following, path: lop}\n      walk: {type: walk, inputs: [f]}\n" + tail);
  CHECK(e.find("bad.yaml:5:") != std::string::npos);
  CHECK(e.find("no path named 'lop'") != std::string::npos);
  CHECK(e.find("did you mean 'loop'") != std::string::npos);
  e = load_error(base + "      f: {type: wander, rate: 9}\n      walk: {type: walk, inputs: [f]}\n" + tail);
  CHECK(e.find("bad.yaml:5:") != std::string::npos);
  CHECK(e.find("f.rate") != std::string::npos);
  e = load_error(base + "      s: {type: location_sensor, target: [1, 1]}\n"
                        "      f: {type: pursuit, input: s}\n      walk: {type: walk, inputs: [f]}\n" + tail);
  CHECK(e.find("reads an object_sensor") != std::string::npos);
  e = load_error(base + "      f: {type: flow_following, field: nowhere}\n      walk: {type: walk, inputs: [f]}\n" + tail);
  CHECK(e.find("no flow field named 'nowhere'") != std::string::npos);
  e = load_error("world:\n  default_ground: sidewalk\n  flow_fields:\n    g: {type: grid, origin: [0, 0], cell: 1, size: [2, 2], vectors: [[1, 0]]}\n"
                 "behaviors:\n  n:\n    nodes:\n      walk: {type: walk}\n" + tail);
  CHECK(e.find("bad.yaml:4:") != std::string::npos);
  CHECK(e.find("need one each") != std::string::npos);
  e = load_error(base + "      f: {type: seek}\n      walk: {type: walk, inputs: [f]}\n" + tail);
  CHECK(e.find("needs an 'input' sensor") != std::string::npos);
}

TEST_CASE("wander, priority and dithering: bit-identical for 1, 2 and 4 threads, different between seeds") {
  // wander_park: wander under the weighted sum; containment: priority; pursuit_evasion: the hare's
  // prioritized dithering.
  for (const char* name : {"wander_park", "containment", "pursuit_evasion"}) {
    CAPTURE(name);
    const std::string path = std::string("data/scenarios/") + name + ".yaml";
    std::uint64_t hashes[3] = {};
    const int threads[3] = {1, 2, 4};
    for (int k = 0; k < 3; ++k) {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads[k]);
      Simulation sim = run_scene(path);
      for (int f = 0; f < 30 * 20; ++f) sim.step();
      hashes[k] = sim.trajectory_hash();
    }
    CHECK(hashes[0] == hashes[1]);
    CHECK(hashes[0] == hashes[2]);
    Simulation other = run_scene(path, 1);
    for (int f = 0; f < 30 * 20; ++f) other.step();
    CHECK(other.trajectory_hash() != hashes[0]);
  }
}

TEST_CASE("flocking: 20 walkers cross the tree field as one group, never interpenetrating") {
  Simulation sim = run_scene("data/scenarios/flock.yaml");
  const std::size_t n = sim.agents().size();
  REQUIRE(n == 20);
  double worst_gap = 0, closest = kInf, mean_x = 0, spread = 0;
  for (int f = 0; f < 30 * 60; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t i = 0; i < n; ++i) worst_gap = std::max(worst_gap, nearest_other(s, i, n));
    closest = std::min(closest, closest_clearance(s, n));
    // Heading spread once formed and while crossing (5–35 s; after that they mill at the goal):
    // the mean absolute deviation from the circular mean heading.
    if (s.time < 5 || s.time > 35) continue;
    Vec2 sum = Vec2::Zero();
    for (std::size_t i = 0; i < n; ++i) sum += unit_from_heading(s.heading[i]);
    const double mean = heading_of(sum);
    double dev = 0;
    for (std::size_t i = 0; i < n; ++i) dev += std::abs(wrap_angle(s.heading[i] - mean)) / n;
    spread = std::max(spread, dev);
  }
  for (std::size_t i = 0; i < n; ++i) mean_x += sim.snapshot().location[i].x() / n;
  MESSAGE("largest nearest-neighbour distance " << worst_gap << " m, closest clearance " << closest
          << " m, flock's mean x at 60 s " << mean_x << ", largest heading spread while crossing "
          << spread * 180 / kPi << " deg");
  CHECK(worst_gap <= 3.0);
  CHECK(spread < 30 * kPi / 180);
  CHECK(closest >= -1e-9);
  CHECK(sim.metrics().collisions == 0);
  CHECK(mean_x > 30);  // it crossed the field
}

TEST_CASE("leader following (museum_tour): while the guide walks, no tourist is ahead of her by 0.5 m for over 2 s") {
  Simulation sim = run_scene("data/scenarios/museum_tour.yaml");
  const std::size_t n = sim.agents().size();
  const int guide = sim.agents().find("guide");
  REQUIRE(guide >= 0);
  std::vector<double> ahead_since(n, -1);
  double longest = 0, closest = kInf, arrived_at = -1;
  for (int f = 0; f < 30 * 90; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    closest = std::min(closest, closest_clearance(s, n));
    // Once she stands at the museum the group gathers round her: the tour is over.
    if (sim.progress()[guide].arrived) {
      if (arrived_at < 0) arrived_at = s.time;
      continue;
    }
    const Vec2 fwd = unit_from_heading(s.heading[guide]);
    for (std::size_t i = 0; i < n; ++i) {
      if (static_cast<int>(i) == guide) continue;
      const bool ahead = (s.location[i] - s.location[guide]).dot(fwd) > 0.5;
      if (!ahead) ahead_since[i] = -1;
      else if (ahead_since[i] < 0) ahead_since[i] = s.time;
      else longest = std::max(longest, s.time - ahead_since[i]);
    }
  }
  const Vec2 museum(30, 20);
  double farthest = 0;
  for (std::size_t i = 0; i < n; ++i)
    farthest = std::max(farthest, (sim.snapshot().location[i] - museum).norm());
  MESSAGE("longest spell ahead of the guide " << longest << " s; she arrived at " << arrived_at
          << " s; the farthest tourist ends " << farthest << " m from the museum");
  CHECK(longest <= 2.0);
  CHECK(closest >= -1e-9);
  CHECK(arrived_at > 0);
  CHECK(farthest < 6.0);  // the group came along
}

TEST_CASE("containment: 50 wanderers stay inside the courtyard for 5 minutes") {
  Simulation sim = run_scene("data/scenarios/containment.yaml");
  const std::size_t n = sim.agents().size();
  REQUIRE(n == 50);
  const auto& poly = sim.world().regions[sim.world().find_region("courtyard")].polygon;
  int outside = 0;
  double deepest = 0, moved = 0;
  std::vector<Vec2> start(n);
  for (std::size_t i = 0; i < n; ++i) start[i] = sim.snapshot().location[i];
  for (int f = 0; f < 30 * 300; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t i = 0; i < n; ++i)
      if (!polygon_contains(poly, s.location[i])) {
        ++outside;
        deepest = std::max(deepest, polygon_distance(poly, s.location[i]));
      }
  }
  for (std::size_t i = 0; i < n; ++i) moved += (sim.snapshot().location[i] - start[i]).norm() / n;
  MESSAGE("agent-frames outside " << outside << ", deepest " << deepest << " m; mean displacement "
                                  << moved << " m");
  CHECK(outside == 0);
  CHECK(moved > 3);  // they do wander
  CHECK(sim.metrics().collisions == 0);
}

TEST_CASE("steering scenarios validate without warnings, load, and run from the command line") {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/steering_runs";
  std::system(("mkdir -p " + dir).c_str());
  for (const char* name : {"flock", "wander_park", "pursuit_evasion", "flow_field", "containment",
                           "tour_group", "museum_tour", "vehicles"}) {
    CAPTURE(name);
    const std::string path = test::source_path(std::string("data/scenarios/") + name + ".yaml");
    // `footfall validate`: ok, and no "has nothing to do" for agents that only steer.
    std::string out;
    FILE* p = popen((std::string(FOOTFALL_BINARY) + " validate " + path + " 2>&1").c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[512];
    while (fgets(buf, sizeof buf, p)) out += buf;
    CHECK(pclose(p) == 0);
    CHECK(out.find(": ok (") != std::string::npos);
    CHECK(out.find("warning") == std::string::npos);
    // `footfall run … --headless --frames 600 --summary`.
    const std::string summary = dir + "/" + name + ".json";
    CHECK(std::system((std::string(FOOTFALL_BINARY) + " run " + path + " --headless -q --frames 600 --summary " +
                       summary).c_str()) == 0);
    std::ifstream in(summary);
    const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(json.find("\"collisions\": 0") != std::string::npos);
    // Loaded in process, everyone moves somewhere within ten seconds.
    Simulation sim = run_scene(std::string("data/scenarios/") + name + ".yaml");
    std::vector<Vec2> start(sim.agents().size());
    for (std::size_t i = 0; i < start.size(); ++i) start[i] = sim.snapshot().location[i];
    for (int f = 0; f < 300; ++f) sim.step();
    double least = kInf;
    for (std::size_t i = 0; i < start.size(); ++i)
      least = std::min(least, (sim.snapshot().location[i] - start[i]).norm());
    CHECK(least > 0.3);
    CHECK(sim.metrics().collisions == 0);
  }
}

TEST_CASE("leader following: a follower in front of a leader who turned back steps out of its path") {
  Bench b("world: {default_ground: sidewalk}\n"
          "behaviors:\n"
          "  follower:\n"
          "    nodes:\n"
          "      leader: {type: object_sensor, object: guide}\n"
          "      follow: {type: leader_following, input: leader, separation_weight: 0}\n"
          "      walk: {type: walk, inputs: [follow]}\n"
          "  still:\n"
          "    nodes:\n"
          "      walk: {type: walk}\n"
          "agents:\n"
          "  - {name: f, behavior: follower, position: [0, 0.2], heading: 0}\n"
          "  - {name: guide, behavior: still, position: [2, 0], heading: 3.1416}\n");
  // The guide faces the follower 2 m away: the follower is in her forward rectangle, 0.2 m to
  // her right (she faces −x), so it wants to go further right of her axis: +y, purely sideways.
  const auto want = desire(b, "follow");
  REQUIRE(want.has_value());
  CHECK(std::abs(want->x()) < 1e-3);
  CHECK(want->y() > 0);
  const Decision d = b.decide();
  const Vec2 moved = pose_after({b.s.agents.foot[0][0], b.s.agents.foot_heading[0][0], b.s.agents.foot[1][0],
                                 b.s.agents.foot_heading[1][0]}, d.step).location - b.self.location;
  MESSAGE("the follower's step moves its body by " << moved.transpose());
  CHECK(moved.y() > 0.05);                 // out of her path
  CHECK(moved.y() >= moved.x() - 1e-9);    // at least as much sideways as toward her (the
                                           // fan's widest turn is 45°)
}

TEST_CASE("viewer: the fan overlay draws each steering desire and the inspector lists it") {
  Simulation sim = run_scene("data/scenarios/flock.yaml");
  for (int f = 0; f < 90; ++f) sim.step();
  const auto desires = render::steering_desires_now(sim, 0);
  REQUIRE(!desires.empty());  // arrival at least, and the flock beside
  for (const auto& d : desires) CHECK(std::isfinite(d.velocity.norm()));
  render::OverlayGeometry without, with;
  const std::uint32_t shown[] = {0};
  render::OverlayFlags fans;
  fans.fans = true;
  render::build_overlays(sim, shown, fans, 1, -1, with);
  // The same agent's fan with its steering nodes unbound: three lines (shaft and head) fewer
  // per desire.
  for (const NetNode& n : sim.nets()[0].nodes())
    if (is_steering(n.kind)) sim.set_param("boid1." + n.name + ".bound", 0);
  CHECK(render::steering_desires_now(sim, 0).empty());
  render::build_overlays(sim, shown, fans, 1, -1, without);
  CHECK(with.line_points.size() == without.line_points.size() + 6 * desires.size());
  const auto lines = render::inspect_agent(sim, 0);
  bool header = false, nothing = false;
  for (const auto& l : lines) {
    header = header || l.find("steering, next decision") != std::string::npos;
    nothing = nothing || (l.find("flock") != std::string::npos && l.find("(nothing)") != std::string::npos);
  }
  CHECK(header);
  CHECK(nothing);  // unbound now
}

TEST_CASE("steering node: seek and arrival through a navigating location sensor go round a wall") {
  const auto scene = [](int navigate, const std::string& node) {
    return "world:\n"
           "  default_ground: sidewalk\n"
           "  segments: [{name: wall, from: [3, -4], to: [3, 4]}]\n"
           "behaviors:\n"
           "  n:\n"
           "    nodes:\n"
           "      goal: {type: location_sensor, target: [6, 0], navigate: " + std::to_string(navigate) + "}\n"
           "      go: {type: " + node + ", input: goal}\n"
           "      walk: {type: walk, inputs: [go]}\n"
           "agents:\n"
           "  - {name: a, behavior: n, position: [0, 0], heading: 0}\n";
  };
  for (const std::string node : {"arrival", "seek"}) {
    CAPTURE(node);
    double best[2] = {kInf, kInf};
    for (int navigate = 0; navigate < 2; ++navigate) {
      Simulation sim = test::make_sim(parse_scenario(scene(navigate, node), "navigate.yaml"));
      for (int f = 0; f < 30 * 40; ++f) {
        sim.step();
        best[navigate] = std::min(best[navigate], (sim.snapshot().location[0] - Vec2(6, 0)).norm());
      }
      CHECK(sim.metrics().collisions == 0);
    }
    MESSAGE("closest to the target: straight " << best[0] << " m, navigating " << best[1] << " m");
    CHECK(best[0] > 2.5);  // straight at it: held at the wall
    CHECK(best[1] < 0.3);  // round the wall's end
  }
}

TEST_CASE("simple vehicle steered by the net's steering nodes: seek overshoots, arrival stops") {
  const auto drive = [](const std::string& node, double seconds, double& top_speed, double& furthest) {
    Scenario s = parse_scenario(
        "world: {default_ground: sidewalk}\n"
        "behaviors:\n"
        "  car:\n"
        "    nodes:\n"
        "      goal: {type: location_sensor, target: [20, 0]}\n"
        "      go: {type: " + node + ", input: goal, max_speed: 4" +
            (node == "arrival" ? ", slowing_distance: 10" : "") + "}\n"
        "      walk: {type: walk, inputs: [go]}\n"
        "agents:\n"
        "  - {name: car, behavior: car, position: [0, 0], heading: 1.5708}\n",
        "vehicle.yaml");
    const Snapshot snap = test::standing({{0, 0}});
    const steer::VehicleParams vp{1.0, 2.0, 4.0};
    steer::VehicleState v{{0, 0}, {0, 0}, {0, 1}};  // at rest, facing +y: it must turn
    const double dt = 1.0 / 30;
    for (int k = 0; k < static_cast<int>(seconds / dt); ++k) {
      const SelfState self = vehicle_self_state(v, k * dt, 1, k);
      const SenseContext ctx{s.world, snap, {}, {}, 0, 0.25, &self};
      const steer::VehicleState next = steer_vehicle(s.nets[0], s.agents.params.block(0).data(), ctx, v, vp, dt);
      CHECK(((next.velocity - v.velocity) / dt).norm() <= vp.max_force / vp.mass + 1e-9);  // |F| ≤ max_force
      v = next;
      top_speed = std::max(top_speed, v.velocity.norm());
      furthest = std::max(furthest, v.position.x());
    }
    return v;
  };
  double top = 0, furthest = -kInf;
  const steer::VehicleState arrived = drive("arrival", 30, top, furthest);
  MESSAGE("arrival ends at " << arrived.position.transpose() << ", speed " << arrived.velocity.norm()
          << ", furthest x " << furthest);
  CHECK((arrived.position - Vec2(20, 0)).norm() < 0.1);
  CHECK(arrived.velocity.norm() < 0.05);
  // The ramp asks at most max_speed²/slowing_distance = 1.6 m/s² of braking, within
  // max_force/mass = 2. Near the target the point mass is a damped oscillator (x'' = k(20 − x) −
  // x' per unit mass, k = max_speed/slowing_distance = 0.4/s, damping ratio 0.79): it overshoots a
  // little and settles, unlike the walker, which stops by closing its feet.
  CHECK(furthest < 20.5);
  CHECK(top <= 4.0 + 1e-9);
  top = 0, furthest = -kInf;
  drive("seek", 20, top, furthest);
  MESSAGE("seek: top speed " << top << ", furthest x " << furthest);
  CHECK(top > 3.9);
  CHECK(top <= 4.0 + 1e-9);
  CHECK(furthest > 21);  // seek never slows for its target: it overshoots (a moth round a bulb)
}
