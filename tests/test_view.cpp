// The renderer's GL-free half (footfall_view): CULL (frustum, levels of detail, instance packing),
// signal heads, paint, picking and inspection. The images themselves are tested in test_render.cpp.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "footfall/render/appearance.hpp"
#include "footfall/render/cull.hpp"
#include "footfall/render/ground_marks.hpp"
#include "footfall/render/inspect.hpp"
#include "footfall/render/overlays.hpp"
#include "footfall/render/signal_heads.hpp"
#include "helpers.hpp"

using namespace footfall;
using namespace footfall::render;
using motion::Lod;

namespace {

Scenario intersection(std::uint32_t population) {
  ScenarioOverrides o;
  o.population = population;
  return load_scenario(test::source_path("data/scenarios/intersection.yaml"), o);
}

// OpenGL's lookAt and perspective, column vectors.
CameraView camera_at(const Eigen::Vector3d& eye, const Eigen::Vector3d& at, double aspect = 4.0 / 3.0) {
  const Eigen::Vector3d f = (at - eye).normalized(), s = f.cross(Eigen::Vector3d::UnitZ()).normalized(), u = s.cross(f);
  Eigen::Matrix4d view = Eigen::Matrix4d::Identity();
  view.block<1, 3>(0, 0) = s.transpose(), view(0, 3) = -s.dot(eye);
  view.block<1, 3>(1, 0) = u.transpose(), view(1, 3) = -u.dot(eye);
  view.block<1, 3>(2, 0) = -f.transpose(), view(2, 3) = f.dot(eye);
  const double fy = 1.0 / std::tan(20.0 * kPi / 180), n = 0.3, far = 3000;
  Eigen::Matrix4d proj = Eigen::Matrix4d::Zero();
  proj(0, 0) = fy / aspect, proj(1, 1) = fy, proj(2, 2) = (far + n) / (n - far), proj(2, 3) = 2 * far * n / (n - far);
  proj(3, 2) = -1;
  return {eye, proj * view};
}

std::vector<Look> looks_for(const Simulation& sim) {
  Wardrobe w({});
  w.update(sim);
  return {w.looks().begin(), w.looks().end()};
}

}  // namespace

TEST_CASE("cull: levels of detail by distance, with hysteresis at the thresholds") {
  const LodThresholds t{15, 40, 0.05};
  CHECK(choose_lod(5, Lod::Medium, t) == Lod::High);
  CHECK(choose_lod(20, Lod::High, t) == Lod::Medium);
  CHECK(choose_lod(100, Lod::High, t) == Lod::Low);
  // Within 5 % past a threshold a figure keeps its level, beyond it changes.
  CHECK(choose_lod(15.5, Lod::High, t) == Lod::High);
  CHECK(choose_lod(16.0, Lod::High, t) == Lod::Medium);
  CHECK(choose_lod(14.5, Lod::Medium, t) == Lod::Medium);
  CHECK(choose_lod(14.0, Lod::Medium, t) == Lod::High);
  CHECK(choose_lod(41, Lod::Medium, t) == Lod::Medium);
  CHECK(choose_lod(43, Lod::Medium, t) == Lod::Low);
}

TEST_CASE("cull: the frustum keeps what the camera sees, in agent order, packed per level") {
  Simulation sim = test::make_sim(intersection(60), test::motion_library());
  for (int f = 0; f < 10; ++f) sim.step();
  const Snapshot& s = sim.snapshot();
  const std::vector<Look> looks = looks_for(sim);
  const motion::MotionLibrary& lib = *sim.motion();

  // From high above the centre, looking down a little off vertical: every agent is in view.
  InstanceLists all;
  cull(s, lib, camera_at({0, -1, 400}, {0, 0, 0}), {}, looks, all);
  CHECK(all.visible() == sim.active_count());
  for (const InstanceList& l : all.lods) {
    CHECK(std::is_sorted(l.agents.begin(), l.agents.end()));
    CHECK(l.selected == -1);
  }
  // Far away, every chosen level is low; the figures are drawn at the level they were posed at.
  for (std::size_t a = 0; a < s.size(); ++a)
    if (s.active[a]) CHECK(all.chosen[a] == Lod::Low);
  for (int l = 0; l < motion::kLodCount; ++l) {
    const std::size_t joints = lib.skeletons[static_cast<std::size_t>(l)].size();
    CHECK(all.lods[static_cast<std::size_t>(l)].texels.size() == 4 * instance_texels(joints) * all.lods[static_cast<std::size_t>(l)].size());
    for (const std::uint32_t a : all.lods[static_cast<std::size_t>(l)].agents) CHECK(s.poses.lod[a] == static_cast<Lod>(l));
  }

  // Looking east from the west end of the world: only agents in front of the camera, within the
  // 40-degree field of view, are kept.
  InstanceLists east;
  const Eigen::Vector3d eye(-60, 0, 1.7);
  cull(s, lib, camera_at(eye, {0, 0, 1.7}), {}, looks, east);
  CHECK(east.visible() > 0);
  CHECK(east.visible() < all.visible());
  for (const InstanceList& l : east.lods)
    for (const std::uint32_t a : l.agents) {
      const Vec2 d = s.location[a] - Vec2(eye.x(), eye.y());
      CHECK(d.x() > 0);
      CHECK(std::abs(std::atan2(d.y(), d.x())) < 0.5);  // half of 40 degrees × 4/3, with the figure's size
    }
  // Every active agent gets a level, visible or not; a forced level applies to all.
  InstanceLists forced;
  cull(s, lib, camera_at(eye, {0, 0, 1.7}), {LodThresholds{}, Lod::High, -1}, looks, forced);
  for (std::size_t a = 0; a < s.size(); ++a)
    if (s.active[a]) CHECK(forced.chosen[a] == Lod::High);
}

