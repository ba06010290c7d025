#include "footfall/behavior/anticipation.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace footfall {

double terrain_lookahead(const World& world, const Vec2& foot, double heading, int steps,
                         double stride, double decay) {
  const Vec2 dir = unit_from_heading(heading);
  double sum = 0, f = 1;
  for (int k = 0; k < steps; ++k) {
    sum += f * (1.0 - world.navigability_at(foot + (k * stride) * dir));
    f *= decay;
  }
  return sum;
}

Intercept intercept_time(const Vec2& offset, const Vec2& v, double T) {
  const double a = v.squaredNorm();                   // (8.14)
  const double b = 2.0 * offset.dot(v);               // (8.15)
  const double c = offset.squaredNorm() - T * T;      // (8.16)
  Intercept out;
  // c ≤ 0: already within T (one root ≤ 0 ≤ the other, or both 0).
  if (c <= 0) {
    out.kind = InterceptCase::Within;
    return out;
  }
  // Equal velocities: the distance never changes, and it is more than T.
  if (a <= 1e-12) return out;
  const double disc = b * b - 4.0 * a * c;  // (8.17)
  if (disc < 0) {
    // They never come within T. Closest approach at t* = −b / 2a, at distance
    // √(c + T² − b² / 4a) (the threshold with which the thesis solves again, for a double root).
    const double t = -b / (2.0 * a);
    if (t <= 0) return out;  // the closest approach is behind us: diverging
    out.kind = InterceptCase::ClosestApproach;
    out.time = t;
    out.min_distance = std::sqrt(std::max(0.0, c + T * T - b * b / (4.0 * a)));
    return out;
  }
  // c > 0: the roots have the same sign; both negative means they are moving apart.
  const double q = std::sqrt(disc);
  const double t1 = (-b - q) / (2.0 * a);
  if (t1 < 0) return out;
  out.kind = InterceptCase::Roots;
  out.time = t1;
  return out;
}

double intercept_stress(const Intercept& i, const Vec2& offset, double T, double v_ref) {
  switch (i.kind) {
    case InterceptCase::Within: return 0.0;
    case InterceptCase::Roots: return i.time;
    case InterceptCase::ClosestApproach:
      return kNoIntercept + i.time + (i.min_distance - T) / v_ref;
    case InterceptCase::Diverging: break;
  }
  return 2 * kNoIntercept + std::max(0.0, offset.norm() - T) / v_ref;
}

PredictedMover predict_mover(const Plan& other, double radius, const MotionBiases& b) {
  PredictedMover m;
  m.plan = other;
  m.radius = radius;
  const double total = b.straight + b.faster + b.slower + b.left + b.right;
  if (total <= 0) return m;
  const Vec2 v = other.velocity();
  const auto turned = [&](double angle) {
    const double c = std::cos(angle), s = std::sin(angle);
    return Vec2(c * v.x() - s * v.y(), s * v.x() + c * v.y());
  };
  m.velocity = {v, (1 + b.speed_change) * v, (1 - b.speed_change) * v, turned(b.turn), turned(-b.turn)};
  m.weight = {b.straight / total, b.faster / total, b.slower / total, b.left / total, b.right / total};
  for (std::size_t c = 0; c < m.velocity.size(); ++c)
    if (m.weight[c] != 0) m.max_speed = std::max(m.max_speed, m.velocity[c].norm());
  return m;
}

double collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                             const Vec2& own_velocity, double self_radius, const Plan& other,
                             double other_radius, const PredictiveAvoidParams& p) {
  return collision_probability(from, to, t0, duration, own_velocity, self_radius,
                               predict_mover(other, other_radius, p.biases), p);
}

double collision_probability(const Vec2& from, const Vec2& to, double t0, double duration,
                             const Vec2& own_velocity, double self_radius, const PredictedMover& m,
                             const PredictiveAvoidParams& p) {
  if (duration <= 0) return 0.0;
  const Plan& other = m.plan;
  const std::array<Vec2, 5>& velocity = m.velocity;
  const std::array<double, 5>& weight = m.weight;
  const double contact = self_radius + m.radius;
  const double horizon = t0 + p.steps * duration;
  // Too far apart to come within the margin before the horizon: every φ below is 0, and so is the
  // sum. Over the horizon the agent stays within its step plus what it walks on of `from`, the
  // other within its step plus its fastest prediction of the end of its step. (The 1 µm keeps
  // rounding in the exact distances below from ever mattering.)
  const double own_reach = (to - from).norm() + own_velocity.norm() * (p.steps - 1) * duration;
  const double other_reach = (other.to - other.from).norm() + m.max_speed * std::max(0.0, horizon - other.t1);
  if ((other.to - from).norm() - own_reach - other_reach > contact + p.margin + 1e-6) return 0.0;

  const auto self_at = [&](double t) {
    return t <= t0 + duration ? Vec2(from + (to - from) * ((t - t0) / duration))
                              : Vec2(to + own_velocity * (t - t0 - duration));
  };
  const auto phi = [&](double d) { return std::clamp((contact + p.margin - d) / p.margin, 0.0, 1.0); };
  // Beyond this squared distance φ is exactly 0 (the root would be at least contact + margin):
  // most predictions end there, and the root and the division are the loop's slowest steps.
  const double clear2 = (contact + p.margin) * (contact + p.margin) * (1 + 1e-12);

  double sum = 0, f = 1;
  for (int k = 0; k < p.steps; ++k) {
    const double ta = t0 + k * duration, tb = ta + duration;
    // Both motions are linear between these cuts.
    std::array<double, 4> cuts = {ta, tb, std::clamp(other.t0, ta, tb), std::clamp(other.t1, ta, tb)};
    std::sort(cuts.begin(), cuts.end());
    std::array<Vec2, 4> self;
    for (std::size_t i = 0; i < cuts.size(); ++i) self[i] = self_at(cuts[i]);
    // Pieces that end by the end of the other's step see its plan, whatever it does next: the same
    // for every prediction. Squared distances throughout, one root per prediction.
    double shared = kInf;
    std::size_t first_predicted = 0;
    for (std::size_t i = 0; i + 1 < cuts.size() && cuts[i + 1] <= other.t1; ++i, first_predicted = i) {
      if (cuts[i + 1] <= cuts[i]) continue;
      shared = std::min(shared, closest_squared_to_origin(other.at(cuts[i]) - self[i], other.at(cuts[i + 1]) - self[i + 1]));
    }
    double pk = 0;
    for (std::size_t c = 0; c < velocity.size(); ++c) {
      if (weight[c] == 0) continue;
      double d2 = shared;
      for (std::size_t i = first_predicted; i + 1 < cuts.size(); ++i) {
        if (cuts[i + 1] <= cuts[i]) continue;  // duration > 0: some piece is not empty
        const Vec2 r0 = extrapolate(other, velocity[c], cuts[i]) - self[i];
        const Vec2 r1 = extrapolate(other, velocity[c], cuts[i + 1]) - self[i + 1];
        d2 = std::min(d2, closest_squared_to_origin(r0, r1));
      }
      if (d2 <= clear2) pk += weight[c] * phi(std::sqrt(d2));
    }
    sum += f * pk;
    f *= p.decay;
  }
  return sum;
}

}  // namespace footfall
