// A pedestrian entering the scene mid-run or at the start: the one way a slot is filled, whether a
// population's route walker or a source's walker.
#include "footfall/behavior/in_stride.hpp"
#include "footfall/pipeline/simulation.hpp"

namespace footfall {

void Simulation::enter(std::uint32_t slot, const Entrant& e, double t) {
  const NetTemplate& net = nets_[agents_.net[slot]];
  const double* walk = agents_.params_of(slot) + net.nodes()[net.walk_node()].param_offset;
  for (int f = 0; f < 2; ++f) {
    agents_.foot[f][slot] = e.at;
    agents_.foot_heading[f][slot] = e.heading;
  }
  agents_.forward[slot] = 0;
  agents_.radius[slot] = e.radius;
  agents_.height[slot] = e.height;
  agents_.gait[slot] = Gait::Stand;
  // Staggered like the scenario's agents: the first foot-strike at a random phase of a step. A
  // pedestrian entering mid-run decides no earlier than the frame after next: who decides next
  // frame, and what each of them perceives, was settled by this frame's SENSE, before it entered.
  const double phase = walk[walk_p::StepTime] * e.phase;
  agents_.plan[slot] = {e.at, e.at, t, t + std::max(phase, e.earliest)};
  agents_.heading_from[slot] = agents_.heading_to[slot] = e.heading;
  if (e.velocity != Vec2::Zero()) start_in_stride(slot, e.velocity, t, e.phase, e.earliest);
  agents_.active[slot] = 1;
  progress_[slot] = GoalProgress{};
  trip_start_[slot] = t;
  if (motion_) start_figure(slot);
  ++spawns_[slot];
  spawned_now_.add(e.at);
}

void Simulation::start_in_stride(std::uint32_t a, const Vec2& velocity, double t, double phase,
                                 double earliest) {
  const NetTemplate& net = nets_[agents_.net[a]];
  const double* walk = agents_.params_of(a) + net.nodes()[net.walk_node()].param_offset;
  const InStride s = in_stride(agents_.location(a), velocity, t, phase, earliest, walk[walk_p::MaxStep]);
  agents_.foot[agents_.forward[a]][a] = s.forward_foot;
  agents_.foot[1 - agents_.forward[a]][a] = s.trailing_foot;
  agents_.plan[a] = s.plan;
  agents_.gait[a] = Gait::Walk;
}

}  // namespace footfall
