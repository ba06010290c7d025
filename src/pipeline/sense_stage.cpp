// SENSE: gather, for each agent due at its foot-strike next frame, the agents and obstacles it could
// perceive or touch during that decision. Reads S(N−1) and the world; writes P(N). Who is due and
// how far each looks is settled first (plan_sense, serial), so the parallel part reads nothing that
// CONTROL, running beside it, writes.
#include "footfall/core/parallel.hpp"

#include <algorithm>

#include "footfall/pipeline/simulation.hpp"

namespace footfall {
namespace {

// How far this agent's sensors reach beyond its own location.
double sensor_reach(const NetTemplate& net, const double* params) {
  double reach = 0;
  for (const NetNode& n : net.nodes()) {
    const double* p = params + n.param_offset;
    if (n.kind == NodeKind::ProximitySensor) reach = std::max(reach, p[proximity_p::Radius]);
    if (n.kind == NodeKind::FovSensor) reach = std::max(reach, p[fov_p::Radius]);
  }
  return reach;
}

}  // namespace

void Simulation::plan_sense(double t_next) {
  due_next_.clear();
  query_radius_.clear();
  double max_step = 0, max_radius = 0;
  const Snapshot& s = snapshot();
  for (std::uint32_t a = 0; a < agents_.size(); ++a) {
    if (!agents_.active[a]) continue;
    const NetTemplate& net = nets_[agents_.net[a]];
    max_step = std::max(max_step, agents_.params_of(a)[net.nodes()[net.walk_node()].param_offset +
                                                       walk_p::MaxStep]);
    max_radius = std::max(max_radius, agents_.radius[a]);
    if (s.plan[a].t1 <= t_next + 1e-9) due_next_.push_back(a);
  }
  // Another agent's published plan ends at most one step from where it stands now.
  const double collision_reach = max_step + 2 * max_radius;
  for (const std::uint32_t a : due_next_) {
    const NetTemplate& net = nets_[agents_.net[a]];
    const double* params = agents_.params_of(a);
    const double own_step = params[net.nodes()[net.walk_node()].param_offset + walk_p::MaxStep];
    query_radius_.push_back(own_step + std::max(sensor_reach(net, params), collision_reach) +
                            config_.sense_margin);
  }
}

void Simulation::sense_stage() {
  const Snapshot& s = snapshot();
  parallel_chunks(due_next_.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = due_next_[k];
      const double r = query_radius_[k];
      const Vec2& here = s.location[a];
      const Aabb box = Aabb{here, here}.inflated(r);

      auto& nb = percepts_next_.neighbours[a];
      nb.clear();
      s.grid.for_each_in(box, [&](std::uint32_t j) {
        if (j != a && (s.location[j] - here).squaredNorm() <= r * r) nb.push_back(j);
      });
      std::sort(nb.begin(), nb.end());

      auto& ob = percepts_next_.obstacles[a];
      ob.clear();
      world_.for_each_obstacle_near(box, [&](std::uint32_t o) { ob.push_back(o); });
      std::sort(ob.begin(), ob.end());
      ob.erase(std::unique(ob.begin(), ob.end()), ob.end());
    }
  });
}

}  // namespace footfall
