#include "footfall/world/path_planner.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <queue>

#include "occupancy_grid.hpp"

namespace footfall {

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
  if (!fits(env, p.resolution, p.max_cells)) return out;
  // 2. Obstacles expanded by the clearance.
  const Grid g = occupancy_grid(world, env, p.resolution, p.clearance + grid_margin(p.clearance, p.resolution), planned);

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
