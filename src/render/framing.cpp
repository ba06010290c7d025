#include "footfall/render/framing.hpp"

#include <algorithm>
#include <cmath>

namespace footfall::render {

Aabb walkable_area(const World& w, std::span<const Vec2> agents) {
  Aabb b = content_bounds(w);
  for (const Location& l : w.locations) b.add(l.position);
  for (const Vec2& p : agents) b.add(p);
  if (!(b.lo.x() <= b.hi.x())) return Aabb{Vec2(-10, -10), Vec2(10, 10)};
  // A little room round what is there; never less than 10 m across.
  const Vec2 c = 0.5 * (b.lo + b.hi);
  const Vec2 half = (0.5 * (b.hi - b.lo)).cwiseMax(Vec2(5, 5)) + Vec2(1, 1);
  return Aabb{c - half, c + half};
}

Framing framing_camera(const Aabb& area, double aspect, double fov_y) {
  const Vec2 c2 = 0.5 * (area.lo + area.hi);
  const Eigen::Vector3d c(c2.x(), c2.y(), 0);
  const double radius = 0.5 * (area.hi - area.lo).norm();
  const double half_y = 0.5 * fov_y * kPi / 180;
  const double half_x = std::atan(std::tan(half_y) * aspect);
  const double distance = radius / std::sin(std::min(half_x, half_y));
  const Eigen::Vector3d toward_eye = Eigen::Vector3d(-0.3, -0.95, 1.0).normalized();
  return {c + distance * toward_eye, c};
}

TopDown top_down_view(const Aabb& area, double aspect) {
  TopDown v;
  v.centre = 0.5 * (area.lo + area.hi);
  Vec2 half = 0.5 * (area.hi - area.lo) * 1.05;
  // Widen the narrower side to the image's aspect.
  if (half.x() < half.y() * aspect) half.x() = half.y() * aspect;
  else half.y() = half.x() / aspect;
  v.half = half;
  v.height = 100 + 2 * std::max(half.x(), half.y());
  return v;
}

Vec2 top_down_pixel(const TopDown& v, const Vec2& p, int width, int height) {
  const Vec2 rel = (p - (v.centre - v.half)).cwiseQuotient(2 * v.half);
  return {rel.x() * width, rel.y() * height};
}

}  // namespace footfall::render
