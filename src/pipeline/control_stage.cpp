// CONTROL: every agent at its foot-strike runs its walk node over the fan and schedules a step.
// Reads S(N−1) and P(N−1); writes one decision per deciding agent.
#include "footfall/core/parallel.hpp"

#include <algorithm>
#include <memory>

#include "footfall/behavior/steering_nodes.hpp"
#include "footfall/core/rng.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall {

Feet Simulation::feet_of(std::uint32_t a) const {
  const std::uint8_t f = agents_.forward[a];
  return {agents_.foot[f][a], agents_.foot_heading[f][a], agents_.foot[1 - f][a],
          agents_.foot_heading[1 - f][a]};
}

Decision& Simulation::decision_of(std::uint32_t a) {
  return decisions_[static_cast<std::size_t>(std::lower_bound(due_.begin(), due_.end(), a) - due_.begin())];
}

Footstep Simulation::stand_still(std::uint32_t a) const {
  const std::uint8_t trailing = 1 - agents_.forward[a];
  return {StepKind::Stay, agents_.foot[trailing][a], agents_.foot_heading[trailing][a], 0.0, 0.0};
}

steer::VehicleState Simulation::vehicle_state(std::uint32_t a) const {
  return {agents_.plan[a].to, agents_.vehicle_velocity[a], agents_.vehicle_forward[a]};
}

steer::VehicleParams Simulation::vehicle_params(std::uint32_t a) const {
  return {agents_.vehicle_mass[a], agents_.vehicle_max_force[a], agents_.vehicle_max_speed[a]};
}

SelfState Simulation::self_state(std::uint32_t a) const {
  if (agents_.vehicle(a)) {
    SelfState s = vehicle_self_state(vehicle_state(a), agents_.plan[a].t1, config_.seed, agents_.steps[a]);
    s.max_speed = agents_.vehicle_max_speed[a];
    return s;
  }
  const Plan& last = agents_.plan[a];  // the step that ends at this foot-strike
  SelfState s;
  s.location = last.to;
  s.heading = agents_.heading(a);
  s.planted = agents_.foot[agents_.forward[a]][a];
  s.twist = shoulder_twist(agents_.heading_to[a], s.heading);
  if (last.t1 > last.t0) s.velocity = (last.to - last.from) / (last.t1 - last.t0);
  s.t0 = last.t1;
  const std::uint64_t step = agents_.steps[a];
  s.lurch = counter_uniform(config_.seed, a, step, RngStream::Lurch) < 0.5 ? -1.0 : 1.0;
  s.pace_draw = counter_uniform(config_.seed, a, step, RngStream::Pace);
  s.seed = config_.seed;
  s.step = step;
  return s;
}

