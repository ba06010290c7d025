#include "footfall/analysis/voronoi.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "footfall/world/grid.hpp"

namespace footfall {

double polygon_area(const Polygon& poly) {
  double twice = 0;
  for (std::size_t i = 0, n = poly.size(); i < n; ++i) twice += cross(poly[i], poly[(i + 1) % n]);
  return 0.5 * std::abs(twice);
}

Polygon clip_half_plane(const Polygon& poly, const Vec2& point, const Vec2& normal) {
  Polygon out;
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2& a = poly[i];
    const Vec2& b = poly[(i + 1) % n];
    const double da = (a - point).dot(normal), db = (b - point).dot(normal);
    if (da <= 0) out.push_back(a);
    if ((da < 0 && db > 0) || (da > 0 && db < 0)) out.push_back(a + (b - a) * (da / (da - db)));
  }
  return out;
}

Polygon clip_to_convex(const Polygon& subject, const Polygon& convex) {
  Polygon out = subject;
  for (std::size_t i = 0, n = convex.size(); i < n && !out.empty(); ++i) {
    const Vec2 a = convex[i], b = convex[(i + 1) % n];
    const Vec2 edge = b - a;
    out = clip_half_plane(out, a, Vec2(edge.y(), -edge.x()));  // outward normal of a CCW edge
  }
  return out;
}

std::vector<Polygon> voronoi_cells(std::span<const Vec2> points, const VoronoiFrame& f,
                                   std::span<const std::uint8_t> wanted) {
  const std::size_t n = points.size();
  std::vector<Polygon> cells(n);
  if (n == 0) return cells;
  // Sites: the points, and in a periodic world their images one period either way.
  std::vector<Vec2> sites(points.begin(), points.end());
  if (f.periodic_axis >= 0) {
    const double length = f.period_hi - f.period_lo;
    for (const double shift : {length, -length})
      for (std::size_t i = 0; i < n; ++i) {
        Vec2 p = points[i];
        p[f.periodic_axis] += shift;
        sites.push_back(p);
      }
  }
  // A neighbour farther than twice the cutoff cannot touch the cell.
  Aabb box;
  for (const Vec2& s : sites) box.add(s);
  UniformGrid grid(box.inflated(1), std::max(2 * f.cutoff, 0.5));
  grid.build_points(sites);
  // The disc, as a 16-gon of equal area (its corners worked out once), clipped to the box.
  constexpr int kDisc = 16;
  const double r = f.cutoff * std::sqrt(2 * kPi / (kDisc * std::sin(2 * kPi / kDisc)));
  std::array<Vec2, kDisc> disc;
  for (int k = 0; k < kDisc; ++k) {
    const double a = 2 * kPi * k / kDisc;
    disc[k] = r * Vec2(std::cos(a), std::sin(a));
  }
  std::vector<std::pair<double, std::uint32_t>> near;  // a cell's neighbours: squared distance, site
  for (std::size_t i = 0; i < n; ++i) {
    if (!wanted.empty() && !wanted[i]) continue;
    const Vec2 p = points[i];
    Polygon cell;
    cell.reserve(kDisc + 8);
    for (const Vec2& corner : disc) cell.push_back(p + corner);
    // Along a periodic axis the seam is no wall: the images across it bound the cell instead.
    for (int axis = 0; axis < 2; ++axis) {
      if (axis == f.periodic_axis) continue;
      const Vec2 normal = axis == 0 ? Vec2(1, 0) : Vec2(0, 1);
      cell = clip_half_plane(cell, f.hi, normal);
      cell = clip_half_plane(cell, f.lo, -normal);
    }
    // Nearest neighbours first: they shape the cell, and one twice as far as the cell's farthest
    // corner has its bisector beyond it and would cut nothing, so it is skipped.
    near.clear();
    grid.for_each_in(Aabb{p, p}.inflated(2 * f.cutoff), [&](std::uint32_t j) {
      const double d2 = (sites[j] - p).squaredNorm();
      if (j != i && d2 >= 1e-18) near.emplace_back(d2, j);  // two at one spot: neither bounds the other
    });
    // The nearest dozen in order; the others (in any order) mostly fail the reach test at once.
    const auto nearest = near.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(12, near.size()));
    std::partial_sort(near.begin(), nearest, near.end());
    double reach = kInf;
    for (const auto& [d2, j] : near) {
      if (cell.empty()) break;
      if (d2 > reach) continue;
      const Vec2 q = sites[j];
      cell = clip_half_plane(cell, 0.5 * (p + q), q - p);
      reach = 0;
      for (const Vec2& v : cell) reach = std::max(reach, 4 * (v - p).squaredNorm());
    }
    cells[i] = std::move(cell);
  }
  return cells;
}

VoronoiMeasure voronoi_measure(std::span<const Polygon> cells, std::span<const double> speeds, const Polygon& area) {
  VoronoiMeasure m;
  double covered = 0, density = 0, speed = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const double own = polygon_area(cells[i]);
    if (own <= 1e-12) continue;
    const double part = polygon_area(clip_to_convex(area, cells[i]));
    if (part <= 0) continue;
    covered += part;
    density += part / own;
    speed += speeds[i] * part;
  }
  const double whole = polygon_area(area);
  if (whole > 0) m.density = density / whole;
  if (covered > 0) m.speed = speed / covered;
  return m;
}

}  // namespace footfall
