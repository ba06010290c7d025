#include "footfall/behavior/crowd_way.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/behavior/node_kinds.hpp"

namespace footfall {

CrowdWayParams crowd_way_params(const double* p) {
  return {p[crowdway_p::Horizon], p[crowdway_p::Radius], p[crowdway_p::Against], p[crowdway_p::Slow],
          p[crowdway_p::Density]};
}

namespace {

// The walking distance from p to the view's target, as sense_location measures it (no angle, so
// no atan2).
double distance_left(const CrowdWayView& v, const Vec2& p) {
  return field_distance(p, v.target, v.field).value_or((v.target - p).norm());
}

}  // namespace

void crowd_way_view(const SenseContext& ctx, const SelfState& self, const Vec2& target,
                    const DistanceField* field, const CrowdWayParams& p, CrowdWayView& out) {
  out.movers.clear();
  out.from = self.location;
  out.target = target;
  out.field = field;
  out.params = p;
  out.straight = 0;
  out.to_goal = distance_left(out, self.location);
  out.length = std::min(p.horizon, out.to_goal);
  if (out.length <= 1e-6) return;
  const double reach = p.horizon + p.radius, r2 = reach * reach;
  for (const std::uint32_t j : ctx.neighbours) {
    if (ctx.snapshot.agent_of(j) == ctx.self) continue;
    const Plan& plan = ctx.snapshot.plan[j];
    const Vec2 at = plan.at(self.t0);
    if ((at - self.location).squaredNorm() > r2) continue;
    out.movers.push_back({at - self.location, plan.velocity()});
  }
  if (out.movers.empty()) return;
  // The way down to the goal: straight, or the field's where it navigates.
  const Percept way = sense_location({self.location, 0.0, self.location, 0}, target, field);
  out.straight = crowd_way_cost(out.movers, Vec2::Zero(), unit_from_heading(way.theta), out.length, p);
}

double crowd_way_stress(const CrowdWayView& view, const Pose& pose) {
  if (view.straight <= 0.0 || pose.closing) return view.straight;
  const Vec2 move = pose.location - view.from;
  const double moved = move.norm();
  if (moved <= 1e-6) return view.straight;
  const Vec2 u = move / moved;
  // Every walker adds, so once the way costs the straight way's crowd the rest need not be seen.
  const double extra = crowd_way_cost(view.movers, Vec2::Zero(), u, view.length, view.params, view.straight);
  if (extra >= view.straight) return view.straight;
  const double left = distance_left(view, view.from + view.length * u);
  return std::min(view.straight, extra + std::max(0.0, view.length - (view.to_goal - left)));
}

double crowd_way_cost(std::span<const CrowdMover> movers, const Vec2& from, const Vec2& u,
                      double length, const CrowdWayParams& p, double enough) {
  const double R = p.radius, R2 = R * R;
  // ∫ (1 − (h² + σ²)/R²)² dσ = (a⁴σ − 2a²σ³/3 + σ⁵/5) / R⁴ with a² = R² − h², times the kernel's
  // 3 / (πR²): persons per metre of way.
  const double norm = 3.0 / (kPi * R2 * R2 * R2);
  double extra = 0;
  for (const CrowdMover& m : movers) {
    const Vec2 r = m.at - from;
    const double along = r.dot(u), h = cross(u, r);
    const double a2 = R2 - h * h;
    if (a2 <= 0) continue;
    const double a = std::sqrt(a2);
    const double lo = std::max(-along, -a), hi = std::min(length - along, a);
    if (lo >= hi) continue;
    const double speed = m.velocity.norm(), towards = m.velocity.dot(u);
    const double c = p.against * (speed > 0.1 ? std::max(0.0, -towards / speed) : 0.0) +
                     p.slow * in_the_way(m.velocity, u) + p.density;
    if (c <= 0) continue;
    const auto F = [&](double s) { return s * (a2 * a2 - s * s * (2.0 * a2 / 3.0 - s * s / 5.0)); };
    extra += c * norm * (F(hi) - F(lo));
    if (extra >= enough) break;
  }
  return extra;
}

}  // namespace footfall