TEST_CASE("cull: the texels hold each figure's appearance and joints, whatever the thread count") {
  Simulation sim = test::make_sim(intersection(40), test::motion_library());
  for (int f = 0; f < 5; ++f) sim.step();
  const std::vector<Look> looks = looks_for(sim);
  std::int64_t selected = -1;
  for (std::size_t a = 0; a < sim.snapshot().size() && selected < 0; ++a)
    if (sim.snapshot().active[a]) selected = static_cast<std::int64_t>(a);
  InstanceLists one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    cull(sim.snapshot(), *sim.motion(), camera_at({0, -1, 400}, {0, 0, 0}), {{}, std::nullopt, selected}, looks, one);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    cull(sim.snapshot(), *sim.motion(), camera_at({0, -1, 400}, {0, 0, 0}), {{}, std::nullopt, selected}, looks, two);
  }
  int selected_lists = 0;
  for (int l = 0; l < motion::kLodCount; ++l) {
    const InstanceList& a = one.lods[static_cast<std::size_t>(l)];
    CHECK(a.agents == two.lods[static_cast<std::size_t>(l)].agents);
    CHECK(a.texels == two.lods[static_cast<std::size_t>(l)].texels);
    if (a.selected >= 0) {
      ++selected_lists;
      CHECK(a.agents[static_cast<std::size_t>(a.selected)] == selected);
    }
    // The first instance: its shirt colour, then the root joint's translation lies at the agent.
    if (a.size() == 0) continue;
    const std::uint32_t agent = a.agents[0];
    CHECK(a.texels[0] == doctest::Approx(looks[agent].shirt.x()));
    CHECK(a.texels[4] == doctest::Approx(looks[agent].trousers.x()));
    const float* rows = a.texels.data() + 4 * kHeaderTexels;
    const Vec2 at = sim.snapshot().location[agent];
    CHECK(std::hypot(rows[3] - at.x(), rows[7] - at.y()) < 0.6);  // the pelvis is over the feet
    // A rest-pose point 1 m up the figure's axis lies about 1 m up in the world.
    CHECK(rows[10] + rows[11] > 0.5f);
  }
  CHECK(selected_lists == 1);
}

TEST_CASE("signal heads: two pedestrian heads per signalled crosswalk, facing across it, and three-lamp vehicle heads") {
  const Scenario s = intersection(0);
  const SignalLayout layout = signal_layout(s.world);
  int pedestrian = 0, vehicle = 0;
  for (const SignalHead& h : layout.heads) {
    (h.kind == HeadKind::Pedestrian ? pedestrian : vehicle)++;
    CHECK(h.signal >= 0);
    CHECK(static_cast<std::size_t>(h.signal) < s.world.signals.size());
    CHECK(h.position.z() == doctest::Approx(h.kind == HeadKind::Pedestrian ? kPedestrianHeadHeight : kVehicleHeadHeight));
  }
  CHECK(pedestrian == 8);  // four crosswalks
  CHECK(vehicle == 4);     // two signals, two approaches each
  // A pedestrian head stands at one end of a crosswalk of its signal and faces the other end.
  for (const SignalHead& h : layout.heads) {
    if (h.kind != HeadKind::Pedestrian) continue;
    const Vec2 at(h.position.x(), h.position.y());
    bool found = false;
    for (const GroundRegion& r : s.world.regions) {
      if (r.signal != h.signal) continue;
      const Strip strip = strip_of(r.polygon);
      for (const double end : {1.0, -1.0}) {
        const Vec2 here = strip.centre + end * strip.half_length * strip.axis;
        const Vec2 there = strip.centre - end * strip.half_length * strip.axis;
        if ((here - at).norm() < kPoleReach + 0.5 && unit_from_heading(h.facing).dot((there - at).normalized()) > 0.8)
          found = true;
      }
    }
    CHECK(found);
  }
  // What each head shows.
  patnet::SignalState walk{patnet::Lamp::Green, patnet::Head::Walk};
  patnet::SignalState flashing{patnet::Lamp::Green, patnet::Head::FlashingDontWalk};
  patnet::SignalState stop{patnet::Lamp::Red, patnet::Head::DontWalk};
  CHECK(lamps_on(HeadKind::Pedestrian, walk, 0.2).lamp[1]);
  CHECK_FALSE(lamps_on(HeadKind::Pedestrian, walk, 0.2).lamp[0]);
  CHECK(lamps_on(HeadKind::Pedestrian, stop, 0.2).lamp[0]);
  CHECK(lamps_on(HeadKind::Pedestrian, flashing, 3.2).lamp[0]);
  CHECK_FALSE(lamps_on(HeadKind::Pedestrian, flashing, 3.7).lamp[0]);
  CHECK(lamps_on(HeadKind::Vehicle, stop, 0).lamp[0]);
  CHECK(lamps_on(HeadKind::Vehicle, walk, 0).lamp[2]);
}

