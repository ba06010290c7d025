#pragma once
// An occupancy grid over part of the world, for the path planner and the navigation field: cells
// whose centre lies within `reach` of a chosen solid obstacle are blocked.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall {

// The 8 neighbours, orthogonal first; a diagonal's two orthogonal parts are dx-only and dy-only.
inline constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
inline constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};

struct Grid {
  Vec2 origin;
  double res = 0.1;
  int nx = 0, ny = 0;
  std::vector<std::uint8_t> blocked;

  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < nx && y < ny; }
  std::size_t at(int x, int y) const { return static_cast<std::size_t>(y) * nx + x; }
  bool free(int x, int y) const { return inside(x, y) && !blocked[at(x, y)]; }
  Vec2 center(int x, int y) const { return origin + Vec2((x + 0.5) * res, (y + 0.5) * res); }
  std::pair<int, int> cell(const Vec2& p) const {
    return {std::clamp(static_cast<int>(std::floor((p.x() - origin.x()) / res)), 0, nx - 1),
            std::clamp(static_cast<int>(std::floor((p.y() - origin.y()) / res)), 0, ny - 1)};
  }
  // A move in direction d is allowed into a free cell, and a diagonal only when both orthogonal
  // cells beside it are free (no cutting a corner).
  bool can_move(int x, int y, int d) const {
    const int tx = x + kDx[d], ty = y + kDy[d];
    if (!free(tx, ty)) return false;
    return d < 4 || (free(x + kDx[d], y) && free(x, y + kDy[d]));
  }
  // Bresenham's line between two cells: every cell it visits is free.
  bool line_free(std::pair<int, int> a, std::pair<int, int> b) const {
    int x0 = a.first, y0 = a.second;
    const int x1 = b.first, y1 = b.second;
    const int dx = std::abs(x1 - x0), sx = x0 < x1 ? 1 : -1;
    const int dy = -std::abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
    int err = dx + dy;
    for (;;) {
      if (!free(x0, y0)) return false;
      if (x0 == x1 && y0 == y1) return true;
      const int e2 = 2 * err;
      if (e2 >= dy) { err += dy; x0 += sx; }
      if (e2 <= dx) { err += dx; y0 += sy; }
    }
  }
  // The nearest free cell within `radius` metres (rings of growing size), or nullopt.
  std::optional<std::pair<int, int>> nearest_free(std::pair<int, int> c, double radius) const {
    if (free(c.first, c.second)) return c;
    const int rings = static_cast<int>(std::ceil(radius / res));
    for (int r = 1; r <= rings; ++r) {
      std::optional<std::pair<int, int>> best;
      double best_d = kInf;
      for (int y = c.second - r; y <= c.second + r; ++y)
        for (int x = c.first - r; x <= c.first + r; ++x) {
          if (std::max(std::abs(x - c.first), std::abs(y - c.second)) != r || !free(x, y)) continue;
          const double d = std::hypot(x - c.first, y - c.second);
          if (d < best_d) { best_d = d; best = std::make_pair(x, y); }
        }
      if (best) return best;
    }
    return std::nullopt;
  }
};


// Does a grid over `env` at `res` stay within `max_cells`?
bool fits(const Aabb& env, double res, std::size_t max_cells);

Grid occupancy_grid(const World& world, const Aabb& env, double res, double reach,
                    const std::function<bool(const Obstacle&)>& blocks);

}  // namespace footfall
