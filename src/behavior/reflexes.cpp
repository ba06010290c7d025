#include "footfall/behavior/reflexes.hpp"

#include "footfall/behavior/anticipation.hpp"

namespace footfall {

bool something_ahead(const SenseContext& ctx, const SelfState& self, double distance, double fov,
                     bool walkers, std::uint64_t classes) {
  const auto ahead = [&](const Vec2& q, double clearance) {
    return clearance < distance && std::abs(relative_angle(self.location, self.heading, q)) <= fov;
  };
  if (walkers)
    for (const std::uint32_t j : ctx.neighbours) {
      if (j == ctx.self) continue;
      const Vec2& c = ctx.snapshot.location[j];
      // Someone walking away ahead is followed, not halted for: the headway law and collision
      // prevention keep the distance (halting for them froze every crowd that walked one way).
      if (walking_away(ctx.snapshot.plan[j], c - self.location, self.t0)) continue;
      if (ahead(c, (c - self.location).norm() - ctx.snapshot.radius[j] - ctx.self_radius)) return true;
    }
  if (classes != 0)
    for (const std::uint32_t o : ctx.obstacles) {
      const Obstacle& ob = ctx.world.obstacles[o];
      if (!(classes & (1ull << ob.cls))) continue;
      const Vec2 q = closest_point(ob.shape, self.location);
      if (ahead(q, (q - self.location).norm() - ctx.self_radius)) return true;
    }
  return false;
}

}  // namespace footfall
