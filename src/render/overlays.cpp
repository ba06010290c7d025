#include "footfall/render/overlays.hpp"

#include <Eigen/Geometry>
#include <cmath>

#include "footfall/behavior/walk.hpp"
#include "footfall/pipeline/simulation.hpp"
#include "footfall/render/inspect.hpp"

namespace footfall::render {
namespace {

constexpr float kLift = 0.03f;  // above the ground and its paint
const Eigen::Vector4f kFanColour(0.55f, 0.8f, 1.0f, 1), kGoalColour(1.0f, 0.6f, 0.1f, 1);
const Eigen::Vector4f kStepColour(1.0f, 1.0f, 0.2f, 1), kSectorColour(0.2f, 1.0f, 0.6f, 1);
const Eigen::Vector4f kPathColour(1.0f, 0.3f, 0.9f, 1), kRingColour(1.0f, 0.9f, 0.0f, 1);
const Eigen::Vector4f kDesireColour(0.1f, 1.0f, 1.0f, 1);  // steering nodes' desired velocities

Eigen::Vector3f at(const Vec2& p, float z = kLift) {
  return {static_cast<float>(p.x()), static_cast<float>(p.y()), z};
}

void line(OverlayGeometry& g, const Eigen::Vector3f& a, const Eigen::Vector3f& b, const Eigen::Vector4f& c) {
  g.line_points.push_back(a), g.line_points.push_back(b);
  g.line_colours.push_back(c), g.line_colours.push_back(c);
}

void arc(OverlayGeometry& g, const Vec2& centre, double radius, double from, double to, const Eigen::Vector4f& c) {
  const int n = std::max(4, static_cast<int>(std::ceil((to - from) / 0.15)));
  for (int k = 0; k < n; ++k) {
    const double t0 = from + (to - from) * k / n, t1 = from + (to - from) * (k + 1) / n;
    line(g, at(centre + radius * unit_from_heading(t0)), at(centre + radius * unit_from_heading(t1)), c);
  }
}

Feet feet_of(const Agents& ag, std::uint32_t a) {
  const std::uint8_t f = ag.forward[a];
  return {ag.foot[f][a], ag.foot_heading[f][a], ag.foot[1 - f][a], ag.foot_heading[1 - f][a]};
}

void fans(const Simulation& sim, std::uint32_t a, std::vector<Footstep>& scratch, OverlayGeometry& g) {
  const Agents& ag = sim.agents();
  const NetTemplate& net = sim.nets()[ag.net[a]];
  const std::vector<double> block = ag.params.block(a);
  const double* params = block.data();
  const NetNode& walk = net.nodes()[static_cast<std::size_t>(net.walk_node())];
  std::vector<Vec2> goals;
  for_each_bound_goal(net, params, [&](const Vec2& goal, double) { goals.push_back(goal); });
  scratch.clear();
  const Feet feet = feet_of(ag, a);
  generate_candidates(FanParams::from(params + walk.param_offset), feet, goals, scratch);
  for (const Footstep& f : scratch) {
    g.dots.push_back(at(f.foot));
    g.dot_colours.push_back(f.kind == StepKind::Goal ? kGoalColour : kFanColour);
  }
  // The step in progress: the location's motion and the footprint being stepped onto.
  const Plan& plan = sim.snapshot().plan[a];
  line(g, at(plan.from), at(plan.to), kStepColour);
  const Vec2 toe = feet.planted + 0.2 * unit_from_heading(feet.planted_heading);
  line(g, at(feet.planted), at(toe), kStepColour);
  g.dots.push_back(at(feet.planted));
  g.dot_colours.push_back(kStepColour);
  // Each steering node's desired velocity for that decision: an arrow of one second's travel
  // from where the step in progress ends.
  for (const SteeringDesire& d : steering_desires_now(sim, a)) {
    const Vec2 tip = plan.to + d.velocity;
    line(g, at(plan.to), at(tip), kDesireColour);
    const Vec2 back = d.velocity.norm() > 1e-9 ? Vec2(-0.15 * d.velocity.normalized()) : Vec2(Vec2::Zero());
    line(g, at(tip), at(tip + Eigen::Rotation2Dd(0.5) * back), kDesireColour);
    line(g, at(tip), at(tip + Eigen::Rotation2Dd(-0.5) * back), kDesireColour);
  }
}

void sectors(const Simulation& sim, std::uint32_t a, OverlayGeometry& g) {
  const Agents& ag = sim.agents();
  const NetTemplate& net = sim.nets()[ag.net[a]];
  const std::vector<double> block = ag.params.block(a);
  const double* params = block.data();
  const Vec2 p = sim.snapshot().location[a];
  const double h = sim.snapshot().heading[a];
  for (const NetNode& n : net.nodes()) {
    if (n.kind != NodeKind::ProximitySensor) continue;
    const double r = params[n.param_offset + proximity_p::Radius];
    const double fov = std::min(params[n.param_offset + proximity_p::Fov], kPi);
    arc(g, p, r, h - fov, h + fov, kSectorColour);
    if (fov < kPi - 1e-6) {
      line(g, at(p), at(p + r * unit_from_heading(h - fov)), kSectorColour);
      line(g, at(p), at(p + r * unit_from_heading(h + fov)), kSectorColour);
    }
  }
}

void path(const Simulation& sim, std::uint32_t a, OverlayGeometry& g) {
  const Agents& ag = sim.agents();
  Vec2 from = sim.snapshot().location[a];
  bool first = true;
  for_each_bound_goal(sim.nets()[ag.net[a]], ag.params_of(a), [&](const Vec2& goal, double) {
    if (!first) return;
    first = false;
    line(g, at(from), at(goal), kPathColour);
    from = goal;
  });
  const auto& nets = sim.agent_nets().agents;
  if (a >= nets.size()) return;
  for (const std::uint32_t l : nets[a].route) {
    const Vec2 to = sim.world().locations[l].position;
    line(g, at(from), at(to), kPathColour);
    from = to;
  }
}

}  // namespace

void OverlayGeometry::clear() {
  line_points.clear(), line_colours.clear(), dots.clear(), dot_colours.clear(), labels.clear();
}

void build_overlays(const Simulation& sim, std::span<const std::uint32_t> agents, const OverlayFlags& flags,
                    std::size_t label_limit, std::int64_t selected, OverlayGeometry& g) {
  g.clear();
  const Snapshot& s = sim.snapshot();
  std::vector<Footstep> scratch;
  for (std::size_t k = 0; k < agents.size(); ++k) {
    const std::uint32_t a = agents[k];
    if (a >= s.size() || !s.active[a]) continue;
    if (flags.fans) fans(sim, a, scratch, g);
    if (flags.sectors) sectors(sim, a, g);
    if (flags.paths) path(sim, a, g);
    if (flags.labels && k < label_limit) {
      std::string text = net_label(sim, a);
      if (text.empty()) continue;
      const float height = s.poses.size() > a ? static_cast<float>(motion::kReferenceHeight) * s.poses.root[a].scale
                                              : static_cast<float>(motion::kReferenceHeight);
      g.labels.push_back({at(s.location[a], height + 0.25f), std::move(text)});
    }
  }
  if (selected >= 0 && static_cast<std::size_t>(selected) < s.size() && s.active[selected]) {
    const auto a = static_cast<std::size_t>(selected);
    arc(g, s.location[a], s.radius[a] + 0.12, 0, 2 * kPi, kRingColour);
    arc(g, s.location[a], s.radius[a] + 0.17, 0, 2 * kPi, kRingColour);
  }
}

}  // namespace footfall::render
