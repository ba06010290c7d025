#include "footfall/world/path_planner.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <queue>

namespace footfall {
namespace {

// The 8 neighbours, orthogonal first; a diagonal's two orthogonal parts are dx-only and dy-only.
constexpr int kDx[8] = {1, 0, -1, 0, 1, -1, -1, 1};
constexpr int kDy[8] = {0, 1, 0, -1, 1, 1, -1, -1};

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

}  // namespace

PlannedPath plan_path(const World& world, const Vec2& from, const Vec2& to, const PlannerParams& p) {
  PlannedPath out;
  const auto planned = [&](const Obstacle& o) {
    return o.solid && (p.classes & (1ull << o.cls)) != 0;
  };
  // 1. The grid: the environment (planned obstacles, start, goal) plus the boundary.
  Aabb env;
  env.add(from);
  env.add(to);
  for (const Obstacle& o : world.obstacles)
    if (planned(o)) {
      const Aabb b = bounds_of(o.shape);
      env.add(b.lo);
      env.add(b.hi);
    }
  env = env.inflated(p.boundary);
  Grid g;
  g.res = p.resolution;
  g.origin = env.lo;
  g.nx = static_cast<int>(std::ceil((env.hi.x() - env.lo.x()) / g.res)) + 1;
  g.ny = static_cast<int>(std::ceil((env.hi.y() - env.lo.y()) / g.res)) + 1;
  if (static_cast<std::size_t>(g.nx) * static_cast<std::size_t>(g.ny) > p.max_cells) return out;
  g.blocked.assign(static_cast<std::size_t>(g.nx) * g.ny, 0);

  // 2. Obstacles expanded by the clearance.
  const double reach = p.clearance + grid_margin(p.clearance, g.res);
  for (const Obstacle& o : world.obstacles) {
    if (!planned(o)) continue;
    const Aabb b = bounds_of(o.shape).inflated(reach);
    const auto [x0, y0] = g.cell(b.lo);
    const auto [x1, y1] = g.cell(b.hi);
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        if (distance_to(o.shape, g.center(x, y)) < reach) g.blocked[g.at(x, y)] = 1;
  }

  // An agent standing closer to a wall than the clearance starts from the nearest free cell; a
  // goal inside the expanded obstacles is approached from the nearest free cell (within 1 m).
  const auto start = g.nearest_free(g.cell(from), 1.0);
  const auto goal = g.nearest_free(g.cell(to), 1.0);
  if (!start || !goal) return out;

  // 3. Wave propagation from the goal, least weight first.
  std::vector<double> weight(g.blocked.size(), kInf);
  std::vector<std::uint8_t> done(g.blocked.size(), 0);
  using Item = std::pair<double, std::size_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
  const std::size_t goal_i = g.at(goal->first, goal->second);
  const std::size_t start_i = g.at(start->first, start->second);
  weight[goal_i] = 0;
  heap.push({0.0, goal_i});
  while (!heap.empty()) {
    const auto [w, i] = heap.top();
    heap.pop();
    if (done[i]) continue;
    done[i] = 1;
    ++out.expanded;
    if (i == start_i) break;  // the wave has reached the agent
    const int x = static_cast<int>(i % g.nx), y = static_cast<int>(i / g.nx);
    for (int d = 0; d < 8; ++d) {
      if (!g.can_move(x, y, d)) continue;
      const std::size_t j = g.at(x + kDx[d], y + kDy[d]);
      const double nw = w + (d < 4 ? 1.0 : std::sqrt(2.0));
      if (!done[j] && nw < weight[j]) {
        weight[j] = nw;
        heap.push({nw, j});
      }
    }
  }
  if (!done[start_i]) return out;  // no path at this clearance

  // 4. Steepest descent, preferring the previous direction; waypoints at the ends of runs.
  std::vector<std::pair<int, int>> runs{*start};
  int x = start->first, y = start->second, previous = -1;
  while (g.at(x, y) != goal_i) {
    int best = -1;
    double best_w = weight[g.at(x, y)];
    for (int d = 0; d < 8; ++d) {
      if (!g.can_move(x, y, d)) continue;
      const double w = weight[g.at(x + kDx[d], y + kDy[d])];
      if (w < best_w) {
        best = d;
        best_w = w;
      }
    }
    if (best < 0) return out;  // cannot happen: the wave's weights descend to the goal
    // On a tie, keep going the way we were going: long straight runs.
    if (previous >= 0 && best != previous && g.can_move(x, y, previous) &&
        weight[g.at(x + kDx[previous], y + kDy[previous])] <= best_w + 1e-9)
      best = previous;
    if (previous >= 0 && best != previous) runs.push_back({x, y});
    previous = best;
    x += kDx[best];
    y += kDy[best];
  }
  runs.push_back(*goal);
  for (const auto& c : runs) out.runs.push_back(g.center(c.first, c.second));

  // 5. Pruning: drop the middle of three waypoints when the first sees the third. Bresenham over
  // the grid as in the thesis, and the segment itself checked against the expanded clearance.
  const auto clear = [&](std::size_t a, std::size_t b) {
    if (!g.line_free(runs[a], runs[b])) return false;
    const Vec2 pa = g.center(runs[a].first, runs[a].second);
    const Vec2 pb = g.center(runs[b].first, runs[b].second);
    for (const Obstacle& o : world.obstacles)
      if (planned(o) && segment_distance_to(o.shape, pa, pb) < p.clearance) return false;
    return true;
  };
  std::vector<std::size_t> keep(runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) keep[i] = i;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i + 2 < keep.size();) {
      if (clear(keep[i], keep[i + 2])) {
        keep.erase(keep.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        changed = true;
      } else {
        ++i;
      }
    }
  }
  for (const std::size_t k : keep) out.waypoints.push_back(g.center(runs[k].first, runs[k].second));
  // End on the goal itself when the last leg to it is as clear as the grid's; else add it.
  const Vec2 before = out.waypoints.size() >= 2 ? out.waypoints[out.waypoints.size() - 2] : from;
  bool goal_clear = true;
  for (const Obstacle& o : world.obstacles)
    if (planned(o) && segment_distance_to(o.shape, before, to) < p.clearance) goal_clear = false;
  if (goal_clear) out.waypoints.back() = to;
  else if ((out.waypoints.back() - to).norm() > 1e-9) out.waypoints.push_back(to);
  out.found = true;
  return out;
}

}  // namespace footfall
