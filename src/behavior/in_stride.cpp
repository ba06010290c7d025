#include "footfall/behavior/in_stride.hpp"

#include <algorithm>
#include <cmath>

#include "footfall/behavior/walk.hpp"

namespace footfall {

InStride in_stride(const Vec2& at, const Vec2& velocity, double t0, double phase, double earliest,
                   double max_step) {
  const double speed = velocity.norm();
  const Vec2 way = velocity / speed;
  const double length = std::min(std::sqrt(kWalkRatio * speed), max_step);
  const double duration = length / speed;
  // The foot-strike ends the step under way at t0; the body reaches it after `strike` seconds.
  const double strike = std::clamp(phase * duration, std::min(earliest, duration), duration);
  const Vec2 end = at + velocity * strike;
  InStride s;
  s.forward_foot = end + 0.5 * length * way;
  s.trailing_foot = end - 0.5 * length * way;
  s.plan = {end - length * way, end, t0 + strike - duration, t0 + strike};
  return s;
}

}  // namespace footfall
