// Behaviors among characters: unaligned collision avoidance, separation, cohesion, alignment,
// flocking and leader following (S1 "Unaligned Collision Avoidance" through "Leader Following").
#include <algorithm>
#include <cmath>

#include "footfall/steering/steering.hpp"

namespace footfall::steer {

Approach closest_approach(const Vec2& dp, const Vec2& dv) {
  const double vv = dv.squaredNorm();
  if (vv < 1e-12) return {kInf, dp.norm()};  // never closer than now
  const double t = -dp.dot(dv) / vv;
  return {t, (dp + dv * t).norm()};
}

Desired unaligned_avoidance(const Self& self, std::span<const Other> others, const UnalignedParams& p) {
  int soonest = -1;
  Approach best;
  for (std::size_t i = 0; i < others.size(); ++i) {
    const Approach a = closest_approach(others[i].position - self.position, others[i].velocity - self.velocity);
    // A potential collision: the nearest approach in the future, and close enough.
    if (!(a.time > 0) || a.time > p.horizon) continue;
    if (a.distance >= p.radius + others[i].radius + p.margin) continue;
    if (a.time < best.time) {  // "the nearest of these": the soonest
      best = a;
      soonest = static_cast<int>(i);
    }
  }
  if (soonest < 0) return std::nullopt;
  const Other& o = others[soonest];
  const Vec2 mine = self.position + self.velocity * best.time;
  const Vec2 theirs = o.position + o.velocity * best.time;
  // Turn away laterally from where the other will be (dead ahead: to the right).
  const Vec2 side = left_of(self.forward);
  const double lateral = (theirs - mine).dot(side);
  const Vec2 turn = (lateral > 0 ? -1.0 : 1.0) * side;
  // Speed up when we reach the meeting point first, else slow down and pass behind (Fig. 12).
  const Vec2 site = 0.5 * (mine + theirs);
  const double my_speed = self.velocity.norm(), their_speed = o.velocity.norm();
  const double t_mine = my_speed > 1e-9 ? (site - self.position).norm() / my_speed : kInf;
  const double t_theirs = their_speed > 1e-9 ? (site - o.position).norm() / their_speed : kInf;
  const double factor = t_mine <= t_theirs ? 1.0 + p.speed_change : 1.0 - p.speed_change;
  const Vec2 along = my_speed > 1e-9 ? Vec2(self.velocity * factor) : Vec2(self.forward * 0.0);
  return truncate(along + self.max_speed * p.turn * turn, self.max_speed);
}

bool in_neighbourhood(const Self& self, const Vec2& other, const Neighbourhood& n) {
  const Vec2 d = other - self.position;
  const double r2 = d.squaredNorm();
  if (r2 > n.distance * n.distance || r2 < 1e-18) return false;
  if (n.angle >= kPi) return true;
  return d.dot(self.forward) >= std::cos(n.angle) * std::sqrt(r2);
}

int count_neighbours(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  int count = 0;
  for (const Other& o : others) count += in_neighbourhood(self, o.position, n);
  return count;
}

Vec2 separation_force(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  Vec2 sum = Vec2::Zero();
  for (const Other& o : others) {
    if (!in_neighbourhood(self, o.position, n)) continue;
    const Vec2 offset = self.position - o.position;
    sum += offset / offset.squaredNorm();  // normalized, then 1/r: offset / r²
  }
  return sum;
}

Vec2 cohesion_force(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  Vec2 sum = Vec2::Zero();
  int count = 0;
  for (const Other& o : others)
    if (in_neighbourhood(self, o.position, n)) sum += o.position, ++count;
  return count ? Vec2(sum / count - self.position) : Vec2(Vec2::Zero());
}

Vec2 alignment_force(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  Vec2 sum = Vec2::Zero();
  int count = 0;
  for (const Other& o : others)
    if (in_neighbourhood(self, o.position, n)) sum += o.velocity, ++count;
  return count ? Vec2(sum / count - self.velocity) : Vec2(Vec2::Zero());
}

Desired separation(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  if (count_neighbours(self, others, n) == 0) return std::nullopt;
  // (1 m)·Σ offset/r²: a neighbour 1 m away asks for a full max_speed of correction.
  return truncate(self.velocity + self.max_speed * separation_force(self, others, n), self.max_speed);
}

Desired cohesion(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  if (count_neighbours(self, others, n) == 0) return std::nullopt;
  return seek(self, self.position + cohesion_force(self, others, n));
}

Desired alignment(const Self& self, std::span<const Other> others, const Neighbourhood& n) {
  if (count_neighbours(self, others, n) == 0) return std::nullopt;
  return truncate(self.velocity + alignment_force(self, others, n), self.max_speed);
}

Desired flocking(const Self& self, std::span<const Other> others, const FlockParams& p) {
  const int ns = count_neighbours(self, others, p.separation);
  const int na = count_neighbours(self, others, p.alignment);
  const int nc = count_neighbours(self, others, p.cohesion);
  if (ns + na + nc == 0) return std::nullopt;
  const Vec2 s = p.separation_weight * unit_or_zero(separation_force(self, others, p.separation)) +
                 p.alignment_weight * unit_or_zero(alignment_force(self, others, p.alignment)) +
                 p.cohesion_weight * unit_or_zero(cohesion_force(self, others, p.cohesion));
  return truncate(self.velocity + self.max_speed * s, self.max_speed);
}

Vec2 point_behind(const Other& leader, const LeaderParams& p) {
  const double behind = p.behind + p.behind_per_speed * leader.velocity.norm();
  return leader.position - behind * leader.forward;
}

Vec2 leader_following(const Self& self, const Other& leader, std::span<const Other> others,
                      const LeaderParams& p) {
  const Vec2 local = self.position - leader.position;
  const Vec2 side = left_of(leader.forward);
  const double ahead = local.dot(leader.forward), lateral = local.dot(side);
  if (ahead >= 0 && ahead <= p.front_length && std::abs(lateral) <= 0.5 * p.front_width) {
    // In the leader's way: step out of it sideways first (from its axis, to its right).
    return (lateral > 0 ? 1.0 : -1.0) * self.max_speed * side;
  }
  Vec2 desired = arrival(self, point_behind(leader, p), p.slowing_distance);
  if (p.separation_weight > 0)
    desired += p.separation_weight * self.max_speed * separation_force(self, others, p.separation);
  return truncate(desired, self.max_speed);
}

Desired weighted_sum(std::span<const Desired> outputs, std::span<const double> weights) {
  Vec2 sum = Vec2::Zero();
  bool any = false;
  for (std::size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i]) sum += weights[i] * *outputs[i], any = true;
  if (!any) return std::nullopt;
  return sum;
}

int priority_pick(std::span<const Desired> outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i]) return static_cast<int>(i);
  return -1;
}

int dither_pick(std::span<const Desired> outputs, std::span<const double> probability,
                std::span<const double> draws) {
  for (std::size_t i = 0; i < outputs.size(); ++i)
    if (draws[i] < probability[i] && outputs[i]) return static_cast<int>(i);
  return -1;
}

}  // namespace footfall::steer
