#include "footfall/render/inspect.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "footfall/behavior/steering_nodes.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall::render {
namespace {

std::string format(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

const char* state_name(const patnet::Program& p, int state) {
  if (state == patnet::kExit) return "exit";
  if (state < 0 || static_cast<std::size_t>(state) >= p.states.size()) return "-";
  return p.states[static_cast<std::size_t>(state)].name.c_str();
}

// Behaviour-net pose of the agent now: where it is, facing its heading, forward foot planted.
Pose current_pose(const Simulation& sim, std::uint32_t a) {
  const Agents& ag = sim.agents();
  const Snapshot& s = sim.snapshot();
  return {s.location[a], s.heading[a], ag.foot[ag.forward[a]][a]};
}

// What SENSE would give the agent: everyone and every obstacle within reach of its sensors.
void nearby(const Simulation& sim, std::uint32_t a, double reach, std::vector<std::uint32_t>& agents,
            std::vector<std::uint32_t>& obstacles) {
  const Snapshot& s = sim.snapshot();
  for (std::uint32_t j = 0; j < s.size(); ++j)
    if (j != a && s.active[j] && (s.location[j] - s.location[a]).norm() < reach) agents.push_back(j);
  Aabb box;
  box.add(s.location[a]);
  sim.world().for_each_obstacle_near(box.inflated(reach), [&](std::uint32_t o) { obstacles.push_back(o); });
  std::sort(obstacles.begin(), obstacles.end());
  obstacles.erase(std::unique(obstacles.begin(), obstacles.end()), obstacles.end());
}

}  // namespace

std::vector<SteeringDesire> steering_desires_now(const Simulation& sim, std::uint32_t a) {
  const Snapshot& s = sim.snapshot();
  const Agents& ag = sim.agents();
  std::vector<SteeringDesire> out;
  if (a >= s.size() || !s.active[a] || a >= ag.size()) return out;
  const NetTemplate& net = sim.nets()[ag.net[a]];
  const std::vector<double> block = ag.params.block(a);
  const double* params = block.data();
  bool any = false;
  for (const NetNode& n : net.nodes()) any = any || is_steering(n.kind);
  if (!any) return out;
  std::vector<std::uint32_t> agents, obstacles;
  nearby(sim, a, std::max(12.0, sensor_reach(net, params)), agents, obstacles);
  const SelfState self = sim.self_state(a);
  const SenseContext ctx{sim.world(), s, agents, obstacles, a, ag.radius[a], &self, &sim.fields()};
  std::vector<std::optional<Vec2>> desires;
  steering_desires(net, params, ctx, desires);
  for (std::uint32_t i = 0; i < desires.size(); ++i)
    if (desires[i]) out.push_back({i, *desires[i]});
  return out;
}

std::int64_t pick_agent(const Snapshot& s, const Ray& ray) {
  std::int64_t best = -1;
  double best_t = kInf;
  const Eigen::Vector2d o = ray.origin.head<2>(), d = ray.direction.head<2>();
  for (std::size_t a = 0; a < s.size(); ++a) {
    if (!s.active[a]) continue;
    const double height = s.poses.size() > a ? motion::kReferenceHeight * s.poses.root[a].scale
                                              : motion::kReferenceHeight;
    const double r = std::max(0.35, 1.3 * s.radius[a]);
    // Closest approach of the ray to the figure's axis, in the ground plane.
    const Eigen::Vector2d to = s.location[a] - o;
    const double dd = d.squaredNorm();
    const double t = dd > 1e-12 ? std::max(0.0, to.dot(d) / dd) : 0.0;
    if ((o + t * d - s.location[a]).norm() > r) continue;
    const double z = ray.origin.z() + t * ray.direction.z();
    if (z < -0.1 || z > height + 0.1) continue;
    if (t < best_t) best_t = t, best = static_cast<std::int64_t>(a);
  }
  return best;
}

std::string net_label(const Simulation& sim, std::uint32_t a) {
  const auto& nets = sim.agent_nets().agents;
  if (a >= nets.size()) return {};
  // The innermost instance: the last one started that is not waiting on a child.
  for (auto it = nets[a].running.rbegin(); it != nets[a].running.rend(); ++it) {
    if (!it->alive || it->waiting_for != 0) continue;
    const patnet::Program& p = sim.scripts().programs[it->program];
    return p.name + ": " + state_name(p, it->state);
  }
  return {};
}

// Action selection (docs/action_selection.md): the active path, each behavior of the groups on it
// (pre- and post-inhibition value, level of interest), every internal variable, the motor system
// and the short-term memory of winners and objects of interest.
static void inspect_action(const Simulation& sim, std::uint32_t a, std::vector<std::string>& out) {
  const AgentAction* x = sim.action_of(a);
  const action::System* system = sim.action_system(a);
  if (!x || !system) return;
  const action::AgentState& st = x->state;
  std::string path;
  for (const std::uint32_t b : st.path) path += (path.empty() ? "" : "/") + system->behaviors[b].name;
  out.push_back(format("action selection '%s': %s", system->name.c_str(), path.empty() ? "(none)" : path.c_str()));
  std::vector<std::uint32_t> groups{0};
  for (const std::uint32_t b : st.path)
    if (system->behaviors[b].child != action::kNone) groups.push_back(system->behaviors[b].child);
  for (const std::uint32_t g : groups)
    for (const std::uint32_t b : system->groups[g].members)
      out.push_back(format("  %s%-12s pre %6.2f  V %6.2f  LOI %.2f", st.active[b] ? "*" : " ",
                           system->behaviors[b].name.c_str(), st.pre[b], st.post[b], st.loi[b]));
  std::string ivs = " ";
  for (std::size_t v = 0; v < system->variables.size(); ++v)
    ivs += format(" %s %.2f", system->variables[v].name.c_str(), st.variables[v]);
  out.push_back(ivs);
  if (st.pronome.id != action::kNoObject)
    out.push_back(format("  object of interest at (%.1f, %.1f), %.1f m", st.pronome.x, st.pronome.y, st.pronome.distance));
  if (x->suspended) out.push_back("  behavior system suspended: direct motor control");
  out.push_back(format("  legs %s%s", x->legs_held ? "held (standing)" : "free",
                       x->looking ? format(", looking at (%.1f, %.1f)", x->look.x(), x->look.y()).c_str() : ""));
  if (!x->gaze.at_rest())
    out.push_back(format("  gaze %.0f°: eyes %.0f°, head %.0f°, trunk %.0f°", x->gaze.where() / action::kDegree,
                         x->gaze.eye / action::kDegree, x->gaze.head / action::kDegree, x->gaze.trunk / action::kDegree));
  std::string recent = "  recent:";
  for (const std::uint32_t b : st.memory.behaviors) recent += " " + system->behaviors[b].name;
  out.push_back(recent + format("  (%zu objects)", st.memory.objects.size()));
}

std::vector<std::string> inspect_agent(const Simulation& sim, std::uint32_t a) {
  std::vector<std::string> out;
  const Snapshot& s = sim.snapshot();
  const Agents& ag = sim.agents();
  if (a >= s.size() || !s.active[a]) return {format("agent %u: not in the scene", a)};
  const Plan& plan = s.plan[a];
  out.push_back(format("%s  (id %llu, slot %u)  %s  at (%.2f, %.2f)  heading %.0f deg  LOD %s",
                       sim.name_of(s.id[a]).c_str(), static_cast<unsigned long long>(s.id[a]), a,
                       gait_name(s.gait[a]), s.location[a].x(),
                       s.location[a].y(), s.heading[a] * 180 / kPi, motion::lod_name(sim.lod(a))));
  out.push_back(format("step %.2f m in %.2f s, ends at t=%.2f", (plan.to - plan.from).norm(),
                       plan.t1 - plan.t0, plan.t1));

  out.push_back("PaT-Nets:");
  const auto& nets = sim.agent_nets().agents;
  if (a < nets.size()) {
    for (const patnet::Instance& inst : nets[a].running) {
      if (!inst.alive) continue;
      const patnet::Program& p = sim.scripts().programs[inst.program];
      out.push_back(format("  %-10s %-10s %5.1f s%s", p.name.c_str(), state_name(p, inst.state),
                           sim.time() - inst.entered, inst.waiting_for ? "  (waiting)" : ""));
    }
    if (!nets[a].route.empty()) {
      // Wrapped, so that the inspector stays narrow enough to sit beside the status block.
      constexpr std::size_t kWidth = 56;
      std::string route = "  route:";
      for (const std::uint32_t l : nets[a].route) {
        const std::string& name = sim.world().locations[l].name;
        if (route.size() + 1 + name.size() > kWidth) out.push_back(route), route = "        ";
        route += " " + name;
      }
      out.push_back(route);
    }
  }

  inspect_action(sim, a, out);

  const NetTemplate& net = sim.nets()[ag.net[a]];
  const std::vector<double> block = ag.params.block(a);
  const double* params = block.data();
  std::vector<std::uint32_t> agents, obstacles;
  nearby(sim, a, 12.0, agents, obstacles);
  const SenseContext ctx{sim.world(), s, agents, obstacles, a, ag.radius[a]};
  NetEvaluator eval(net);
  eval.evaluate(params, current_pose(sim, a), ctx);
  out.push_back(format("behavior net '%s':", net.name().c_str()));
  for (std::size_t i = 0; i < net.nodes().size(); ++i) {
    const NetNode& node = net.nodes()[i];
    const auto v = eval.outputs(i);
    const NodeKindInfo& info = kind_info(node.kind);
    switch (info.role) {
      case NodeRole::Sensor:
        out.push_back(v[0] != 0 ? format("  %-14s d %6.2f  th %6.1f deg", node.name.c_str(), v[1], v[2] * 180 / kPi)
                                : format("  %-14s (nothing)", node.name.c_str()));
        break;
      case NodeRole::Control: {
        const int w = info.param_index("weight"), b = info.param_index("bound");
        const bool bound = params[node.param_offset + static_cast<std::uint32_t>(b)] != 0;
        out.push_back(format("  %-14s dth %6.2f dd %6.2f  E %7.3f  w %.2f%s", node.name.c_str(), v[0], v[1], v[2],
                             params[node.param_offset + static_cast<std::uint32_t>(w)], bound ? "" : "  unbound"));
        break;
      }
      case NodeRole::Motor:
        out.push_back(format("  %-14s E %7.3f", node.name.c_str(), v[0]));
        break;
    }
  }
  const auto desires = steering_desires_now(sim, a);
  bool steers = false;
  for (const NetNode& n : net.nodes()) steers = steers || is_steering(n.kind);
  if (steers) {
    out.push_back("steering, next decision (desired velocity):");
    for (std::size_t i = 0; i < net.nodes().size(); ++i) {
      if (!is_steering(net.nodes()[i].kind)) continue;
      const SteeringDesire* d = nullptr;
      for (const auto& x : desires)
        if (x.node == i) d = &x;
      out.push_back(d ? format("  %-14s (%5.2f, %5.2f) m/s  %4.2f m/s", net.nodes()[i].name.c_str(),
                               d->velocity.x(), d->velocity.y(), d->velocity.norm())
                      : format("  %-14s (nothing)", net.nodes()[i].name.c_str()));
    }
  }
  return out;
}

}  // namespace footfall::render
