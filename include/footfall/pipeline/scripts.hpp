#pragma once
// What a scenario asks the simulation to run besides the behavior nets: PaT-Net programs and the
// nets to start, traffic signal timings, and a population of pedestrians that enter, follow routes
// through the walkway graph and leave, replaced so the scene stays steady; and sources that emit
// walkers at a given flow.
#include <cstdint>
#include <optional>
#include <vector>

#include "footfall/patnet/light_net.hpp"
#include "footfall/pipeline/action_selection.hpp"
#include "footfall/patnet/patnet.hpp"
#include "footfall/pipeline/sources.hpp"

namespace footfall {

struct NetStart {
  std::uint32_t program = 0;
  std::vector<double> args;
};

struct PopulationSpec {
  std::uint32_t target = 0;          // pedestrians kept in the scene
  std::uint32_t behavior = 0;        // their behavior-net template
  std::vector<double> params;        // its parameter block with the scenario's settings
  std::uint32_t route_program = 0;   // the route net, compiled for `behavior`
  double radius_min = 0.22, radius_max = 0.28;  // per pedestrian, uniform
  // Half the chest depth (agents/body.hpp), drawn with the radius (a broad pedestrian is deep);
  // 0: bodies are discs.
  double depth_min = 0, depth_max = 0;
  double height_min = 1.55, height_max = 1.90;  // stature, per pedestrian, uniform (figures only)
  double pace_min = 0.9, pace_max = 1.1;        // scales step length (and step time by its root)
  double clearance = 0.8;            // an entry must be this clear of others to spawn there
  double max_trip = 0;               // straight-line origin–destination limit, metres (0: none)
  double route_spread = 0.1;         // per-pedestrian edge-length jitter (Walkways::route)
  std::vector<double> model;         // agent-model parameter values of every pedestrian
  // `attributes` as a list of mixes (docs/scenario.md): each pedestrian draws one by its share
  // (those left over walk with `params` and `model`), with its own parameters and model values.
  struct Mix {
    double share = 0;
    std::vector<double> params, model;
  };
  std::vector<Mix> mixes;
};

struct Scripts {
  std::vector<patnet::Program> programs;
  patnet::RoutePrograms routes;
  std::vector<NetStart> global;               // started at t = 0: the light-nets
  std::vector<std::vector<NetStart>> agents;  // per agent of the scenario, started at t = 0
  std::vector<patnet::SignalTiming> timings;  // per world signal
  std::optional<PopulationSpec> population;
  std::vector<SourceSpec> sources;            // walkers entering at a given flow
  ActionSelection action;                     // Blumberg's action selection (opt-in)
};

// The built-in route net, compiled for one behavior template: call the agent's route legs one
// after another as subroutines (Granieri et al. 1995 §3's north-net generalised), then leave.
patnet::Program route_program(const World& world, const NetTemplate& behavior);

}  // namespace footfall
