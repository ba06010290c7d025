#include "footfall/agents/body.hpp"

#include <algorithm>

namespace footfall {

double body_gap(const Vec2& a, double heading_a, const BodySize& sa, const Vec2& b,
                double heading_b, const BodySize& sb) {
  const Vec2 ea = (sa.half_width - sa.half_depth) * shoulder_axis(heading_a);
  const Vec2 eb = (sb.half_width - sb.half_depth) * shoulder_axis(heading_b);
  return segment_segment_distance(a - ea, a + ea, b - eb, b + eb) - sa.half_depth - sb.half_depth;
}

double BodyPath::heading_at(double t) const {
  const double u = plan.t1 > plan.t0 ? std::clamp((t - plan.t0) / (plan.t1 - plan.t0), 0.0, 1.0) : 1.0;
  return wrap_angle(heading_from + u * wrap_angle(heading_to - heading_from));
}

double min_body_gap(const BodyPath& a, const BodySize& sa, const BodyPath& b, const BodySize& sb,
                    double t0, double t_end, double dt) {
  const double reach = sa.half_width + sb.half_width;
  const auto gap_at = [&](double t) {
    const Vec2 pa = a.plan.at(t), pb = b.plan.at(t);
    if ((pb - pa).squaredNorm() >= reach * reach) return kInf;  // bounding discs apart
    return body_gap_bound(pa, a.heading_at(t), sa, pb, b.heading_at(t), sb);
  };
  // Both ends too, and where either step ends: the next step's test starts from there, and
  // takes an overlap it finds for one it was already in.
  double best = std::min(gap_at(t0), gap_at(t_end));
  for (const double t : {a.plan.t1, b.plan.t1})
    if (t > t0 && t < t_end) best = std::min(best, gap_at(t));
  if (dt <= 0) return best;
  // Frame times strictly after t0: k·dt for k from floor(t0 / dt) + 1.
  for (double k = std::floor(t0 / dt) + 1; k * dt < t_end; k += 1) best = std::min(best, gap_at(k * dt));
  return best;
}

}  // namespace footfall
