// Vehicles as a second kind of agent (issue 20, deliverable 3; docs/steering.md, "Vehicles"): the
// simple vehicle model in the simulation, vehicles among walkers in vehicles.yaml, their outputs,
// determinism for any thread count, and what CULL makes of them.
#include <doctest/doctest.h>
#include <tbb/global_control.h>

#include <cmath>
#include <sstream>

#include "footfall/behavior/steering_nodes.hpp"
#include "footfall/output/trajectory_csv.hpp"
#include "footfall/render/appearance.hpp"
#include "footfall/render/cull.hpp"
#include "footfall/steering/steering.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

Simulation vehicles_scene(std::shared_ptr<const motion::MotionLibrary> motion = nullptr) {
  return test::make_sim(load_scenario(test::source_path("data/scenarios/vehicles.yaml")), std::move(motion));
}

// The published velocity of agent a: its plan's, from this frame to the next for a vehicle.
Vec2 plan_velocity(const Snapshot& s, std::size_t a) {
  const Plan& p = s.plan[a];
  return p.t1 > p.t0 ? Vec2((p.to - p.from) / (p.t1 - p.t0)) : Vec2(Vec2::Zero());
}

}  // namespace

TEST_CASE("vehicle agents load: kind, the cyclist defaults, the bounding radius") {
  const Scenario s = parse_scenario(
      "world: {default_ground: sidewalk}\n"
      "behaviors:\n"
      "  rider:\n"
      "    nodes:\n"
      "      wander: {type: wander}\n"
      "      walk: {type: walk, inputs: [wander]}\n"
      "agents:\n"
      "  - {name: bike, kind: vehicle, behavior: rider, position: [0, 0]}\n"
      "  - {name: van, kind: vehicle, behavior: rider, position: [10, 0], velocity: [0, 2],\n"
      "     vehicle: {mass: 2, max_force: 6, max_speed: 8, length: 4.5, width: 1.8}}\n"
      "  - {name: ann, behavior: rider, position: [-5, 0], kind: walker}\n",
      "kinds.yaml");
  const Agents& ag = s.agents;
  REQUIRE(ag.size() == 3);
  CHECK(ag.vehicle(0));
  CHECK(ag.vehicle(1));
  CHECK(!ag.vehicle(2));
  CHECK(ag.vehicle_mass[0] == 0.5);
  CHECK(ag.vehicle_max_force[0] == 1.5);
  CHECK(ag.vehicle_max_speed[0] == 5);
  CHECK(ag.vehicle_length[0] == doctest::Approx(1.8));
  CHECK(ag.vehicle_width[0] == doctest::Approx(0.6));
  CHECK(ag.radius[0] == doctest::Approx(0.5 * std::hypot(1.8, 0.6)));
  CHECK(ag.radius[1] == doctest::Approx(0.5 * std::hypot(4.5, 1.8)));
  CHECK(ag.radius[2] == 0.25);
  CHECK(ag.heading(1) == doctest::Approx(kPi / 2));  // facing its velocity
  CHECK(ag.velocity[1] == Vec2(0, 2));
}

TEST_CASE("a vehicle in the simulation takes vehicle.hpp's step every frame, within max speed and force") {
  Simulation sim = test::make_sim(parse_scenario(
      "world: {default_ground: sidewalk, locations: {post: [30, 10]}}\n"
      "behaviors:\n"
      "  car:\n"
      "    nodes:\n"
      "      goal: {type: location_sensor, target: post}\n"
      "      go: {type: seek, input: goal}\n"
      "      walk: {type: walk, inputs: [go]}\n"
      "agents:\n"
      "  - {name: car, kind: vehicle, behavior: car, position: [0, 0], heading: 3,\n"
      "     vehicle: {mass: 1, max_force: 2.5, max_speed: 4}}\n",
      "one_vehicle.yaml"));
  const double dt = sim.config().dt;
  const steer::VehicleParams vp{1, 2.5, 4};
  const Agents& ag = sim.agents();
  REQUIRE(ag.vehicle(0));
  double top = 0;
  for (int f = 0; f < 30 * 20; ++f) {
    // The state at this frame, and the model's step from it done here, independently: the seek
    // node's desire at the vehicle's max_speed (its node max_speed is 0), steering = desired − v.
    const steer::VehicleState before{ag.plan[0].to, ag.vehicle_velocity[0], ag.vehicle_forward[0]};
    CHECK(sim.snapshot().location[0] == sim.snapshot().plan[0].from);
    const Vec2 desired = steer::seek({before.position, before.velocity, before.forward, vp.max_speed}, Vec2(30, 10));
    const steer::VehicleState expected =
        steer::vehicle_step(before, steer::steering_force(desired, before.velocity), vp, dt);
    sim.step();
    const Snapshot& s = sim.snapshot();
    CHECK(s.plan[0].from == before.position);  // published: this frame …
    CHECK(s.plan[0].to == expected.position);  // … to the next, the model's update exactly
    CHECK(s.location[0] == before.position);
    CHECK(ag.vehicle_velocity[0] == expected.velocity);
    CHECK(ag.vehicle_forward[0] == expected.forward);
    CHECK(s.gait[0] == Gait::Vehicle);
    CHECK(s.plan[0].t1 - s.plan[0].t0 == doctest::Approx(dt));
    const double speed = ag.vehicle_velocity[0].norm();
    CHECK(speed <= vp.max_speed + 1e-12);
    CHECK((ag.vehicle_velocity[0] - before.velocity).norm() / dt * vp.mass <= vp.max_force + 1e-9);
    CHECK(plan_velocity(s, 0).norm() <= vp.max_speed + 1e-9);
    top = std::max(top, speed);
  }
  CHECK(top > 3.9);  // it reached its max speed …
  CHECK(sim.metrics().decisions == 0);  // … without a single footstep
  CHECK(sim.trajectory_hash() != 0);
}

