#pragma once
// The velocity-aligned local space of S1's simple vehicle model ("Simple Vehicle Model", local space
// update), with its handedness defect fixed.
//
// S1 prints   new_side = cross(new_forward, approximate_up); new_up = cross(new_forward, new_side).
// In a right-handed frame with forward = x and up = y that gives side = z and then
// up = x × z = −y: up flips on every update. The up that completes {forward, side, up} is
// cross(new_side, new_forward) (as OpenSteer has it); that is what vehicle_frame computes.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace footfall::steer {

using Vec3 = Eigen::Vector3d;

struct Frame {
  Vec3 forward = Vec3::UnitX();
  Vec3 side = Vec3::UnitZ();  // forward × up
  Vec3 up = Vec3::UnitY();
};

// The new frame for `velocity`, with the old up as the approximate up. A zero velocity keeps the
// old frame ("If velocity is zero the old orientation is retained").
inline Frame vehicle_frame(const Frame& old, const Vec3& velocity) {
  const double speed = velocity.norm();
  if (speed <= 1e-12) return old;
  Frame f;
  f.forward = velocity / speed;
  const Vec3 side = f.forward.cross(old.up.normalized());
  if (side.norm() <= 1e-12) return old;  // moving along the old up: no side defined, keep it
  f.side = side.normalized();
  f.up = f.side.cross(f.forward);  // fixed: S1's cross(forward, side) is −up
  return f;
}

// S1's printed update, kept to show the defect (tests): up = cross(forward, side).
inline Frame vehicle_frame_as_printed(const Frame& old, const Vec3& velocity) {
  Frame f = vehicle_frame(old, velocity);
  f.up = f.forward.cross(f.side);
  return f;
}

}  // namespace footfall::steer
