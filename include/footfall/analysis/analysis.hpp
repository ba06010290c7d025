#pragma once
// What `footfall analyze` measures in a run's trajectories (docs/analysis.md): per measurement area
// the classic and Voronoi density and speed and the specific flow over time, per line the flow over
// time, the distribution of trip times, density and speed heat maps over the world, and the
// fundamental diagram (the areas' time bins as points). Pure functions over Trajectories.
#include <cstdint>
#include <string>
#include <vector>

#include "footfall/analysis/measurement.hpp"
#include "footfall/analysis/trajectories.hpp"
#include "footfall/analysis/voronoi.hpp"

namespace footfall {

struct AnalysisOptions {
  double interval = 1.0;      // seconds per bin of the time series
  double speed_window = 1.0;  // seconds over which a pedestrian's velocity is differenced
  double heat_cell = 0.5;     // metres: the heat maps' cell
  VoronoiFrame voronoi;       // the box the cells are clipped to, the cutoff, a periodic axis
};

// Means over the frames of one time bin (or, for an area's aggregate, over all its frames).
struct AreaSample {
  double time = 0;                // the bin's start, seconds
  std::uint32_t frames = 0;       // frames in the bin
  double classic_density = 0;     // persons/m²: N / |A|
  double classic_speed = 0;       // m/s: mean speed of those inside (frames with nobody skipped)
  double voronoi_density = 0;     // persons/m² (Steffen & Seyfried 2010)
  double voronoi_speed = 0;       // m/s, weighted by the cells' shares of the area
  double specific_flow = 0;       // persons/(m·s): Voronoi density × Voronoi speed
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

struct HeatMap {
  Vec2 origin = Vec2::Zero();  // the lower-left corner
  double cell = 0.5;
  int nx = 0, ny = 0;
  std::vector<double> density;  // persons/m², mean over the run's frames
  std::vector<double> speed;    // m/s, mean of those who stood in the cell; NaN where nobody did
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
