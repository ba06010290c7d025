#pragma once
// Ground-plane math. The simulation lives on the (x, y) ground plane; headings are radians measured
// counter-clockwise from +x, so a positive turn is a turn to the left.
#include <Eigen/Core>
#include <cmath>
#include <numbers>

namespace footfall {

using Vec2 = Eigen::Vector2d;

inline constexpr double kPi = std::numbers::pi;
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Wraps an angle into (-pi, pi]. Most angles already are: returning them as they are gives the
// same bits as std::remainder (which leaves |a| < pi exact) without its cost on the hot path.
inline double wrap_angle(double a) {
  if (a > -kPi && a <= kPi) return a;
  // One turn off for angles within 7.5 rad (short of three half turns, where std::remainder would
  // take two): exact by Sterbenz's lemma, so the very bits std::remainder gives, at a fraction of
  // its cost (a difference of two headings, relative_angle's atan2 less a heading, lands here half
  // the time; 3% of a frame's instructions went to remainder).
  if (a > kPi && a < 7.5) return a - 2.0 * kPi;
  if (a <= -kPi && a > -7.5) {
    const double r = a + 2.0 * kPi;
    return r == 0.0 ? -0.0 : r;  // std::remainder's zero keeps the sign of the angle
  }
  a = std::remainder(a, 2.0 * kPi);
  return a <= -kPi ? a + 2.0 * kPi : a;
}

inline Vec2 unit_from_heading(double heading) { return {std::cos(heading), std::sin(heading)}; }

inline double heading_of(const Vec2& v) { return std::atan2(v.y(), v.x()); }

inline double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// Circular mean of two headings: the heading of the agent is the average of its feet (paper §2.3.1).
inline double mean_heading(double a, double b) { return wrap_angle(a + 0.5 * wrap_angle(b - a)); }

// Angle of `target` seen from `from` relative to `heading`, in (-pi, pi]. A target at the observer
// itself is straight ahead (0), so a satisfied goal never produces a spurious turn.
inline double relative_angle(const Vec2& from, double heading, const Vec2& target) {
  const Vec2 d = target - from;
  if (d.squaredNorm() < 1e-18) return 0.0;
  return wrap_angle(heading_of(d) - heading);
}

// Closest point to p on segment [a, b].
inline Vec2 closest_on_segment(const Vec2& p, const Vec2& a, const Vec2& b) {
  const Vec2 ab = b - a;
  const double len2 = ab.squaredNorm();
  if (len2 <= 0.0) return a;
  const double t = std::clamp((p - a).dot(ab) / len2, 0.0, 1.0);
  return a + t * ab;
}

inline double point_segment_distance(const Vec2& p, const Vec2& a, const Vec2& b) {
  return (p - closest_on_segment(p, a, b)).norm();
}

inline bool segments_intersect(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const double d1 = cross(b - a, c - a), d2 = cross(b - a, d - a);
  const double d3 = cross(d - c, a - c), d4 = cross(d - c, b - c);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return true;
  auto on = [](const Vec2& p, const Vec2& q, const Vec2& r, double o) {
    return o == 0.0 && std::min(p.x(), q.x()) <= r.x() && r.x() <= std::max(p.x(), q.x()) &&
           std::min(p.y(), q.y()) <= r.y() && r.y() <= std::max(p.y(), q.y());
  };
  return on(a, b, c, d1) || on(a, b, d, d2) || on(c, d, a, d3) || on(c, d, b, d4);
}

inline double segment_segment_distance(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  if (segments_intersect(a, b, c, d)) return 0.0;
  return std::min({point_segment_distance(a, c, d), point_segment_distance(b, c, d),
                   point_segment_distance(c, a, b), point_segment_distance(d, a, b)});
}

}  // namespace footfall
