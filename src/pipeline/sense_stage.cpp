// SENSE: gather, for each agent due at its foot-strike next frame, the agents and obstacles it could
// perceive or touch during that decision. Reads S(N−1) and the world; writes P(N). Who is due and
// how far each looks is settled first (plan_sense, before SENSE starts), so the parallel part
// reads nothing that CONTROL, running beside it, writes.
#include "footfall/core/parallel.hpp"

#include <algorithm>

#include "footfall/pipeline/simulation.hpp"

namespace footfall {

void Simulation::plan_sense(double t_next) {
  // Per block of agents, in parallel: who is due, and the widest step and body among the active
  // (reading each walk node's MaxStep goes through the parameter store: a city's worth of lookups).
  // The due lists are joined in block order, so due_next_ stays ascending.
  struct Block {
    std::vector<std::uint32_t> due;
    double max_step = 0, max_radius = 0;
  };
  constexpr std::size_t kBlock = 1024;
  const Snapshot& s = snapshot();
  std::vector<Block> blocks(block_count(agents_.size(), kBlock));
  parallel_blocks(agents_.size(), kBlock, [&](std::size_t b, std::size_t begin, std::size_t end) {
    Block& out = blocks[b];
    for (auto a = static_cast<std::uint32_t>(begin); a != end; ++a) {
      if (!agents_.active[a]) continue;
      const NetTemplate& net = nets_[agents_.net[a]];
      out.max_step = std::max(out.max_step, agents_.params_of(a)[net.nodes()[net.walk_node()].param_offset +
                                                                 walk_p::MaxStep]);
      out.max_radius = std::max(out.max_radius, agents_.radius[a]);
      if (s.plan[a].t1 <= t_next + 1e-9) out.due.push_back(a);
    }
  });
  due_next_.clear();
  double max_step = 0, max_radius = 0;
  for (const Block& b : blocks) {
    due_next_.insert(due_next_.end(), b.due.begin(), b.due.end());
    max_step = std::max(max_step, b.max_step);
    max_radius = std::max(max_radius, b.max_radius);
  }
  // Another agent's published plan ends at most one step from where it stands now.
  const double collision_reach = max_step + 2 * max_radius;
  query_radius_.resize(due_next_.size());
  parallel_chunks(due_next_.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<double> block;
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = due_next_[k];
      const NetTemplate& net = nets_[agents_.net[a]];
      const double* params = agents_.params.gather(a, block);
      const double own_step = params[net.nodes()[net.walk_node()].param_offset + walk_p::MaxStep];
      query_radius_[k] = own_step + std::max(sensor_reach(net, params), collision_reach) + config_.sense_margin;
    }
  });
}

void Simulation::sense_stage() {
  const Snapshot& s = snapshot();
  const std::size_t due = due_next_.size();
  if (sensed_nb_.size() < due) {
    sensed_nb_.resize(due);
    sensed_ob_.resize(due);
  }
  // Gathered in the grid's cell order (each list still lands at its agent's place in due order):
  // neighbouring deciders' queries then share cells in cache (see Simulation::measure).
  sense_order_.resize(due);
  for (std::size_t k = 0; k < due; ++k)
    sense_order_[k] = {s.grid.cell_index(s.location[due_next_[k]]), static_cast<std::uint32_t>(k)};
  std::sort(sense_order_.begin(), sense_order_.end());
  parallel_chunks(due, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i != end; ++i) {
      const std::uint32_t k = sense_order_[i].second;
      const std::uint32_t a = due_next_[k];
      const double r = query_radius_[k];
      const Vec2& here = s.location[a];
      const Aabb box = Aabb{here, here}.inflated(r);

      auto& nb = sensed_nb_[k];
      nb.clear();
      s.grid.for_each_in(box, [&](std::uint32_t j) {
        if (j != a && (s.location[j] - here).squaredNorm() <= r * r) nb.push_back(j);
      });
      if (s.size() > s.agents) {
        // Periodic: every image of an agent found, so that one who wraps before CONTROL reads
        // these lists is still seen, through the image that is now near.
        const std::size_t found = nb.size();
        for (std::size_t i = 0; i < found; ++i) {
          const std::uint32_t j = s.agent_of(nb[i]);
          for (std::uint32_t k = 0; k < 3; ++k)
            if (const auto image = static_cast<std::uint32_t>(j + k * s.agents); image != a) nb.push_back(image);
        }
      }
      std::sort(nb.begin(), nb.end());
      nb.erase(std::unique(nb.begin(), nb.end()), nb.end());

      auto& ob = sensed_ob_[k];
      ob.clear();
      world_.for_each_obstacle_near(box, [&](std::uint32_t o) { ob.push_back(o); });
      std::sort(ob.begin(), ob.end());
      ob.erase(std::unique(ob.begin(), ob.end()), ob.end());
    }
  });

  // P(N), flat, in due order (ascending ids).
  Percepts& p = percepts_next_;
  p.agents.assign(due_next_.begin(), due_next_.end());
  const auto flatten = [due](const std::vector<std::vector<std::uint32_t>>& lists,
                             std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& ids) {
    start.assign(due + 1, 0);
    for (std::size_t k = 0; k < due; ++k)
      start[k + 1] = start[k] + static_cast<std::uint32_t>(lists[k].size());
    ids.resize(start[due]);
    for (std::size_t k = 0; k < due; ++k) std::copy(lists[k].begin(), lists[k].end(), ids.begin() + start[k]);
  };
  flatten(sensed_nb_, p.neighbour_start, p.neighbour_ids);
  flatten(sensed_ob_, p.obstacle_start, p.obstacle_ids);
}

}  // namespace footfall
