// CONTROL: every agent at its foot-strike runs its walk node over the fan and schedules a step.
// Reads S(N−1) and P(N−1); writes one decision per deciding agent.
#include "footfall/core/parallel.hpp"

#include "footfall/pipeline/simulation.hpp"

namespace footfall {

Feet Simulation::feet_of(std::uint32_t a) const {
  const std::uint8_t f = agents_.forward[a];
  return {agents_.foot[f][a], agents_.foot_heading[f][a], agents_.foot[1 - f][a],
          agents_.foot_heading[1 - f][a]};
}

Footstep Simulation::stand_still(std::uint32_t a) const {
  const std::uint8_t trailing = 1 - agents_.forward[a];
  return {StepKind::Stay, agents_.foot[trailing][a], agents_.foot_heading[trailing][a], 0.0, 0.0};
}

void Simulation::control_stage(bool reduced_fan) {
  const double t = static_cast<double>(frame() + 1) * config_.dt;
  parallel_chunks(due_.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<Footstep> scratch;
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = due_[k];
      // PaT-Nets first: they may rebind behaviors or retarget attractions for this very decision.
      if (!agent_nets_.agents[a].running.empty()) run_agent_nets(a, t);
      if (leaving_[a]) {  // stands still for the conflict settling below, then is gone
        decisions_[a] = Decision{stand_still(a), kInf, 0.0, 0, true};
        continue;
      }
      const NetTemplate& net = nets_[agents_.net[a]];
      const Feet feet = feet_of(a);
      const SenseContext ctx{world_, snapshot(), percepts_prev_.neighbours[a],
                             percepts_prev_.obstacles[a], a, agents_.radius[a]};
      NetEvaluator eval(net);
      decisions_[a] = decide_step(net, agents_.params_of(a), feet, agents_.plan[a].t1, ctx, eval,
                                  scratch, reduced_fan);
    }
  });

  // Agents deciding in the same frame cannot see each other's new plans. Settle conflicts in id
  // order: a plan that would meet an already accepted one is replaced by freezing in place, which
  // every other decision has already been checked against.
  for (const std::uint32_t a : due_) {
    Decision& d = decisions_[a];
    if (d.blocked) continue;
    const Vec2 from = agents_.plan[a].to;
    const Vec2 to = pose_after(feet_of(a), d.step).location;
    const double t0 = agents_.plan[a].t1;
    for (const std::uint32_t j : percepts_prev_.neighbours[a]) {
      if (j >= a) break;  // sorted: only lower ids have been settled
      if (!deciding_[j]) continue;
      const Decision& dj = decisions_[j];
      const Vec2 to_j = dj.blocked ? agents_.plan[j].to : pose_after(feet_of(j), dj.step).location;
      const Plan pj{agents_.plan[j].to, to_j, agents_.plan[j].t1, agents_.plan[j].t1 + dj.duration};
      if (min_distance_to_plan(from, to, t0, t0 + d.duration, pj) <
          agents_.radius[a] + agents_.radius[j]) {
        d.blocked = true;
        d.step = stand_still(a);
        break;
      }
    }
  }
}

}  // namespace footfall
