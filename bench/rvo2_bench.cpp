// footfall_rvo2_bench: RVO2 (van den Berg, Guy, Lin & Manocha 2011, "Reciprocal n-body collision
// avoidance", ORCA) on footfall's own benchmark city, for issue 23's side-by-side comparison. Built
// only when CMake is given an RVO2 source tree (-DFOOTFALL_RVO2_SOURCE=/path/to/RVO2; see
// docs/performance.md, "Against RVO2"); footfall neither ships nor needs RVO2.
//
// The crowd is the one `footfall bench data/scenarios/intersection.yaml --agents N` measures: the same
// near-square city of intersections, the same pedestrians per tile, warmed up for 60 frames, then
// handed to RVO2 where they stand, each walking on along its heading at its own pace. Buildings and
// poles are RVO2 obstacles, or left out (the second argument). What RVO2 is given to match footfall's walker: neighbours within 4 m
// (the intersection's predictive avoidance radius), a body radius of each pedestrian's half shoulder
// breadth, a 2 s time horizon, the frame's dt 1/30 s. Threads: RVO2 runs its two loops with OpenMP
// (OMP_NUM_THREADS).
#include <benchmark/benchmark.h>

#include <RVO.h>

#include <cmath>
#include <memory>
#include <variant>
#include <vector>

#include "footfall/pipeline/simulation.hpp"
#include "footfall/scenario/scenario.hpp"

using namespace footfall;

namespace {

constexpr double kNeighbourDistance = 4.0;  // intersection.yaml's avoid_people radius
constexpr std::size_t kMaxNeighbours = 10;  // RVO2's examples
constexpr double kTimeHorizon = 2.0;
constexpr double kMaxSpeed = 2.0;
constexpr double kDt = 1.0 / 30.0;

// An obstacle's outline counter-clockwise, as RVO2 wants it.
std::vector<RVO::Vector2> outline(const Shape& shape) {
  std::vector<RVO::Vector2> out;
  const auto add = [&](const Vec2& p) { out.emplace_back(static_cast<float>(p.x()), static_cast<float>(p.y())); };
  if (const auto* b = std::get_if<Box>(&shape)) {
    const Vec2 ux = unit_from_heading(b->rotation), uy(-ux.y(), ux.x());
    for (const auto& [sx, sy] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}})
      add(b->center + sx * b->half.x() * ux + sy * b->half.y() * uy);
  } else if (const auto* c = std::get_if<Cylinder>(&shape)) {
    for (int k = 0; k < 8; ++k) add(c->center + c->radius * unit_from_heading(k * kPi / 4));
  }
  return out;  // segments (walls) are left out: the intersection has none
}

struct Crowd {
  std::unique_ptr<RVO::RVOSimulator> sim;
  std::size_t agents = 0;
};

Crowd city_crowd(long requested, bool obstacles) {
  // The bench's city at intersection.yaml's own 200 pedestrians per intersection.
  const CityGrid g = city_for(requested, 200);
  Scenario s = load_scenario(FOOTFALL_SOURCE_DIR "/data/scenarios/intersection.yaml", {g.nx, g.ny, g.per_tile, {}});
  Simulation footfall_sim(std::move(s.world), std::move(s.nets), std::move(s.agents), s.config, std::move(s.scripts));
  for (int i = 0; i < 60; ++i) footfall_sim.step();

  Crowd c;
  c.sim = std::make_unique<RVO::RVOSimulator>();
  c.sim->setTimeStep(static_cast<float>(kDt));
  if (obstacles) {
    for (const Obstacle& o : footfall_sim.world().obstacles)
      if (const std::vector<RVO::Vector2> poly = outline(o.shape); poly.size() >= 2) c.sim->addObstacle(poly);
    c.sim->processObstacles();
  }
  const Snapshot& snap = footfall_sim.snapshot();
  const Agents& ag = footfall_sim.agents();
  for (std::size_t a = 0; a < ag.size(); ++a) {
    if (!ag.active[a] || ag.vehicle(a)) continue;
    const Vec2 p = snap.location[a];
    const Vec2 v = snap.plan[a].velocity();
    const Vec2 pref = 1.34 * unit_from_heading(snap.heading[a]);
    const std::size_t i = c.sim->addAgent(RVO::Vector2(static_cast<float>(p.x()), static_cast<float>(p.y())),
                                          static_cast<float>(kNeighbourDistance), kMaxNeighbours,
                                          static_cast<float>(kTimeHorizon), static_cast<float>(kTimeHorizon),
                                          static_cast<float>(snap.radius[a]), static_cast<float>(kMaxSpeed),
                                          RVO::Vector2(static_cast<float>(v.x()), static_cast<float>(v.y())));
    c.sim->setAgentPrefVelocity(i, RVO::Vector2(static_cast<float>(pref.x()), static_cast<float>(pref.y())));
  }
  c.agents = c.sim->getNumAgents();
  return c;
}

// One ORCA step of the whole crowd per iteration; items are agents, so the report's items_per_second
// is agents stepped per second, and 1e6 / items_per_second the µs per agent and step. Arguments:
// pedestrians requested, and 1 to give RVO2 the buildings and poles (0: agents only, as RVO2's own
// benchmarks and most comparisons run it).
void BM_RVO2Step(benchmark::State& state) {
  Crowd c = city_crowd(state.range(0), state.range(1) != 0);
  for (int i = 0; i < 30; ++i) c.sim->doStep();  // settle the handover
  for (auto _ : state) c.sim->doStep();
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * c.agents));
  state.counters["agents"] = static_cast<double>(c.agents);
}

}  // namespace

BENCHMARK(BM_RVO2Step)
    ->ArgsProduct({{1000, 10000, 100000}, {1, 0}})
    ->ArgNames({"agents", "obstacles"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

BENCHMARK_MAIN();
