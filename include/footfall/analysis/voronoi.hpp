#pragma once
// Voronoi cells of pedestrians and the density and speed they define (Steffen & Seyfried 2010,
// JPSreport Method D): each pedestrian owns the part of the plane nearer to it than to anyone else,
// clipped to a box (the walkable world's bounds) and to a disc of `cutoff` metres around it (a lone
// pedestrian does not own an empty hall). Pure functions.
#include <cstdint>
#include <span>
#include <vector>

#include "footfall/core/math.hpp"

namespace footfall {

using Polygon = std::vector<Vec2>;

double polygon_area(const Polygon& poly);  // either winding
// Sutherland–Hodgman: the part of `subject` (any simple polygon) inside `convex` (counter-clockwise).
Polygon clip_to_convex(const Polygon& subject, const Polygon& convex);
// Half-plane clip of a convex polygon: keeps the points p with (p − point)·normal ≤ 0.
Polygon clip_half_plane(const Polygon& poly, const Vec2& point, const Vec2& normal);

struct VoronoiFrame {
  Vec2 lo = Vec2(-1e3, -1e3), hi = Vec2(1e3, 1e3);  // the box cells are clipped to
  double cutoff = 2.0;  // metres: the disc each cell is clipped to (a 16-gon)
  int periodic_axis = -1;  // with a periodic world: neighbours across [lo, hi) of that axis
  double period_lo = 0, period_hi = 0;
};

// The cell of every point (counter-clockwise, possibly empty for a point outside the box). With
// `wanted`, only the cells of points flagged there are built (the others stay empty), every point
// still bounding its neighbours' cells.
std::vector<Polygon> voronoi_cells(std::span<const Vec2> points, const VoronoiFrame& frame,
                                   std::span<const std::uint8_t> wanted = {});

// Steffen & Seyfried's density and speed in `area` from the cells: ρ = Σ |Vᵢ ∩ A| / |Vᵢ| / |A|,
// v = Σ vᵢ |Vᵢ ∩ A| / Σ |Vᵢ ∩ A| (the area the cells cover: with the cutoff, an empty part of A
// has no speed).
struct VoronoiMeasure {
  double density = 0, speed = 0;
};
VoronoiMeasure voronoi_measure(std::span<const Polygon> cells, std::span<const double> speeds, const Polygon& area);

}  // namespace footfall
