#include "footfall/world/grid.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "footfall/core/parallel.hpp"

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

std::pair<int, int> UniformGrid::cell_of(const Vec2& p) const {
  const auto clamp_axis = [](double v, int n) {
    if (!(v >= 0.0)) return 0;  // also catches NaN
    return v >= n ? n - 1 : static_cast<int>(v);
  };
  return {clamp_axis((p.x() - origin_.x()) / cell_, nx_),
          clamp_axis((p.y() - origin_.y()) / cell_, ny_)};
}

void UniformGrid::build_points(const std::vector<Vec2>& points,
                               const std::vector<std::uint8_t>* include) {
  // A counting sort with every pass in parallel and a result that does not depend on how passes
  // are split: counts are sums (atomic adds commute), prefix sums run over fixed blocks, and each
  // cell's items, scattered in any order, are sorted back to ascending. The same lists as a serial
  // counting sort, so neighbour queries visit agents in the same order for any thread count.
  const std::size_t cells = static_cast<std::size_t>(nx_) * ny_;
  const std::size_t n = points.size();
  constexpr std::uint32_t kOut = UINT32_MAX;
  constexpr std::size_t kBlock = 4096;  // cells per block of the prefix sum
  cell_start_.resize(cells + 1);
  std::vector<std::uint32_t> cell_of_item(n);
  parallel_chunks(cells + 1, [&](std::size_t begin, std::size_t end) {
    std::fill(cell_start_.begin() + static_cast<std::ptrdiff_t>(begin),
              cell_start_.begin() + static_cast<std::ptrdiff_t>(end), 0u);
  });
  parallel_chunks(n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i != end; ++i) {
      if (include && !(*include)[i]) {
        cell_of_item[i] = kOut;
        continue;
      }
      const auto [x, y] = cell_of(points[i]);
      cell_of_item[i] = static_cast<std::uint32_t>(y * nx_ + x);
      std::atomic_ref<std::uint32_t>(cell_start_[cell_of_item[i] + 1]).fetch_add(1, std::memory_order_relaxed);
    }
  });
  // Inclusive prefix sum of the counts in cell_start_[1..cells]: block totals, their prefix, then
  // each block from its offset.
  const std::size_t blocks = (cells + kBlock - 1) / kBlock;
  std::vector<std::uint32_t> offset(blocks + 1, 0);
  parallel_chunks(blocks, [&](std::size_t begin, std::size_t end) {
    for (std::size_t b = begin; b != end; ++b) {
      std::uint32_t sum = 0;
      for (std::size_t c = b * kBlock; c < std::min(cells, (b + 1) * kBlock); ++c) sum += cell_start_[c + 1];
      offset[b + 1] = sum;
    }
  });
  for (std::size_t b = 0; b < blocks; ++b) offset[b + 1] += offset[b];
  parallel_chunks(blocks, [&](std::size_t begin, std::size_t end) {
    for (std::size_t b = begin; b != end; ++b) {
      std::uint32_t sum = offset[b];
      for (std::size_t c = b * kBlock; c < std::min(cells, (b + 1) * kBlock); ++c)
        cell_start_[c + 1] = sum += cell_start_[c + 1];
    }
  });
  items_.resize(cell_start_[cells]);
  std::vector<std::uint32_t> fill(cells);
  parallel_chunks(cells, [&](std::size_t begin, std::size_t end) {
    std::copy(cell_start_.begin() + static_cast<std::ptrdiff_t>(begin),
              cell_start_.begin() + static_cast<std::ptrdiff_t>(end), fill.begin() + static_cast<std::ptrdiff_t>(begin));
  });
  parallel_chunks(n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i != end; ++i)
      if (cell_of_item[i] != kOut)
        items_[std::atomic_ref<std::uint32_t>(fill[cell_of_item[i]]).fetch_add(1, std::memory_order_relaxed)] =
            static_cast<std::uint32_t>(i);
  });
  parallel_chunks(cells, [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c != end; ++c)
      if (cell_start_[c + 1] - cell_start_[c] > 1)
        std::sort(items_.begin() + cell_start_[c], items_.begin() + cell_start_[c + 1]);
  });
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
