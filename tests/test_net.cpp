#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>

#include "footfall/behavior/net.hpp"
#include "helpers.hpp"

using namespace footfall;

namespace {

std::vector<NetTemplate::NodeDecl> walker_decls() {
  return {
      {"goal", NodeKind::LocationSensor, {}, false, 0},
      {"seek", NodeKind::Attract, {"goal"}, false, 0},
      {"others", NodeKind::ProximitySensor, {}, true, 0},
      {"avoid_others", NodeKind::Avoid, {"others"}, false, 0},
      {"wall", NodeKind::LineSensor, {}, false, 0},
      {"avoid_wall", NodeKind::Avoid, {"wall"}, false, 0},
      {"walk", NodeKind::Walk, {"seek", "avoid_others", "avoid_wall"}, false, 0},
  };
}

struct Fixture {
  World world;
  Snapshot snap = test::standing({{0, 0}, {1.2, 0.3}, {2.0, -0.5}, {0.5, 1.5}});
  std::vector<std::uint32_t> nb = test::all_but(4, 0);
  std::vector<std::uint32_t> obstacles{0};
  NetTemplate net = NetTemplate::build("walker", walker_decls());
  std::vector<double> params{net.defaults().begin(), net.defaults().end()};

  Fixture() {
    world.ground_types = {{"sidewalk", 1.0, false}};
    world.classes = {"wall"};
    world.obstacles.push_back({"w", Segment{{-5, 1}, {5, 1}}, 0, true});
    world.finalize();
    params[net.find_param("goal", "x")] = 6;
    params[net.find_param("goal", "y")] = 2;
    params[net.find_param("others", "radius")] = 3;
    params[net.find_param("wall", "segment")] = 0;
    params[net.find_param("avoid_wall", "t_d")] = 2;
  }
  SenseContext ctx() const { return {world, snap, nb, obstacles, 0, 0.25}; }
};

std::vector<double> all_outputs(const NetEvaluator& e, std::size_t nodes) {
  std::vector<double> v;
  for (std::size_t i = 0; i < nodes; ++i) {
    const auto o = e.outputs(i);
    v.insert(v.end(), o.begin(), o.end());
  }
  return v;
}

bool bit_identical(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

// A walker drawn to a goal, avoiding a street (terrain type 1) and facades (class 0): the net of
// the line and terrain sensors' reach tests.
NetTemplate seek_past_road_and_facades() {
  return NetTemplate::build(
      "w", {{"goal", NodeKind::LocationSensor, {}, false, 0},
            {"seek", NodeKind::Attract, {"goal"}, false, 0},
            {"road", NodeKind::TerrainSensor, {}, false, 1ull << 1},
            {"avoid_road", NodeKind::Avoid, {"road"}, false, 0},
            {"facades", NodeKind::LineSensor, {}, false, 1ull << 0},
            {"avoid_facades", NodeKind::Avoid, {"facades"}, false, 0},
            {"walk", NodeKind::Walk, {"seek", "avoid_road", "avoid_facades"}, false, 0}});
}

}  // namespace

TEST_CASE("shuffling node evaluation order leaves every output bit-identical") {
  Fixture f;
  const std::size_t n = f.net.nodes().size();
  const std::vector<Pose> poses = {{{0, 0}, 0.3, {0.3, 0.1}}, {{0.4, -0.2}, -0.5, {0.7, -0.5}},
                                   {{0.1, 0.6}, 1.2, {0.2, 0.9}}};
  for (const Pose& pose : poses) {
    NetEvaluator ref(f.net);
    const double e_ref = ref.evaluate(f.params.data(), pose, f.ctx());
    const auto out_ref = all_outputs(ref, n);
    CHECK(e_ref > 0);
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937 rng(42);
    for (int trial = 0; trial < 50; ++trial) {
      std::shuffle(order.begin(), order.end(), rng);
      NetEvaluator e(f.net);
      const double energy = e.evaluate(f.params.data(), pose, f.ctx(), order);
      CHECK(std::memcmp(&energy, &e_ref, sizeof energy) == 0);
      CHECK(bit_identical(all_outputs(e, n), out_ref));
    }
  }
}

TEST_CASE("declaring nodes in another order gives the same energies") {
  Fixture f;
  auto decls = walker_decls();
  std::reverse(decls.begin(), decls.end());
  const NetTemplate reversed = NetTemplate::build("walker", decls);
  std::vector<double> params(reversed.defaults().begin(), reversed.defaults().end());
  for (std::size_t i = 0; i < f.params.size(); ++i) {
    const std::string name = f.net.param_name(i);
    const auto dot = name.find('.');
    params[reversed.find_param(name.substr(0, dot), name.substr(dot + 1))] = f.params[i];
  }
  const Pose pose{{0.2, 0.1}, 0.4, {0.5, 0.2}};
  NetEvaluator a(f.net), b(reversed);
  const double ea = a.evaluate(f.params.data(), pose, f.ctx());
  const double eb = b.evaluate(params.data(), pose, f.ctx());
  CHECK(std::memcmp(&ea, &eb, sizeof ea) == 0);
}

TEST_CASE("level-scheduled evaluation equals depth full synchronous ticks") {
  Fixture f;
  const Pose pose{{0.1, 0.2}, 0.2, {0.4, 0.25}};
  NetEvaluator fast(f.net), full(f.net);
  const double e = fast.evaluate(f.params.data(), pose, f.ctx());
  for (int t = 0; t < f.net.depth(); ++t) full.tick(f.params.data(), pose, f.ctx());
  CHECK(f.net.depth() == 3);
  CHECK(bit_identical(all_outputs(fast, f.net.nodes().size()), all_outputs(full, f.net.nodes().size())));
  CHECK(full.outputs(f.net.walk_node())[0] == e);
  // Before the net has settled, the walk node has not seen the sensors yet.
  NetEvaluator partial(f.net);
  partial.tick(f.params.data(), pose, f.ctx());
  CHECK(partial.outputs(f.net.walk_node())[0] == 0.0);
}

TEST_CASE("an unbound behavior contributes nothing") {
  Fixture f;
  const Pose pose{{0.1, 0.2}, 0.2, {0.4, 0.25}};
  NetEvaluator e(f.net);
  const double all = e.evaluate(f.params.data(), pose, f.ctx());
  const double seek = e.outputs(f.net.find_node("seek"))[2];
  f.params[f.net.find_param("seek", "bound")] = 0;
  const double without = e.evaluate(f.params.data(), pose, f.ctx());
  CHECK(seek > 0);
  CHECK(without == doctest::Approx(all - seek));
}

TEST_CASE("malformed nets are rejected with the node at fault") {
  auto decls = walker_decls();
  decls[1].inputs = {"avoid_others"};  // a control reading a control
  CHECK_THROWS_WITH_AS(NetTemplate::build("x", decls), doctest::Contains("seek"),
                       std::invalid_argument);
  decls = walker_decls();
  decls[6].inputs.push_back("nowhere");
  CHECK_THROWS_WITH_AS(NetTemplate::build("x", decls), doctest::Contains("nowhere"),
                       std::invalid_argument);
  decls = walker_decls();
  decls.pop_back();
  CHECK_THROWS_WITH_AS(NetTemplate::build("x", decls), doctest::Contains("no walk node"),
                       std::invalid_argument);
  decls = walker_decls();
  decls.push_back(decls[0]);
  CHECK_THROWS_WITH_AS(NetTemplate::build("x", decls), doctest::Contains("twice"),
                       std::invalid_argument);
}

TEST_CASE("every parameter is addressable by a dotted name") {
  Simulation sim = test::make_sim(load_scenario(test::source_path("data/scenarios/swap6.yaml")));
  CHECK(sim.param("w2.avoid_walkers.k_theta") == doctest::Approx(0.5));
  CHECK(sim.param("e1.flag.x") == doctest::Approx(-6.0));
  sim.set_param("w2.avoid_walkers.k_theta", 0.75);
  CHECK(sim.param("w2.avoid_walkers.k_theta") == 0.75);
  CHECK(sim.param("w1.avoid_walkers.k_theta") == doctest::Approx(0.5));  // per agent
  CHECK_THROWS_WITH_AS(sim.param("w9.flag.x"), doctest::Contains("no agent named 'w9'"),
                       std::out_of_range);
  CHECK_THROWS_WITH_AS(sim.param("w1.flag.z"), doctest::Contains("flag.z"), std::out_of_range);
  CHECK_THROWS_AS(sim.param("w1"), std::out_of_range);
}

TEST_CASE("a decision's energy skips sensors that only unbound behaviors read, bit for bit") {
  Fixture f;
  const Pose pose{{0.1, 0.2}, 0.2, {0.4, 0.25}};
  const std::size_t others = f.net.find_node("others");
  for (const double bound : {1.0, 0.0}) {
    f.params[f.net.find_param("avoid_others", "bound")] = bound;
    NetEvaluator full(f.net), decision(f.net);
    const double e_full = full.evaluate(f.params.data(), pose, f.ctx());
    const double e_decision = decision.energy(f.params.data(), pose, f.ctx());
    CHECK(std::memcmp(&e_full, &e_decision, sizeof e_full) == 0);
    CHECK(full.outputs(others)[0] == 1.0);  // someone is near
    // Bound, the sensor runs; unbound, nobody reads it and it is left as it was.
    CHECK(decision.outputs(others)[0] == bound);
  }
  // A sensor that a bound behavior also reads always runs: the goal feeds seek.
  NetEvaluator decision(f.net);
  decision.energy(f.params.data(), pose, f.ctx());
  CHECK(decision.outputs(f.net.find_node("goal"))[0] == 1.0);
}

TEST_CASE("energy_within: the energy bit for bit up to the bound, above it beyond") {
  Fixture f;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  NetEvaluator plain(f.net), within(f.net);
  int pruned = 0, exact = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Vec2 at{u(rng), u(rng)};
    const double heading = 3 * u(rng);
    const Pose pose{at, heading, at + 0.2 * unit_from_heading(heading)};
    const double e = plain.energy(f.params.data(), pose, f.ctx());
    // Bounds around the energy, at it, and a rounding either side of it.
    for (const double bound : {0.0, 0.5 * e, std::nextafter(e, 0.0), e, std::nextafter(e, kInf), 2 * e, kInf}) {
      const double w = within.energy_within(f.params.data(), pose, f.ctx(), bound);
      if (e <= bound) {
        REQUIRE(std::memcmp(&e, &w, sizeof e) == 0);
        ++exact;
      } else {
        REQUIRE(w > bound);
        pruned += w != e;
      }
    }
  }
  CHECK(pruned > 100);  // some were cut short
  CHECK(exact > 300);
  // A negative weight: no shortcut, the energy itself.
  f.params[f.net.find_param("avoid_wall", "weight")] = -1;
  const Pose pose{{0.1, 0.2}, 0.2, {0.4, 0.25}};
  const double e = plain.energy(f.params.data(), pose, f.ctx());
  const double w = within.energy_within(f.params.data(), pose, f.ctx(), 0.0);
  CHECK(std::memcmp(&e, &w, sizeof e) == 0);
}

