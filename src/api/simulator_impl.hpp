#pragma once
// What a Simulator holds, for the API's own files (simulator.cpp, render.cpp).
#include <memory>
#include <string>

#include "footfall/api/simulator.hpp"
#include "footfall/motion/library.hpp"
#include "footfall/scenario/scenario.hpp"

namespace footfall::api {

struct Simulator::Impl {
  std::string path;  // the scenario file, as given (or the name given to parse)
  std::string name;
  double duration = 0;
  std::size_t initial = 0;  // pedestrians at the start: with those spawned, every id given
  ViewSettings view;        // the scenario's camera, levels of detail and clothing, for render()
  Simulation sim;

  Impl(Scenario s, std::shared_ptr<const motion::MotionLibrary> motion)
      : path(s.path), name(s.name), duration(s.duration), view(s.view),
        sim(std::move(s.world), std::move(s.nets), std::move(s.agents), s.config, std::move(s.scripts),
            std::move(motion)) {
    initial = sim.active_count();
  }

  // Throws Error for a scenario the simulation cannot start.
  static std::unique_ptr<Impl> start(Scenario s, const Options& o);
};

}  // namespace footfall::api
