// Behaviors against static geometry: obstacle avoidance, path following, wall following and
// containment (S1 "Obstacle Avoidance", "Path Following", "Wall Following", "Containment").
#include <algorithm>

#include "footfall/steering/steering.hpp"
#include "footfall/world/shapes.hpp"

namespace footfall::steer {

Vec2 predicted_self(const Self& self, double seconds) {
  const double speed = self.velocity.norm();
  const Vec2 way = speed >= 0.1 * self.max_speed ? Vec2(self.velocity / speed) : self.forward;
  return self.position + way * std::max(speed, self.max_speed) * seconds;
}

int most_threatening(const Self& self, std::span<const Circle> obstacles, const CylinderParams& p) {
  const Vec2 f = self.forward, side = left_of(f);
  const double length = p.min_length + self.velocity.norm() * p.lookahead;
  int best = -1;
  double nearest = kInf;
  for (std::size_t i = 0; i < obstacles.size(); ++i) {
    const Vec2 local = obstacles[i].center - self.position;
    const double ahead = local.dot(f), lateral = local.dot(side);
    const double reach = obstacles[i].radius + p.radius;
    // Fully behind the character, or fully ahead of the cylinder: ignored (S1 step 3).
    if (ahead + obstacles[i].radius < 0 || ahead - obstacles[i].radius > length) continue;
    // The side-up projection farther than the radii's sum: no potential collision (S1 step 2).
    if (std::abs(lateral) >= reach) continue;
    // Where the forward axis enters the obstacle grown by our radius (line-sphere test).
    const double enter = ahead - std::sqrt(reach * reach - lateral * lateral);
    if (enter < nearest) {
      nearest = enter;
      best = static_cast<int>(i);
    }
  }
  return best;
}

Desired obstacle_avoidance(const Self& self, std::span<const Circle> obstacles,
                           const CylinderParams& p) {
  const int i = most_threatening(self, obstacles, p);
  if (i < 0) return std::nullopt;
  const Vec2 side = left_of(self.forward);
  const double lateral = (obstacles[i].center - self.position).dot(side);
  // "negating the (lateral) side-up projection of the obstacle's center"; dead ahead, go right.
  const double away = lateral > 0 ? -1.0 : lateral < 0 ? 1.0 : -1.0;
  return Vec2(self.velocity + away * self.max_speed * side);
}

PathPoint project_on_path(std::span<const Vec2> spine, const Vec2& p) {
  PathPoint best{spine.empty() ? p : spine[0], 0, kInf};
  double along = 0;
  for (std::size_t i = 1; i < spine.size(); ++i) {
    const Vec2 q = closest_on_segment(p, spine[i - 1], spine[i]);
    const double d = (p - q).norm();
    if (d < best.distance) best = {q, along + (q - spine[i - 1]).norm(), d};
    along += (spine[i] - spine[i - 1]).norm();
  }
  return best;
}

Vec2 point_at_length(std::span<const Vec2> spine, double s) {
  if (spine.empty()) return Vec2::Zero();
  if (s <= 0) return spine[0];
  for (std::size_t i = 1; i < spine.size(); ++i) {
    const double len = (spine[i] - spine[i - 1]).norm();
    if (s <= len && len > 0) return spine[i - 1] + (spine[i] - spine[i - 1]) * (s / len);
    s -= len;
  }
  return spine.back();
}

Desired path_following(const Self& self, std::span<const Vec2> spine, const PathParams& p) {
  if (spine.size() < 2) return std::nullopt;
  const Vec2 future = predicted_self(self, p.prediction);
  const PathPoint on = project_on_path(spine, future);
  if (on.distance <= p.radius) return std::nullopt;  // inside the tube: no correction
  const double dir = p.direction > 0 ? 1.0 : p.direction < 0 ? -1.0 : 0.0;
  return seek(self, point_at_length(spine, on.along + dir * p.offset));
}

Desired wall_following(const Self& self, const Vec2& wall_point, const WallParams& p) {
  const Vec2 away = self.position - wall_point;
  const double d = away.norm();
  if (d > p.range) return std::nullopt;
  // The wall's normal toward us; from on the wall itself, the side the character's left is on.
  const Vec2 normal = d > 1e-9 ? Vec2(away / d) : left_of(self.forward);
  Vec2 tangent = left_of(normal);  // walking this way keeps the wall on the left
  if (p.side < 0) tangent = -tangent;
  else if (p.side == 0 && tangent.dot(self.forward) < 0) tangent = -tangent;
  return seek(self, wall_point + p.offset * normal + p.lookahead * tangent);
}

Desired containment(const Self& self, std::span<const Vec2> polygon, const ContainParams& p) {
  if (polygon.size() < 3) return std::nullopt;
  const std::vector<Vec2> poly(polygon.begin(), polygon.end());
  const Vec2 future = predicted_self(self, p.prediction);
  // The nearest boundary point to the prediction, and how far inside that leaves it.
  Vec2 on = polygon[0];
  double edge = kInf;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const Vec2 q = closest_on_segment(future, polygon[i], polygon[(i + 1) % polygon.size()]);
    if ((q - future).norm() < edge) edge = (q - future).norm(), on = q;
  }
  const bool inside = polygon_contains(poly, future);
  if (inside && edge >= p.clearance) return std::nullopt;
  // S1 option (a): project the future position to the boundary and extend that offset inward.
  Vec2 inward = unit_or_zero(inside ? Vec2(future - on) : Vec2(on - future));
  if (inward.isZero()) inward = unit_or_zero(polygon_closest_point(poly, self.position) == self.position
                                                 ? Vec2(self.position - on) : Vec2(on - self.position));
  return seek(self, on + p.margin * inward);
}

}  // namespace footfall::steer
