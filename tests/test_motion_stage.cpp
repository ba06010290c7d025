// The MOTION stage in the running simulation (Granieri et al. 1995 §4.3–4.4): two minutes of the
// intersection with articulated figures — no slipping feet, no jumping joints across steps and
// level-of-detail switches, the three levels agreeing — and the simulation itself untouched.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "helpers.hpp"

using namespace footfall;
using namespace footfall::motion;

namespace {

Scenario intersection() { return load_scenario(test::source_path("data/scenarios/intersection.yaml")); }

constexpr double kDeg = kPi / 180;
// Between two frames at 30 Hz no joint turns more than this: 1200°/s, above the fastest knee of a
// brisk walk (~500°/s) played at the quickest time-warp the walk node asks for (steps of 0.6 of
// their recorded time), below any jump to another posture.
constexpr double kMaxTurnPerFrame = 40 * kDeg;
// The upper body is driven by the clips alone and moves slowly: a tighter bound that catches a
// clip starting in another posture than the last one ended in.
constexpr double kMaxUpperBodyTurnPerFrame = 12 * kDeg;

struct Previous {
  bool valid = false;
  std::uint64_t spawn = 0;
  Lod lod = Lod::Medium;
  std::vector<Eigen::Quaternionf> joints;
  std::vector<Rigid> model;
};

std::uint64_t pose_hash(const Snapshot& s) {
  Fnv1a h;
  for (std::size_t a = 0; a < s.size(); ++a) {
    if (!s.active[a]) continue;
    const FigureRoot& r = s.poses.root[a];
    h.add(r.position.x());
    h.add(r.position.y());
    h.add(static_cast<double>(r.heading));
    for (const auto& q : s.poses.joints_of(a)) h.add_bytes(q.coeffs().data(), 4 * sizeof(float));
    h.add_bytes(s.poses.pelvis[a].data(), 3 * sizeof(float));
  }
  return h.value();
}

}  // namespace

TEST_CASE("MOTION: two minutes at the intersection — feet hold, joints never jump, levels agree") {
  const auto lib = test::motion_library();
  Simulation sim = test::make_sim(intersection(), lib);
  const std::size_t n = sim.agents().size();
  std::vector<Previous> prev(n);
  double worst_turn = 0, worst_upper = 0, worst_switch = 0, worst_lod = 0;
  int switches = 0, transitions = 0;
  std::vector<double> step_start(n, -1);
  const auto frames = static_cast<int>(120 / sim.config().dt);
  for (int f = 0; f < frames; ++f) {
    // Each agent changes its level of detail every 1.5 s, as a CULL stage would by distance.
    for (std::uint32_t a = 0; a < n; ++a)
      sim.set_lod(a, static_cast<Lod>((a + static_cast<std::uint32_t>(f / 45)) % kLodCount));
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::uint32_t a = 0; a < n; ++a) {
      Previous& p = prev[a];
      if (!s.active[a]) {
        CHECK(s.poses.first[a + 1] == s.poses.first[a]);  // free slots hold no joints
        p.valid = false;
        continue;
      }
      const Lod lod = s.poses.lod[a];
      const Skeleton& sk = lib->skeletons[static_cast<std::size_t>(lod)];
      const auto joints = s.poses.joints_of(a);
      REQUIRE(joints.size() == sk.size());
      std::vector<Rigid> model(sk.size());
      model_transforms(sk, s.poses.pelvis[a], joints, model);
      const bool same_figure = p.valid && p.spawn == sim.spawn_count(a);
      if (same_figure && p.lod == lod) {
        for (std::size_t j = 0; j < sk.size(); ++j) {
          const double turn = joints[j].angularDistance(p.joints[j]);
          worst_turn = std::max(worst_turn, turn);
          bool leg = false;
          for (const LegJoints& l : sk.legs) leg = leg || static_cast<int>(j) >= l.hip;
          if (!leg) worst_upper = std::max(worst_upper, turn);
        }
      } else if (same_figure) {
        // A switch of level: every joint the two levels share turns no more than in a frame.
        ++switches;
        const Skeleton& old = lib->skeletons[static_cast<std::size_t>(p.lod)];
        for (std::size_t j = 0; j < sk.size(); ++j)
          for (std::size_t k = 0; k < old.size(); ++k)
            if (sk.counterpart[j] == old.counterpart[k])
              worst_switch = std::max(worst_switch, static_cast<double>(model[j].rotation.angularDistance(p.model[k].rotation)));
      }
      if (sim.agents().plan[a].t0 != step_start[a]) ++transitions;
      step_start[a] = sim.agents().plan[a].t0;
      p = {true, sim.spawn_count(a), lod, {joints.begin(), joints.end()}, std::move(model)};

      if (f % 15 == 0) {
        // Root and feet at all three levels, requested on demand, within 1 mm.
        std::array<motion::Pose, kLodCount> poses;
        for (int l = 0; l < kLodCount; ++l) poses[static_cast<std::size_t>(l)] = sim.full_pose(a, static_cast<Lod>(l));
        std::array<Vec2, 2> feet_high;
        for (int l = 0; l < kLodCount; ++l) {
          const Skeleton& k = lib->skeletons[static_cast<std::size_t>(l)];
          const motion::Pose& q = poses[static_cast<std::size_t>(l)];
          std::vector<Rigid> m(k.size());
          model_transforms(k, q.pelvis, q.joints, m);
          worst_lod = std::max(worst_lod, (q.root.position - poses[0].root.position).norm());
          for (int side = 0; side < 2; ++side) {
            const Rigid& ankle = m[static_cast<std::size_t>(k.legs[side].ankle)];
            const Vec2 ball = to_world(q.root, ankle.translation + ankle.rotation * lib->sole.ball);
            if (l == 0) feet_high[static_cast<std::size_t>(side)] = ball;
            worst_lod = std::max(worst_lod, (ball - feet_high[static_cast<std::size_t>(side)]).norm());
          }
        }
        // The pose drawn this frame is the one computed on request at its level.
        CHECK(poses[static_cast<std::size_t>(lod)].joints == std::vector<Eigen::Quaternionf>(joints.begin(), joints.end()));
      }
    }
  }
  MESSAGE("foot slip max ", 1000 * sim.metrics().foot_slip_max, " mm; joint turn per frame max ",
          worst_turn / kDeg, "°, upper body ", worst_upper / kDeg, "°, at level switches ", worst_switch / kDeg,
          "° over ", switches, " switches and ", transitions, " steps; levels disagree by ", 1000 * worst_lod, " mm");
  CHECK(sim.metrics().foot_slip_max < 0.01);
  CHECK(worst_turn < kMaxTurnPerFrame);
  CHECK(worst_upper < kMaxUpperBodyTurnPerFrame);
  CHECK(worst_switch < kMaxTurnPerFrame);
  CHECK(switches > 1000);
  CHECK(transitions > 10000);
  CHECK(worst_lod < 0.001);
  CHECK(sim.metrics().collisions == 0);
}

