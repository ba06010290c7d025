#pragma once
// One measurement area's classic and Voronoi density and speed (JPSreport Methods C and D), frame
// by frame and summed over frames. Shared by `footfall analyze` (a file's frames) and a run's
// Measurements (its snapshots), so both report the same figures the same way. Pure functions.
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/analysis/voronoi.hpp"
#include "footfall/world/shapes.hpp"

namespace footfall {

struct MeasurementArea;  // measurement.hpp

// Means over frames (a time bin's, or all measured).
struct AreaSample {
  double time = 0;                // the bin's start, seconds
  std::uint32_t frames = 0;       // frames in the bin
  double classic_density = 0;     // persons/m²: N / |A|
  double classic_speed = 0;       // m/s: mean speed of those inside (frames with nobody skipped)
  double classic_flow = 0;        // persons/(m·s): N / |A| × their mean speed
  double voronoi_density = 0;     // persons/m² (Steffen & Seyfried 2010)
  double voronoi_speed = 0;       // m/s, weighted by the cells' shares of the area
  double specific_flow = 0;       // persons/(m·s): Voronoi density × Voronoi speed
};

// One frame of one area.
struct AreaFrame {
  std::size_t inside = 0;  // pedestrians inside
  double speed_sum = 0;    // their speeds summed
  double classic_density = 0;
  VoronoiMeasure voronoi;
};

class AreaSums {
 public:
  void add(const AreaFrame& f);
  AreaSample mean(double time) const;
  std::uint32_t frames() const { return frames_; }

 private:
  std::uint32_t frames_ = 0, speed_frames_ = 0, voronoi_speed_frames_ = 0;
  double classic_density_ = 0, classic_speed_ = 0, classic_flow_ = 0, voronoi_density_ = 0, voronoi_speed_ = 0,
         flow_ = 0;
};

// Measures areas from pedestrians' positions, speeds and Voronoi cells.
class AreaMeter {
 public:
  AreaMeter(const std::vector<MeasurementArea>& areas, double cutoff);
  std::size_t size() const { return areas_.size(); }
  double area(std::size_t k) const { return area_m2_[k]; }
  // Flags the points whose cells can reach into an area (1.5 cutoffs around the areas): only
  // their cells are needed (voronoi_cells' `wanted`).
  void mark_needed(std::span<const Vec2> at, std::vector<std::uint8_t>& wanted) const;
  // Area k in one frame; `cells` holds at least the cells of the points mark_needed flags.
  AreaFrame measure(std::size_t k, std::span<const Vec2> at, std::span<const double> speeds,
                    std::span<const Polygon> cells) const;

 private:
  std::vector<Polygon> areas_;
  std::vector<double> area_m2_;
  Aabb reach_;
};

}  // namespace footfall
