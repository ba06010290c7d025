// Slots for pedestrians who enter later, and a pedestrian entering the scene mid-run or at the
// start: the one way a slot is made and filled, whether a population's route walker or a source's.
#include "footfall/behavior/in_stride.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall {

void Simulation::add_free_slot(std::string name, const Vec2& at, double radius, double height,
                               std::uint32_t behavior, const std::vector<double>& params,
                               const std::vector<double>& model) {
  agents_.name.push_back(std::move(name));
  for (int f = 0; f < 2; ++f) {
    agents_.foot[f].push_back(at);
    agents_.foot_heading[f].push_back(0.0);
  }
  agents_.forward.push_back(0);
  agents_.radius.push_back(radius);
  agents_.depth.push_back(radius);
  agents_.height.push_back(height);
  agents_.net.push_back(behavior);
  agents_.params.add(params);
  if (agents_.model_stride > 0) agents_.set_model(agents_.name.size() - 1, model);
  agents_.active.push_back(0);
}

void Simulation::enter(std::uint32_t slot, const Entrant& e, double t) {
  const NetTemplate& net = nets_[agents_.net[slot]];
  const std::uint32_t walk = net.nodes()[net.walk_node()].param_offset;
  for (int f = 0; f < 2; ++f) {
    agents_.foot[f][slot] = e.at;
    agents_.foot_heading[f][slot] = e.heading;
  }
  agents_.forward[slot] = 0;
  agents_.radius[slot] = e.radius;
  agents_.depth[slot] = e.depth;
  agents_.height[slot] = e.height;
  agents_.gait[slot] = Gait::Stand;
  // Staggered like the scenario's agents: the first foot-strike at a random phase of a step. A
  // pedestrian entering mid-run decides no earlier than the frame after next: who decides next
  // frame, and what each of them perceives, was settled by this frame's SENSE, before it entered.
  const double phase = agents_.params.get(slot, walk + walk_p::StepTime) * e.phase;
  agents_.plan[slot] = {e.at, e.at, t, t + std::max(phase, e.earliest)};
  agents_.heading_from[slot] = agents_.heading_to[slot] = e.heading;
  if (e.velocity != Vec2::Zero()) start_in_stride(slot, e.velocity, t, e.phase, e.earliest);
  agents_.active[slot] = 1;
  progress_[slot] = GoalProgress{};
  want_[slot] = Vec2::Zero();  // nothing of the previous occupant (Snapshot::want)
  trip_start_[slot] = t;
  if (motion_) start_figure(slot);
  ++spawns_[slot];
  spawned_now_.add(agents_.plan[slot]);  // standing, or its first step in stride
}

void Simulation::start_in_stride(std::uint32_t a, const Vec2& velocity, double t, double phase,
                                 double earliest) {
  const NetTemplate& net = nets_[agents_.net[a]];
  const double max_step = agents_.params.get(a, net.nodes()[net.walk_node()].param_offset + walk_p::MaxStep);
  const InStride s = in_stride(agents_.location(a), velocity, t, phase, earliest, max_step);
  agents_.foot[agents_.forward[a]][a] = s.forward_foot;
  agents_.foot[1 - agents_.forward[a]][a] = s.trailing_foot;
  agents_.plan[a] = s.plan;
  agents_.gait[a] = Gait::Walk;
}

}  // namespace footfall