TEST_CASE("MOTION: the simulation decides the same with or without articulated figures") {
  Simulation plain = test::make_sim(intersection());
  Simulation figures = test::make_sim(intersection(), test::motion_library());
  for (int f = 0; f < 600; ++f) {
    plain.step();
    figures.step();
  }
  CHECK(plain.trajectory_hash() == figures.trajectory_hash());
  CHECK(plain.snapshot().poses.joints.empty());
  CHECK(!figures.snapshot().poses.joints.empty());
}

TEST_CASE("MOTION: posing only wanted figures, or none, changes no trajectory and no wanted pose") {
  Scenario base = intersection();
  Scenario wanted_s = intersection(), none_s = intersection();
  wanted_s.config.posing = Posing::Wanted;
  none_s.config.posing = Posing::None;
  const auto lib = test::motion_library();
  Simulation all = test::make_sim(std::move(base), lib);
  Simulation wanted = test::make_sim(std::move(wanted_s), lib);
  Simulation none = test::make_sim(std::move(none_s), lib);
  // Every other agent slot wanted, as a CULL would keep those in view.
  for (std::uint32_t a = 0; a < wanted.agents().size(); ++a) wanted.want_figure(a, a % 2 == 0);
  int compared = 0;
  for (int f = 0; f < 300; ++f) {
    all.step();
    wanted.step();
    none.step();
    const Snapshot& sa = all.snapshot();
    const Snapshot& sw = wanted.snapshot();
    CHECK(none.snapshot().poses.joints.empty());
    for (std::size_t a = 0; a < sa.agents; ++a) {
      if (!sa.active[a]) continue;
      if (a % 2 == 1) {
        CHECK(sw.poses.joints_of(a).empty());  // not wanted: a root only
        CHECK((sw.poses.root[a].position - sw.location[a]).norm() == 0.0);
        continue;
      }
      const auto ja = sa.poses.joints_of(a), jw = sw.poses.joints_of(a);
      REQUIRE(ja.size() == jw.size());
      CHECK(std::equal(ja.begin(), ja.end(), jw.begin()));
      CHECK(sa.poses.root[a].position == sw.poses.root[a].position);
      ++compared;
    }
  }
  CHECK(compared > 1000);
  CHECK(all.trajectory_hash() == wanted.trajectory_hash());
  CHECK(all.trajectory_hash() == none.trajectory_hash());
  CHECK(all.measures_slip());
  CHECK(!wanted.measures_slip());
  CHECK(none.metrics().foot_slip_max == 0.0);
}

