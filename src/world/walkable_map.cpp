#include "footfall/world/walkable_map.hpp"

#include <cmath>

#include "occupancy_grid.hpp"

namespace footfall {

std::optional<WalkableMap> WalkableMap::build(const World& world, bool ground, double resolution,
                                              std::size_t max_cells) {
  // Two cells of margin beyond the bounds: an open ring when the default ground is walkable.
  const Aabb env = world.bounds().inflated(2 * 2.5 * resolution);
  double res = resolution;
  while (!fits(env, res, max_cells)) {
    res *= 1.25;
    if (res > 2.5 * resolution) return std::nullopt;
  }
  const Grid g = occupancy_grid(world, env, res, 1.01 * res, [](const Obstacle& o) { return o.solid; });
  WalkableMap m;
  m.origin_ = g.origin;
  m.res_ = res;
  m.nx_ = g.nx;
  m.ny_ = g.ny;
  m.label_.assign(g.blocked.size(), -1);
  std::vector<std::uint8_t> open(g.blocked.size());
  for (int y = 0; y < g.ny; ++y)
    for (int x = 0; x < g.nx; ++x)
      open[g.at(x, y)] = !g.blocked[g.at(x, y)] && (!ground || world.navigability_at(g.center(x, y)) > 1e-6);
  // The periodic seam: the columns (or rows) at lo and hi are neighbours.
  int seam_lo = -1, seam_hi = -1;
  if (world.periodic.on()) {
    const int axis = world.periodic.axis;
    const auto index = [&](double v) {
      return static_cast<int>(std::floor((v - g.origin[axis]) / res));
    };
    const int n = axis == 0 ? g.nx : g.ny;
    seam_lo = std::clamp(index(world.periodic.lo + 0.5 * res), 0, n - 1);  // the first column inside
    seam_hi = std::clamp(index(world.periodic.hi - 0.5 * res), 0, n - 1);  // and the last
  }
  // Breadth-first labelling over 4 neighbours (a diagonal move needs both orthogonal cells free,
  // so 8 neighbours join nothing more).
  std::vector<std::size_t> queue;
  int next = 0;
  for (std::size_t start = 0; start < open.size(); ++start) {
    if (!open[start] || m.label_[start] >= 0) continue;
    m.label_[start] = next;
    queue.assign(1, start);
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const int x = static_cast<int>(queue[q] % g.nx), y = static_cast<int>(queue[q] / g.nx);
      const auto visit = [&](int tx, int ty) {
        if (!g.inside(tx, ty)) return;
        const std::size_t j = g.at(tx, ty);
        if (open[j] && m.label_[j] < 0) {
          m.label_[j] = next;
          queue.push_back(j);
        }
      };
      for (int d = 0; d < 4; ++d) visit(x + kDx[d], y + kDy[d]);
      if (seam_lo >= 0) {
        const int along = world.periodic.axis == 0 ? x : y;
        const int other = along == seam_lo ? seam_hi : along == seam_hi ? seam_lo : -1;
        if (other >= 0) world.periodic.axis == 0 ? visit(other, y) : visit(x, other);
      }
    }
    ++next;
  }
  // The border ring lies beyond every obstacle and region: open exactly when the default ground is.
  if (!ground || world.ground_types[world.default_ground].navigability > 1e-6) m.outside_ = m.label_[0];
  return m;
}

int WalkableMap::component(const Vec2& p, double snap) const {
  const Vec2 rel = (p - origin_) / res_;
  const int cx = static_cast<int>(std::floor(rel.x())), cy = static_cast<int>(std::floor(rel.y()));
  if (cx < 0 || cy < 0 || cx >= nx_ || cy >= ny_) return outside_;
  const auto label = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < nx_ && y < ny_ ? label_[static_cast<std::size_t>(y) * nx_ + x] : outside_;
  };
  if (label(cx, cy) >= 0) return label(cx, cy);
  // The nearest labelled cell within `snap`, ring by ring.
  const int rings = static_cast<int>(std::ceil(snap / res_));
  for (int r = 1; r <= rings; ++r) {
    int best = -1;
    double best_d = kInf;
    for (int y = cy - r; y <= cy + r; ++y)
      for (int x = cx - r; x <= cx + r; ++x) {
        if (std::max(std::abs(x - cx), std::abs(y - cy)) != r || label(x, y) < 0) continue;
        const double d = std::hypot(x - cx, y - cy);
        if (d < best_d) {
          best_d = d;
          best = label(x, y);
        }
      }
    if (best >= 0) return best;
  }
  return -1;
}

}  // namespace footfall