TEST_CASE("paint: zebra stripes on every crosswalk, centre lines and stop lines on the streets") {
  const Scenario s = intersection(0);
  int zebra = 0, centre = 0, stop = 0;
  for (const Mark& m : ground_marks(s.world)) {
    (m.paint == Paint::Zebra ? zebra : m.paint == Paint::CentreLine ? centre : stop)++;
    const Vec2 mid = 0.25 * (m.corners[0] + m.corners[1] + m.corners[2] + m.corners[3]);
    if (m.paint == Paint::Zebra) {
      bool on = false;
      for (const GroundRegion& r : s.world.regions)
        if (is_crosswalk(s.world, r) && polygon_contains(r.polygon, mid)) on = true;
      CHECK(on);
    }
  }
  CHECK(zebra >= 4 * 8);  // a 12 m crosswalk holds 12 stripes
  CHECK(centre > 0);
  CHECK(stop == 4);       // one per approach
}

TEST_CASE("picking: the ray through a figure selects it, the ground or the sky nothing") {
  Simulation sim = test::make_sim(intersection(30), test::motion_library());
  sim.step();
  const Snapshot& s = sim.snapshot();
  std::uint32_t a = 0;
  while (!s.active[a]) ++a;
  const Eigen::Vector3d eye(s.location[a].x() - 10, s.location[a].y() - 10, 8);
  const Eigen::Vector3d chest(s.location[a].x(), s.location[a].y(), 1.2);
  const std::int64_t hit = pick_agent(s, {eye, (chest - eye).normalized()});
  // Another figure may stand in front of it on the way; the first one hit is on the ray.
  REQUIRE(hit >= 0);
  if (hit != a) {
    const Eigen::Vector3d p(s.location[hit].x(), s.location[hit].y(), 1.2);
    CHECK((p - eye).norm() < (chest - eye).norm());
  }
  CHECK(pick_agent(s, {eye, Eigen::Vector3d(0, 0, 1)}) == -1);   // the sky
  CHECK(pick_agent(s, {{500, 500, 2}, Eigen::Vector3d(1, 0, 0)}) == -1);  // nobody out there
}

TEST_CASE("inspection: the selected agent's PaT-Nets and behavior-net node values, and overlays") {
  Simulation sim = test::make_sim(intersection(30), test::motion_library());
  for (int f = 0; f < 30; ++f) sim.step();
  std::uint32_t a = 0;
  while (!sim.snapshot().active[a]) ++a;
  const std::vector<std::string> lines = inspect_agent(sim, a);
  std::string all;
  for (const std::string& l : lines) all += l + "\n";
  CAPTURE(all);
  CHECK(all.find(sim.agents().name[a]) != std::string::npos);
  CHECK(all.find("PaT-Nets:") != std::string::npos);
  CHECK(all.find("behavior net") != std::string::npos);
  CHECK(all.find("walk") != std::string::npos);  // the motor node's energy
  CHECK(!net_label(sim, a).empty());
  CHECK(inspect_agent(sim, static_cast<std::uint32_t>(sim.snapshot().size() + 5)).size() == 1);

  // Overlays: each kind adds geometry; the selected agent gets a ring whatever the flags.
  const std::vector<std::uint32_t> shown{a};
  OverlayGeometry g;
  build_overlays(sim, shown, {}, 8, -1, g);
  CHECK(g.line_points.empty());
  CHECK(g.dots.empty());
  build_overlays(sim, shown, {}, 8, a, g);
  CHECK(!g.line_points.empty());
  OverlayFlags fans;
  fans.fans = true;
  build_overlays(sim, shown, fans, 8, -1, g);
  CHECK(g.dots.size() > 9);  // the fan's candidates
  OverlayFlags labels;
  labels.labels = true;
  build_overlays(sim, shown, labels, 8, -1, g);
  REQUIRE(g.labels.size() == 1);
  CHECK(g.labels[0].position.z() > 1.5f);
  OverlayFlags everything{true, true, true, true};
  build_overlays(sim, shown, everything, 8, -1, g);
  CHECK(g.line_points.size() % 2 == 0);
  CHECK(g.line_points.size() == g.line_colours.size());
  CHECK(g.dots.size() == g.dot_colours.size());
}
