#pragma once
// Paint on the ground, derived from the world's regions: zebra stripes on crosswalks, dashed centre
// lines along straight streets and stop lines before signalled crosswalks. Plain quads on the
// ground plane; the scene draws them (world_scene.cpp).
#include <array>
#include <vector>

#include "footfall/world/world.hpp"

namespace footfall::render {

// A region seen as a strip: its centroid, the unit direction of its long side and its half extents
// along and across that direction (exact for rectangles, the principal axes for other shapes).
struct Strip {
  Vec2 centre = Vec2::Zero();
  Vec2 axis = Vec2::UnitX();
  double half_length = 0, half_width = 0;
};
Strip strip_of(const std::vector<Vec2>& polygon);

// A crosswalk is walked along its long side: across the road it spans.
inline bool is_crosswalk(const World& w, const GroundRegion& r) {
  return r.signal >= 0 || w.ground_types[static_cast<std::size_t>(r.type)].name == "crosswalk";
}

enum class Paint : std::uint8_t { Zebra, CentreLine, StopLine };

struct Mark {
  Paint paint;
  std::array<Vec2, 4> corners;  // counter-clockwise
};

// Zebra: bars 0.5 m deep, 0.5 m apart, across the walking direction, inset 0.2 m from the sides.
// Centre lines: 3 m dashes every 9 m along rectangular streets, stopping 1 m short of their ends.
// Stop lines: 0.4 m bars 1 m before each signalled crosswalk, over the half of the road whose
// traffic approaches it (right-hand traffic).
std::vector<Mark> ground_marks(const World& world);

}  // namespace footfall::render
