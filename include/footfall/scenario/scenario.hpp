#pragma once
// Scenario files (YAML): world, behavior-net templates, agents and run settings. The only module that
// knows YAML. Validation is strict; every error names file:line:col. Format: docs/scenario.md.
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "footfall/agents/agent_model.hpp"
#include "footfall/analysis/measurement.hpp"
#include "footfall/core/located_error.hpp"
#include "footfall/agents/agents.hpp"
#include "footfall/behavior/net.hpp"
#include "footfall/pipeline/simulation.hpp"
#include "footfall/world/world.hpp"

namespace footfall {

class ScenarioError : public LocatedError {
 public:
  ScenarioError(const std::string& file, int line, int column, const std::string& message)
      : LocatedError(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message, file,
                     line, column) {}
};

// How the viewer shows the scenario (`view:`, docs/scenario.md); the simulation never reads it.
struct ViewSettings {
  std::optional<Vec2> lod_distances;  // (near, far) metres: high detail nearer, low beyond far
  std::optional<Eigen::Vector3d> eye, look_at;  // the starting camera
  std::vector<Eigen::Vector3f> clothing;        // palette of clothing colours, RGB 0–1
};

struct Scenario {
  std::string name;
  std::string path;
  double duration = 60;  // seconds simulated when the command line gives no frame count
  SimConfig config;
  World world;
  std::vector<NetTemplate> nets;
  Agents agents;
  Scripts scripts;  // PaT-Nets, signals and the population
  AgentModel model = AgentModel::reich();  // attributes × parameters (docs/locomotion.md)
  int tiles = 1;    // intersections in the city (nx · ny)
  ViewSettings view;
  MeasurementSpec measurement;  // areas and lines measured into the summary
  std::vector<std::string> variants;  // the variants the file declares (`variants:`), in its order
  // Dubious but workable parts: "file:line:col: warning: message", in the order found. `footfall
  // validate` and `footfall run` print them on stderr (docs/scenario.md, "Warnings").
  std::vector<std::string> warnings;
};

// What a command line may change in a scenario as it loads (footfall bench scales one up).
struct ScenarioOverrides {
  // > 0: tile the world nx × ny in place of the file's `city:` nx and ny, at its `city.pitch` (a
  // scenario without `city:` cannot be tiled this way: its tile size is unknown).
  int city_nx = 0, city_ny = 0;
  std::optional<std::uint32_t> population;  // pedestrians per intersection
  // Variants of the file (`variants:`, docs/scenario.md) merged over it before it loads, in this
  // order: `footfall run --variant activities`.
  std::vector<std::string> variants;
};

// The city `footfall bench` scales a scenario to: a near-square grid of nx × ny intersections
// holding about `agents` pedestrians at `density` each, and the pedestrians per intersection that
// then gives (ScenarioOverrides' city_nx, city_ny and population).
struct CityGrid {
  int nx = 1, ny = 1;
  std::uint32_t per_tile = 0;
};
CityGrid city_for(long agents, std::uint32_t density);

// Throws ScenarioError. `text` overloads take the file name only for messages.
Scenario load_scenario(const std::string& path, const ScenarioOverrides& overrides = {});
Scenario parse_scenario(const std::string& text, const std::string& file_name,
                        const ScenarioOverrides& overrides = {});

}  // namespace footfall
