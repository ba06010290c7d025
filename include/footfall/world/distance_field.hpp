#pragma once
// A navigation field: the walking distance to one goal from everywhere in the world, round solid
// obstacles and weighted by the ground (Vadere's floor field, JuPedSim's routing). Attraction read
// through it has no local minimum but the goal itself: a walker beside a doorway is drawn round
// the door's edge rather than into the wall, and one facing a pond walks round it.
#include <algorithm>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall {

struct Grid;  // world/occupancy_grid.hpp

struct FieldParams {
  double resolution = 0.1;    // cell size, metres
  // Cells within this of a solid obstacle are walls; at least a little more than one cell, so that
  // a thin wall blocks a band two cells thick wherever its line falls between cell centres: a band
  // one cell thick touches free cells on both faces and lets the far side's distances leak through
  // (the field then points into the wall). Clearance for the body is collision prevention's.
  double clearance = 0.1;
  double boundary = 3.0;      // margin around the world's bounds, metres
  std::size_t max_cells = 4'000'000;
  bool keep_costs = false;  // keep the cells' costs for rebuild_with_crowd
};

// In the way: how far a walker falls short of walking the way at Weidmann's free speed,
// 1 − v·d / 1.34 m/s in [0, 1], d the way's unit direction (standing, crossing or against: 1;
// walking it at 0.67 m/s: 0.5; at 1.34 m/s: 0). Weighing only crowds slower than capacity's
// 0.70 m/s, or than 1.06 m/s, was measured and not kept (docs/validation.md, "Corridor fed by a
// source"): streams in a corridor weave less, but four crossing streams lock more often and a
// 1 m bottleneck discharges less.
inline double in_the_way(const Vec2& velocity, const Vec2& way) {
  constexpr double kFreeSpeed = 1.34;  // m/s, Weidmann 1993
  return std::clamp(1.0 - way.dot(velocity) / kFreeSpeed, 0.0, 1.0);
}

// Crowd-aware fields: the cost of a way rises where the crowd walks against it, so each stream is
// routed round the other and counterflows separate into lanes at the scale of the whole walkway,
// not only where two people meet (after Treuille, Cooper & Popović 2006, "Continuum Crowds",
// SIGGRAPH: walking against the crowd's flow is slow, with it fast; Hughes 2002). Off by default.
struct CrowdCost {
  double against = 0;   // m²: the unit cost grows by this times the density walking against the way
  double density = 0;   // m²: ... and by this times the density of anyone (congestion)
  // m²: ... and by this times the density of those in the way, each walker weighted by
  // in_the_way (standing or walking against it: 1; walking it at Weidmann's free speed: 0).
  // Queues are routed round; one's own stream, flowing at free speed, is not.
  double slow = 0;
  double radius = 1.0;  // m: each walker is spread over a disc this wide (biweight kernel)
  double every = 1.0;   // s between rebuilds
  bool on() const { return against > 0 || density > 0 || slow > 0; }
};

// A walker as crowd-aware fields see it.
struct CrowdWalker {
  Vec2 at;
  Vec2 velocity;
};

class DistanceField {
 public:
  DistanceField() = default;
  // Dijkstra from the goal's cell over 8 neighbours; a move costs its length over the ground's
  // navigability (water, navigability 0, cannot be crossed). Cells inside walls take the distance of
  // the nearest free cell plus how far in they lie, so the field descends out of them too. Empty
  // (valid() false) when the grid would exceed max_cells. The grid covers the world's obstacles,
  // the goal and `also` (where the walkers are), plus the boundary.
  static DistanceField build(const World& world, const Vec2& goal, const FieldParams& p = {},
                             const Aabb& also = {});

  // The same field with the crowd's cost on top of the ground's: its direction where the walkers
  // stand decides who walks against it (the field's own direction there, as last built).
  void rebuild_with_crowd(std::span<const CrowdWalker> crowd, const CrowdCost& c);

  bool valid() const { return !value_.empty(); }
  const Vec2& goal() const { return goal_; }
  // Walking distance from p to the goal (bilinear between cell centres); +inf where the goal cannot
  // be reached from, and off the grid (sensors then fall back to the straight line).
  double distance(const Vec2& p) const;
  // The unit direction of steepest descent at p (toward the goal along the walkable way); zero
  // where the field is flat or unreachable.
  Vec2 direction(const Vec2& p) const;

 private:
  // The index of cell (x, y), clamped to the grid: off its edge, the nearest edge cell.
  std::size_t cell(int x, int y) const;
  // Cells [x0, x1] × [y0, y1] of the grid.
  struct CellBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
  };
  static constexpr double kCrowdMargin = 5.0;  // metres round the walkers a rebuild marches
  // Marches from the goal over the cells' unit costs (inf: blocked or water) and fills the walls;
  // with a region, only within it, the static field's values standing outside. record_walls keeps
  // how the walls were filled, for rebuilds to replay.
  void march(const std::vector<double>& cost, const CellBox* region, bool record_walls);
  void fill_walls(const Grid& g, std::vector<double>& value, bool record);
  // How the walls take their values from the free cells, recorded once: geometry alone decides
  // it (march, step 2). The face cells (blocked, beside a free one) take the least free
  // neighbour's value plus the step; each cell deeper in, in the order it was settled, the value of
  // `from` plus `step`.
  struct WallFill {
    bool recorded = false;
    std::vector<std::uint32_t> face, cell, from;
    std::vector<double> step;
  };
  WallFill walls_;
  Vec2 goal_ = Vec2::Zero();
  std::vector<double> base_cost_;      // per cell: 1 / navigability; inf where blocked or water
  std::vector<std::uint8_t> blocked_;  // per cell: within the clearance of a solid obstacle
  std::vector<float> static_value_;    // the field without the crowd
  Vec2 origin_ = Vec2::Zero();
  double res_ = 0.1;
  int nx_ = 0, ny_ = 0;
  std::vector<float> value_;
};

// The fields of the goals walkers navigate to, built once each, outside the parallel stages: a
// goal set while deciding gets its field from the next frame on (straight-line sensing until then).
class FieldCache {
 public:
  static constexpr std::size_t kMaxFields = 256;  // goals beyond these are sensed in a straight line
  explicit FieldCache(FieldParams p = {}) : params_(p) {}
  const DistanceField* find(const Vec2& goal) const;
  void ensure(const World& world, const Vec2& goal, const Aabb& also = {});
  // Every field rebuilt with the crowd's cost (in parallel over fields; each field's result is the
  // same for any thread count).
  void rebuild_with_crowd(std::span<const CrowdWalker> crowd, const CrowdCost& c);
  std::size_t size() const { return fields_.size(); }

 private:
  // Looked up by every navigating sensor at every candidate: by hash, not by walking the list.
  struct GoalHash {
    std::size_t operator()(const Vec2& g) const;
  };
  FieldParams params_;
  std::vector<DistanceField> fields_;
  std::unordered_map<Vec2, std::size_t, GoalHash> index_;
};

}  // namespace footfall
