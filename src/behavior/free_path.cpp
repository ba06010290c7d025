#include "footfall/behavior/free_path.hpp"

#include <algorithm>
#include <cmath>
#include "footfall/behavior/anticipation.hpp"

namespace footfall {

void free_path_movers(const SenseContext& ctx, const Vec2& from, double heading, double t,
                      double radius, bool conflicts_only, std::vector<Mover>& out) {
  out.clear();
  const double r2 = radius * radius;
  for (const std::uint32_t j : ctx.neighbours) {
    if (ctx.snapshot.agent_of(j) == ctx.self) continue;
    const Plan& plan = ctx.snapshot.plan[j];
    const Vec2 at = plan.at(t);
    if ((at - from).squaredNorm() > r2) continue;
    if (conflicts_only && !crosses_or_meets(plan, heading)) continue;
    // A plan that has just ended is a walker deciding its next step, most likely like the last.
    out.push_back({at, plan.velocity(), ctx.self_radius + ctx.snapshot.radius[j]});
  }
}

double free_distance(const SenseContext& ctx, std::span<const Mover> movers, const Vec2& from,
                     const Vec2& u, double speed, double body_radius, double horizon,
                     double keep_right) {
  double f = horizon;
  const Vec2 own = speed * u;
  for (const Mover& m : movers) {
    // |r + w·t| = reach, r the other's offset and w the relative velocity: the first root. One
    // who would pass on the agent's right (w × r > 0) is given a wider berth when keeping right.
    const Vec2 r = m.at - from, w = m.velocity - own;
    const double reach = m.reach + (cross(w, r) > 0 ? keep_right : 0.0);
    const double c = r.squaredNorm() - reach * reach;
    const double b = r.dot(w);  // half the linear coefficient
    if (b >= 0) continue;       // not closing in
    if (c <= 0) return 0.0;     // touching already, and closing in
    const double a = w.squaredNorm();
    const double disc = b * b - a * c;
    if (disc < 0) continue;     // passes clear
    const double t = (-b - std::sqrt(disc)) / a;
    f = std::min(f, speed * t);
  }
  for (const std::uint32_t o : ctx.obstacles) {
    const Obstacle& ob = ctx.world.obstacles[o];
    if (!ob.solid) continue;
    const double d = ray_distance(ob.shape, from, u);
    if (d < kInf) f = std::min(f, std::max(0.0, d - body_radius));
  }
  return f;
}

}  // namespace footfall