TEST_CASE("vehicles.yaml: cyclists and a robot among walkers, no interpenetration, within their limits") {
  Simulation sim = vehicles_scene();
  const Agents& ag = sim.agents();
  std::vector<std::size_t> vehicles, walkers;
  for (std::size_t a = 0; a < ag.size(); ++a) (ag.vehicle(a) ? vehicles : walkers).push_back(a);
  REQUIRE(vehicles.size() == 3);
  REQUIRE(walkers.size() == 16);
  std::vector<Vec2> start(ag.size());
  for (std::size_t a = 0; a < ag.size(); ++a) start[a] = sim.snapshot().location[a];
  double closest = kInf, travelled[3] = {};
  for (int f = 0; f < 30 * 60; ++f) {
    std::vector<Vec2> before(vehicles.size());
    for (std::size_t k = 0; k < vehicles.size(); ++k) before[k] = ag.vehicle_velocity[vehicles[k]];
    sim.step();
    const Snapshot& s = sim.snapshot();
    for (std::size_t k = 0; k < vehicles.size(); ++k) {
      const std::size_t v = vehicles[k];
      const double speed = ag.vehicle_velocity[v].norm();
      CHECK(speed <= ag.vehicle_max_speed[v] + 1e-12);
      CHECK((ag.vehicle_velocity[v] - before[k]).norm() / sim.config().dt * ag.vehicle_mass[v] <=
            ag.vehicle_max_force[v] + 1e-9);
      travelled[k] += speed * sim.config().dt;
      // Walker–vehicle clearance: the discs the collision measure counts.
      for (const std::size_t w : walkers)
        closest = std::min(closest, (s.location[v] - s.location[w]).norm() - s.radius[v] - s.radius[w]);
      CHECK(s.active[v]);
      CHECK(s.poses.size() == 0);
    }
  }
  MESSAGE("vehicles travelled " << travelled[0] << ", " << travelled[1] << ", " << travelled[2]
          << " m; closest walker-vehicle gap " << closest << " m; collisions " << sim.metrics().collisions);
  CHECK(sim.metrics().collisions == 0);
  CHECK(closest > -1e-6);
  CHECK(travelled[0] > 60);  // the loop rider rides
  CHECK(travelled[1] > 40);  // the wanderer wanders
  const std::size_t robot = vehicles[2];
  CHECK((sim.snapshot().location[robot] - Vec2(10, 7)).norm() < 0.5);  // the courier reached the cafe
  std::size_t moved = 0;
  for (const std::size_t w : walkers) moved += (sim.snapshot().location[w] - start[w]).norm() > 5;
  CHECK(moved == walkers.size());
}

TEST_CASE("vehicles.yaml is bit-identical for 1 and 2 threads") {
  std::uint64_t hashes[2] = {};
  std::vector<Vec2> last[2];
  for (int k = 0; k < 2; ++k) {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, k + 1);
    Simulation sim = vehicles_scene();
    for (int f = 0; f < 30 * 20; ++f) sim.step();
    hashes[k] = sim.trajectory_hash();
    last[k] = sim.snapshot().location;
  }
  CHECK(hashes[0] == hashes[1]);
  CHECK(last[0] == last[1]);
}

