// A footfall user's program: load a scenario, step it, read the pedestrians, change a parameter by
// its dotted name. Only footfall/api/simulator.hpp, the stable API (docs/api.md).
//   consumer [SCENARIO] [FRAMES] [SEED]
// Prints the trajectory hash of those frames, as `footfall run --frames FRAMES --seed SEED` reports.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "footfall/api/simulator.hpp"

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : FOOTFALL_DATA_DIR "/scenarios/intersection.yaml";
  const long frames = argc > 2 ? std::atol(argv[2]) : 90;
  footfall::api::Options options;
  if (argc > 3) options.seed = std::strtoull(argv[3], nullptr, 10);
  try {
    footfall::api::Simulator sim = footfall::api::Simulator::load(path, options);
    sim.run(frames);

    // The pedestrians in the scene: ids, (x, y) positions, headings, states, one entry per slot.
    const auto ids = sim.ids();
    const auto xy = sim.positions();
    const auto active = sim.active();
    const auto states = sim.states();
    std::size_t walking = 0, shown = 0;
    for (std::size_t a = 0; a < sim.slots(); ++a) {
      if (!active[a]) continue;
      walking += states[a] == footfall::api::State::Walk;
      if (shown++ < 3)
        std::printf("%s (id %llu) at (%.2f, %.2f), %s\n", sim.name(ids[a]).c_str(),
                    static_cast<unsigned long long>(ids[a]), xy[2 * a], xy[2 * a + 1],
                    footfall::api::state_name(states[a]));
    }
    const footfall::api::Summary summary = sim.summary();
    std::printf("frame %llu, %.2f s: %llu pedestrians, %zu walking\n",
                static_cast<unsigned long long>(sim.frame()), sim.time(),
                static_cast<unsigned long long>(summary.agents), walking);
    std::printf("trajectory_hash %s\n", summary.trajectory_hash.c_str());

    // A behavior-net parameter by its dotted name: the first agent's first parameter, doubled. It
    // applies from the agent's next decision on (after the hash above was taken).
    const std::string agent = sim.agent_names().at(0);
    const std::string name = agent + "." + sim.param_names(agent).at(0);
    const double before = sim.param(name);
    sim.set_param(name, 2 * before);
    std::printf("%s: %g -> %g\n", name.c_str(), before, sim.param(name));
  } catch (const footfall::api::Error& e) {
    std::fprintf(stderr, "consumer: %s\n", e.what());  // "file:line:col: message" for a scenario
    return 1;
  }
  return 0;
}
