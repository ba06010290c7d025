#include "footfall/world/shapes.hpp"

#include <algorithm>

namespace footfall {
namespace {

struct BoxFrame {  // maps between world and the box's local frame
  Vec2 c, ux, uy;
  explicit BoxFrame(const Box& b)
      // Unrotated (most buildings), cos 0 and sin 0 are exactly 1 and 0: no sine or cosine.
      : c(b.center),
        ux(b.rotation == 0 ? Vec2(1, 0) : Vec2(std::cos(b.rotation), std::sin(b.rotation))),
        uy(-ux.y(), ux.x()) {}
  Vec2 to_local(const Vec2& p) const { const Vec2 d = p - c; return {d.dot(ux), d.dot(uy)}; }
  Vec2 to_world(const Vec2& q) const { return c + q.x() * ux + q.y() * uy; }
};

Vec2 clamp_to_box(const Vec2& q, const Vec2& half) {
  return {std::clamp(q.x(), -half.x(), half.x()), std::clamp(q.y(), -half.y(), half.y())};
}

double box_segment_distance(const Box& b, const Vec2& a, const Vec2& e) {
  const BoxFrame f(b);
  const Vec2 la = f.to_local(a), le = f.to_local(e);
  const Vec2& h = b.half;
  const Vec2 corners[4] = {{-h.x(), -h.y()}, {h.x(), -h.y()}, {h.x(), h.y()}, {-h.x(), h.y()}};
  double best = kInf;
  for (int i = 0; i < 4; ++i) {
    const Vec2& c0 = corners[i];
    const Vec2& c1 = corners[(i + 1) % 4];
    best = std::min(best, segment_segment_distance(la, le, c0, c1));
  }
  // A segment wholly inside the box touches no edge but still hits it.
  if ((la.cwiseAbs().array() <= h.array()).all()) return 0.0;
  return best;
}

// Ray origin + t·dir against segment [a, b]: the smallest t ≥ 0, kInf for a miss.
double ray_segment(const Vec2& o, const Vec2& dir, const Vec2& a, const Vec2& b) {
  const Vec2 e = b - a;
  const double den = cross(dir, e);
  const Vec2 w = a - o;
  if (std::abs(den) < 1e-15) {  // parallel: a hit only when collinear, at the nearer end ahead
    if (std::abs(cross(w, dir)) > 1e-12) return kInf;
    const double ta = w.dot(dir), tb = (b - o).dot(dir);
    if (ta < 0 && tb < 0) return kInf;
    if ((ta < 0) != (tb < 0)) return 0.0;
    return std::min(ta, tb);
  }
  const double t = cross(w, e) / den;
  const double u = cross(w, dir) / den;
  return t >= 0 && u >= 0 && u <= 1 ? t : kInf;
}

}  // namespace

double ray_distance(const Shape& s, const Vec2& o, const Vec2& dir) {
  return std::visit(
      [&](const auto& v) -> double {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Box>) {
          const BoxFrame f(v);
          const Vec2 lo = f.to_local(o);
          if ((lo.cwiseAbs().array() <= v.half.array()).all()) return 0.0;
          const Vec2 h = v.half;
          const Vec2 corners[4] = {{-h.x(), -h.y()}, {h.x(), -h.y()}, {h.x(), h.y()}, {-h.x(), h.y()}};
          const Vec2 ld(dir.dot(f.ux), dir.dot(f.uy));
          double best = kInf;
          for (int i = 0; i < 4; ++i) best = std::min(best, ray_segment(lo, ld, corners[i], corners[(i + 1) % 4]));
          return best;
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          const Vec2 w = o - v.center;
          const double c = w.squaredNorm() - v.radius * v.radius;
          if (c <= 0) return 0.0;
          const double b = w.dot(dir);
          const double disc = b * b - c;
          if (disc < 0) return kInf;
          const double t = -b - std::sqrt(disc);
          return t >= 0 ? t : kInf;
        } else {
          return ray_segment(o, dir, v.a, v.b);
        }
      },
      s);
}

Aabb bounds_of(const Shape& s) {
  Aabb box;
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Box>) {
          const BoxFrame f(v);
          for (double sx : {-1.0, 1.0})
            for (double sy : {-1.0, 1.0}) box.add(f.to_world({sx * v.half.x(), sy * v.half.y()}));
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          box.add((v.center.array() - v.radius).matrix());
          box.add((v.center.array() + v.radius).matrix());
        } else {
          box.add(v.a);
          box.add(v.b);
        }
      },
      s);
  return box;
}

Vec2 closest_point(const Shape& s, const Vec2& p) {
  return std::visit(
      [&](const auto& v) -> Vec2 {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Box>) {
          const BoxFrame f(v);
          return f.to_world(clamp_to_box(f.to_local(p), v.half));
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          const Vec2 d = p - v.center;
          const double n = d.norm();
          return n <= v.radius ? p : Vec2(v.center + d * (v.radius / n));
        } else {
          return closest_on_segment(p, v.a, v.b);
        }
      },
      s);
}

double distance_to(const Shape& s, const Vec2& p) { return (p - closest_point(s, p)).norm(); }

double segment_distance_to(const Shape& s, const Vec2& a, const Vec2& b) {
  return std::visit(
      [&](const auto& v) -> double {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Box>) {
          return box_segment_distance(v, a, b);
        } else if constexpr (std::is_same_v<T, Cylinder>) {
          return std::max(0.0, point_segment_distance(v.center, a, b) - v.radius);
        } else {
          return segment_segment_distance(a, b, v.a, v.b);
        }
      },
      s);
}

bool polygon_contains(const std::vector<Vec2>& poly, const Vec2& p) {
  bool inside = false;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2& a = poly[i];
    const Vec2& b = poly[j];
    if ((a.y() > p.y()) != (b.y() > p.y()) &&
        p.x() < (b.x() - a.x()) * (p.y() - a.y()) / (b.y() - a.y()) + a.x())
      inside = !inside;
  }
  return inside;
}

Vec2 polygon_closest_point(const std::vector<Vec2>& poly, const Vec2& p) {
  if (polygon_contains(poly, p)) return p;
  Vec2 best = poly.front();
  double best_d2 = kInf;
  for (std::size_t i = 0, j = poly.size() - 1; i < poly.size(); j = i++) {
    const Vec2 q = closest_on_segment(p, poly[j], poly[i]);
    const double d2 = (q - p).squaredNorm();
    if (d2 < best_d2) { best_d2 = d2; best = q; }
  }
  return best;
}

double polygon_distance(const std::vector<Vec2>& poly, const Vec2& p) {
  return (polygon_closest_point(poly, p) - p).norm();
}

}  // namespace footfall
