// footfall_microbench: CONTROL's per-agent cost, the walk node's fan evaluation (Granieri et al. 1995
// §2.3.1: at each foot-strike the behavior net runs at every candidate footstep). The crowd is the
// intersection scenario after 20 simulated seconds, so neighbours, obstacles and bound behaviors are
// those of a real frame; every pedestrian then decides one step, as if all were at a foot-strike.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "footfall/pipeline/simulation.hpp"
#include "footfall/scenario/scenario.hpp"

using namespace footfall;

namespace {

struct Frame {
  std::unique_ptr<Simulation> sim;
  std::vector<std::uint32_t> agents;
  std::vector<Feet> feet;
  std::vector<std::vector<std::uint32_t>> neighbours, obstacles;
};

// How far SENSE looks for an intersection pedestrian: its step, its farthest sensor, one frame's slack.
constexpr double kQueryRadius = 0.8 + 3.0 + 0.5;

const Frame& warmed_intersection() {
  static const Frame frame = [] {
    Scenario s = load_scenario(FOOTFALL_SOURCE_DIR "/data/scenarios/intersection.yaml");
    Frame f;
    f.sim = std::make_unique<Simulation>(std::move(s.world), std::move(s.nets), std::move(s.agents),
                                         s.config, std::move(s.scripts));
    for (int i = 0; i < 600; ++i) f.sim->step();
    const Agents& ag = f.sim->agents();
    const Snapshot& snap = f.sim->snapshot();
    for (std::uint32_t a = 0; a < ag.size(); ++a) {
      if (!ag.active[a]) continue;
      const std::uint8_t fw = ag.forward[a];
      f.agents.push_back(a);
      f.feet.push_back({ag.foot[fw][a], ag.foot_heading[fw][a], ag.foot[1 - fw][a], ag.foot_heading[1 - fw][a]});
      const Aabb box = Aabb{snap.location[a], snap.location[a]}.inflated(kQueryRadius);
      auto& nb = f.neighbours.emplace_back();
      snap.grid.for_each_in(box, [&](std::uint32_t j) {
        if (j != a && (snap.location[j] - snap.location[a]).norm() <= kQueryRadius) nb.push_back(j);
      });
      std::sort(nb.begin(), nb.end());
      auto& ob = f.obstacles.emplace_back();
      f.sim->world().for_each_obstacle_near(box, [&](std::uint32_t o) { ob.push_back(o); });
      std::sort(ob.begin(), ob.end());
      ob.erase(std::unique(ob.begin(), ob.end()), ob.end());
    }
    return f;
  }();
  return frame;
}

// One walk-node decision per pedestrian, single-threaded; `range(0)`: the realtime mode's fan.
void BM_WalkFan(benchmark::State& state) {
  const Frame& f = warmed_intersection();
  const Simulation& sim = *f.sim;
  const bool reduced = state.range(0) != 0;
  std::vector<Footstep> scratch;
  std::vector<double> block;  // the agent's parameters as one array, as CONTROL gathers them
  std::uint64_t candidates = 0;
  for (auto _ : state) {
    for (std::size_t k = 0; k < f.agents.size(); ++k) {
      const std::uint32_t a = f.agents[k];
      const NetTemplate& net = sim.nets()[sim.agents().net[a]];
      const SenseContext ctx{sim.world(), sim.snapshot(), f.neighbours[k], f.obstacles[k], a,
                             sim.agents().radius[a]};
      NetEvaluator eval(net);
      const Decision d = decide_step(net, sim.agents().params.gather(a, block), f.feet[k], sim.agents().plan[a].t1,
                                     ctx, eval, scratch, reduced);
      candidates += d.candidates;
      benchmark::DoNotOptimize(d.energy);
    }
  }
  const double n = static_cast<double>(f.agents.size()) * static_cast<double>(state.iterations());
  state.counters["ns_per_agent"] =
      benchmark::Counter(n, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["candidates_per_agent"] = static_cast<double>(candidates) / n;
  state.SetLabel(std::to_string(f.agents.size()) + " pedestrians, " + (reduced ? "reduced" : "full") + " fan");
}

}  // namespace

BENCHMARK(BM_WalkFan)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
