#include "footfall/world/distance_field.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "occupancy_grid.hpp"

namespace footfall {
namespace {
// Cells to settle, least (key, index) first, each held once: lowering a queued cell's key moves it
// up. Cells come out in the order a heap of (key, index) pairs with stale pairs skipped gives them,
// so the fields are the same bit for bit, without the stale pairs (their sifting was half of a
// march's time).
class CellQueue {
 public:
  explicit CellQueue(const std::vector<double>& key) : key_(key), slot_(key.size(), kNever) {}
  bool empty() const { return heap_.empty(); }
  bool settled(std::size_t i) const { return slot_[i] == kSettled; }
  // key[i] was just lowered (or set for the first time).
  void lowered(std::size_t i) {
    if (slot_[i] == kNever) {
      slot_[i] = static_cast<std::uint32_t>(heap_.size());
      heap_.push_back(static_cast<std::uint32_t>(i));
    }
    up(slot_[i]);
  }
  // The least cell, settled from now on.
  std::size_t pop() {
    const std::uint32_t top = heap_.front();
    slot_[top] = kSettled;
    const std::uint32_t last = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) {
      heap_.front() = last;
      slot_[last] = 0;
      down(0);
    }
    return top;
  }

 private:
  static constexpr std::uint32_t kNever = 0xFFFFFFFFu, kSettled = 0xFFFFFFFEu;
  bool less(std::uint32_t a, std::uint32_t b) const {
    return key_[a] < key_[b] || (key_[a] == key_[b] && a < b);
  }
  void place(std::uint32_t k, std::uint32_t cell) {
    heap_[k] = cell;
    slot_[cell] = k;
  }
  void up(std::uint32_t k) {
    const std::uint32_t cell = heap_[k];
    while (k > 0) {
      const std::uint32_t parent = (k - 1) / 2;
      if (!less(cell, heap_[parent])) break;
      place(k, heap_[parent]);
      k = parent;
    }
    place(k, cell);
  }
  void down(std::uint32_t k) {
    const std::uint32_t cell = heap_[k], n = static_cast<std::uint32_t>(heap_.size());
    for (;;) {
      std::uint32_t child = 2 * k + 1;
      if (child >= n) break;
      if (child + 1 < n && less(heap_[child + 1], heap_[child])) ++child;
      if (!less(heap_[child], cell)) break;
      place(k, heap_[child]);
      k = child;
    }
    place(k, cell);
  }
  const std::vector<double>& key_;
  std::vector<std::uint32_t> heap_, slot_;
};

// A blocked cell with a free cell among its 8 neighbours: a wall's face.
bool beside_free(const Grid& g, int x, int y) {
  for (int d = 0; d < 8; ++d)
    if (g.free(x + kDx[d], y + kDy[d])) return true;
  return false;
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
  f.goal_ = goal;
  f.origin_ = g.origin;
  f.res_ = g.res;
  f.nx_ = g.nx;
  f.ny_ = g.ny;
  f.blocked_ = g.blocked;
  // Cost of a unit of length in each cell: 1 / navigability; water cannot be walked.
  std::vector<double>& cost = f.base_cost_;
  cost.assign(n, kInf);
  for (int y = 0; y < g.ny; ++y)
    for (int x = 0; x < g.nx; ++x) {
      const double nav = world.navigability_at(g.center(x, y));
      cost[g.at(x, y)] = nav > 1e-6 ? 1.0 / nav : kInf;
    }
  f.march(f.base_cost_, nullptr, p.keep_costs);
  if (p.keep_costs)
    f.static_value_ = f.value_;
  else  // kept only for crowd-aware rebuilds: a field's costs are megabytes
    f.base_cost_ = {};
  return f;
}

void DistanceField::rebuild_with_crowd(std::span<const CrowdWalker> crowd, const CrowdCost& c) {
  if (base_cost_.empty() || !c.on()) return;
  // Densities on the grid, each walker spread by the biweight kernel (1 − r²/R²)², whose integral
  // over the plane is πR²/3: a walker adds one person to the cells round it.
  std::vector<double> against(base_cost_.size(), 0.0), anyone(base_cost_.size(), 0.0),
      in_way(base_cost_.size(), 0.0);
  const double r2 = c.radius * c.radius, norm = 3.0 / (kPi * r2);
  const int reach = static_cast<int>(std::ceil(c.radius / res_));
  for (const CrowdWalker& w : crowd) {
    const Vec2 rel = (w.at - origin_) / res_;
    const int cx = static_cast<int>(std::floor(rel.x())), cy = static_cast<int>(std::floor(rel.y()));
    if (cx < -reach || cy < -reach || cx >= nx_ + reach || cy >= ny_ + reach) continue;
    // Against the way: the part of the walker's velocity opposite the field's direction where it
    // stands, as a fraction of its speed; standing walkers walk against nobody.
    const double speed = w.velocity.norm();
    const Vec2 way = direction(w.at);
    const double opposed = speed > 0.1 ? std::max(0.0, -way.dot(w.velocity) / speed) : 0.0;
    const double slowing = in_the_way(w.velocity, way);
    for (int y = std::max(0, cy - reach); y <= std::min(ny_ - 1, cy + reach); ++y)
      for (int x = std::max(0, cx - reach); x <= std::min(nx_ - 1, cx + reach); ++x) {
        const Vec2 centre = origin_ + Vec2((x + 0.5) * res_, (y + 0.5) * res_);
        const double q = (centre - w.at).squaredNorm() / r2;
        if (q >= 1) continue;
        const double k = norm * (1 - q) * (1 - q);  // persons/m²
        const std::size_t i = static_cast<std::size_t>(y) * nx_ + x;
        against[i] += k * opposed;
        anyone[i] += k;
        in_way[i] += k * slowing;
      }
  }
  std::vector<double> cost(base_cost_.size());
  for (std::size_t i = 0; i < cost.size(); ++i)
    cost[i] = base_cost_[i] * (1.0 + c.against * against[i] + c.density * anyone[i] + c.slow * in_way[i]);
  // Marched only over the box of the walkers and the goal, kCrowdMargin round them, as a closed
  // box: outside it, and where its ways would leave it, the static field stands (march).
  Aabb box;
  box.add(goal_);
  for (const CrowdWalker& w : crowd) box.add(w.at);
  box = box.inflated(kCrowdMargin);
  const CellBox region{static_cast<int>(std::floor((box.lo.x() - origin_.x()) / res_)),
                       static_cast<int>(std::floor((box.lo.y() - origin_.y()) / res_)),
                       static_cast<int>(std::floor((box.hi.x() - origin_.x()) / res_)),
                       static_cast<int>(std::floor((box.hi.y() - origin_.y()) / res_))};
  march(cost, &region, false);
}

void DistanceField::march(const std::vector<double>& cost, const CellBox* region, bool record_walls) {
  const Grid g{origin_, res_, nx_, ny_, blocked_};
  const std::size_t n = blocked_.size();
  const Vec2 goal = goal_;
  const auto inside = [&](int x, int y) { return !region || region->contains(x, y); };
  // With a region, the march stays inside it: a closed box (ways that would leave it are not
  // seen). Opening its edge to the static field's values let them leak in wherever the crowd lay
  // on their way: behind a crowd, cells near the edge read the static (crowd-free) distance out
  // there plus the way to it, less than their own, and the field pointed out of the box.
  std::vector<double> value(n, kInf);
  CellQueue queue(value);
  const auto relax = [&](std::size_t j, double v) {
    if (v < value[j]) {
      value[j] = v;
      queue.lowered(j);
    }
  };
  // The goal's cell, or the free cell nearest it: a goal by a wall is reached from beside it. The
  // free cells within two cells of it start at their straight distance, which keeps the point
  // source's first-order error out of the field.
  const auto [gx, gy] = g.cell(goal);
  std::optional<std::pair<int, int>> seed =
      g.free(gx, gy) ? std::optional(std::make_pair(gx, gy)) : g.nearest_free({gx, gy}, 1.0);
  if (seed && inside(seed->first, seed->second)) {
    const Vec2 from = g.free(gx, gy) ? goal : g.center(seed->first, seed->second);
    const double base = (from - goal).norm();
    for (int y = seed->second - 2; y <= seed->second + 2; ++y)
      for (int x = seed->first - 2; x <= seed->first + 2; ++x)
        if (g.free(x, y) && inside(x, y) && g.line_free(*seed, {x, y}))
          relax(g.at(x, y), base + (g.center(x, y) - from).norm() * cost[g.at(x, y)]);
  }
  // 1. The free cells: the fast marching method (Sethian 1996), which solves the eikonal equation
  // |∇T| = cost on the grid, least first, from each cell's settled neighbours along x and y. A
  // graph search over the grid's moves measures distance in its own metric: with 16 directions a
  // walker 1 m beside the line through a goal 40 m off read a way 0.24 m longer (√5 − 2 per metre
  // of offset) instead of 0.01 m, so the field pulled everyone 13° toward that line and whole
  // crowds into single file (counterflow: both streams head-on on the hallway's centre line).
  // Marching is exact for plane fronts in any direction.
  while (!queue.empty()) {
    const std::size_t i = queue.pop();
    const int x = static_cast<int>(i % g.nx), y = static_cast<int>(i / g.nx);
    for (int d = 0; d < 4; ++d) {
      const int tx = x + kDx[d], ty = y + kDy[d];
      if (!g.free(tx, ty)) continue;
      const std::size_t j = g.at(tx, ty);
      if (queue.settled(j) || cost[j] == kInf || !inside(tx, ty)) continue;
      // The least settled neighbour along each axis; unsettled ones are not yet known.
      const auto settled = [&](int ax, int ay) {
        return g.free(ax, ay) && queue.settled(g.at(ax, ay)) ? value[g.at(ax, ay)] : kInf;
      };
      const double a = std::min(settled(tx - 1, ty), settled(tx + 1, ty));
      const double b = std::min(settled(tx, ty - 1), settled(tx, ty + 1));
      const double h = g.res * cost[j];
      double t = std::min(a, b) + h;
      if (std::abs(a - b) < h) t = 0.5 * (a + b + std::sqrt(2 * h * h - (a - b) * (a - b)));
      relax(j, t);
    }
  }
  // Outside the region, and where its ways leave it, the static field stands.
  if (region)
    for (std::size_t i = 0; i < n; ++i)
      if (!blocked_[i] && value[i] == kInf) value[i] = static_value_[i];
  fill_walls(g, value, record_walls);
  value_.assign(value.begin(), value.end());
}

// 2. Into the walls: a blocked cell beside free ones takes the least of their values plus the step
// in, so that a foot set within the clearance still reads a distance falling toward the open on
// its own side. Only free neighbours count at first: filling a thin wall's band from both faces
// at once let the far side's (smaller) distances leak through it, and the field then pointed into
// the wall. Cells deeper inside (a building) follow from the filled ones.
void DistanceField::fill_walls(const Grid& g, std::vector<double>& value, bool record) {
  const bool replay = walls_.recorded;
  std::vector<std::uint32_t> found;
  if (!replay)
    for (int y = 0; y < g.ny; ++y)
      for (int x = 0; x < g.nx; ++x)
        if (g.blocked[g.at(x, y)] && beside_free(g, x, y)) found.push_back(static_cast<std::uint32_t>(g.at(x, y)));
  const std::vector<std::uint32_t>& face = replay ? walls_.face : found;
  for (const std::uint32_t i : face) {  // blocked: no value yet, and free neighbours keep theirs
    const int x = static_cast<int>(i % g.nx), y = static_cast<int>(i / g.nx);
    for (int d = 0; d < 8; ++d) {
      const int tx = x + kDx[d], ty = y + kDy[d];
      if (!g.free(tx, ty) || value[g.at(tx, ty)] == kInf) continue;
      value[i] = std::min(value[i], value[g.at(tx, ty)] + g.res * (d < 4 ? 1.0 : std::sqrt(2.0)));
    }
  }
  // Cells deeper inside take the value of the face cell nearest them, plus the way in: settled by
  // the way in alone, not by value plus way. Taking the least value instead filled the middle of a
  // thin wall's band from its far face wherever the far side lies nearer the goal (the outside of a
  // corridor whose end is open), and a foot set down by the wall, a few centimetres into the band,
  // then read a distance metres below the walkable cells beside it: the walker stepped back onto it
  // for good (RiMEA test 6, a walker pinned against the corridor's outer wall). Which cell each
  // takes its value from depends on the walls alone, so a field rebuilt with the crowd replays the
  // search it recorded once, in the same order: the same additions, the same values.
  if (replay) {
    for (std::size_t k = 0; k < walls_.cell.size(); ++k)
      value[walls_.cell[k]] = value[walls_.from[k]] + walls_.step[k];
    return;
  }
  const std::size_t n = value.size();
  std::vector<double> way_in(n, kInf);
  CellQueue queue(way_in);
  for (const std::uint32_t i : face)
    if (value[i] < kInf) {
      way_in[i] = 0;
      queue.lowered(i);
    }
  std::vector<std::uint32_t> from(record ? n : 0);
  std::vector<double> step_in(record ? n : 0);
  while (!queue.empty()) {
    const std::size_t i = queue.pop();
    const double w = way_in[i];
    if (record && w > 0) {  // settled: its value is final
      walls_.cell.push_back(static_cast<std::uint32_t>(i));
      walls_.from.push_back(from[i]);
      walls_.step.push_back(step_in[i]);
    }
    const int x = static_cast<int>(i % g.nx), y = static_cast<int>(i / g.nx);
    for (int d = 0; d < 8; ++d) {
      const int tx = x + kDx[d], ty = y + kDy[d];
      if (!g.inside(tx, ty)) continue;
      const std::size_t j = g.at(tx, ty);
      const double step = g.res * (d < 4 ? 1.0 : std::sqrt(2.0));
      if (!g.blocked[j] || queue.settled(j) || w + step >= way_in[j]) continue;
      way_in[j] = w + step;
      value[j] = value[i] + step;
      if (record) {
        from[j] = static_cast<std::uint32_t>(i);
        step_in[j] = step;
      }
      queue.lowered(j);
    }
  }
  if (record) {
    walls_.face = std::move(found);
    walls_.recorded = true;
  }
}

std::size_t DistanceField::cell(int x, int y) const {
  return static_cast<std::size_t>(std::clamp(y, 0, ny_ - 1)) * nx_ + std::clamp(x, 0, nx_ - 1);
}

double DistanceField::distance(const Vec2& p) const {
  const Vec2 rel = p - origin_;
  if (rel.x() < 0 || rel.y() < 0 || rel.x() > nx_ * res_ || rel.y() > ny_ * res_) return kInf;  // off the grid
  // Bilinear between the four cell centres around p; an unreachable corner takes the others' value.
  const double fx = (p.x() - origin_.x()) / res_ - 0.5, fy = (p.y() - origin_.y()) / res_ - 0.5;
  const int x = static_cast<int>(std::floor(fx)), y = static_cast<int>(std::floor(fy));
  const double u = fx - x, v = fy - y;
  const double w[4] = {(1 - u) * (1 - v), u * (1 - v), (1 - u) * v, u * v};
  const std::size_t i[4] = {cell(x, y), cell(x + 1, y), cell(x, y + 1), cell(x + 1, y + 1)};
  const double c[4] = {value_[i[0]], value_[i[1]], value_[i[2]], value_[i[3]]};
  // Within a wall's band (the cell nearest p is blocked), each face's cells hold that side's
  // distances (fill_walls), and a thin wall's two faces differ by metres across its line: a corner
  // on the far side would pull the reading toward the other side's distance, and the field's
  // direction, read half a cell nearer the line, then pointed into the wall (RiMEA test 9: walkers
  // left standing in a corner and along a wall, facing it, once the crowd had gone). Only corners
  // within a slope of 2 of the nearest cell count there; within a band it rises into the wall at 1.
  const int near = (u < 0.5 ? 0 : 1) + (v < 0.5 ? 0 : 2);
  const double own = c[near];
  const bool in_band = own < kInf && blocked_[i[near]] != 0;
  const double step = 2.0 * std::sqrt(2.0) * res_;
  double sum = 0, weight = 0;
  for (int k = 0; k < 4; ++k)
    if (c[k] < kInf && !(in_band && std::abs(c[k] - own) > step)) {
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

#include "footfall/core/parallel.hpp"

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

namespace footfall {

void FieldCache::rebuild_with_crowd(std::span<const CrowdWalker> crowd, const CrowdCost& c) {
  parallel_chunks(fields_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i != end; ++i) fields_[i].rebuild_with_crowd(crowd, c);
  });
}

}  // namespace footfall