TEST_CASE("energy_within for one decision: its inputs worked out once, the energy bit for bit") {
  // decide_step asks decision_inputs() once and energy_within() at every candidate. One evaluator
  // serves every agent of a template in a thread: an input bound for one agent and unbound for the
  // next must not carry the first one's energy into the second's sum.
  Fixture f;
  std::vector<double> bound = f.params, unbound = f.params;
  unbound[f.net.find_param("avoid_others", "bound")] = 0;
  NetEvaluator plain(f.net), ev(f.net);
  const auto energy_of = [&](const std::vector<double>& p, const Pose& pose) {
    return plain.energy(p.data(), pose, f.ctx());
  };
  const auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; };
  const std::vector<Pose> poses = {{{0.1, 0.2}, 0.2, {0.4, 0.25}}, {{0.5, 0.1}, 0.1, {0.8, 0.1}},
                                   {{0.3, 0.6}, 0.9, {0.5, 0.9}}};
  const double wide = 1e300;  // a bound every energy is under: each is worked out in full
  const NetEvaluator::DecisionInputs first = ev.decision_inputs(bound.data());
  for (const Pose& pose : poses) CHECK(same(ev.energy_within(first, pose, f.ctx(), wide), energy_of(bound, pose)));
  CHECK(ev.outputs(f.net.find_node("avoid_others"))[2] > 0);  // someone near was avoided
  const NetEvaluator::DecisionInputs second = ev.decision_inputs(unbound.data());
  for (const Pose& pose : poses) {
    CHECK(same(ev.energy_within(second, pose, f.ctx(), wide), energy_of(unbound, pose)));
    CHECK(energy_of(unbound, pose) < energy_of(bound, pose));
  }
  CHECK(ev.outputs(f.net.find_node("avoid_others"))[2] == 0.0);
  // A token of an earlier decision is worked out again, not read against the later block.
  CHECK(same(ev.energy_within(first, poses[0], f.ctx(), wide), energy_of(bound, poses[0])));
}

