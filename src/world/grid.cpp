#include "footfall/world/grid.hpp"

#include <algorithm>
#include <cmath>

namespace footfall {
namespace {
constexpr int kMaxCellsPerAxis = 1 << 14;  // bounds memory for huge, sparse worlds
}

UniformGrid::UniformGrid(const Aabb& bounds, double cell_size) : origin_(bounds.lo) {
  const Vec2 extent = bounds.hi - bounds.lo;
  cell_ = std::max({cell_size, extent.x() / kMaxCellsPerAxis, extent.y() / kMaxCellsPerAxis, 1e-3});
  nx_ = std::max(1, static_cast<int>(std::ceil(extent.x() / cell_)));
  ny_ = std::max(1, static_cast<int>(std::ceil(extent.y() / cell_)));
}

void UniformGrid::build_points(const std::vector<Vec2>& points,
                               const std::vector<std::uint8_t>* include) {
  const std::size_t cells = static_cast<std::size_t>(nx_) * ny_;
  constexpr std::uint32_t kOut = UINT32_MAX;
  cell_start_.assign(cells + 1, 0);
  std::vector<std::uint32_t> cell_of_item(points.size());
  std::size_t count = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (include && !(*include)[i]) {
      cell_of_item[i] = kOut;
      continue;
    }
    const auto [x, y] = cell_of(points[i]);
    cell_of_item[i] = static_cast<std::uint32_t>(y * nx_ + x);
    ++cell_start_[cell_of_item[i] + 1];
    ++count;
  }
  for (std::size_t c = 0; c < cells; ++c) cell_start_[c + 1] += cell_start_[c];
  items_.resize(count);
  // Filled through the starts themselves, each then the next cell's start, shifted back after: no
  // second array of a start per cell (a city's grid has over a million cells).
  for (std::size_t i = 0; i < points.size(); ++i)
    if (cell_of_item[i] != kOut) items_[cell_start_[cell_of_item[i]]++] = static_cast<std::uint32_t>(i);
  for (std::size_t c = cells; c > 0; --c) cell_start_[c] = cell_start_[c - 1];
  cell_start_[0] = 0;
}

void UniformGrid::build_boxes(const std::vector<Aabb>& boxes) {
  const std::size_t cells = static_cast<std::size_t>(nx_) * ny_;
  std::vector<std::vector<std::uint32_t>> per_cell(cells);
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const auto [x0, y0] = cell_of(boxes[i].lo);
    const auto [x1, y1] = cell_of(boxes[i].hi);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        per_cell[static_cast<std::size_t>(y) * nx_ + x].push_back(static_cast<std::uint32_t>(i));
  }
  cell_start_.assign(cells + 1, 0);
  items_.clear();
  for (std::size_t c = 0; c < cells; ++c) {
    items_.insert(items_.end(), per_cell[c].begin(), per_cell[c].end());
    cell_start_[c + 1] = static_cast<std::uint32_t>(items_.size());
  }
}

}  // namespace footfall
