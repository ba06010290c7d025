#include "footfall/world/distance_field.hpp"

#include <cmath>
#include <queue>

#include "occupancy_grid.hpp"

namespace footfall {
namespace {
constexpr int kKnightX[8] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int kKnightY[8] = {2, 1, -1, -2, -2, -1, 1, 2};

using Heap = std::priority_queue<std::pair<double, std::size_t>, std::vector<std::pair<double, std::size_t>>,
                                 std::greater<std::pair<double, std::size_t>>>;

// Dijkstra from whatever the heap holds, least first: expand(i, v) relaxes the neighbours of cell
// i, settled at value v.
template <class Expand>
void settle(Heap& heap, std::vector<std::uint8_t>& done, Expand&& expand) {
  while (!heap.empty()) {
    const auto [v, i] = heap.top();
    heap.pop();
    if (done[i]) continue;
    done[i] = 1;
    expand(i, v);
  }
}
}  // namespace

DistanceField DistanceField::build(const World& world, const Vec2& goal, const FieldParams& p,
                                   const Aabb& also) {
  DistanceField f;
  Aabb env = world.bounds();
  env.add(goal);
  if (also.lo.x() <= also.hi.x()) {
    env.add(also.lo);
    env.add(also.hi);
  }
  env = env.inflated(p.boundary);
  if (!fits(env, p.resolution, p.max_cells)) return f;
  const Grid g = occupancy_grid(world, env, p.resolution, std::max(p.clearance, 1.01 * p.resolution),
                                [](const Obstacle& o) { return o.solid; });
  const std::size_t n = g.blocked.size();
  // Cost of a unit of length in each cell: 1 / navigability; water cannot be walked.
  std::vector<double> cost(n);
  for (int y = 0; y < g.ny; ++y)
    for (int x = 0; x < g.nx; ++x) {
      const double nav = world.navigability_at(g.center(x, y));
      cost[g.at(x, y)] = nav > 1e-6 ? 1.0 / nav : kInf;
    }
  std::vector<double> value(n, kInf);
  Heap heap;
  const auto relax = [&](std::size_t j, double v) {
    if (v < value[j]) {
      value[j] = v;
      heap.push({v, j});
    }
  };
  // The goal's cell, or the free cells nearest it: a goal by a wall is reached from beside it.
  const auto [gx, gy] = g.cell(goal);
  if (g.free(gx, gy)) relax(g.at(gx, gy), (g.center(gx, gy) - goal).norm());
  else if (const auto c = g.nearest_free({gx, gy}, 1.0)) relax(g.at(c->first, c->second), (g.center(c->first, c->second) - goal).norm());
  // 1. The free cells (Dijkstra, least first).
  std::vector<std::uint8_t> done(n, 0);
  settle(heap, done, [&](std::size_t i, double v) {
    const int x = static_cast<int>(i % g.nx), y = static_cast<int>(i / g.nx);
    for (int d = 0; d < 8; ++d) {
      if (!g.can_move(x, y, d)) continue;
      const std::size_t j = g.at(x + kDx[d], y + kDy[d]);
      const double step = g.res * (d < 4 ? 1.0 : std::sqrt(2.0)) * 0.5 * (cost[i] + cost[j]);
      if (!done[j] && step < kInf) relax(j, v + step);
    }
    // Knight's moves too: 16 directions bring the grid's error on oblique ways from 8 % (8
    // neighbours) to under 3 %. Both cells the move passes between must be free.
    for (int k = 0; k < 8; ++k) {
      const int dx = kKnightX[k], dy = kKnightY[k];
      const int tx = x + dx, ty = y + dy;
      const auto half_up = [](int d) { return (d + (d > 0) - (d < 0)) / 2; };  // 1 → 1, 2 → 1, −1 → −1
      if (!g.free(tx, ty) || !g.free(x + dx / 2, y + dy / 2) || !g.free(x + half_up(dx), y + half_up(dy)))
        continue;
      const std::size_t j = g.at(tx, ty);
      const double step = g.res * std::sqrt(5.0) * 0.5 * (cost[i] + cost[j]);
      if (!done[j] && step < kInf) relax(j, v + step);
    }
  });
  // 2. Into the walls: a blocked cell beside free ones takes the least of their values plus the step
  // in, so that a foot set within the clearance still reads a distance falling toward the open on
  // its own side. Only free neighbours count at first: filling a thin wall's band from both faces
  // at once let the far side's (smaller) distances leak through it, and the field then pointed
  // into the wall. Cells deeper inside (a building) follow from the filled ones.
  std::vector<double> filled = value;
  for (int y = 0; y < g.ny; ++y)
    for (int x = 0; x < g.nx; ++x) {
      const std::size_t i = g.at(x, y);
      if (!g.blocked[i]) continue;
      for (int d = 0; d < 8; ++d) {
        const int tx = x + kDx[d], ty = y + kDy[d];
        if (!g.free(tx, ty) || value[g.at(tx, ty)] == kInf) continue;
        filled[i] = std::min(filled[i], value[g.at(tx, ty)] + g.res * (d < 4 ? 1.0 : std::sqrt(2.0)));
      }
    }
  value = std::move(filled);
  // Cells deeper inside take the value of the face cell nearest them, plus the way in: settled by
  // the way in alone, not by value plus way. Taking the least value instead filled the middle of a
  // thin wall's band from its far face wherever the far side lies nearer the goal (the outside of a
  // corridor whose end is open), and a foot set down by the wall, a few centimetres into the band,
  // then read a distance metres below the walkable cells beside it: the walker stepped back onto it
  // for good (RiMEA test 6, a walker pinned against the corridor's outer wall).
  std::fill(done.begin(), done.end(), 0);
  std::vector<double> way_in(n, kInf);
  for (std::size_t i = 0; i < n; ++i)
    if (g.blocked[i] && value[i] < kInf) {
      way_in[i] = 0;
      heap.push({0.0, i});
    }
  settle(heap, done, [&](std::size_t i, double w) {
    const int x = static_cast<int>(i % g.nx), y = static_cast<int>(i / g.nx);
    for (int d = 0; d < 8; ++d) {
      const int tx = x + kDx[d], ty = y + kDy[d];
      if (!g.inside(tx, ty)) continue;
      const std::size_t j = g.at(tx, ty);
      const double step = g.res * (d < 4 ? 1.0 : std::sqrt(2.0));
      if (!g.blocked[j] || done[j] || w + step >= way_in[j]) continue;
      way_in[j] = w + step;
      value[j] = value[i] + step;
      heap.push({w + step, j});
    }
  });
  f.goal_ = goal;
  f.origin_ = g.origin;
  f.res_ = g.res;
  f.nx_ = g.nx;
  f.ny_ = g.ny;
  f.value_.assign(value.begin(), value.end());
  return f;
}

double DistanceField::at(int x, int y) const {
  x = std::clamp(x, 0, nx_ - 1);
  y = std::clamp(y, 0, ny_ - 1);
  return value_[static_cast<std::size_t>(y) * nx_ + x];
}

double DistanceField::distance(const Vec2& p) const {
  const Vec2 rel = p - origin_;
  if (rel.x() < 0 || rel.y() < 0 || rel.x() > nx_ * res_ || rel.y() > ny_ * res_) return kInf;  // off the grid
  // Bilinear between the four cell centres around p; an unreachable corner takes the others' value.
  const double fx = (p.x() - origin_.x()) / res_ - 0.5, fy = (p.y() - origin_.y()) / res_ - 0.5;
  const int x = static_cast<int>(std::floor(fx)), y = static_cast<int>(std::floor(fy));
  const double u = fx - x, v = fy - y;
  const double w[4] = {(1 - u) * (1 - v), u * (1 - v), (1 - u) * v, u * v};
  const double c[4] = {at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1)};
  double sum = 0, weight = 0;
  for (int k = 0; k < 4; ++k)
    if (c[k] < kInf) {
      sum += w[k] * c[k];
      weight += w[k];
    }
  return weight > 1e-12 ? sum / weight : kInf;
}

Vec2 DistanceField::direction(const Vec2& p) const {
  const double h = 0.5 * res_;
  const double dx = distance(p + Vec2(h, 0)) - distance(p - Vec2(h, 0));
  const double dy = distance(p + Vec2(0, h)) - distance(p - Vec2(0, h));
  const Vec2 grad(dx, dy);
  const double n = grad.norm();
  return std::isfinite(n) && n > 1e-12 ? Vec2(-grad / n) : Vec2(Vec2::Zero());
}

}  // namespace footfall

namespace footfall {

std::size_t FieldCache::GoalHash::operator()(const Vec2& g) const {
  return std::hash<double>{}(g.x()) * 31 + std::hash<double>{}(g.y());
}

const DistanceField* FieldCache::find(const Vec2& goal) const {
  const auto it = index_.find(goal);
  return it == index_.end() ? nullptr : &fields_[it->second];
}

void FieldCache::ensure(const World& world, const Vec2& goal, const Aabb& also) {
  if (find(goal) || fields_.size() >= kMaxFields) return;
  DistanceField f = DistanceField::build(world, goal, params_, also);
  if (!f.valid()) return;
  index_.emplace(goal, fields_.size());
  fields_.push_back(std::move(f));
}

}  // namespace footfall