TEST_CASE("terrain sensors asked once per decision sense what sense_terrain senses, bit for bit") {
  // NetEvaluator::terrain_near: with no ground of the sensor's types within range + kTerrainReach
  // of the planted foot, every candidate foot within kTerrainReach of it senses nothing, and is not
  // asked; every other reading goes through sense_terrain. A street and a crosswalk beside it; the
  // planted foot walks toward them, candidate feet round it out to beyond kTerrainReach.
  World world;
  world.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.2, true}, {"crosswalk", 1.0, false}};
  world.regions.push_back({"road", 1, {{-20, 0}, {20, 0}, {20, 4}, {-20, 4}}});
  world.regions.push_back({"cw", 2, {{20, 0}, {25, 0}, {25, 4}, {20, 4}}});
  world.finalize();
  const NetTemplate net = NetTemplate::build(
      "w", {{"road", NodeKind::TerrainSensor, {}, false, (1ull << 1) | (1ull << 2)},
            {"avoid_road", NodeKind::Avoid, {"road"}, false, 0},
            {"walk", NodeKind::Walk, {"avoid_road"}, false, 0}});
  std::vector<double> params{net.defaults().begin(), net.defaults().end()};
  params[net.find_param("road", "range")] = 1.0;
  const std::size_t road = net.find_node("road");
  const Snapshot snap = test::standing({{100, 100}});
  const std::vector<std::uint32_t> none;
  int skipped = 0, sensed = 0;
  for (const double except : {-1.0, 1.0}) {
    params[net.find_param("road", "except")] = except;
    NetEvaluator shortcut(net), plain(net);
    for (double py = -6.0; py <= 1.0; py += 0.25)
      for (const double px : {0.0, 19.7}) {
        SelfState self;
        self.planted = {px, py};
        self.t0 = py;
        const SenseContext with{world, snap, none, none, 0, 0.25, &self};
        const SenseContext without{world, snap, none, none, 0, 0.25};
        for (double dx = -1.8; dx <= 1.8; dx += 0.3)
          for (double dy = -1.8; dy <= 1.8; dy += 0.3) {
            const Vec2 foot = self.planted + Vec2(dx, dy);
            const Pose pose{foot, 0.3, foot};
            shortcut.evaluate(params.data(), pose, with);
            plain.evaluate(params.data(), pose, without);
            const auto a = shortcut.outputs(road), b = plain.outputs(road);
            CHECK(std::memcmp(a.data(), b.data(), kNodeOutputs * sizeof(double)) == 0);
            const bool near = world.ground_within(self.planted, net.nodes()[road].mask, 1.0 + kTerrainReach,
                                                  static_cast<int>(except));
            ++(near || Vec2(dx, dy).norm() > kTerrainReach ? sensed : skipped);
          }
      }
  }
  CHECK(skipped > 1000);  // the shortcut was taken, and agreed
  CHECK(sensed > 1000);
}

