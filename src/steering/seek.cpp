// Seek, flee, pursuit, evasion, offset pursuit and arrival (S1 "Seek", "Flee", "Pursuit and
// Evasion", "Offset Pursuit", "Arrival").
#include <algorithm>

#include "footfall/steering/steering.hpp"

namespace footfall::steer {

Vec2 seek(const Self& self, const Vec2& target) {
  // Sign fixed: S1 prints normalize(position − target), which is flee.
  return unit_or_zero(target - self.position) * self.max_speed;
}

Vec2 flee(const Self& self, const Vec2& target) {
  return unit_or_zero(self.position - target) * self.max_speed;
}

double prediction_time(const Self& self, const Other& quarry, const PredictionParams& p) {
  const Vec2 offset = quarry.position - self.position;
  const double distance = offset.norm();
  // S1: "reduce T (e.g to zero) when the pursuer finds itself aligned with, and in front of, its
  // quarry": heading the same way and the quarry behind the pursuer.
  const bool aligned = self.forward.dot(quarry.forward) >= p.aligned_cos;
  const bool in_front = offset.dot(quarry.forward) < 0;
  if (aligned && in_front) return 0.0;
  const double c = p.c > 0 ? p.c : (self.max_speed > 1e-9 ? 1.0 / self.max_speed : 0.0);
  return std::min(distance * c, p.max_time);
}

Vec2 predicted_position(const Self& self, const Other& quarry, const PredictionParams& p) {
  return quarry.position + quarry.velocity * prediction_time(self, quarry, p);
}

Vec2 pursuit(const Self& self, const Other& quarry, const PredictionParams& p) {
  return seek(self, predicted_position(self, quarry, p));
}

Vec2 evasion(const Self& self, const Other& quarry, const PredictionParams& p) {
  return flee(self, predicted_position(self, quarry, p));
}

Vec2 offset_pursuit_target(const Self& self, const Other& quarry, double offset,
                           const PredictionParams& p) {
  const Vec2 target = predicted_position(self, quarry, p);
  // In 2D the side-up plane is the side axis: the local target's lateral coordinate.
  const Vec2 side = left_of(self.forward);
  const double lateral = (target - self.position).dot(side);
  // Normalize the lateral offset and scale it by −R: the point R beside the target, on our side
  // of it (straight ahead: pass it on its left, keeping it on our right).
  const double sign = lateral > 0 ? 1.0 : -1.0;
  return target - sign * offset * side;
}

Vec2 offset_pursuit(const Self& self, const Other& quarry, double offset, const PredictionParams& p) {
  return seek(self, offset_pursuit_target(self, quarry, offset, p));
}

double arrival_speed(double distance, double max_speed, double slowing_distance) {
  if (slowing_distance <= 0) return distance > 0 ? max_speed : 0.0;
  return std::min(max_speed * distance / slowing_distance, max_speed);
}

Vec2 arrival(const Self& self, const Vec2& target, double slowing_distance) {
  const Vec2 offset = target - self.position;
  const double distance = offset.norm();
  if (distance < 1e-12) return Vec2::Zero();  // S1 divides by distance: guard it
  return (arrival_speed(distance, self.max_speed, slowing_distance) / distance) * offset;
}

}  // namespace footfall::steer
