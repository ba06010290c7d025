#include "intent_checks.hpp"

#include <cstdio>
#include <variant>

namespace footfall {

std::vector<Attraction> attractions(const NetTemplate& net) {
  std::vector<Attraction> out;
  const NetNode& walk = net.nodes()[net.walk_node()];
  for (std::uint32_t l = walk.first_link; l < walk.first_link + walk.link_count; ++l) {
    const int c = static_cast<int>(net.link_sources()[l]);
    const NetNode& n = net.nodes()[c];
    if (draws_to_target(n.kind) && n.link_count == 1)
      out.push_back({c, static_cast<int>(net.link_sources()[n.first_link])});
  }
  return out;
}

bool draws_to_target(NodeKind kind) {
  switch (kind) {
    case NodeKind::Attract: case NodeKind::PredictiveAttract: case NodeKind::Seek:
    case NodeKind::Arrival: case NodeKind::Pursuit: case NodeKind::OffsetPursuit:
    case NodeKind::LeaderFollow:
      return true;
    default:
      return false;
  }
}

bool steers_without_target(const NetTemplate& net, const double* params) {
  const NetNode& walk = net.nodes()[net.walk_node()];
  for (std::uint32_t l = walk.first_link; l < walk.first_link + walk.link_count; ++l) {
    const int c = static_cast<int>(net.link_sources()[l]);
    const NodeKind kind = net.nodes()[c].kind;
    if (is_steering(kind) && !draws_to_target(kind) && bound(net, c, params)) return true;
  }
  return false;
}

bool has_controls(const NetTemplate& net) { return net.nodes()[net.walk_node()].link_count > 0; }

bool bound(const NetTemplate& net, int node, const double* params) {
  const NetNode& n = net.nodes()[node];
  return params[n.param_offset + bound_param(n.kind)] != 0;
}

bool moves_without_location(const NetTemplate& net, const Attraction& a, const double* params) {
  const NetNode& s = net.nodes()[a.sensor];
  if (s.kind == NodeKind::LocationSensor) return false;
  if (s.kind == NodeKind::ObjectSensor)
    return params[s.param_offset + object_p::Agent] >= 0 || params[s.param_offset + object_p::Obstacle] >= 0;
  return true;
}

namespace {
// Strictly inside (a point on a face is beside the obstacle, and reachable); segments have no inside.
bool strictly_inside(const Shape& shape, const Vec2& p) {
  constexpr double kEps = 1e-6;
  if (const Box* b = std::get_if<Box>(&shape)) {
    if (b->half.x() <= kEps || b->half.y() <= kEps) return false;
    Box inner = *b;
    inner.half -= Vec2(kEps, kEps);
    return distance_to(inner, p) == 0;
  }
  if (const Cylinder* c = std::get_if<Cylinder>(&shape)) return (p - c->center).norm() < c->radius - kEps;
  return false;
}
}  // namespace

std::optional<std::string> goal_inside_obstacle(const World& world, const Vec2& p) {
  std::optional<std::string> problem;
  world.for_each_obstacle_near(Aabb{p, p}, [&](std::uint32_t o) {
    const Obstacle& ob = world.obstacles[o];
    if (!problem && ob.solid && strictly_inside(ob.shape, p))
      problem = "lies inside solid obstacle" + (ob.name.empty() ? std::string() : " '" + ob.name + "'");
  });
  return problem;
}

std::optional<std::string> goal_off_walkable(const World& world, const Vec2& p) {
  if (world.navigability_at(p) > 1e-6) return std::nullopt;
  return "lies on '" + world.ground_types[world.ground_at(p)].name +
         "' ground (navigability 0), off every walkable region";
}

std::string point_text(const Vec2& p) {
  char s[64];
  std::snprintf(s, sizeof s, "[%.2f, %.2f]", p.x(), p.y());
  return s;
}

}  // namespace footfall
