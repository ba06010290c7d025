// footfall_microbench: one agent's action-selection tick (Blumberg 1996 Fig. 19) for a behavior
// system of Silas's size (Fig. 39: 90 behavior nodes, 23 groups, 86 releasing mechanisms, 28
// internal variables; "typically less than 5 milliseconds" on a 1996 Onyx, §6.1.3), and for
// street_life.yaml's shopper.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "footfall/select/tick.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/scenario/scenario.hpp"

using namespace footfall;
using namespace footfall::action;

namespace {

// prefix + number, appended (`numbered("iv", v)` sets off GCC 12's -Wrestrict false alarm).
std::string numbered(std::string prefix, int k) { return prefix.append(std::to_string(k)); }

// Top group of 8 drives, each with a child group of 4 (2 strategies that share 14 lower groups of
// 3-4 leaves, 2 leaves): 23 groups, 90 behaviors (24 inner, 66 leaves), 86 RMs, 28 IVs.
System silas() {
  System s;
  s.kinds = {"person", "ball", "food", "water", "hydrant", "cat"};
  for (int v = 0; v < 28; ++v) s.variables.push_back({numbered("iv", v), 0.5 + 0.1 * v, 0.01, 0.002, 0, 10});
  auto add_rm = [&](int k) {
    ReleasingMechanism rm;
    rm.name = numbered("rm", static_cast<int>(s.rms.size()));
    rm.kind = static_cast<std::uint32_t>(k % 6);
    rm.min = 0.5 * (k % 3), rm.optimal = 2 + k % 5, rm.max = 20 + k % 7;
    rm.max_value = 5 + k % 4;
    rm.temporal = k % 4 == 0 ? Temporal::Average : k % 4 == 1 ? Temporal::Latch : Temporal::None;
    rm.window = 5;
    s.rms.push_back(rm);
    return static_cast<std::uint32_t>(s.rms.size() - 1);
  };
  auto add = [&](const std::string& name, std::uint32_t group, bool rm, int iv) {
    Behavior b;
    b.name = name;
    if (rm && s.rms.size() < 86) b.rms.push_back(add_rm(static_cast<int>(s.behaviors.size())));
    if (iv >= 0) b.variables.push_back(static_cast<std::uint32_t>(iv % 28));
    b.combine = iv >= 0 && rm ? Combine::Multiply : Combine::Add;
    b.modifies.push_back({static_cast<std::uint32_t>(s.behaviors.size() % 28), -0.001, ModifyMode::Multiply});
    b.action.push_back(MotorCommand{0, Form::Primary, 1, 1});
    b.suggestion.push_back(MotorCommand{1, Form::Secondary, 1, 1});
    s.behaviors.push_back(b);
    s.groups[group].members.push_back(static_cast<std::uint32_t>(s.behaviors.size() - 1));
    return static_cast<std::uint32_t>(s.behaviors.size() - 1);
  };
  s.groups.resize(23);
  for (int g = 0; g < 23; ++g) s.groups[g].name = numbered("g", g);
  for (int d = 0; d < 8; ++d) {
    const auto top = add(numbered("drive", d), 0, true, d);
    s.behaviors[top].child = static_cast<std::uint32_t>(1 + d);
    s.behaviors[top].loi.mode = LoiMode::Time;
    s.behaviors[top].loi.decay = 0.002;
    s.behaviors[top].loi.recovery = 0.001;
    for (int k = 0; k < 2; ++k) {
      const auto strategy = add(numbered(numbered("strategy", d) + "_", k), 1 + d, true, 8 + d);
      s.behaviors[strategy].child = static_cast<std::uint32_t>(9 + (2 * d + k) % 14);
    }
    for (int k = 0; k < 2; ++k) add(numbered(numbered("act", d) + "_", k), 1 + d, true, -1);
  }
  for (int g = 9; g < 23; ++g)
    for (int k = 0; k < (g < 17 ? 4 : 3); ++k)
      add(numbered(numbered("leaf", g) + "_", k), static_cast<std::uint32_t>(g), true, g % 5 == 0 ? 16 + g % 12 : -1);
  if (const std::string problem = finish(s); !problem.empty()) throw std::runtime_error(problem);
  return s;
}

// Ten things about, drifting from tick to tick.
std::vector<Stimulus> around(std::uint64_t tick) {
  std::vector<Stimulus> seen;
  for (std::uint32_t k = 0; k < 10; ++k) {
    const double d = 1 + 25 * counter_uniform(5, k, tick / 40, RngStream::Behavior);
    seen.push_back({k + 1ull, k % 6, 0, d, d, 0});
  }
  return seen;
}

void run_ticks(benchmark::State& state, const System& system) {
  AgentState agent = initial_state(system);
  TickResult result;
  TickScratch scratch;
  std::uint64_t n = 0;
  std::vector<std::vector<Stimulus>> worlds;
  for (std::uint64_t k = 0; k < 64; ++k) worlds.push_back(around(k * 40));
  for (auto _ : state) {
    tick(system, agent, worlds[(n / 40) % worlds.size()], result, scratch);
    benchmark::DoNotOptimize(result.acts.data());
    ++n;
  }
  state.counters["switches_per_1000_ticks"] = 1000.0 * static_cast<double>(agent.switches) / static_cast<double>(n);
}

void BM_ActionTickSilas(benchmark::State& state) {
  static const System system = silas();
  state.counters["behaviors"] = static_cast<double>(system.behaviors.size());
  state.counters["groups"] = static_cast<double>(system.groups.size());
  state.counters["rms"] = static_cast<double>(system.rms.size());
  state.counters["ivs"] = static_cast<double>(system.variables.size());
  run_ticks(state, system);
}
BENCHMARK(BM_ActionTickSilas);

void BM_ActionTickShopper(benchmark::State& state) {
  static const Scenario scenario =
      load_scenario(std::string(FOOTFALL_SOURCE_DIR) + "/data/scenarios/street_life.yaml");
  run_ticks(state, scenario.scripts.action.systems[0].system);
}
BENCHMARK(BM_ActionTickShopper);

}  // namespace
