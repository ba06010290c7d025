#pragma once
// The static world: typed ground regions, obstacles, named locations and the grids that index them.
// Built once by the scenario loader, then read-only (every stage may read it concurrently).
#include <optional>
#include <string>
#include <vector>

#include "footfall/world/grid.hpp"
#include "footfall/world/name_index.hpp"
#include "footfall/world/shapes.hpp"
#include "footfall/world/steering_geometry.hpp"
#include "footfall/world/walkways.hpp"

namespace footfall {

struct GroundType {
  std::string name;
  double navigability = 1.0;  // 1 = ideal walking surface, 0 = impassable (water)
  bool jaywalk = false;       // a footstep here counts as a jaywalk event (street, not crosswalk)
};

struct GroundRegion {
  std::string name;
  int type = 0;  // index into World::ground_types
  std::vector<Vec2> polygon;
  int signal = -1;  // a crosswalk: the signal whose pedestrian head governs it (World::signals)
};

struct Obstacle {
  std::string name;
  Shape shape;
  int cls = 0;        // index into World::classes ("building", "pole", "wall", ...)
  bool solid = true;  // a solid obstacle can never be walked through (collision prevention)
};

struct Location {
  std::string name;
  Vec2 position;
};

// Periodic boundaries along one axis (validation's periodic corridor, RiMEA test 4 as JuPedSim
// runs it): a walker who passes `hi` re-enters at `lo`, and everyone perceives across the seam.
struct Periodic {
  int axis = -1;  // 0: x, 1: y; -1: no wrap
  double lo = 0, hi = 0;
  bool on() const { return axis >= 0; }
  double length() const { return hi - lo; }
  // The shift that brings p back into [lo, hi): 0, −length or +length.
  double shift(const Vec2& p) const {
    if (!on()) return 0;
    return p[axis] >= hi ? -length() : p[axis] < lo ? length() : 0.0;
  }
  Vec2 offset(double along) const {
    Vec2 v = Vec2::Zero();
    if (on()) v[axis] = along;
    return v;
  }
};

class World {
 public:
  std::vector<GroundType> ground_types;
  int default_ground = 0;  // ground type where no region lies
  std::vector<GroundRegion> regions;  // later regions lie on top of earlier ones
  std::vector<Obstacle> obstacles;
  std::vector<Location> locations;
  std::vector<std::string> classes;  // obstacle classes; "walkers" is reserved for agents
  // Traffic signals, one per approach pair ("ns", "ew"). Their state lives in the simulation (the
  // light-nets); the world only names them so crosswalks and nets can refer to them.
  std::vector<std::string> signals;
  Walkways walkways;  // where pedestrians may walk between named locations, for routes
  Periodic periodic;
  std::vector<SteerPath> paths;         // spines for path-following nodes
  std::vector<FlowField> flow_fields;   // fields for flow-following nodes

  // Builds the spatial indices; call once after filling the vectors above.
  void finalize(double cell_size = 4.0);
  // Indexes the names of locations, obstacles, regions and signals added since the last call (also
  // done by finalize). The find_ functions below are right without it, but slower on what was added.
  void index_names();

  const Aabb& bounds() const { return bounds_; }
  int ground_at(const Vec2& p) const;  // ground type index of the topmost region containing p
  int region_at(const Vec2& p) const;  // the topmost region containing p, -1 for none
  // region_at(p) where that region has a signal (a crosswalk), else -1. Most of a city lies in no
  // signalised region's grid cell, and those points are answered without a polygon test (the
  // red-stay measure asks it of every agent every frame, the crossing count of every footstep).
  int signalised_region_at(const Vec2& p) const;
  double navigability_at(const Vec2& p) const { return ground_types[ground_at(p)].navigability; }
  // The ground type of region r (region_at's answer): the default ground outside every region.
  int ground_of(int r) const { return r < 0 ? default_ground : regions[r].type; }
  // Is p on ground of a type in `type_mask`, outside region `except_region` (when >= 0)?
  bool on_ground(const Vec2& p, std::uint64_t type_mask, int except_region = -1) const {
    const int r = region_at(p);  // ground_at's, looked up once
    return (type_mask & (1ull << ground_of(r))) && (except_region < 0 || r != except_region);
  }

  // Nearest point within `range` of p lying on ground of a type in `type_mask` (bit per type);
  // p itself when p is on such ground. Overlays are respected only at p itself: the distance is to
  // the matching polygons, so keep regions that matter for distances non-overlapping. Region
  // `except_region` (when >= 0) does not count, whatever its type.
  std::optional<Vec2> nearest_ground(const Vec2& p, std::uint64_t type_mask, double range,
                                     int except_region = -1) const;
  // Could ground of a type in `type_mask` (other than region `except_region`) lie within
  // `distance` of p? False only when none does (region boxes, so true does not promise any).
  bool ground_within(const Vec2& p, std::uint64_t type_mask, double distance, int except_region = -1) const;

  // No box or segment (buildings, walls) crosses the straight line from a to b. Cylinders (poles,
  // trees) are too thin to hide a corner or a door, so they never occlude.
  bool line_of_sight(const Vec2& a, const Vec2& b) const;
  // The same for a chosen set of occluding classes (bit per class, any shape), and a corridor:
  // clear when every such obstacle stays more than `width` from the segment (0: a plain ray).
  bool line_of_sight(const Vec2& a, const Vec2& b, std::uint64_t classes, double width) const;

  template <class F>
  void for_each_obstacle_near(const Aabb& box, F&& f) const { obstacle_grid_.for_each_in(box, f); }

  int find_class(std::string_view name) const;    // -1 when absent
  int find_location(std::string_view name) const;  // -1 when absent
  int find_obstacle(std::string_view name) const;  // -1 when absent
  int find_ground_type(std::string_view name) const;
  int find_region(std::string_view name) const;  // -1 when absent
  int find_signal(std::string_view name) const;  // -1 when absent
  int find_path(std::string_view name) const;    // -1 when absent (linear: few paths)
  int find_flow_field(std::string_view name) const;  // -1 when absent

 private:
  Aabb bounds_;
  UniformGrid obstacle_grid_;
  UniformGrid region_grid_;
  // Region r is ground of a type in `type_mask` and not `except_region` (nearest_ground, ground_within).
  bool counts_as(std::uint32_t r, std::uint64_t type_mask, int except_region) const {
    return (type_mask & (1ull << regions[r].type)) && static_cast<int>(r) != except_region;
  }
  // Per region, the box around its polygon, a micrometre wider than rounding could ever matter:
  // a point outside it is in no polygon, and farther from it than from the polygon.
  std::vector<Aabb> region_boxes_;
  // Per cell of region_grid_: does it list a region with a signal (signalised_region_at)?
  std::vector<std::uint8_t> signalised_cells_;
  NameIndex location_names_, obstacle_names_, region_names_, signal_names_;
};

// The box around the world's obstacles and regions (World::bounds() adds a margin and locations).
Aabb content_bounds(const World& world);

}  // namespace footfall
