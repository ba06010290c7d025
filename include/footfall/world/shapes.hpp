#pragma once
// Static obstacle shapes on the ground plane and exact distance queries against them.
#include <variant>
#include <vector>

#include "footfall/core/math.hpp"

namespace footfall {

struct Box {  // an oriented rectangle: buildings, kiosks, benches
  Vec2 center;
  Vec2 half;            // half extents along the box's own x and y axes
  double rotation = 0;  // radians, counter-clockwise
};

struct Cylinder {  // poles, trees, bollards
  Vec2 center;
  double radius = 0;
};

struct Segment {  // walls and curbs
  Vec2 a, b;
};

using Shape = std::variant<Box, Cylinder, Segment>;

struct Aabb {
  Vec2 lo{kInf, kInf}, hi{-kInf, -kInf};
  void add(const Vec2& p) { lo = lo.cwiseMin(p); hi = hi.cwiseMax(p); }
  Aabb inflated(double r) const { return {(lo.array() - r).matrix(), (hi.array() + r).matrix()}; }
};

// Boxes more than r apart along an axis, or across a corner: so is every point of one from every
// point of the other.
inline bool apart(const Aabb& a, const Aabb& b, double r) {
  const double gx = std::max(b.lo.x() - a.hi.x(), a.lo.x() - b.hi.x());
  const double gy = std::max(b.lo.y() - a.hi.y(), a.lo.y() - b.hi.y());
  return gx > r || gy > r || (gx > 0 && gy > 0 && gx * gx + gy * gy > r * r);
}

Aabb bounds_of(const Shape& s);

// Closest point of the shape (its solid interior included) to p; p itself when p is inside.
Vec2 closest_point(const Shape& s, const Vec2& p);

// Distance from p to the shape; 0 inside.
double distance_to(const Shape& s, const Vec2& p);

// Distance from the segment [a, b] to the shape; 0 when they touch. Used to test a whole step,
// so that a step can never tunnel through a thin wall.
double segment_distance_to(const Shape& s, const Vec2& a, const Vec2& b);

// A quick test before segment_distance_to: true where the segment [a, b] certainly stays r or
// farther from the shape, because their bounding boxes lie that far apart on an axis (a rotated
// box bounded by its circumscribed circle; a micrometre to spare for rounding). False says nothing.
inline bool segment_beyond(const Shape& s, const Vec2& a, const Vec2& b, double r) {
  Vec2 lo, hi;
  if (const auto* c = std::get_if<Cylinder>(&s)) {
    lo = (c->center.array() - c->radius).matrix();
    hi = (c->center.array() + c->radius).matrix();
  } else if (const auto* g = std::get_if<Segment>(&s)) {
    lo = g->a.cwiseMin(g->b);
    hi = g->a.cwiseMax(g->b);
  } else if (const Box& x = std::get<Box>(s); x.rotation == 0) {
    lo = x.center - x.half;
    hi = x.center + x.half;
  } else {
    const double h = x.half.norm();
    lo = (x.center.array() - h).matrix();
    hi = (x.center.array() + h).matrix();
  }
  const double m = r + 1e-6;
  const Vec2 slo = a.cwiseMin(b), shi = a.cwiseMax(b);
  return slo.x() > hi.x() + m || lo.x() > shi.x() + m || slo.y() > hi.y() + m || lo.y() > shi.y() + m;
}

// Distance along the ray origin + t·dir (dir a unit vector) to the first point of the shape, 0 when
// the origin is inside, kInf when the ray misses it. Range sensors (Reich App. A.1) cast these.
double ray_distance(const Shape& s, const Vec2& origin, const Vec2& dir);

// Polygon helpers for ground regions (simple polygons, either winding).
bool polygon_contains(const std::vector<Vec2>& poly, const Vec2& p);
double polygon_distance(const std::vector<Vec2>& poly, const Vec2& p);  // 0 inside
Vec2 polygon_closest_point(const std::vector<Vec2>& poly, const Vec2& p);  // p inside

}  // namespace footfall