TEST_CASE("MOTION: a headless run without --foot-slip poses no figure and reports no slip") {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/motion_summary_none";
  std::filesystem::create_directories(dir);
  const std::string summary = dir + "/summary.json";
  const std::string cmd = std::string(FOOTFALL_BINARY) + " run " + test::source_path("data/scenarios/swap6.yaml") +
                          " --headless --frames 60 -q --summary " + summary;
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(summary);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(json.find("\"foot_slip_mm_max\": null") != std::string::npos);
}

TEST_CASE("MOTION: poses are bit-identical for 1 and 2 threads") {
  std::uint64_t hashes[2] = {0, 0};
  for (const int threads : {1, 2}) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
    Simulation sim = test::make_sim(intersection(), test::motion_library());
    Fnv1a h;
    for (int f = 0; f < 450; ++f) {
      sim.step();
      h.add(pose_hash(sim.snapshot()));
    }
    h.add(sim.metrics().foot_slip_max);
    hashes[threads - 1] = h.value();
  }
  CHECK(hashes[0] == hashes[1]);
}

TEST_CASE("MOTION: a new pedestrian in a freed slot starts standing, scaled to its height") {
  const auto lib = test::motion_library();
  Simulation sim = test::make_sim(intersection(), lib);
  std::set<int> heights;
  int respawned = 0;
  std::vector<std::uint64_t> spawns(sim.agents().size());
  for (std::uint32_t a = 0; a < spawns.size(); ++a) spawns[a] = sim.spawn_count(a);
  for (int f = 0; f < 900; ++f) {
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::uint32_t a = 0; a < spawns.size(); ++a) {
      if (!s.active[a]) continue;
      CHECK(s.poses.root[a].scale == doctest::Approx(sim.agents().height[a] / kReferenceHeight));
      heights.insert(static_cast<int>(std::lround(100 * sim.agents().height[a])));
      if (sim.spawn_count(a) == spawns[a]) continue;
      spawns[a] = sim.spawn_count(a);
      ++respawned;
      // Standing on its entry point, feet together, no slip carried over from the last one.
      CHECK((s.poses.root[a].position - s.location[a]).norm() < 1e-6);
      CHECK(sim.foot_slip(a) < 0.01);
    }
  }
  CHECK(respawned > 10);
  CHECK(heights.size() > 20);  // a population of statures (default 1.55–1.90 m)
  CHECK(*heights.begin() >= 155);
  CHECK(*heights.rbegin() <= 190);
}

TEST_CASE("MOTION: a walk node restricted to the recorded lengths takes only recorded steps") {
  // Paper §4.4: the walk node "can be constrained to only consider the three arcs of the next foot
  // location fan that correspond exactly to our recorded step sizes" — here by configuration.
  Scenario s = parse_scenario(R"(
world: {locations: {goal: [9, 3]}}
behaviors:
  walker:
    nodes:
      goal: {type: location_sensor, target: goal}
      seek: {type: attract, input: goal, t_d: 0.5}
      walk: {type: walk, inputs: [seek], arcs: 3, min_step: 0.45, max_step: 0.95, goal_candidate: 0, side_step: 0}
agents: [{name: a, behavior: walker, position: [0, 0], heading: 1.2}]
)", "inline.yaml");
  const auto lib = test::motion_library();
  REQUIRE(lib->graph.lengths() == std::vector<float>{0.45f, 0.70f, 0.95f});
  Simulation sim = test::make_sim(std::move(s), lib);
  int walked = 0;
  std::uint32_t steps = sim.agents().steps[0];
  for (int f = 0; f < 600; ++f) {
    sim.step();
    if (sim.agents().steps[0] == steps) continue;
    steps = sim.agents().steps[0];
    if (sim.agents().gait[0] != Gait::Walk) continue;
    const std::uint8_t fwd = sim.agents().forward[0];
    const double length = (sim.agents().foot[fwd][0] - sim.agents().foot[1 - fwd][0]).norm();
    const bool recorded = std::abs(length - 0.45) < 1e-9 || std::abs(length - 0.70) < 1e-9 || std::abs(length - 0.95) < 1e-9;
    CHECK(recorded);
    ++walked;
  }
  CHECK(walked > 5);
  CHECK(sim.metrics().foot_slip_max < 0.001);
}

TEST_CASE("MOTION: the summary reports foot_slip_mm_max as a number") {
  const std::string dir = std::string(FOOTFALL_BINARY_DIR) + "/motion_summary";
  std::filesystem::create_directories(dir);
  const std::string summary = dir + "/summary.json";
  const std::string cmd = std::string(FOOTFALL_BINARY) + " run " + test::source_path("data/scenarios/swap6.yaml") +
                          " --headless --foot-slip --frames 150 -q --summary " + summary;
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(summary);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = json.find("\"foot_slip_mm_max\": ");
  REQUIRE(at != std::string::npos);
  const double mm = std::strtod(json.c_str() + at + 20, nullptr);
  CHECK(std::isdigit(static_cast<unsigned char>(json[at + 20])));
  CHECK(mm < 10);
}
