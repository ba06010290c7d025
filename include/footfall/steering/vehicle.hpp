#pragma once
// S1's simple vehicle model ("Simple Vehicle Model"): a point mass steered by one vector, with its
// forward Euler update made dt-scaled. With dt = 1 it is the paper's update exactly:
//   steering_force = truncate(steering_direction, max_force)
//   acceleration   = steering_force / mass
//   velocity       = truncate(velocity + acceleration, max_speed)
//   position       = position + velocity
// Vehicles are the second kind of agent (agents.hpp, AgentKind): the simulation takes this step
// for each of them every frame in CONTROL, dt the frame period (docs/steering.md, "Vehicles").
#include "footfall/steering/steering.hpp"

namespace footfall::steer {

struct VehicleParams {
  double mass = 1.0;
  double max_force = 1.0;
  double max_speed = 1.0;
};

struct VehicleState {
  Vec2 position = Vec2::Zero();
  Vec2 velocity = Vec2::Zero();
  Vec2 forward = Vec2::UnitX();  // velocity-aligned; kept while the velocity is zero
};

// One step of dt seconds under `steering` (a force: desired − velocity, scaled as the caller likes).
inline VehicleState vehicle_step(const VehicleState& s, const Vec2& steering, const VehicleParams& p,
                                 double dt) {
  const Vec2 force = truncate(steering, p.max_force);
  const Vec2 acceleration = force / p.mass;
  VehicleState n;
  n.velocity = truncate(s.velocity + acceleration * dt, p.max_speed);
  n.position = s.position + n.velocity * dt;
  // "If velocity is zero the old orientation is retained."
  const double speed = n.velocity.norm();
  n.forward = speed > 1e-12 ? Vec2(n.velocity / speed) : s.forward;
  return n;
}

}  // namespace footfall::steer
