#include "footfall/behavior/steering_nodes.hpp"

#include "footfall/behavior/controls.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/core/rng.hpp"
#include "footfall/steering/steering.hpp"

namespace footfall {
namespace {

// Another agent as steering sees it: where it is and the velocity of the step it is taking (a
// step that ended a while ago: standing).
steer::Other other_of(const Snapshot& s, std::uint32_t j, double t) {
  const Plan& plan = s.plan[j];
  const Vec2 v = t <= plan.t1 + 0.25 ? plan.velocity() : Vec2(Vec2::Zero());
  return {s.location[j], v, unit_from_heading(s.heading[j]), s.radius[j]};
}

// Which others count: all (kAnyNet), or only those of the agent's own behavior-net template.
constexpr std::uint32_t kAnyNet = ~0u;
std::uint32_t same_net_as_self(const SenseContext& ctx) {
  const auto& net = ctx.snapshot.net;
  return ctx.self < net.size() ? net[ctx.self] : kAnyNet;
}

// The others within `radius` of the agent, leaving out `except` (a leader, a quarry), and with
// `only_net` those of other templates (a leader's followers among a crowd).
std::vector<steer::Other> others_near(const SenseContext& ctx, const SelfState& self, double radius,
                                      std::uint32_t except = ~0u, std::uint32_t only_net = kAnyNet) {
  std::vector<steer::Other> out;
  const double r2 = radius * radius;
  for (const std::uint32_t j : ctx.neighbours) {
    if (j == ctx.self || ctx.snapshot.agent_of(j) == except) continue;
    if (only_net != kAnyNet && j < ctx.snapshot.net.size() && ctx.snapshot.net[j] != only_net) continue;
    if ((ctx.snapshot.location[j] - self.location).squaredNorm() > r2) continue;
    out.push_back(other_of(ctx.snapshot, j, self.t0));
  }
  return out;
}

// The target an input sensor names: a location, an agent or the nearest point of an obstacle.
struct Target {
  Vec2 position = Vec2::Zero();
  int agent = -1;
};
std::optional<Target> target_of(const NetNode& src, const double* sp, const SenseContext& ctx,
                                const Vec2& from) {
  if (src.kind == NodeKind::LocationSensor) return Target{{sp[location_p::X], sp[location_p::Y]}, -1};
  if (src.kind != NodeKind::ObjectSensor) return std::nullopt;
  const int a = static_cast<int>(sp[object_p::Agent]);
  const int o = static_cast<int>(sp[object_p::Obstacle]);
  if (a >= 0 && a < static_cast<int>(ctx.snapshot.size()) && a != static_cast<int>(ctx.self))
    return Target{ctx.snapshot.location[a], a};
  if (o >= 0 && o < static_cast<int>(ctx.world.obstacles.size()))
    return Target{closest_point(ctx.world.obstacles[o].shape, from), -1};
  return std::nullopt;
}

// Through a location sensor that navigates (location_sensor.navigate): the way down its navigation
// field from the forward foot, and the walking distance left, so that seek and arrival go round
// walls instead of into them. Nothing without a field, or within 0.3 m of the target (the sensor's
// own fallback to the straight line).
struct Way {
  Vec2 direction;
  double distance = 0;
};
std::optional<Way> navigated_way(const NetNode& src, const double* sp, const SenseContext& ctx,
                                 const Vec2& foot) {
  if (src.kind != NodeKind::LocationSensor || sp[location_p::Navigate] == 0.0 || !ctx.fields)
    return std::nullopt;
  const Vec2 target(sp[location_p::X], sp[location_p::Y]);
  const DistanceField* field = ctx.fields->find(target);
  if (!field || (target - foot).norm() < 0.3) return std::nullopt;
  const double d = field->distance(foot);
  const Vec2 way = field->direction(foot);
  if (!std::isfinite(d) || way.squaredNorm() == 0) return std::nullopt;
  return Way{way.normalized(), d};
}

steer::PredictionParams prediction_of(const double* p) {
  return {p[pursuit_p::C], p[pursuit_p::MaxTime], std::cos(p[pursuit_p::Aligned])};
}

// Obstacles as S1's spheres: cylinders and walkers as they are; boxes and walls by their point
// nearest the forward axis (a zero-radius sphere), so that a wall alongside is no threat.
std::vector<steer::Circle> threats(const SenseContext& ctx, const NetNode& n, const steer::Self& me,
                                   double length) {
  std::vector<steer::Circle> out;
  for (const std::uint32_t o : ctx.obstacles) {
    const Obstacle& ob = ctx.world.obstacles[o];
    if (!(n.mask & (1ull << ob.cls))) continue;
    if (const auto* c = std::get_if<Cylinder>(&ob.shape)) {
      out.push_back({c->center, c->radius});
      continue;
    }
    steer::Circle best{me.position, 0};
    double nearest = kInf;
    for (int k = 0; k <= 4; ++k) {
      const Vec2 on_axis = me.position + me.forward * (length * k / 4.0);
      const Vec2 q = closest_point(ob.shape, on_axis);
      const double d = point_segment_distance(q, me.position, me.position + me.forward * length);
      if (d < nearest) nearest = d, best.center = q;
    }
    out.push_back(best);
  }
  if (n.walkers)
    for (const std::uint32_t j : ctx.neighbours)
      if (j != ctx.self) out.push_back({ctx.snapshot.location[j], ctx.snapshot.radius[j]});
  return out;
}

// The nearest point of an obstacle of the node's classes within `range`: the wall followed.
std::optional<Vec2> nearest_wall(const SenseContext& ctx, const NetNode& n, const Vec2& from,
                                 double range) {
  std::optional<Vec2> best;
  double nearest = range;
  for (const std::uint32_t o : ctx.obstacles) {
    const Obstacle& ob = ctx.world.obstacles[o];
    if (!(n.mask & (1ull << ob.cls))) continue;
    const Vec2 q = closest_point(ob.shape, from);
    const double d = (q - from).norm();
    if (d <= nearest) nearest = d, best = q;
  }
  return best;
}

}  // namespace

double steering_max_speed(const NetTemplate& net, const double* params, const double* p) {
  if (p[steer_p::MaxSpeed] > 0) return p[steer_p::MaxSpeed];
  const double* walk = params + net.nodes()[net.walk_node()].param_offset;
  return walk[walk_p::StepLength] / walk[walk_p::StepTime];
}

std::optional<Vec2> steering_desire(const NetTemplate& net, const double* params, std::size_t node,
                                    const SenseContext& ctx) {
  const NetNode& n = net.nodes()[node];
  const double* p = params + n.param_offset;
  if (!ctx.self_state || p[steer_p::Bound] == 0.0) return std::nullopt;
  const SelfState& self = *ctx.self_state;
  const steer::Self me{self.location, self.velocity, unit_from_heading(self.heading),
                       p[steer_p::MaxSpeed] <= 0 && self.max_speed > 0
                           ? self.max_speed
                           : steering_max_speed(net, params, p)};
  const auto input = [&]() -> std::optional<Target> {
    if (n.link_count == 0) return std::nullopt;
    const NetNode& src = net.nodes()[net.link_sources()[n.first_link]];
    return target_of(src, params + src.param_offset, ctx, self.location);
  };
  const auto navigated = [&]() -> std::optional<Way> {
    const NetNode& src = net.nodes()[net.link_sources()[n.first_link]];
    return navigated_way(src, params + src.param_offset, ctx, self.planted);
  };
  const auto quarry = [&](const Target& t) {
    return t.agent >= 0 ? other_of(ctx.snapshot, static_cast<std::uint32_t>(t.agent), self.t0)
                        : steer::Other{t.position, Vec2::Zero(), me.forward, 0.0};
  };
  switch (n.kind) {
    case NodeKind::Seek: {
      const auto t = input();
      if (!t) return std::nullopt;
      if (const auto way = navigated()) return Vec2(way->direction * me.max_speed);
      return steer::seek(me, t->position);
    }
    case NodeKind::Flee: {
      const auto t = input();
      if (!t) return std::nullopt;
      const double range = p[flee_p::Range];
      if (range > 0 && (t->position - me.position).norm() > range) return std::nullopt;
      return steer::flee(me, t->position);
    }
    case NodeKind::Arrival: {
      const auto t = input();
      if (!t) return std::nullopt;
      // From the forward foot, as the location sensor measures (Reich §7.3.2): the walker ends
      // with that foot on the target and closes the other onto it, standing on the target.
      if (const auto way = navigated())
        return Vec2(way->direction *
                    steer::arrival_speed(way->distance, me.max_speed, p[arrival_p::SlowingDistance]));
      steer::Self foot = me;
      foot.position = self.planted;
      return steer::arrival(foot, t->position, p[arrival_p::SlowingDistance]);
    }
    case NodeKind::Pursuit: case NodeKind::Evasion: case NodeKind::OffsetPursuit: {
      const auto t = input();
      if (!t) return std::nullopt;
      const steer::Other q = quarry(*t);
      const steer::PredictionParams pp = prediction_of(p);
      if (n.kind == NodeKind::Pursuit) return steer::pursuit(me, q, pp);
      if (n.kind == NodeKind::OffsetPursuit) return steer::offset_pursuit(me, q, p[pursuit_p::Extra], pp);
      const double range = p[pursuit_p::Extra];
      if (range > 0 && (q.position - me.position).norm() > range) return std::nullopt;
      return steer::evasion(me, q, pp);
    }
    case NodeKind::ObstacleAvoid: {
      const steer::CylinderParams cp{ctx.self_radius, p[obstacle_avoid_p::MinLength],
                                     p[obstacle_avoid_p::Lookahead]};
      const auto obstacles = threats(ctx, n, me, cp.min_length + me.velocity.norm() * cp.lookahead);
      return steer::obstacle_avoidance(me, obstacles, cp);
    }
    case NodeKind::Wander: {
      const steer::WanderParams wp{p[wander_p::Radius], p[wander_p::Distance], p[wander_p::Rate],
                                   static_cast<int>(p[wander_p::Window])};
      return steer::wander(me, steer::wander_angle(self.seed, ctx.self, self.step, wp), wp);
    }
    case NodeKind::PathFollow: {
      const int i = static_cast<int>(p[path_p::Path]);
      if (i < 0 || i >= static_cast<int>(ctx.world.paths.size())) return std::nullopt;
      return steer::path_following(me, ctx.world.paths[i].points,
                                   {p[path_p::Radius], p[path_p::Prediction], p[path_p::Direction],
                                    p[path_p::Offset]});
    }
    case NodeKind::WallFollow: {
      const steer::WallParams wp{p[wall_p::Offset], p[wall_p::Lookahead], p[wall_p::Range], p[wall_p::Side]};
      const auto wall = nearest_wall(ctx, n, me.position, wp.range);
      if (!wall) return std::nullopt;
      return steer::wall_following(me, *wall, wp);
    }
    case NodeKind::Containment: {
      const int i = static_cast<int>(p[contain_p::Region]);
      if (i < 0 || i >= static_cast<int>(ctx.world.regions.size())) return std::nullopt;
      return steer::containment(me, ctx.world.regions[i].polygon,
                                {p[contain_p::Prediction], p[contain_p::Margin], p[contain_p::Clearance]});
    }
    case NodeKind::FlowFollow: {
      const int i = static_cast<int>(p[flow_p::Field]);
      if (i < 0 || i >= static_cast<int>(ctx.world.flow_fields.size())) return std::nullopt;
      return steer::flow_following(me, ctx.world.flow_fields[i], p[flow_p::Prediction]);
    }
    case NodeKind::UnalignedAvoid: {
      const auto others = others_near(ctx, self, p[unaligned_p::Radius]);
      return steer::unaligned_avoidance(me, others,
                                        {p[unaligned_p::Horizon], p[unaligned_p::Margin],
                                         p[unaligned_p::SpeedChange], p[unaligned_p::Turn],
                                         ctx.self_radius});
    }
    case NodeKind::Separation: case NodeKind::Cohesion: case NodeKind::Alignment: {
      const steer::Neighbourhood nb{p[group_p::Distance], p[group_p::Angle]};
      const auto others = others_near(ctx, self, nb.distance);
      if (n.kind == NodeKind::Separation) return steer::separation(me, others, nb);
      if (n.kind == NodeKind::Cohesion) return steer::cohesion(me, others, nb);
      return steer::alignment(me, others, nb);
    }
    case NodeKind::Flocking: {
      steer::FlockParams fp;
      fp.separation_weight = p[flock_p::SeparationWeight];
      fp.separation = {p[flock_p::SeparationDistance], p[flock_p::SeparationAngle]};
      fp.alignment_weight = p[flock_p::AlignmentWeight];
      fp.alignment = {p[flock_p::AlignmentDistance], p[flock_p::AlignmentAngle]};
      fp.cohesion_weight = p[flock_p::CohesionWeight];
      fp.cohesion = {p[flock_p::CohesionDistance], p[flock_p::CohesionAngle]};
      const double reach = std::max({fp.separation.distance, fp.alignment.distance, fp.cohesion.distance});
      return steer::flocking(me, others_near(ctx, self, reach), fp);
    }
    case NodeKind::LeaderFollow: {
      const auto t = input();
      if (!t || t->agent < 0) return std::nullopt;
      steer::LeaderParams lp;
      lp.behind = p[leader_p::Behind];
      lp.behind_per_speed = p[leader_p::BehindPerSpeed];
      lp.slowing_distance = p[leader_p::SlowingDistance];
      lp.front_length = p[leader_p::FrontLength];
      lp.front_width = p[leader_p::FrontWidth];
      lp.separation_weight = p[leader_p::SeparationWeight];
      lp.separation = {p[leader_p::SeparationDistance], kPi};
      const auto others = others_near(ctx, self, lp.separation.distance,
                                      ctx.snapshot.agent_of(static_cast<std::uint32_t>(t->agent)),
                                      same_net_as_self(ctx));
      return steer::leader_following(me, quarry(*t), others, lp);
    }
    default:
      break;
  }
  return std::nullopt;
}

void steering_desires(const NetTemplate& net, const double* params, const SenseContext& ctx,
                      std::vector<std::optional<Vec2>>& out) {
  const auto nodes = net.nodes();
  out.assign(nodes.size(), std::nullopt);
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (is_steering(nodes[i].kind)) out[i] = steering_desire(net, params, i, ctx);
  const NetNode& walk = nodes[net.walk_node()];
  const auto combine = static_cast<SteerCombine>(static_cast<int>(params[walk.param_offset + walk_p::Combine]));
  if (combine == SteerCombine::WeightedSum) return;  // the energy sum is the weighted sum
  // Priority order: the walk node's inputs, in order. The winner alone keeps its desire.
  std::vector<std::optional<Vec2>> ordered;
  std::vector<std::uint32_t> which;
  std::vector<double> probability, draws;
  for (std::uint32_t l = walk.first_link; l < walk.first_link + walk.link_count; ++l) {
    const std::uint32_t src = net.link_sources()[l];
    if (!is_steering(nodes[src].kind)) continue;
    ordered.push_back(out[src]);
    which.push_back(src);
    probability.push_back(params[nodes[src].param_offset + steer_p::Probability]);
    const SelfState* self = ctx.self_state;
    const std::uint64_t counter = (self ? self->step : 0) * 256 + (l - walk.first_link);
    draws.push_back(counter_uniform(self ? self->seed : 0, ctx.self, counter, RngStream::Dither));
  }
  const int pick = combine == SteerCombine::Priority ? steer::priority_pick(ordered)
                                                     : steer::dither_pick(ordered, probability, draws);
  for (std::size_t k = 0; k < which.size(); ++k)
    if (static_cast<int>(k) != pick) out[which[k]] = std::nullopt;
}

Vec2 candidate_velocity(const SelfState& self, const Pose& pose) {
  // Closing the feet is how a walker stops: whatever the body travels doing it, it ends at rest.
  if (pose.duration <= 0 || pose.closing) return Vec2::Zero();
  return (pose.location - self.location) / pose.duration;
}

double steering_energy(const double* p, const Vec2& desired, const Vec2& velocity, double heading) {
  double e = (velocity - desired).squaredNorm();
  const double want = desired.squaredNorm();
  if (want > 1e-12 && p[steer_p::Facing] > 0) {
    // (1 − cos Δ)/2 between the candidate's heading and the desired velocity.
    const double cos_delta = unit_from_heading(heading).dot(desired) / std::sqrt(want);
    e += p[steer_p::Facing] * want * 0.5 * (1.0 - cos_delta);
  }
  const double power = p[steer_p::Power];
  return p[steer_p::Weight] * control_power(e, power);
}

double steering_reach(NodeKind kind, const double* p) {
  switch (kind) {
    case NodeKind::ObstacleAvoid:
      return p[obstacle_avoid_p::MinLength] + 2.5 * p[obstacle_avoid_p::Lookahead];
    case NodeKind::WallFollow: return p[wall_p::Range];
    case NodeKind::UnalignedAvoid: return p[unaligned_p::Radius];
    case NodeKind::Separation: case NodeKind::Cohesion: case NodeKind::Alignment:
      return p[group_p::Distance];
    case NodeKind::Flocking:
      return std::max({p[flock_p::SeparationDistance], p[flock_p::AlignmentDistance],
                       p[flock_p::CohesionDistance]});
    case NodeKind::LeaderFollow: return p[leader_p::SeparationDistance];
    default: return 0.0;
  }
}

SelfState vehicle_self_state(const steer::VehicleState& state, double t, std::uint64_t seed,
                             std::uint64_t step) {
  SelfState self;
  self.location = self.planted = state.position;  // a point mass: no feet
  self.heading = heading_of(state.forward);
  self.velocity = state.velocity;
  self.t0 = t;
  self.seed = seed;
  self.step = step;
  return self;
}

steer::VehicleState steer_vehicle(const NetTemplate& net, const double* params, const SenseContext& ctx,
                                  const steer::VehicleState& state, const steer::VehicleParams& vehicle,
                                  double dt) {
  std::vector<std::optional<Vec2>> desires;
  steering_desires(net, params, ctx, desires);
  Vec2 sum = Vec2::Zero();
  double weights = 0;
  for (std::size_t i = 0; i < desires.size(); ++i) {
    if (!desires[i]) continue;
    const double w = params[net.nodes()[i].param_offset + steer_p::Weight];
    sum += w * *desires[i];
    weights += w;
  }
  // Every behavior null: "no corrective steering is required" (S1), no force, the vehicle coasts.
  if (!(weights > 0)) return steer::vehicle_step(state, Vec2::Zero(), vehicle, dt);
  const Vec2 desired = sum / weights;
  return steer::vehicle_step(state, steer::steering_force(desired, state.velocity), vehicle, dt);
}

}  // namespace footfall
