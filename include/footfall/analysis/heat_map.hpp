#pragma once
// Density and speed heat maps over the world (docs/analysis.md): per cell of a square grid, the
// classic figures (who stood in the cell) and the Voronoi ones (the share of each pedestrian's
// Voronoi cell that covers the grid cell, Steffen & Seyfried's Method D on a grid). Accumulated
// frame by frame.
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "footfall/analysis/voronoi.hpp"

namespace footfall {

struct HeatMap {
  Vec2 origin = Vec2::Zero();  // the lower-left corner
  double cell = 0.5;
  int nx = 0, ny = 0;
  // Row by row from the origin (index y * nx + x). Means over the run's frames.
  std::vector<double> density;          // persons/m²: those who stood in the cell
  std::vector<double> speed;            // m/s, mean of those who stood in the cell; NaN where nobody did
  std::vector<double> voronoi_density;  // persons/m²: Σ |Vᵢ ∩ cell| / |Vᵢ outside buildings| / |cell|
  std::vector<double> voronoi_speed;    // m/s, weighted by |Vᵢ ∩ cell|; NaN where no cell reached
  std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * nx + x; }
};

class HeatMapBuilder {
 public:
  // The grid covers `frame`'s box; a periodic axis wraps cells that cross its seam. A grid cell
  // whose centre `solid` holds (inside a building) gets nothing: Voronoi cells are not clipped to
  // walls, so a pedestrian's share is spread over the part of its cell outside them.
  HeatMapBuilder(const VoronoiFrame& frame, double cell, std::function<bool(const Vec2&)> solid = {});
  // One frame: every pedestrian's position, speed and Voronoi cell (voronoi_cells, all built).
  void add(std::span<const Vec2> at, std::span<const double> speeds, std::span<const Polygon> cells);
  HeatMap finish() const;

 private:
  // The parts of a Voronoi cell over the grid cells it covers, outside buildings, into parts_.
  void overlap(const Polygon& cell);
  VoronoiFrame frame_;
  HeatMap map_;
  std::vector<std::uint8_t> blocked_;
  std::vector<double> count_, speed_sum_, share_, share_speed_, covered_;
  std::vector<std::pair<std::size_t, double>> parts_;  // scratch: grid cell, area
  std::size_t frames_ = 0;
};

}  // namespace footfall
