#include "footfall/analysis/heat_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "footfall/world/shapes.hpp"

namespace footfall {

HeatMapBuilder::HeatMapBuilder(const VoronoiFrame& frame, double cell, std::function<bool(const Vec2&)> solid)
    : frame_(frame) {
  HeatMap& h = map_;
  h.cell = cell;
  h.origin = frame.lo;
  h.nx = std::max(1, static_cast<int>(std::ceil((frame.hi.x() - frame.lo.x()) / cell)));
  h.ny = std::max(1, static_cast<int>(std::ceil((frame.hi.y() - frame.lo.y()) / cell)));
  const std::size_t n = static_cast<std::size_t>(h.nx) * h.ny;
  blocked_.assign(n, 0);
  if (solid)
    for (int y = 0; y < h.ny; ++y)
      for (int x = 0; x < h.nx; ++x)
        blocked_[h.index(x, y)] = solid(h.origin + Vec2(x + 0.5, y + 0.5) * cell);
  for (auto* v : {&count_, &speed_sum_, &share_, &share_speed_, &covered_}) v->assign(n, 0);
}

void HeatMapBuilder::add(std::span<const Vec2> at, std::span<const double> speeds, std::span<const Polygon> cells) {
  ++frames_;
  const HeatMap& h = map_;
  for (std::size_t k = 0; k < at.size(); ++k) {
    const Vec2 rel = (at[k] - h.origin) / h.cell;
    const int x = static_cast<int>(std::floor(rel.x())), y = static_cast<int>(std::floor(rel.y()));
    if (x >= 0 && y >= 0 && x < h.nx && y < h.ny) {
      count_[h.index(x, y)] += 1;
      speed_sum_[h.index(x, y)] += speeds[k];
    }
  }
  const int axis = frame_.periodic_axis;
  const double period = frame_.period_hi - frame_.period_lo;
  for (std::size_t k = 0; k < cells.size(); ++k) {
    if (polygon_area(cells[k]) <= 1e-12) continue;
    parts_.clear();
    overlap(cells[k]);
    // The part of a cell beyond a periodic seam lies on the other side.
    if (axis >= 0 && period > 0)
      for (const double shift : {period, -period}) {
        Polygon moved = cells[k];
        for (Vec2& p : moved) p[axis] += shift;
        overlap(moved);
      }
    // Shares of the cell's walkable part (without what lies in buildings): everyone counts once.
    double walkable = 0;
    for (const auto& [c, part] : parts_) walkable += part;
    if (walkable <= 0) continue;
    for (const auto& [c, part] : parts_) {
      share_[c] += part / walkable;
      share_speed_[c] += speeds[k] * part;
      covered_[c] += part;
    }
  }
}

void HeatMapBuilder::overlap(const Polygon& cell) {
  const HeatMap& h = map_;
  Aabb box;
  for (const Vec2& p : cell) box.add(p);
  const int x0 = std::max(0, static_cast<int>(std::floor((box.lo.x() - h.origin.x()) / h.cell)));
  const int y0 = std::max(0, static_cast<int>(std::floor((box.lo.y() - h.origin.y()) / h.cell)));
  const int x1 = std::min(h.nx - 1, static_cast<int>(std::floor((box.hi.x() - h.origin.x()) / h.cell)));
  const int y1 = std::min(h.ny - 1, static_cast<int>(std::floor((box.hi.y() - h.origin.y()) / h.cell)));
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const std::size_t c = h.index(x, y);
      if (blocked_[c]) continue;
      const Vec2 lo = h.origin + Vec2(x, y) * h.cell, hi = lo + Vec2(h.cell, h.cell);
      const double part = polygon_area(clip_to_convex(cell, {lo, {hi.x(), lo.y()}, hi, {lo.x(), hi.y()}}));
      if (part > 0) parts_.emplace_back(c, part);
    }
}

HeatMap HeatMapBuilder::finish() const {
  HeatMap h = map_;
  const double per_cell = std::max<double>(1, static_cast<double>(frames_)) * h.cell * h.cell;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::size_t n = count_.size();
  h.density.resize(n);
  h.speed.resize(n);
  h.voronoi_density.resize(n);
  h.voronoi_speed.resize(n);
  for (std::size_t c = 0; c < n; ++c) {
    h.density[c] = count_[c] / per_cell;
    h.speed[c] = count_[c] > 0 ? speed_sum_[c] / count_[c] : nan;
    h.voronoi_density[c] = share_[c] / per_cell;
    h.voronoi_speed[c] = covered_[c] > 0 ? share_speed_[c] / covered_[c] : nan;
  }
  return h;
}

}  // namespace footfall
