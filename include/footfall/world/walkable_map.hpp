#pragma once
// Which parts of the world are joined by walkable ground: the connected components of an occupancy
// grid (solid obstacles and impassable ground blocked), for load-time checks that a goal can be
// reached from where an agent starts (docs/scenario.md, "Errors and warnings").
#include <cstdint>
#include <optional>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall {

class WalkableMap {
 public:
  // A grid over the world's bounds at `resolution` metres (coarsened up to 2.5× to stay within
  // `max_cells`; nullopt beyond that). Cells within a little more than a cell of a solid obstacle
  // are blocked, so that a thin wall splits its two sides, as in the navigation field; gaps
  // narrower than about two cells count as closed. Outside the grid lies the world's default
  // ground, which joins everything along the grid's open border. A periodic world also joins its
  // seam.
  // With `ground` false, only solid obstacles block: the walk node may step onto impassable ground
  // (only terrain sensors and navigation fields shun it).
  static std::optional<WalkableMap> build(const World& world, bool ground = true, double resolution = 0.1,
                                          std::size_t max_cells = 4'000'000);

  // The component of walkable ground at p, or of the nearest walkable cell within `snap` metres
  // (a goal by a wall is reached from beside it); -1 when there is none.
  int component(const Vec2& p, double snap = 1.0) const;
  double resolution() const { return res_; }

 private:
  Vec2 origin_ = Vec2::Zero();
  double res_ = 0.1;
  int nx_ = 0, ny_ = 0;
  std::vector<int> label_;  // per cell: its component, -1 blocked
  int outside_ = -1;        // the component beyond the grid (-1: the default ground is impassable)
};

}  // namespace footfall
