#include "footfall/behavior/crowd_way.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/behavior/node_kinds.hpp"

namespace footfall {

CrowdWayParams crowd_way_params(const double* p) {
  return {p[crowdway_p::Horizon], p[crowdway_p::Radius], p[crowdway_p::Against], p[crowdway_p::Slow],
          p[crowdway_p::Density]};
}

void crowd_way_view(const SenseContext& ctx, const SelfState& self, const Vec2& target,
                    const DistanceField* field, const CrowdWayParams& p, CrowdWayView& out) {
  out.movers.clear();
  out.from = self.location;
  out.target = target;
  out.field = field;
  out.straight = 0;
  const Percept way = sense_location({self.location, 0.0, self.location, 0}, target, field);
  out.to_goal = way.d;
  out.length = std::min(p.horizon, way.d);
  if (out.length <= 1e-6) return;
  const double reach = p.horizon + p.radius, r2 = reach * reach;
  for (const std::uint32_t j : ctx.neighbours) {
    if (ctx.snapshot.agent_of(j) == ctx.self) continue;
    const Plan& plan = ctx.snapshot.plan[j];
    const Vec2 at = plan.at(self.t0);
    if ((at - self.location).squaredNorm() > r2) continue;
    out.movers.push_back({at, plan.velocity()});
  }
  out.straight = crowd_way_cost(out.movers, self.location, unit_from_heading(way.theta), out.length, p);
}

double crowd_way_cost(std::span<const CrowdMover> movers, const Vec2& from, const Vec2& u,
                      double length, const CrowdWayParams& p) {
  constexpr double kFreeSpeed = 1.34;  // m/s, Weidmann 1993
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
                     p.slow * std::clamp(1.0 - towards / kFreeSpeed, 0.0, 1.0) + p.density;
    if (c <= 0) continue;
    const auto F = [&](double s) { return s * (a2 * a2 - s * s * (2.0 * a2 / 3.0 - s * s / 5.0)); };
    extra += c * norm * (F(hi) - F(lo));
  }
  return extra;
}

}  // namespace footfall
