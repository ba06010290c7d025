#include "occupancy_grid.hpp"

namespace footfall {

bool fits(const Aabb& env, double res, std::size_t max_cells) {
  const double nx = std::ceil((env.hi.x() - env.lo.x()) / res) + 1;
  const double ny = std::ceil((env.hi.y() - env.lo.y()) / res) + 1;
  return nx * ny <= static_cast<double>(max_cells);
}

Grid occupancy_grid(const World& world, const Aabb& env, double res, double reach,
                    const std::function<bool(const Obstacle&)>& blocks) {
  Grid g;
  g.res = res;
  g.origin = env.lo;
  g.nx = static_cast<int>(std::ceil((env.hi.x() - env.lo.x()) / g.res)) + 1;
  g.ny = static_cast<int>(std::ceil((env.hi.y() - env.lo.y()) / g.res)) + 1;
  g.blocked.assign(static_cast<std::size_t>(g.nx) * g.ny, 0);
  for (const Obstacle& o : world.obstacles) {
    if (!blocks(o)) continue;
    const Aabb b = bounds_of(o.shape).inflated(reach);
    const auto [x0, y0] = g.cell(b.lo);
    const auto [x1, y1] = g.cell(b.hi);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        if (distance_to(o.shape, g.center(x, y)) < reach) g.blocked[g.at(x, y)] = 1;
  }
  return g;
}

}  // namespace footfall
