#pragma once
// A walker's body seen from above: shoulders wider than the chest is deep. A capsule across the
// shoulders (the segment ±(w − d) along the shoulder line, swept by a disc of radius d), w half the
// shoulder breadth, d half the chest depth; with d = w, the disc every walker was before. People
// are about 0.45 m across the shoulders and 0.25–0.30 m deep (docs/validation.md, "The body"), so a
// disc of their breadth takes half as much floor again as they do: dense crowds then lock where
// real ones still shuffle, front to back, shoulder past shoulder.
//
// The capsule faces the body's heading, which turns through a step as MOTION publishes it: the
// collision test, the headway law and the collision measure see the same body at the same time.
#include <cmath>

#include "footfall/agents/plan.hpp"
#include "footfall/core/math.hpp"

namespace footfall {

struct BodySize {
  double half_width = 0.25;  // the bounding radius: sensors and spawn clearance use it
  double half_depth = 0.25;  // ≤ half_width
  bool disc() const { return half_depth >= half_width; }
};

// The shoulder line's unit direction: the heading turned a quarter to the left.
inline Vec2 shoulder_axis(double heading) { return {-std::sin(heading), std::cos(heading)}; }

// The shoulders' turn off the feet: the body's heading (Agents::heading_to) less the feet's; 0
// below a nanoradian, where the two are the same heading computed two ways.
inline double shoulder_twist(double body_heading, double feet_heading) {
  const double t = wrap_angle(body_heading - feet_heading);
  return std::abs(t) < 1e-9 ? 0.0 : t;
}

// How far the body reaches from its centre along unit direction u (its support distance).
inline double body_extent(double heading, const BodySize& b, const Vec2& u) {
  if (b.disc()) return b.half_width;
  return b.half_depth + (b.half_width - b.half_depth) * std::abs(u.dot(shoulder_axis(heading)));
}

// Distance between two bodies' outlines; negative where they overlap. The collision measure's.
double body_gap(const Vec2& a, double heading_a, const BodySize& sa, const Vec2& b,
                double heading_b, const BodySize& sb);

// A lower bound of body_gap, a fraction of its cost: how far apart the two bodies' shadows on the
// line through their centres lie (each reaches body_extent along it). Exact front to back and
// shoulder to shoulder; obliquely it keeps a little more room than the capsules need. Collision
// prevention's: whatever it lets pass, the measure finds clear.
inline double body_gap_bound(const Vec2& a, double heading_a, const BodySize& sa, const Vec2& b,
                             double heading_b, const BodySize& sb) {
  const Vec2 ab = b - a;
  const double d = ab.norm();
  if (d < 1e-12) return -(sa.half_depth + sb.half_depth);
  const Vec2 u = ab / d;
  return d - body_extent(heading_a, sa, u) - body_extent(heading_b, sb, u);
}

// A body through a step: the plan's straight motion, the heading turning evenly from heading_from
// to heading_to (MOTION's interpolation); before and after the step it stands.
struct BodyPath {
  Plan plan;
  double heading_from = 0, heading_to = 0;
  double heading_at(double t) const;
};

// The smallest body_gap_bound between two moving bodies over [t0, t_end]: at t0, t_end, where
// either step ends, and at the frame times k·dt within (the times the collision measure looks);
// +inf where their bounding discs stay apart at all of them.
// Two discs are better tested in continuous time (min_distance_to_plan, behavior/walk.hpp).
double min_body_gap(const BodyPath& a, const BodySize& sa, const BodyPath& b, const BodySize& sb,
                    double t0, double t_end, double dt);

}  // namespace footfall
