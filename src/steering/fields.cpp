// Wander and flow-field following (S1 "Wander", "Flow Field Following").
#include <algorithm>
#include <cmath>

#include "footfall/core/rng.hpp"
#include "footfall/steering/steering.hpp"

namespace footfall::steer {

double wander_angle(std::uint64_t seed, std::uint64_t agent, std::uint64_t step, const WanderParams& p) {
  // The retained state of S1, recomputed: the last `window` displacements summed. Step k's
  // displacement is a pure function of (seed, agent, k), so no thread ever needs another's state.
  double angle = 0;
  const std::uint64_t window = static_cast<std::uint64_t>(std::max(1, p.window));
  for (std::uint64_t i = 0; i < window; ++i) {
    if (i > step) break;
    const double u = counter_uniform(seed, agent, step - i, RngStream::Wander);
    angle += p.rate * (u - 0.5);
  }
  return angle;
}

Vec2 wander_target(const Self& self, double angle, const WanderParams& p) {
  // The circle "slightly ahead of the character"; the angle is measured from the forward axis.
  const Vec2 f = self.forward, side = left_of(f);
  return self.position + p.distance * f + p.radius * (std::cos(angle) * f + std::sin(angle) * side);
}

Vec2 wander(const Self& self, double angle, const WanderParams& p) {
  return seek(self, wander_target(self, angle, p));
}

std::optional<Vec2> sample_flow(const FlowField& field, const Vec2& p) {
  using K = FlowField::Kind;
  switch (field.kind) {
    case K::Uniform: return field.velocity;
    case K::Vortex: {
      const Vec2 r = p - field.origin;
      return Vec2(field.speed * unit_or_zero(left_of(r)));
    }
    case K::Source: return Vec2(field.speed * unit_or_zero(p - field.origin));
    case K::Sink: return Vec2(field.speed * unit_or_zero(field.origin - p));
    case K::Grid: {
      if (field.nx <= 0 || field.ny <= 0 || field.cell <= 0) return std::nullopt;
      const Vec2 g = (p - field.origin) / field.cell;
      if (g.x() < 0 || g.y() < 0 || g.x() > field.nx || g.y() > field.ny) return std::nullopt;
      // Bilinear between cell centres, clamped at the border cells.
      const double fx = std::clamp(g.x() - 0.5, 0.0, field.nx - 1.0);
      const double fy = std::clamp(g.y() - 0.5, 0.0, field.ny - 1.0);
      const int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
      const int x1 = std::min(x0 + 1, field.nx - 1), y1 = std::min(y0 + 1, field.ny - 1);
      const double tx = fx - x0, ty = fy - y0;
      const auto at = [&](int x, int y) { return field.vectors[static_cast<std::size_t>(y) * field.nx + x]; };
      return Vec2((1 - ty) * ((1 - tx) * at(x0, y0) + tx * at(x1, y0)) +
                  ty * ((1 - tx) * at(x0, y1) + tx * at(x1, y1)));
    }
  }
  return std::nullopt;
}

Desired flow_following(const Self& self, const FlowField& field, double prediction) {
  const auto f = sample_flow(field, predicted_self(self, prediction));
  if (!f) return std::nullopt;
  return truncate(*f, self.max_speed);
}

}  // namespace footfall::steer