TEST_CASE("vehicles in outputs and CULL: state 'vehicle', a box each, no figure") {
  Simulation sim = vehicles_scene(test::motion_library());
  for (int f = 0; f < 30; ++f) sim.step();
  const Snapshot& s = sim.snapshot();
  std::ostringstream csv;
  output::write_csv_rows(csv, s, sim);
  const auto rows = test::parse_csv(csv.str());
  std::size_t vehicle_rows = 0;
  for (const auto& row : rows) {
    REQUIRE(row.size() >= 8);
    const bool is_cyclist = row[3].rfind("cyclist", 0) == 0 || row[3] == "robot";
    CHECK((row[7] == "vehicle") == is_cyclist);
    vehicle_rows += row[7] == "vehicle";
  }
  CHECK(vehicle_rows == 3);

  render::Wardrobe w({});
  w.update(sim);
  const std::vector<render::Look> looks(w.looks().begin(), w.looks().end());
  render::CameraView camera;
  camera.eye = {0, -1, 400};
  // Looking straight down from high above: everything in view (an orthographic-like frustum).
  const Eigen::Vector3d f(0, 1.0 / 400, -1), side = f.cross(Eigen::Vector3d::UnitZ()).normalized(),
                        up = side.cross(f.normalized());
  Eigen::Matrix4d view = Eigen::Matrix4d::Identity();
  view.block<1, 3>(0, 0) = side.transpose(), view(0, 3) = -side.dot(camera.eye);
  view.block<1, 3>(1, 0) = up.transpose(), view(1, 3) = -up.dot(camera.eye);
  view.block<1, 3>(2, 0) = -f.normalized().transpose(), view(2, 3) = f.normalized().dot(camera.eye);
  const double fy = 1.0 / std::tan(20.0 * kPi / 180), n = 0.3, far = 3000;
  Eigen::Matrix4d proj = Eigen::Matrix4d::Zero();
  proj(0, 0) = fy, proj(1, 1) = fy, proj(2, 2) = (far + n) / (n - far), proj(2, 3) = 2 * far * n / (n - far);
  proj(3, 2) = -1;
  camera.view_projection = proj * view;
  for (const auto forced : {std::optional<motion::Lod>{}, std::optional<motion::Lod>{motion::Lod::High},
                            std::optional<motion::Lod>{motion::Lod::Low}}) {
    render::InstanceLists lists;
    render::CullSettings settings;
    settings.forced = forced;
    render::cull(s, *sim.motion(), camera, settings, looks, lists);
    CHECK(lists.visible() == 16);  // the walkers' figures
    REQUIRE(lists.vehicles.size() == 3);
    for (const auto& l : lists.lods)
      for (const std::uint32_t a : l.agents) CHECK(!s.vehicle(a));
    for (const render::VehicleInstance& v : lists.vehicles) {
      CHECK(s.vehicle(v.agent));
      CHECK(v.x == static_cast<float>(s.location[v.agent].x()));
      CHECK(v.heading == static_cast<float>(s.heading[v.agent]));
      CHECK(v.length == static_cast<float>(sim.agents().vehicle_length[v.agent]));
      CHECK(v.width == static_cast<float>(sim.agents().vehicle_width[v.agent]));
    }
  }
}

TEST_CASE("collision measure: a cart that rams a pedestrian twice its breadth is one collision, whichever comes first") {
  // Walkers never overlap (collision prevention is strict), and a scene may not start with an
  // overlap, so a vehicle seeking a point behind someone standing is how one happens. Until now no
  // test had an overlap to count. The pair is looked for from the one listed first, so both orders.
  const std::string stander =
      "  - {name: big, behavior: stander, position: [4, 0], heading: 0, radius: 0.5, set: {goal.target: [4, 0]}}\n";
  const std::string cart =
      "  - {name: cart, kind: vehicle, behavior: ram, position: [0, 0], heading: 0, set: {mark.target: [8, 0]},\n"
      "     vehicle: {max_speed: 2, length: 0.3, width: 0.3}}\n";
  for (const bool cart_first : {false, true}) {
    CAPTURE(cart_first);
    Simulation sim = test::make_sim(parse_scenario(
        "world: {default_ground: sidewalk}\n"
        "behaviors:\n"
        "  stander:\n"
        "    nodes:\n"
        "      goal: {type: location_sensor}\n"
        "      seek: {type: attract, input: goal}\n"
        "      walk: {type: walk, inputs: [seek]}\n"
        "  ram:\n"
        "    nodes:\n"
        "      mark: {type: location_sensor}\n"
        "      go: {type: seek, input: mark}\n"
        "      walk: {type: walk, inputs: [go], combine: 1}\n"
        "agents:\n" + (cart_first ? cart + stander : stander + cart),
        "ram.yaml"));
    // Counted as the overlap begins: the centres then 0.71 m apart less the cart's last move
    // (2 m/s over a frame) and the measure's tolerance, not only once the cart is well inside.
    double apart = -1;
    for (int f = 0; f < 120; ++f) {
      sim.step();
      if (apart < 0 && sim.metrics().collisions > 0)
        apart = (sim.snapshot().location[0] - sim.snapshot().location[1]).norm();
    }
    CHECK(sim.metrics().collisions == 1);  // once, not again each frame they overlap
    CHECK(apart > 0.6);
    CHECK(apart < 0.71);
    int recorded = 0;
    for (const Incident& i : sim.metrics().incidents)
      if (i.kind == Incident::Kind::Collision) ++recorded;
    CHECK(recorded == 1);
  }
}