TEST_CASE("a decision's line and terrain sensors look only as far as their avoid nodes see, energies bit for bit") {
  // NetEvaluator::avoid_reach: a sensor read only by avoid nodes looks no farther than their
  // largest t_d while a decision asks for energies; evaluate() still reads it to its full range.
  World world;
  world.ground_types = {{"sidewalk", 1.0, false}, {"street", 0.2, true}};
  world.classes = {"facade"};
  world.regions.push_back({"road", 1, {{-20, 0}, {20, 0}, {20, 4}, {-20, 4}}});
  world.obstacles.push_back({"f1", Segment{{-5, -3}, {5, -3}}, 0, true});
  world.obstacles.push_back({"f2", Segment{{3, -6}, {3, -2}}, 0, true});
  world.finalize();
  const NetTemplate net = seek_past_road_and_facades();
  std::vector<double> params{net.defaults().begin(), net.defaults().end()};
  params[net.find_param("goal", "x")] = 8;
  params[net.find_param("goal", "y")] = -1;
  params[net.find_param("road", "range")] = 2.0;
  params[net.find_param("avoid_road", "t_d")] = 0.45;
  params[net.find_param("facades", "fov")] = 1.57;
  params[net.find_param("avoid_facades", "t_d")] = 0.5;
  const Snapshot snap = test::standing({{100, 100}});
  const std::vector<std::uint32_t> none, obstacles{0, 1};
  const std::size_t road = net.find_node("road"), facades = net.find_node("facades");
  int shorter = 0, poses = 0;
  NetEvaluator full(net), decision(net), within(net);
  for (double y = -5.0; y <= 0.0; y += 0.1)
    for (double x = -1.0; x <= 4.0; x += 0.35)
      for (const double heading : {-1.2, 0.0, 0.8, 2.5}) {
        const Vec2 at(x, y);
        const Pose pose{at, heading, at + 0.2 * unit_from_heading(heading)};
        const SenseContext ctx{world, snap, none, obstacles, 0, 0.25};
        const double e_full = full.evaluate(params.data(), pose, ctx);
        const double e_decision = decision.energy(params.data(), pose, ctx);
        const double e_within = within.energy_within(params.data(), pose, ctx, 1e9);
        CHECK(std::memcmp(&e_full, &e_decision, sizeof e_full) == 0);
        CHECK(std::memcmp(&e_full, &e_within, sizeof e_full) == 0);
        // Where the full reading lies beyond t_d, the decision's sensor saw nothing.
        if (full.outputs(road)[0] != decision.outputs(road)[0] ||
            full.outputs(facades)[0] != decision.outputs(facades)[0])
          ++shorter;
        ++poses;
      }
  CHECK(shorter > poses / 10);
  // evaluate() after a decision reads to the full range again.
  const Pose far{{0, -1.5}, 1.5708, {0, -1.3}};
  const SenseContext ctx{world, snap, none, obstacles, 0, 0.25};
  decision.energy(params.data(), far, ctx);
  CHECK(decision.outputs(road)[0] == 0.0);
  decision.evaluate(params.data(), far, ctx);
  CHECK(decision.outputs(road)[0] == 1.0);
}

