#pragma once
// What `footfall analyze` measures in a run's trajectories (docs/analysis.md): per measurement area
// the classic and Voronoi density and speed and the specific flow over time, per line the flow over
// time, the distribution of trip times, classic and Voronoi density and speed heat maps over the
// world, and the fundamental diagram (the areas' time bins as points). Pure functions over
// Trajectories.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "footfall/analysis/area_measure.hpp"
#include "footfall/analysis/heat_map.hpp"
#include "footfall/analysis/measurement.hpp"
#include "footfall/analysis/trajectories.hpp"
#include "footfall/analysis/voronoi.hpp"

namespace footfall {

struct AnalysisOptions {
  double interval = 1.0;      // seconds per bin of the time series
  double speed_window = 1.0;  // seconds over which a pedestrian's velocity is differenced
  double heat_cell = 0.5;     // metres: the heat maps' cell
  VoronoiFrame voronoi;       // the box the cells are clipped to, the cutoff, a periodic axis
  std::function<bool(const Vec2&)> solid;  // inside a building: heat-map cells there stay empty
};

struct LineSample {
  double time = 0;
  std::uint32_t crossings = 0;
  double flow = 0;  // persons/s: crossings / interval
};

struct Trip {
  std::string who;
  double start = 0, end = 0;  // seconds: first and last frame seen
};

struct AreaAnalysis {
  std::string name;
  double area = 0;  // m²
  std::vector<AreaSample> series;
  AreaSample mean;  // over all frames measured
};

struct LineAnalysis {
  std::string name;
  double length = 0;
  std::vector<LineSample> series;
  std::uint32_t crossings = 0;
  double flow = 0, specific_flow = 0;  // N / (t_N − t_1), and per metre
};

struct Analysis {
  double first_time = 0, last_time = 0;
  std::vector<AreaAnalysis> areas;
  std::vector<LineAnalysis> lines;
  std::vector<Trip> trips;       // trips that ended (the pedestrian left) before the last frame
  std::uint32_t unfinished = 0;  // pedestrians still in the scene at the last frame
  HeatMap heat;
};

// `t` must have velocities (compute_velocities).
Analysis analyze(const Trajectories& t, const MeasurementSpec& spec, const AnalysisOptions& o);

// Nearest-rank quantile of trip durations, q in [0, 1]; 0 when there are none.
double trip_quantile(const std::vector<Trip>& trips, double q);

}  // namespace footfall