void Simulation::control_stage(bool reduced_fan) {
  const double t = static_cast<double>(frame() + 1) * config_.dt;
  action_stage(t);  // Blumberg's action selection, for scenarios that use it
  decisions_.resize(due_.size());
  parallel_chunks(due_.size(), [&](std::size_t begin, std::size_t end) {
    // One evaluator per template, not one per decision or chunk (its buffers and caches are
    // allocated once; a node emits before it is read, and the caches are keyed by agent and time).
    const auto lease = decider_scratch_->lend();
    std::vector<Footstep>& scratch = lease->steps;
    std::vector<double>& block = lease->block;
    std::vector<std::unique_ptr<NetEvaluator>>& evaluators = lease->evaluators;
    evaluators.resize(nets_.size());
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = due_[k];
      // PaT-Nets first: they may rebind behaviors or retarget attractions for this very decision.
      // With spring_back they run on their own values, the behaviors' orders lifted meanwhile.
      const bool lift = !actions_.empty() && actions_[a].pedestrian != 0 &&
                        scripts_.action.systems[actions_[a].system].spring_back;
      if (lift)
        for (const action::SetParam& b : actions_[a].beneath) agents_.params.set(a, b.slot, b.value);
      // Under direct motor control (D-EXT-05) the agent's nets wait, as its action selection does.
      if (!agent_nets_.agents[a].running.empty() && !suspended(a)) run_agent_nets(a, t);
      if (lift)
        for (action::SetParam& b : actions_[a].beneath) b.value = agents_.params.get(a, b.slot);
      // Removal on arrival (validation scenes): within leave_within of its goal, the agent leaves.
      const GoalProgress& g = progress_[a];
      // Not while an activity it chose draws it to something else (action selection).
      if (agents_.leave_within[a] > 0 && g.has_goal && !on_errand(a) &&
          (g.goal - agents_.location(a)).norm() <= agents_.leave_within[a])
        leaving_[a] = 1;
      if (leaving_[a]) {  // stands still for the conflict settling below, then is gone
        decisions_[k] = Decision{stand_still(a), kInf, 0.0, 0, true};
        continue;
      }
      const NetTemplate& net = nets_[agents_.net[a]];
      if (!actions_.empty() && actions_[a].pedestrian != 0) {
        // The winning behavior's orders stand over what the PaT-Nets just set (Blumberg's behaviors
        // re-issue their commands every tick); a skill that holds the legs (stand, sit) stands.
        const AgentAction& x = actions_[a];
        for (const action::SetParam& o : x.orders) agents_.params.set(a, o.slot, o.value);
        if (x.legs_held) {
          const double step_time =
              agents_.params.get(a, net.nodes()[net.walk_node()].param_offset + walk_p::StepTime);
          decisions_[k] = Decision{stand_still(a), 0.0, step_time, 0, false};
          // The shoulders stay as they came: one who sidled up to a window beside others would
          // otherwise square them while standing, swinging its body into a neighbour's.
          decisions_[k].twist = shoulder_twist(agents_.heading_to[a], agents_.heading(a));
          continue;
        }
      }
      const Feet feet = feet_of(a);
      const SelfState self = self_state(a);
      const SenseContext ctx{world_, snapshot(), percepts_prev_.neighbours(a),
                             percepts_prev_.obstacles(a), a, agents_.radius[a], &self, &fields_,
                             agents_.body(a).half_depth, config_.dt};
      std::unique_ptr<NetEvaluator>& eval = evaluators[agents_.net[a]];
      if (!eval) eval = std::make_unique<NetEvaluator>(net);
      decisions_[k] = decide_step(net, agents_.params.gather(a, block), feet, agents_.plan[a].t1, ctx, *eval,
                                  scratch, reduced_fan);
    }
  });

  // Vehicles: one step of the simple vehicle model each, from what they sensed of S(N−1) (P(N−1))
  // and their own state; each writes only its own entry, so any thread may take any vehicle.
  parallel_chunks(driving_.size(), [&](std::size_t begin, std::size_t end) {
    std::vector<double> block;
    for (std::size_t k = begin; k != end; ++k) {
      const std::uint32_t a = driving_[k];
      const SelfState self = self_state(a);
      const SenseContext ctx{world_, snapshot(), percepts_prev_.neighbours(a),
                             percepts_prev_.obstacles(a), a, agents_.radius[a], &self, &fields_,
                             agents_.radius[a], config_.dt};
      vehicle_next_[a] = steer_vehicle(nets_[agents_.net[a]], agents_.params.gather(a, block), ctx,
                                       vehicle_state(a), vehicle_params(a), config_.dt);
    }
  });

  // Agents deciding in the same frame cannot see each other's new plans. Settle conflicts in id
  // order: a plan that would meet an already accepted one is replaced by freezing in place, which
  // every other decision has already been checked against.
  for (std::size_t k = 0; k < due_.size(); ++k) {
    const std::uint32_t a = due_[k];
    Decision& d = decisions_[k];
    if (d.blocked) continue;
    const Vec2 from = agents_.plan[a].to;
    const Pose after = pose_after(feet_of(a), d.step);
    const Vec2 to = after.location;
    const double t0 = agents_.plan[a].t1;
    const BodySize body = agents_.body(a);
    const Snapshot& s = snapshot();
    for (const std::uint32_t image : percepts_prev_.neighbours(a)) {
      const std::uint32_t j = s.agent_of(image);
      // A ghost's image across a periodic seam: the agent's plan, shifted by the period.
      const Vec2 shift = image == j ? Vec2::Zero() : Vec2(s.location[image] - s.location[j]);
      if (agents_.vehicle(j)) {
        // A vehicle moves on whatever walkers decide (any id): its plan to the next frame, a disc
        // of its bounding radius. A vehicle that has not moved since S(N−1) keeps its plan.
        if (!agents_.active[j]) continue;
        const Plan pv = std::binary_search(driving_.begin(), driving_.end(), j)
                            ? Plan{agents_.plan[j].to + shift, vehicle_next_[j].position + shift,
                                   agents_.plan[j].t1, agents_.plan[j].t1 + config_.dt}
                            : Plan{agents_.plan[j].from + shift, agents_.plan[j].to + shift,
                                   agents_.plan[j].t0, agents_.plan[j].t1};
        if (min_distance_to_plan(from, to, t0, t0 + d.duration, pv) < body.half_width + agents_.radius[j]) {
          d.blocked = true;
          d.step = stand_still(a);
          break;
        }
        continue;
      }
      if (j >= a) continue;  // only lower ids have been settled
      if (!deciding_[j]) continue;
      const Decision& dj = decision_of(j);
      const Pose after_j = dj.blocked ? Pose{agents_.plan[j].to, agents_.heading_to[j], {}, 0}
                                      : pose_after(feet_of(j), dj.step);
      const Plan pj{agents_.plan[j].to + shift, after_j.location + shift, agents_.plan[j].t1,
                    agents_.plan[j].t1 + dj.duration};
      if (min_distance_to_plan(from, to, t0, t0 + d.duration, pj) < body.half_width + agents_.radius[j] &&
          ((body.disc() && agents_.body(j).disc()) ||
           min_body_gap({{from, to, t0, t0 + d.duration}, agents_.heading_to[a], after.heading + d.twist},
                        body, {pj, agents_.heading_to[j], after_j.heading + (dj.blocked ? 0.0 : dj.twist)},
                        agents_.body(j), t0,
                        std::max(t0 + d.duration, pj.t1), config_.dt) < 0)) {
        // Held back by a decision of this very frame: it still wants the step it chose.
        if (d.duration > 0 && (to - from).squaredNorm() > 1e-12) d.want = (to - from) / d.duration;
        d.blocked = true;
        d.step = stand_still(a);
        break;
      }
    }
  }
  for (std::size_t k = 0; k < due_.size(); ++k) want_[due_[k]] = decisions_[k].want;
}

}  // namespace footfall