TEST_CASE("a line and a terrain sensor's reach is the decision's own: one block rewritten between decisions") {
  // NetEvaluator keeps each sensor's reach (its avoid nodes' largest t_d) per parameter block, and
  // decide_step gathers every agent's block into the same buffer: the next decision's reach must
  // come from the buffer as rewritten, not from the last agent's values.
  World world;
  world.obstacles.push_back({"f1", Segment{{-5, -1}, {5, -1}}, 0, true});
  world.ground_types = {{"sidewalk"}, {"street"}};  // sidewalk where no region lies
  world.regions.push_back({"road", 1, {{-5, -3}, {5, -3}, {5, -2}, {-5, -2}}});
  world.finalize();
  const NetTemplate net = seek_past_road_and_facades();
  std::vector<double> block{net.defaults().begin(), net.defaults().end()};
  block[net.find_param("goal", "x")] = 4;
  block[net.find_param("road", "range")] = 2.0;
  const Snapshot snap = test::standing({{100, 100}});
  const std::vector<std::uint32_t> none, obstacles{0};
  const SenseContext ctx{world, snap, none, obstacles, 0, 0.25};
  const Pose pose{{0, 0}, -0.3, {0.2, -0.05}};  // the facade 1 m away, the road 1.95 m
  const std::size_t road = net.find_node("road"), facades = net.find_node("facades");
  NetEvaluator ev(net);
  std::vector<double> energies;
  for (const double td : {0.5, 2.5, 0.5}) {  // both seen only with the longer reach, then not again
    block[net.find_param("avoid_road", "t_d")] = td;
    block[net.find_param("avoid_facades", "t_d")] = td;
    const NetEvaluator::DecisionInputs inputs = ev.decision_inputs(block.data());
    const double e = ev.energy_within(inputs, pose, ctx, 1e9);
    NetEvaluator fresh(net);
    const double expected = fresh.energy(block.data(), pose, ctx);
    CHECK(std::memcmp(&e, &expected, sizeof e) == 0);
    CHECK(ev.outputs(road)[0] == (td > 2 ? 1.0 : 0.0));
    CHECK(ev.outputs(facades)[0] == (td > 2 ? 1.0 : 0.0));
    energies.push_back(e);
  }
  CHECK(energies[1] > energies[0]);  // what came within reach added energy
  CHECK(energies[2] == energies[0]);
}
