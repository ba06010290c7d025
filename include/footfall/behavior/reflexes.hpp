#pragma once
// Level 0 behaviors that compare a candidate with the agent's present state (Reich 1997 §7.5.1):
// inertia, physics-based, and passive avoidance, the reflexive safety net under prediction.
#include <cmath>
#include <cstdint>

#include "footfall/behavior/sensors.hpp"

namespace footfall {

// Inertia (§7.5.1, Fig. 7.21): "proportional to the angle turned by the agent during the step and
// multiplied by a function of velocity" — here g(v) = v / v_ref, so a standing agent turns freely
// and a fast one pays more for the same turn.
// The intoxicated variant (Fig. 7.40) "encourages the agent to step to the side rather than
// straight towards the goal": the least stress lies at a turn of ±stagger, not at 0. The figure's
// curve is symmetric; which side the agent lurches to on a given step (`lurch`, ±1) is a coin toss
// from (seed, agent, step), so the agent staggers rather than circles.
inline double inertia_stress(double turn, double speed, double v_ref, double stagger, double lurch) {
  return (speed / v_ref) * std::abs(turn - stagger * lurch);
}

// Passive avoidance (§7.5.1, §8.2.4): is anything of the sensed kinds immediately in front of the
// agent as it stands now — its clearance below `distance` and within ±fov of its heading? Then the
// agent halts: every candidate that sets its foot forward gets the node's weight, even when no
// collision was predicted (the target stopped suddenly).
bool something_ahead(const SenseContext& ctx, const SelfState& self, double distance, double fov,
                     bool walkers, std::uint64_t classes);

// Does the candidate set the moving foot down ahead of the planted one (more than 1 cm along the
// heading)? Closing the feet, turning in place, side and back steps do not.
inline bool steps_forward(const SelfState& self, const Pose& candidate) {
  return (candidate.forward_foot - self.planted).dot(unit_from_heading(self.heading)) > 0.01;
}

}  // namespace footfall
