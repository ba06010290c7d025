#include "footfall/behavior/sensors.hpp"

#include <algorithm>
#include <cmath>

namespace footfall {

Percept sense_location(const Pose& pose, const Vec2& target) {
  return {(target - pose.forward_foot).norm(),
          relative_angle(pose.forward_foot, pose.heading, target)};
}

std::optional<double> field_distance(const Vec2& p, const Vec2& target, const DistanceField* field) {
  if (!field || (target - p).norm() < 0.3) return std::nullopt;
  const double d = field->distance(p);
  return std::isfinite(d) ? std::optional<double>(d) : std::nullopt;
}

Percept sense_location(const Pose& pose, const Vec2& target, const DistanceField* field) {
  const std::optional<double> d = field_distance(pose.forward_foot, target, field);
  if (!d) return sense_location(pose, target);
  const Vec2 way = field->direction(pose.forward_foot);
  if (way.squaredNorm() == 0) return sense_location(pose, target);
  return {*d, wrap_angle(heading_of(way) - pose.heading)};
}

std::optional<Percept> sense_obstacle(const Pose& pose, const SenseContext& ctx, int obstacle) {
  if (obstacle < 0 || obstacle >= static_cast<int>(ctx.world.obstacles.size())) return std::nullopt;
  const Shape& s = ctx.world.obstacles[obstacle].shape;
  const Vec2 q = closest_point(s, pose.location);
  return Percept{(q - pose.location).norm() - ctx.self_radius,
                 relative_angle(pose.location, pose.heading, q)};
}

std::optional<Percept> sense_agent(const Pose& pose, const SenseContext& ctx, int agent) {
  if (agent < 0 || agent >= static_cast<int>(ctx.snapshot.size()) ||
      agent == static_cast<int>(ctx.self))
    return std::nullopt;
  const Vec2& c = ctx.snapshot.location[agent];
  const double d = (c - pose.location).norm();
  const Vec2 u = d > 0 ? Vec2((c - pose.location) / d) : Vec2(1, 0);
  // Each body as far as it reaches along the line between them (agents/body.hpp).
  return Percept{d - body_extent(ctx.snapshot.heading[agent], ctx.snapshot.body(agent), u) -
                     body_extent(pose.heading, ctx.self_body(), u),
                 relative_angle(pose.location, pose.heading, c)};
}

Sector make_sector(const Vec2& apex, double heading, double radius, double fov) {
  return {apex, heading, radius, fov, apex + radius * unit_from_heading(heading + fov),
          apex + radius * unit_from_heading(heading - fov)};
}

double sector_distance(const Sector& s, const Vec2& p) {
  const Vec2 v = p - s.apex;
  const double r = v.norm();
  if (r == 0.0) return 0.0;
  if (std::abs(wrap_angle(heading_of(v) - s.heading)) <= s.fov) return std::max(0.0, r - s.radius);
  return std::min(point_segment_distance(p, s.apex, s.edge_left),
                  point_segment_distance(p, s.apex, s.edge_right));
}

double sector_distance(const Vec2& apex, double heading, double radius, double fov,
                       const Vec2& p) {
  return sector_distance(make_sector(apex, heading, radius, fov), p);
}

std::optional<Percept> sense_proximity(const Pose& pose, const SenseContext& ctx,
                                       const ProximityParams& p) {
  // Σ α_i c_i / Σ α_i and Σ α_i R_i / Σ α_i (Reich §7.3.4, Figs 7.9–7.10).
  Vec2 sum_c = Vec2::Zero();
  double sum_r = 0, sum_a = 0;
  // Work done only for an object within reach, once per call: the heading's unit vector and the
  // half-angle's cos and sin for the sector test; the sector's edges (two sines and cosines) only
  // for an object outside its angle.
  bool have_axis = false;
  Vec2 ahead = Vec2::Zero();
  double cos_fov = p.cos_fov, sin_fov = p.sin_fov;
  std::optional<Sector> sector;
  const auto edges = [&]() -> const Sector& {
    if (!sector) sector = make_sector(pose.location, pose.heading, p.radius, p.fov);
    return *sector;
  };
  // sector_distance(make_sector(...), c) bit for bit. Its angle test |θ| ≤ fov, θ the angle of
  // v = c − apex off the heading, is decided by sin(fov − |θ|)·|v| = sin fov·(ahead·v) −
  // cos fov·|ahead × v| without atan2; within 1e-9 of the edge, by the exact test itself.
  const auto distance = [&](const Vec2& c, const Vec2& v, double r) {
    if (r == 0.0) return 0.0;
    bool inside = p.fov >= kPi;
    if (!inside) {
      if (!have_axis) {
        ahead = unit_from_heading(pose.heading);
        if (!(cos_fov <= 1)) {
          cos_fov = std::cos(p.fov);
          sin_fov = std::sin(p.fov);
        }
        have_axis = true;
      }
      const double g = sin_fov * ahead.dot(v) - cos_fov * std::abs(cross(ahead, v));
      inside = std::abs(g) > 1e-9 * r ? g > 0
                                      : std::abs(wrap_angle(heading_of(v) - pose.heading)) <= p.fov;
    }
    if (inside) return std::max(0.0, r - p.radius);
    const Sector& s = edges();
    return std::min(point_segment_distance(c, s.apex, s.edge_left),
                    point_segment_distance(c, s.apex, s.edge_right));
  };
  const auto consider = [&](const Vec2& c, double radius) {
    // Beyond R + radius of the apex it cannot reach into the sector: skip the exact test.
    const double reach = p.radius + radius;
    const Vec2 v = c - pose.location;
    if (v.squaredNorm() > reach * reach) return;
    const double r = v.norm();
    if (distance(c, v, r) > radius) return;
    const double alpha = p.radius - (r - radius);
    if (alpha <= 0) return;
    sum_c += alpha * c;
    sum_r += alpha * radius;
    sum_a += alpha;
  };
  // A walker's bounding cylinder is as wide as its body reaches toward the sensing agent: a capsule
  // (agents/body.hpp) is shallower seen from in front or behind than from the side.
  if (p.walkers)
    for (std::size_t k = 0; k < ctx.neighbours.size(); ++k) {
      const std::uint32_t j = ctx.neighbours[k];
      if (j == ctx.self) continue;
      const Vec2& c = ctx.snapshot.location[j];
      const BodySize b = ctx.snapshot.body(j);
      if (b.disc()) {
        consider(c, b.half_width);
        continue;
      }
      const Vec2 v = pose.location - c;
      const double d = v.norm();
      if (d <= 0) {
        consider(c, b.half_width);
        continue;
      }
      const Vec2 axis = p.shoulders ? p.shoulders[k] : shoulder_axis(ctx.snapshot.heading[j]);
      // body_extent(heading, b, v / d), the shoulder line worked out once per neighbour.
      consider(c, b.half_depth + (b.half_width - b.half_depth) * std::abs((v / d).dot(axis)));
    }
  if (p.classes != 0)
    for (const std::uint32_t o : ctx.obstacles) {
      const Obstacle& ob = ctx.world.obstacles[o];
      if (!(p.classes & (1ull << ob.cls))) continue;
      // A cylinder is its own bounding cylinder; other shapes enter at their nearest point.
      if (const auto* cyl = std::get_if<Cylinder>(&ob.shape)) consider(cyl->center, cyl->radius);
      else consider(closest_point(ob.shape, pose.location), 0.0);
    }
  if (sum_a <= 0) return std::nullopt;
  const Vec2 c = sum_c / sum_a;
  const double r = sum_r / sum_a;
  const double d = (c - pose.location).norm();
  const double self = d > 0 ? body_extent(pose.heading, ctx.self_body(), (c - pose.location) / d)
                            : ctx.self_radius;
  return Percept{d - r - self, relative_angle(pose.location, pose.heading, c)};
}

std::optional<Percept> sense_line(const Pose& pose, const SenseContext& ctx, const Vec2& a,
                                  const Vec2& b, double fov, double nearer_than) {
  const Vec2 q = closest_on_segment(pose.location, a, b);
  const double d = (q - pose.location).norm() - ctx.self_radius;
  if (d >= nearer_than) return std::nullopt;
  const double theta = relative_angle(pose.location, pose.heading, q);
  if (std::abs(theta) > fov) return std::nullopt;
  return Percept{d, theta};
}

std::optional<Percept> sense_terrain(const Pose& pose, const World& world, std::uint64_t type_mask,
                                     double range, int except_region) {
  const auto q = world.nearest_ground(pose.forward_foot, type_mask, range, except_region);
  if (!q) return std::nullopt;
  return Percept{(*q - pose.forward_foot).norm(), relative_angle(pose.forward_foot, pose.heading, *q)};
}

std::optional<Percept> sense_field_of_view(const Pose& pose, const SenseContext& ctx, double radius,
                                           double fov) {
  double inv_sum = 0, nearest = kInf, nearest_theta = 0;
  for (const std::uint32_t j : ctx.neighbours) {
    if (j == ctx.self) continue;
    const Vec2& w = ctx.snapshot.location[j];
    const double d = (pose.location - w).norm();
    if (d > radius || std::abs(relative_angle(w, ctx.snapshot.heading[j], pose.location)) > fov)
      continue;
    inv_sum += 1.0 / std::max(d, 1e-3);
    if (d < nearest) { nearest = d; nearest_theta = relative_angle(pose.location, pose.heading, w); }
  }
  if (inv_sum == 0) return std::nullopt;
  return Percept{1.0 / inv_sum, nearest_theta};
}

double range_reading(const Pose& pose, const SenseContext& ctx, double direction, double half,
                     double range, bool walkers, std::uint64_t classes) {
  const int rays = std::max(3, static_cast<int>(std::ceil(2.0 * half / (kPi / 36))) + 1);
  double best = range;
  for (int k = 0; k < rays; ++k) {
    const double a = pose.heading + direction - half + 2.0 * half * k / (rays - 1);
    const Vec2 dir = unit_from_heading(a);
    if (walkers)
      for (const std::uint32_t j : ctx.neighbours) {
        if (j == ctx.self) continue;
        best = std::min(best, ray_distance(Cylinder{ctx.snapshot.location[j], ctx.snapshot.radius[j]},
                                           pose.location, dir));
      }
    for (const std::uint32_t o : ctx.obstacles) {
      const Obstacle& ob = ctx.world.obstacles[o];
      if (!(classes & (1ull << ob.cls))) continue;
      best = std::min(best, ray_distance(ob.shape, pose.location, dir));
    }
  }
  return best;
}

std::optional<Percept> sense_depth(const Pose& pose, const SenseContext& ctx, const DepthParams& p) {
  const int n = std::max(1, p.sensors);
  const double half = p.fov / n;
  double sum_w = 0, sum = 0, deepest = -1, deepest_phi = 0;
  for (int i = 0; i < n; ++i) {
    const double phi = -p.fov + (2 * i + 1) * half;
    const double r = std::max(p.min_range, range_reading(pose, ctx, phi, half, p.range, p.walkers, p.classes));
    const double w = p.bias + (1 - p.bias) * std::pow(std::max(0.0, std::cos(phi)), p.cos_power);
    sum_w += w;
    sum += w * (p.range / r - 1.0);
    if (r > deepest + 1e-9 || (std::abs(r - deepest) <= 1e-9 && std::abs(phi) < std::abs(deepest_phi))) {
      deepest = r;
      deepest_phi = phi;
    }
  }
  if (sum_w <= 0) return std::nullopt;
  return Percept{sum / sum_w, deepest_phi};
}

}  // namespace footfall
