#include "footfall/world/world.hpp"

#include <algorithm>

namespace footfall {
namespace {
template <class T>
int find_named(const std::vector<T>& v, std::string_view name) {
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i].name == name) return static_cast<int>(i);
  return -1;
}
constexpr auto kNameOf = [](const auto& x) -> std::string_view { return x.name; };
constexpr auto kItself = [](const std::string& x) -> std::string_view { return x; };
}  // namespace

void World::index_names() {
  location_names_.sync(locations, kNameOf);
  obstacle_names_.sync(obstacles, kNameOf);
  region_names_.sync(regions, kNameOf);
  signal_names_.sync(signals, kItself);
}

void World::finalize(double cell_size) {
  index_names();
  bounds_ = Aabb{};
  std::vector<Aabb> obstacle_boxes;
  region_boxes_.clear();
  for (const auto& o : obstacles) {
    obstacle_boxes.push_back(bounds_of(o.shape));
    bounds_.add(obstacle_boxes.back().lo);
    bounds_.add(obstacle_boxes.back().hi);
  }
  for (const auto& r : regions) {
    Aabb b;
    for (const auto& p : r.polygon) b.add(p);
    region_boxes_.push_back(b);
    bounds_.add(b.lo);
    bounds_.add(b.hi);
  }
  for (const auto& l : locations) bounds_.add(l.position);
  if (!(bounds_.lo.x() <= bounds_.hi.x())) bounds_ = Aabb{Vec2(-10, -10), Vec2(10, 10)};
  bounds_ = bounds_.inflated(1.0);
  obstacle_grid_ = UniformGrid(bounds_, cell_size);
  obstacle_grid_.build_boxes(obstacle_boxes);
  region_grid_ = UniformGrid(bounds_, cell_size);
  region_grid_.build_boxes(region_boxes_);
  signalised_cells_.assign(region_grid_.cells(), 0);
  for (std::size_t c = 0; c != signalised_cells_.size(); ++c)
    region_grid_.for_each_in_cell(c, [&](std::uint32_t r) { signalised_cells_[c] |= regions[r].signal >= 0; });
  for (Aabb& b : region_boxes_) b = b.inflated(1e-6);
}

Aabb content_bounds(const World& world) {
  Aabb b;
  for (const Obstacle& o : world.obstacles) {
    const Aabb ob = bounds_of(o.shape);
    b.add(ob.lo);
    b.add(ob.hi);
  }
  for (const GroundRegion& r : world.regions)
    for (const Vec2& p : r.polygon) b.add(p);
  return b;
}

int World::region_at(const Vec2& p) const {
  int best = -1;
  region_grid_.for_each_in(Aabb{p, p}, [&](std::uint32_t r) {
    if (static_cast<int>(r) > best && !apart(region_boxes_[r], Aabb{p, p}, 0.0) &&
        polygon_contains(regions[r].polygon, p))
      best = static_cast<int>(r);
  });
  return best;
}

int World::signalised_region_at(const Vec2& p) const {
  // region_at only ever answers a region listed in p's cell.
  if (signalised_cells_.empty() || !signalised_cells_[region_grid_.cell_index(p)]) return -1;
  const int r = region_at(p);
  return r >= 0 && regions[r].signal >= 0 ? r : -1;
}

int World::ground_at(const Vec2& p) const { return ground_of(region_at(p)); }

std::optional<Vec2> World::nearest_ground(const Vec2& p, std::uint64_t type_mask, double range,
                                          int except_region) const {
  if (on_ground(p, type_mask, except_region)) return p;
  std::optional<Vec2> best;
  double best_d = range;
  region_grid_.for_each_in(Aabb{p, p}.inflated(range), [&](std::uint32_t r) {
    if (!counts_as(r, type_mask, except_region)) return;
    // Its box farther than the nearest so far: so is the polygon (the test below would fail).
    if (apart(region_boxes_[r], Aabb{p, p}, best_d)) return;
    const Vec2 q = polygon_closest_point(regions[r].polygon, p);
    const double d = (q - p).norm();
    if (d <= best_d) { best_d = d; best = q; }
  });
  return best;
}

bool World::ground_within(const Vec2& p, std::uint64_t type_mask, double distance, int except_region) const {
  bool any = false;
  region_grid_.for_each_in(Aabb{p, p}.inflated(distance), [&](std::uint32_t r) {
    if (!any && counts_as(r, type_mask, except_region) && !apart(region_boxes_[r], Aabb{p, p}, distance))
      any = true;
  });
  return any;
}

bool World::line_of_sight(const Vec2& a, const Vec2& b) const {
  Aabb box;
  box.add(a);
  box.add(b);
  bool clear = true;
  obstacle_grid_.for_each_in(box, [&](std::uint32_t o) {
    if (clear && !std::holds_alternative<Cylinder>(obstacles[o].shape) &&
        segment_distance_to(obstacles[o].shape, a, b) <= 0.0)
      clear = false;
  });
  return clear;
}

bool World::line_of_sight(const Vec2& a, const Vec2& b, std::uint64_t classes, double width) const {
  Aabb box;
  box.add(a);
  box.add(b);
  bool clear = true;
  obstacle_grid_.for_each_in(box.inflated(width), [&](std::uint32_t o) {
    if (clear && (classes & (1ull << obstacles[o].cls)) &&
        segment_distance_to(obstacles[o].shape, a, b) <= width)
      clear = false;
  });
  return clear;
}

int World::find_class(std::string_view name) const {
  const auto it = std::find(classes.begin(), classes.end(), name);
  return it == classes.end() ? -1 : static_cast<int>(it - classes.begin());
}
int World::find_location(std::string_view name) const { return location_names_.find(locations, kNameOf, name); }
int World::find_obstacle(std::string_view name) const { return obstacle_names_.find(obstacles, kNameOf, name); }
int World::find_ground_type(std::string_view name) const { return find_named(ground_types, name); }  // at most 64
int World::find_region(std::string_view name) const { return region_names_.find(regions, kNameOf, name); }
int World::find_signal(std::string_view name) const { return signal_names_.find(signals, kItself, name); }

int World::find_path(std::string_view name) const {
  for (std::size_t i = 0; i < paths.size(); ++i)
    if (paths[i].name == name) return static_cast<int>(i);
  return -1;
}

int World::find_flow_field(std::string_view name) const {
  for (std::size_t i = 0; i < flow_fields.size(); ++i)
    if (flow_fields[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace footfall
